// The trick games' table (Hearts, Spades, Euchre, Mini Whist), once for
// all of them: the seats around the trick (four, or two face to face), you
// at the bottom, each with its name,
// the game's marks and line, and its card on the table; the trick the last
// move finished stays on the table, its cards drawn toward its taker, its
// taker marked, until the next card is led (the table after that move has
// already collected it); and the last
// trick on demand. Each game gives what is its own: the marks of a seat
// (partner, dealer, led), its line (cards, bid, tricks, points), and what
// the centre shows besides the trick (contracts, the upcard, trump).

import { el, isChance } from '../common.js';
import { card, cardWords } from './cardface.js';

/** The seats' places from you, by the number of seats. */
const PLACES = { 2: ['bottom', 'top'], 4: ['bottom', 'left', 'top', 'right'] };
/** Where each place is on the table, as a step across it. */
const STEP = { bottom: [0, 1], left: [-1, 0], top: [0, -1], right: [1, 0] };

/** A finished trick's card drawn toward its taker's place (`from` the
 * card's, `to` the taker's): moving there as the trick is won (`fresh`),
 * already there on a later drawing. Not under reduced motion (cards.css). */
function gather(face, from, to, fresh) {
  const [x, y] = [STEP[to][0] - STEP[from][0], STEP[to][1] - STEP[from][1]];
  if (x === 0 && y === 0) return;
  face.style.setProperty('--hc-dx', `${x * 0.9}rem`);
  face.style.setProperty('--hc-dy', `${y * 0.9}rem`);
  face.classList.add(fresh ? 'hc-gather' : 'hc-gathered');
}

/** The last trick the game finished so far, from the moves' details (a
 * trick game's move view: `{cards: [{seat, card}], winner}`), with the ply
 * of the move that finished it; `null` before the first. */
export function lastTrick(answer) {
  for (let i = answer.moves.length - 1; i >= 0; i -= 1) {
    const d = answer.moves[i].detail;
    if (d?.cards && d.winner !== undefined) return { ...d, ply: answer.moves[i].ply };
  }
  return null;
}

/** A finished trick in words: each card with its player, then its taker. */
function trickWords(trick, name) {
  return `${trick.cards.map((c) => `${name(c.seat)} ${c.card}`).join(', ')}: ${name(trick.winner)} takes it.`;
}

/**
 * The table: `answer` and its view's trick in progress (`trick`, `leader`,
 * `to_move`), with `marks(seat, k)` (a seat's words after its name, `k`
 * its place from you: 0 you, 1 left, 2 across, 3 right; at two seats 1 across), `line(seat)`
 * (the parts of its line) and `center` (the centre's own parts). `state`
 * keeps across updates whether the last trick is shown, and when the
 * trick just won was first drawn.
 */
