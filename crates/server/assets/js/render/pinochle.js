// Pinochle's renderer for the page shell (see ../table.js): the four seats
// around the trick in the middle (you at the bottom, your partner at the
// top), each seat's cards in hand, its call in the auction (its bid, or
// passed), its meld once laid down and its tricks, and its marks
// (partner, declarer, dealer, passing cards); the trump and the contract
// in the middle; your hand as the view sorts it (♠ ♥ ♣ ♦, each suit from
// its highest); the melds laid down per seat with their points, the cards
// shown and those still held, each side's meld and counters this hand;
// the score sheet by side with the last hand's meld, counters and total,
// and whether the bid was made or set.
//
// On your turn: in the auction, the next bid (focused), a few jumps above
// it, a field for any other bid (↑ and ↓ step it by ten, Enter bids it)
// and Pass (none for a dealer stuck with the bid); the four suits to name
// trumps; in the pass, the cards of your hand are toggles (a click, Enter
// or Space) and "Pass these cards" passes the cards picked; in play, the
// cards you may play are buttons (the arrow keys move along them).
//
// Everything comes from your observation: the other hands are counts and
// the cards they showed in meld. The moves are the answer's legal moves,
// read by their actions and labels: `{"bid": n}`, `"pass"`, `{"trump": 0..3}`
// (clubs, diamonds, hearts, spades), `{"give": set}` (labelled `give A♥
// 10♥ K♥ Q♥`: one move per choice of faces, matched by the names), and
// `{"play": id}` (labelled with the card's name: both copies of a face
// play the one move).

import { el, actionArg, actionKind, moveSentence, signed } from '../common.js';
import { arrowKeys, fan, card, cardWords } from './cardface.js';
import { trickTable } from './tricktable.js';

/** The suits of the trump moves, by number, as signs and words. */
const SUIT_SIGNS = ['♣', '♦', '♥', '♠'];
const SUIT_NAMES = ['clubs', 'diamonds', 'hearts', 'spades'];
/** The bids offered as buttons: the next bid and these jumps above it. */
const JUMPS = [0, 10, 20, 50, 100];
/** Tricks in a hand (48 cards, four seats). */
const TRICKS = 12;

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const capital = (w) => w.charAt(0).toUpperCase() + w.slice(1);

/** The same cards, as many of each, whatever their order. */
const cardsKey = (names) => [...names].sort().join(' ');

/** A seat's call in the auction: its last bid, and whether it passed. */
function callWords(v, seat) {
  const bid = v.bids[seat];
  if (v.passed[seat]) return bid === null ? 'passed' : `passed (bid ${bid})`;
  return bid === null ? 'no bid yet' : `bid ${bid}`;
}

/** A move in words, for a third person (`West bids 260`) or for you. */
function moveWords(text, you) {
  const verb = (third, second) => (you ? second : third);
  if (text === 'pass') return verb('passes', 'pass');
  if (text.startsWith('bid ')) return `${verb('bids', 'bid')} ${text.slice(4)}`;
  if (text.startsWith('trump ')) return `${verb('names', 'name')} ${text.slice(6)} trumps`;
  if (text.startsWith('give ')) return `${verb('passes', 'pass')} ${text.slice(5)} across`;
  if (text === 'cards face down') return `${verb('passes', 'pass')} cards face down`;
  if (/^(9|10|J|Q|K|A)[♣♦♥♠]$/.test(text)) return `${verb('plays', 'play')} ${text}`;
  return null;
}

/** The last hand in words: the contract made or set, or thrown in. */
function lastHandWords(last, name) {
  if (!last) return null;
  if (last.declarer === null) return 'Everyone passed: the hand was thrown in.';
  return `${name(last.declarer)} bid ${last.bid} and ${last.made ? 'made it' : 'was set'}.`;
}