export function trickTable(answer, { marks, line, center }, state) {
  const v = answer.view;
  const me = answer.observer;
  const name = (seat) => answer.seats[seat].name;
  const done = lastTrick(answer);
  // The finished trick stays while no card of the next one is down and
  // no seat has acted since, and at the end of the game. A hand's last
  // trick (a deal came after it) stays, with the hand's summary, through
  // the other seats' passes or bids until the person acts: they have seen
  // it then.
  const since = done ? answer.moves.filter((m) => m.ply > done.ply) : [];
  const newHand = since.some(isChance);
  const quiet = since.every((m) => isChance(m) || (newHand && m.seat !== answer.you));
  const kept = v.trick.length === 0 && done && quiet ? done : null;
  const shown = kept ?? { cards: v.trick, winner: null };
  const played = new Map(shown.cards.map((t) => [t.seat, t.card]));
  // The card just played moves in (not under reduced motion: cards.css).
  const newest = kept ? null : v.trick.at(-1)?.seat;
  // The hand's last trick, kept through the next deal or at the end: the
  // end-of-hand summary, in the game's words (its note on that move: each
  // seat's or side's points for the hand).
  const ended = kept && (answer.over || since.length > 0)
    ? answer.moves.find((m) => m.ply === kept.ply)?.note ?? null
    : null;
  const n = answer.seats.length;
  const places = PLACES[n];
  // The trick was won by the last move: its cards move on the drawings
  // of that moment (a later one, at the person's click, shows them there).
  let fresh = false;
  if (kept && answer.moves.at(-1)?.ply === kept.ply) {
    if (state.wonPly !== kept.ply) Object.assign(state, { wonPly: kept.ply, wonAt: performance.now() });
    fresh = performance.now() - state.wonAt < 300;
  }
  const seatBox = (k) => {
    const seat = (me + k) % n;
    const words = [
      seat === me && answer.you !== null ? 'you' : null,
      ...marks(seat, k),
      v.to_move === seat && !answer.over ? 'to play' : null,
      v.trick.length > 0 && v.leader === seat ? 'led' : null,
      kept && kept.winner === seat ? 'takes the trick' : null,
    ].filter(Boolean);
    const has = played.has(seat);
    const box = el('section', {
      class: `hc-seat hc-${places[k]}${kept && kept.winner === seat ? ' hc-taker' : ''}`,
      'aria-label': name(seat),
      dataset: { seat: String(seat) },
    },
    el('h3', {}, `${name(seat)}${words.length ? ` (${words.join(', ')})` : ''}`),
    el('p', { class: 'muted' }, ...line(seat)),
    // The slot's words are its content (a name on a role-less div is
    // not read): hidden words, then the card's face.
    el('div', { class: `hc-played${kept ? ' hc-finished' : ''}` },
      el('span', { class: 'visually-hidden' }, has ? 'played ' : 'no card yet'),
      has ? card(played.get(seat)) : ''));
    if (seat === newest) box.querySelector('.hc-card')?.classList.add('hc-new');
    // A won trick's cards move toward its taker (and stay there, seen).
    const face = box.querySelector('.hc-played .hc-card');
    if (kept && face) gather(face, places[k], places[(kept.winner - me + n) % n], fresh);
    return box;
  };
  const trickLine = kept
    ? el('p', { class: 'hc-trick-done', id: 'hc-trick-done' }, `${name(kept.winner)} takes the trick.`)
    : v.trick.length ? `Trick: ${v.trick.map((t) => t.card).join(' ')}` : 'No card on the table';
  // The last trick on demand, while a newer trick is on the table.
  const parts = [trickLine, ...center];
  // Across the table's whole width, above the seats (in the centre
  // column it made a phone's table taller than its screen).
  const summary = ended
    ? el('section', { class: 'hc-summary', id: 'hc-summary', 'aria-labelledby': 'hc-summary-title' },
      el('h3', { id: 'hc-summary-title' }, answer.over ? 'The last hand' : 'End of the hand'),
      el('p', {}, ended),
      el('p', { class: 'muted' }, 'The score sheet below has the running totals.'))
    : null;
  if (done && !kept) {
    const toggle = el('button', {
      type: 'button', class: 'btn secondary', id: 'hc-last-trick-toggle', 'aria-expanded': state.lastShown ? 'true' : 'false',
      onclick: () => {
        state.lastShown = !state.lastShown;
        toggle.setAttribute('aria-expanded', state.lastShown ? 'true' : 'false');
        panel.hidden = !state.lastShown;
      },
    }, 'Last trick');
    const panel = el('p', { class: 'hc-last-trick', id: 'hc-last-trick', hidden: !state.lastShown },
      ...done.cards.map((c) => el('span', { class: c.seat === done.winner ? 'hc-taker' : '' }, `${name(c.seat)} `, card(c.card), ' ')),
      el('span', { class: 'muted' }, `${name(done.winner)} took it.`));
    panel.setAttribute('aria-label', `Last trick: ${trickWords(done, name)}`);
    parts.push(toggle, panel);
  }
  return el('div', { class: `hc-table${summary ? ' hc-summed' : ''}`, role: 'group', 'aria-label': 'The table', dataset: { region: 'centre' } },
    // In reading order: the hand's summary, across, left, the centre, right, you.
    ...(summary ? [summary] : []),
    ...(n === 4 ? [seatBox(2), seatBox(1)] : [seatBox(1)]),
    el('div', { class: 'hc-center' }, ...parts),
    ...(n === 4 ? [seatBox(3)] : []), seatBox(0));
}