/** A side's figures in the last hand, in words. */
function sideWords(h) {
  return `${signed(h.total)} (meld ${h.meld}${h.meld_counts ? '' : ', not counted: no trick'}, counters ${h.counters}, ${plural(h.tricks, 'trick')})`;
}

export function mount(root, shell) {
  // The cards picked to pass (places in the hand), for one position.
  let picked = [];
  let ply = -1;
  let current = null;
  const kept = { lastShown: false };
  const board = el('div', { class: 'hc-board pc-board' });
  root.replaceChildren(board);

  /** Picks or drops the card at place `i` of the hand (at most `k`). */
  function toggle(i, k) {
    if (picked.includes(i)) picked = picked.filter((x) => x !== i);
    else if (picked.length < k) picked = [...picked, i];
    update(current);
    document.getElementById(`pc-card-${i}`)?.focus({ preventScroll: true });
  }

  function update(answer) {
    current = answer;
    const v = answer.view;
    const me = answer.observer;
    const mine = answer.you !== null && answer.you !== undefined;
    const legal = answer.your_turn && !shell.busy ? answer.legal : [];
    if (ply !== answer.ply) {
      picked = [];
      ply = answer.ply;
    }
    const name = (seat) => answer.seats[seat]?.name ?? `Seat ${seat + 1}`;
    const over = v.phase === 'over';
    const declarer = v.declarer;
    const playing = v.phase === 'play' || over;
    const partnerOf = (seat) => (seat + 2) % 4;

    // The status line: the hand, the dealer, the phase, trumps, the contract.
    const phaseWords = {
      deal: 'dealing',
      bid: 'the auction',
      trump: declarer !== null ? `${name(declarer)} names trumps` : 'trumps',
      give: v.giver !== null ? `${name(v.giver)} passes ${plural(v.pass, 'card')} to ${name(partnerOf(v.giver))}` : 'the pass',
      play: `trick ${Math.min(v.tricks + 1, TRICKS)} of ${TRICKS}`,
      over: 'the match is over',
    }[v.phase] ?? v.phase;
    const contract = declarer !== null ? `${name(declarer)} bid ${v.high}` : null;
    const auction = v.phase === 'bid'
      ? (v.high !== null ? `high bid ${v.high} by ${name(v.high_seat)}` : `opening bid ${v.min_bid} or more`)
      : null;
    const status = [
      `Hand ${v.hand_no}`,
      `${name(v.dealer)} deals`,
      phaseWords,
      v.trump ? `trumps ${v.trump} ${v.trump_name}` : null,
      contract ?? auction,
      `match to ${v.end_score}`,
    ].filter(Boolean).join(' · ');

    // The table: each seat's marks and line, the trump and the contract.
    const table = trickTable(answer, {
      marks: (seat, k) => [
        k === 2 ? 'partner' : null,
        seat === declarer ? 'declarer' : null,
        seat === v.dealer ? 'dealer' : null,
        v.phase === 'give' && seat === v.giver ? 'passing cards' : null,
      ].filter(Boolean),
      line: (seat) => [
        `${plural(v.counts[seat], 'card')} · `,
        el('span', { class: 'pc-call' }, callWords(v, seat)),
        v.melds ? ` · meld ${v.melds[seat].points}` : '',
        playing && declarer !== null ? ` · ${plural(v.tricks_won[seat], 'trick')}` : '',
      ],
      center: [
        v.trump
          ? el('p', { class: 'pc-trump', id: 'pc-trump' }, 'Trumps: ',
            el('strong', { class: `pc-suit pc-${v.trump_name}` }, v.trump), ` ${v.trump_name}`)
          : null,
        el('p', { class: 'pc-contract', id: 'pc-contract' },
          contract ? `Contract: ${contract}` : v.high !== null ? `High bid: ${v.high} by ${name(v.high_seat)}` : `Opening bid: ${v.min_bid} or more`),
      ].filter(Boolean),
    }, kept);

    // Your hand, and what you may do.
    const of = (kind) => legal.filter((m) => actionKind(m.action) === kind);
    const button = (move, words, attrs = {}) => el('button', {
      type: 'button', class: 'btn', dataset: { action: move.label }, onclick: () => shell.play(move), ...attrs,
    }, words);
    const plays = new Map(of('play').map((m) => [m.label, m]));
    const gives = of('give');
    const giving = gives.length > 0;
    const moving = legal.length > 0;
    const handCard = (c, i) => {
      if (giving) {
        const on = picked.includes(i);
        return el('button', {
          type: 'button',
          class: `hc-card-button pc-pick${on ? ' selected' : ''}`,
          id: `pc-card-${i}`,
          'aria-pressed': on ? 'true' : 'false',
          dataset: { card: c },
          onclick: () => toggle(i, v.pass),
        }, card(c));
      }
      const move = plays.get(c);
      if (move) {
        return el('button', {
          type: 'button', class: 'hc-card-button', dataset: { action: move.label }, onclick: () => shell.play(move),
        }, card(c));
      }
      return card(c, v.phase === 'play' && moving);
    };
    const hand = el('div', {
      class: 'hc-hand pc-hand',
      role: 'group',
      'aria-label': giving ? `Your hand: pick ${plural(v.pass, 'card')} to pass` : 'Your hand',
      dataset: { region: 'hand' },
    }, ...v.hand.map(handCard));
    arrowKeys(hand);
    fan(hand);

    const actions = [];
    // The auction: the next bid, jumps, any bid, Pass.
    const bids = new Map(of('bid').map((m) => [actionArg(m.action), m]));
    const pass = of('pass')[0] ?? null;
    if (v.phase === 'bid' && (bids.size || pass)) {
      const values = [...bids.keys()];
      const next = Math.min(...values);
      const top = Math.max(...values);
      const hint = !bids.size
        ? 'No bid is left above the high bid: pass.'
        : pass
          ? `Bid ${next} or more (in tens, up to ${top}) for your side's meld and counters, or pass.`
          : `Everyone else passed: you are stuck with the bid. Bid ${next} or more (in tens, up to ${top}).`;
      const pad = el('div', { class: 'pc-bids', role: 'group', 'aria-label': 'Your bid' });
      const error = el('p', { class: 'pc-bid-error', id: 'pc-bid-error', role: 'status' });
      if (bids.size) {
        const field = el('input', {
          type: 'number', id: 'pc-bid-input', class: 'pc-bid-input', min: next, max: top, step: 10, value: next,
          inputmode: 'numeric', 'aria-describedby': 'pc-bid-error',
        });
        const bidTyped = () => {
          const n = Number(field.value);
          const move = bids.get(n);
          if (move) shell.play(move);
          else error.textContent = `${field.value || 'That'} is no bid: bid ${next} to ${top}, in tens.`;
        };
        field.addEventListener('keydown', (e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            bidTyped();
          }
        });
        const jumps = JUMPS.map((j) => next + j).filter((b) => bids.has(b));
        pad.append(
          ...jumps.map((b) => button(bids.get(b), `Bid ${b}`, { id: `pc-bid-${b}` })),
          el('span', { class: 'pc-bid-other' },
            el('label', { for: 'pc-bid-input' }, 'Any bid'), field,
            el('button', { type: 'button', class: 'btn', id: 'pc-bid-typed', onclick: bidTyped }, 'Bid')),
        );
      }
      if (pass) pad.append(button(pass, 'Pass', { class: 'btn secondary', id: 'pc-pass' }));
      arrowKeys(pad);
      actions.push(el('p', { class: 'muted', id: 'pc-hint' }, hint), pad, error);
    }
    // Trumps: the four suits, with your cards of each.
    const trumps = of('trump');
    if (trumps.length) {
      const held = (sign) => v.hand.filter((c) => c.endsWith(sign)).length;
      const row = el('div', { class: 'pc-trumps', role: 'group', 'aria-label': 'Name trumps' },
        ...trumps.map((m) => {
          const s = actionArg(m.action);
          return button(m, `${SUIT_SIGNS[s]} ${capital(SUIT_NAMES[s])} (${held(SUIT_SIGNS[s])})`,
            { id: `pc-trump-${SUIT_NAMES[s]}`, class: `btn pc-trump-${SUIT_NAMES[s]}` });
        }));
      arrowKeys(row);
      actions.push(el('p', { class: 'muted', id: 'pc-hint' },
        `You won the auction at ${v.high}: name trumps (the number is your cards of the suit).`), row);
    }
    // The pass: the cards picked, and the move that passes them.
    if (giving) {
      const names = picked.map((i) => v.hand[i]);
      const key = cardsKey(names);
      const move = names.length === v.pass ? gives.find((m) => cardsKey(m.label.split(' ').slice(1)) === key) : null;
      const to = name(partnerOf(me));
      const hint = names.length === v.pass
        ? `Pass ${names.join(' ')} to ${to}.`
        : `Pick ${plural(v.pass, 'card')} to pass to ${to} (${names.length} picked): click a card, or Enter or Space on it.`;
      actions.push(el('p', { class: 'muted', id: 'pc-hint' }, hint),
        el('button', {
          type: 'button', class: 'btn', id: 'pc-give', disabled: !move, dataset: move ? { action: move.label } : {},
          onclick: () => { if (move) shell.play(move); },
        }, 'Pass these cards'));
    }
    if (v.phase === 'play' && plays.size) {
      actions.push(el('p', { class: 'muted pc-keys', id: 'pc-keys' },
        'Keys: ← and → (Home, End) move along your cards; Enter or Space plays the card.'));
    }
    // The cards this seat passed and received this hand.
    const passed = [
      v.gave.length ? el('span', {}, 'You passed ', ...v.gave.map((c) => card(c))) : null,
      v.got.length ? el('span', {}, 'You received ', ...v.got.map((c) => card(c))) : null,
    ].filter(Boolean);
    const exchange = passed.length ? el('p', { class: 'pc-exchange', id: 'pc-exchange' }, ...passed) : null;

    // The melds laid down, by side and seat; each side's counters.
    const melds = v.melds
      ? el('section', { class: 'pc-melds', id: 'pc-melds', 'aria-labelledby': 'pc-melds-title' },
        el('h3', { id: 'pc-melds-title' }, 'Melds and counters this hand'),
        el('div', { class: 'pc-sides' }, ...[0, 1].map((side) => {
          const seats = [side, side + 2];
          const total = seats.reduce((n, s) => n + v.melds[s].points, 0);
          return el('div', { class: 'pc-side', dataset: { side: String(side) } },
            el('h4', { class: 'pc-side-line' }, `${v.sides[side]}: meld ${total} · counters ${v.counters[side]}`),
            ...seats.map((s) => meldBox(v.melds[s], s, name)));
        })))
      : null;

    // The score sheet, by side, with the last hand's figures.
    const last = v.last_hand;
    const mySide = me % 2;
    const lastWords = lastHandWords(last, name);
    const sheet = el('table', { class: 'hc-scores', id: 'pc-scores' },
      el('caption', {}, `Score sheet: first to ${v.end_score}`),
      el('thead', {},
        el('tr', {},
          el('th', { scope: 'col', rowspan: 2 }, 'Side'), el('th', { scope: 'col', rowspan: 2 }, 'Score'),
          el('th', { scope: 'colgroup', colspan: 3 }, 'The last hand')),
        el('tr', {},
          el('th', { scope: 'col' }, 'Meld'), el('th', { scope: 'col' }, 'Counters'), el('th', { scope: 'col' }, 'Total'))),
      el('tbody', {}, ...[0, 1].map((side) => {
        const h = last && last.declarer !== null ? last.sides[side] : null;
        const declaring = last && last.declarer !== null && last.declarer % 2 === side;
        return el('tr', { dataset: { side: String(side) } },
          el('th', { scope: 'row' }, `${v.sides[side]}${side === mySide && mine ? ' (you)' : ''}`),
          el('td', {}, String(v.scores[side])),
          el('td', {}, h ? `${h.meld}${h.meld_counts ? '' : ' (not counted)'}` : '–'),
          el('td', {}, h ? String(h.counters) : '–'),
          el('td', {}, h ? `${signed(h.total)}${declaring ? (last.made ? ' made' : ' set') : ''}` : '–'));
      })));
    const lastBox = last
      ? el('section', { class: 'pc-last', id: 'pc-last', 'aria-labelledby': 'pc-last-title' },
        el('h3', { id: 'pc-last-title' }, 'The last hand'),
        el('p', { class: 'pc-last-words' }, lastWords),
        last.declarer !== null
          ? el('ul', { class: 'pc-last-sides' }, ...[0, 1].map((side) => el('li', { dataset: { side: String(side) } },
            `${v.sides[side]}: ${sideWords(last.sides[side])}`)))
          : null)
      : null;
    const winner = over && v.winner !== null
      ? el('p', { class: 'gr-ending', id: 'pc-winner' }, `${v.sides[v.winner]} win the match, ${v.scores[v.winner]} to ${v.scores[1 - v.winner]}.`)
      : null;

    board.replaceChildren(...[
      el('p', { class: 'hc-status', id: 'pc-status' }, status),
      table,
      el('h3', {}, mine ? 'Your hand' : `${name(me)}’s hand`),
      hand,
      actions.length ? el('div', { class: 'actions pc-actions' }, ...actions) : null,
      exchange,
      winner,
      melds,
      sheet,
      lastBox,
    ].filter(Boolean));
  }

  return {
    update,
    sentence: moveSentence(moveWords),
    result(answer) {
      const v = answer.view;
      const name = (s) => answer.seats[s]?.name ?? `Seat ${s + 1}`;
      const parts = [];
      const words = lastHandWords(v.last_hand, name);
      if (words) parts.push(el('p', {}, `The last hand: ${words}`));
      parts.push(el('p', { class: 'muted' }, `Scores after ${plural(v.hand_no, 'hand')}: ${[0, 1].map((s) => `${v.sides[s]} ${v.scores[s]}`).join(', ')}.`));
      return parts;
    },
    focus() {
      // The next bid (not the field: a phone would open its keyboard),
      // a card to play, a suit, a card to pick.
      const first = ['.pc-bids button[data-action]', '.pc-hand button[data-action]', '.pc-trumps button', '.pc-hand button']
        .map((s) => board.querySelector(s)).find(Boolean);
      first?.focus();
    },
  };
}

/** A seat's meld: its points, each meld with its own, the cards shown
 * (those since played greyed: the others it still holds). */
function meldBox(m, seat, name) {
  // The cards still held, by name, as many as the seat holds of each.
  const held = new Map();
  for (const c of m.held) held.set(c, (held.get(c) ?? 0) + 1);
  const faces = m.cards.map((c) => {
    const left = held.get(c) ?? 0;
    if (left > 0) {
      held.set(c, left - 1);
      return card(c);
    }
    const f = card(c, true);
    f.classList.add('pc-gone');
    f.setAttribute('aria-label', `${cardWords(c)}, played`);
    return f;
  });
  const list = m.melds.map((x) => `${x.name} ${x.points}`).join(', ');
  return el('div', { class: 'pc-meld', dataset: { seat: String(seat) } },
    el('p', { class: 'pc-meld-line' }, el('strong', {}, `${name(seat)}: ${m.points}`), list ? ` (${list})` : ' (no meld)'),
    faces.length
      ? el('div', { class: 'gr-cards pc-meld-cards', role: 'group', 'aria-label': `${name(seat)} showed ${m.cards.map(cardWords).join(', ')}` }, ...faces)
      : null);
}
