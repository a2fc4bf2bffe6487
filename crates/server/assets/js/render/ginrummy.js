// Gin Rummy's renderer for the page shell (see ../table.js): the other
// seat at the top (its card count and the cards it took from the pile and
// still holds, face up), the stock and the discard pile in the middle,
// your hand at the bottom as its best melds then its deadwood and points,
// the knock limit, the score sheet (points, hands won, the match's
// target), and the last hand as both seats laid it down (melds, deadwood,
// the cards laid off, who scored what). On your turn: take the pile's card
// or draw from the stock (the first upcard: take it or pass), then every
// card of your hand but the one just taken is a button that discards it
// (arrow keys move along them), with a row of knocks (gin when nothing is
// left over) and big gin when the rules allow them. Everything comes from
// your observation: the other hand is a count and the cards it is known to
// hold.

import { el } from '../common.js';
import { arrowKeys, card, cardWords } from '../cardface.js';

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** `text (a, b)`, the words that are there. */
function withWords(text, words) {
  const w = words.filter(Boolean);
  return `${text}${w.length ? ` (${w.join(', ')})` : ''}`;
}

/** A card's face in a row of cards: a group of faces. */
function faces(names, label, extra = '') {
  return el('div', { class: `gr-cards${extra ? ` ${extra}` : ''}`, role: 'group', 'aria-label': label },
    ...names.map((c) => card(c)));
}

/** A laid-down hand: its melds, each a group, then its deadwood. */
function laidDown(hand, laidOff = []) {
  return el('div', { class: 'gr-laid' },
    ...hand.melds.map((m) => faces(m, `Meld: ${m.map(cardWords).join(', ')}`, 'gr-meld')),
    hand.deadwood.length
      ? faces(hand.deadwood, `Deadwood: ${hand.deadwood.map(cardWords).join(', ')}`, 'gr-deadwood')
      : null,
    laidOff.length ? el('span', { class: 'gr-label' }, 'laid off:') : null,
    laidOff.length ? faces(laidOff, `Laid off: ${laidOff.map(cardWords).join(', ')}`, 'gr-laid-off') : null);
}

/** How the last hand ended, in words. */
function ending(last, name) {
  const k = last.knocker;
  const d = k === null ? null : 1 - k;
  switch (last.ending) {
    case 'dead':
      return 'The stock ran down: a dead hand, nobody scores.';
    case 'gin':
      return `${name(k)} went gin: ${name(last.winner)} scores ${last.points}.`;
    case 'big_gin':
      return `${name(k)} laid down big gin: ${name(last.winner)} scores ${last.points}.`;
    case 'undercut':
      return `${name(d)} undercut ${name(k)}’s knock (${last.deadwood[d]} against ${last.deadwood[k]}): ${name(last.winner)} scores ${last.points}.`;
    default:
      return `${name(k)} knocked with ${last.deadwood[k]} against ${last.deadwood[d]}: ${name(last.winner)} scores ${last.points}.`;
  }
}

/** A move in words, for a third person (`North draws`) or for you. */
function moveWords(text, you) {
  const verb = (third, second) => (you ? second : third);
  if (text === 'take') return `${verb('takes', 'take')} the pile’s top card`;
  if (text === 'pass') return verb('passes', 'pass');
  if (text === 'draw') return `${verb('draws', 'draw')} from the stock`;
  if (text === 'big gin') return `${verb('lays', 'lay')} down big gin`;
  if (text.startsWith('discard ')) return `${verb('discards', 'discard')} ${text.slice(8)}`;
  if (text.startsWith('knock ')) return `${verb('knocks', 'knock')}, discarding ${text.slice(6)}`;
  return null;
}

export function mount(root, shell) {
  const board = el('div', { class: 'hc-board gr-board' });
  root.replaceChildren(board);

  function update(answer) {
    const v = answer.view;
    const me = v.seat;
    const other = 1 - me;
    const legal = answer.your_turn && !shell.busy ? answer.legal : [];
    const name = (seat) => answer.seats[seat].name;
    const mine = answer.you !== null && answer.you !== undefined;
    const act = (text) => () => shell.act(text);
    const limit = v.knock_limit === 0 ? 'gin only (no knocking)' : `knock with ${v.knock_limit} or less`;
    const status = [
      `Hand ${v.hand_no}`,
      `${name(v.dealer)} deals`,
      limit,
      `match to ${v.end_score}`,
    ].join(' · ');

    // The other seat: a count, and the cards it is known to hold.
    const marks = (seat) => [
      seat === v.dealer ? 'dealer' : null,
      v.to_move === seat && !answer.over ? 'to play' : null,
    ].filter(Boolean);
    const withMarks = (seat, text) => withWords(text, marks(seat));
    const otherBox = el('section', { class: 'hc-seat gr-other', 'aria-label': name(other), dataset: { seat: String(other) } },
      el('h3', {}, withMarks(other, name(other))),
      el('p', { class: 'muted' }, `${plural(v.other_count, 'card')} in hand`),
      v.other_known.length
        ? el('div', { class: 'gr-known' }, el('span', { class: 'gr-label' }, 'Taken from the pile, still held:'),
          faces(v.other_known, `${name(other)} took from the pile and holds ${v.other_known.map(cardWords).join(', ')}`))
        : el('p', { class: 'muted gr-known' }, 'No card known: none taken from the pile is still held.'));

    // The stock and the pile, and the draw on your turn.
    const draws = [];
    if (legal.includes('take')) {
      const top = v.pile_top;
      const words = v.phase === 'offer' ? `Take ${top}` : `Take ${top} from the pile`;
      const spoken = v.phase === 'offer' ? `Take the ${cardWords(top)}` : `Take the ${cardWords(top)} from the pile`;
      draws.push(el('button', { type: 'button', class: 'btn', id: 'gr-take', dataset: { action: 'take' }, 'aria-label': spoken, onclick: act('take') }, words));
    }
    if (legal.includes('draw')) {
      draws.push(el('button', { type: 'button', class: 'btn', id: 'gr-draw', dataset: { action: 'draw' }, onclick: act('draw') }, 'Draw from the stock'));
    }
    if (legal.includes('pass')) {
      draws.push(el('button', { type: 'button', class: 'btn secondary', id: 'gr-pass', dataset: { action: 'pass' }, onclick: act('pass') }, 'Pass'));
    }
    const drawRow = draws.length ? el('div', { class: 'gr-draws', role: 'group', 'aria-label': 'Your draw' }, ...draws) : null;
    if (drawRow) arrowKeys(drawRow);
    const middle = el('div', { class: 'gr-middle', role: 'group', 'aria-label': 'The stock and the discard pile' },
      el('div', { class: 'gr-pile-box', id: 'gr-stock' },
        el('span', { class: 'hc-card gr-back', 'aria-hidden': 'true' }),
        el('span', {}, 'Stock: ', el('strong', {}, plural(v.stock, 'card')))),
      el('div', { class: 'gr-pile-box', id: 'gr-pile' },
        v.pile_top ? card(v.pile_top) : el('span', { class: 'hc-card gr-empty', 'aria-hidden': 'true' }),
        el('span', {}, 'Discard pile: ', el('strong', {}, plural(v.pile_size, 'card')),
          v.pile_top ? `, ${v.pile_top} on top` : '')),
      v.phase === 'offer' && v.pile_top
        ? el('p', { class: 'muted gr-hint' }, `The first upcard, ${v.pile_top}, is offered: take it, or pass.`)
        : null,
      drawRow);

    // Your hand, in its melds: on your discard, every card but the one just
    // taken discards it.
    const discards = new Map(legal.filter((t) => t.startsWith('discard ')).map((t) => [t.slice(8), t]));
    const knocks = legal.filter((t) => t.startsWith('knock '));
    const face = (c) => {
      const taken = c === v.taken;
      if (discards.has(c)) {
        return el('button', {
          type: 'button',
          class: 'hc-card-button',
          dataset: { action: discards.get(c) },
          'aria-label': `Discard the ${cardWords(c)}`,
          onclick: act(discards.get(c)),
        }, card(c));
      }
      if (taken) {
        return el('span', { class: 'gr-taken', 'aria-label': `${cardWords(c)}, just taken from the pile` },
          card(c, discards.size > 0), el('span', { class: 'gr-tag', 'aria-hidden': 'true' }, 'taken'));
      }
      return card(c);
    };
    const group = (cards, label, cls) => el('div', { class: `gr-cards ${cls}`, role: 'group', 'aria-label': label }, ...cards.map(face));
    const hand = el('div', { class: 'hc-hand gr-hand', role: 'group', 'aria-label': 'Your hand' },
      ...v.hand.melds.map((m, i) => group(m, `Meld ${i + 1}: ${m.map(cardWords).join(', ')}`, 'gr-meld')),
      v.hand.deadwood.length
        ? group(v.hand.deadwood, `Deadwood: ${v.hand.deadwood.map(cardWords).join(', ')}`, 'gr-deadwood')
        : null);
    arrowKeys(hand);
    const count = v.hand.melds.reduce((n, m) => n + m.length, 0) + v.hand.deadwood.length;
    const handLine = el('p', { class: 'gr-points' },
      `${plural(v.hand.melds.length, 'meld')} · deadwood `, el('strong', { id: 'gr-deadwood-points' }, String(v.hand.points)),
      ` point${v.hand.points === 1 ? '' : 's'} (${limit})`,
      count === 11 ? ' · eleven cards, before your discard' : '');
    const actions = [];
    if (discards.size) {
      actions.push(el('p', { class: 'muted gr-hint' }, v.taken
        ? `Discard a card (not ${v.taken}, just taken from the pile)${knocks.length ? ', or knock' : ''}.`
        : `Discard a card${knocks.length ? ', or knock' : ''}.`));
    }
    if (knocks.length || legal.includes('big gin')) {
      // Gin: the discard is your only deadwood card, the rest all melds.
      const onlyDeadwood = v.hand.deadwood.length === 1 ? v.hand.deadwood[0] : null;
      const row = el('div', { class: 'gr-knocks', role: 'group', 'aria-label': 'Knock' },
        ...knocks.map((t) => {
          const c = t.slice(6);
          const gin = c === onlyDeadwood;
          return el('button', {
            type: 'button',
            class: `btn${gin ? ' gr-gin' : ''}`,
            dataset: { action: t },
            'aria-label': `${gin ? 'Gin' : 'Knock'}, discarding the ${cardWords(c)}`,
            onclick: act(t),
          }, `${gin ? 'Gin' : 'Knock'}, discarding ${c}`);
        }),
        legal.includes('big gin')
          ? el('button', { type: 'button', class: 'btn gr-gin', dataset: { action: 'big gin' }, onclick: act('big gin') }, 'Big gin (lay down all eleven)')
          : null);
      arrowKeys(row);
      actions.push(row);
    }
    const mineBox = el('section', { class: 'hc-seat gr-mine', 'aria-label': mine ? 'Your hand' : name(me), dataset: { seat: String(me) } },
      el('h3', {}, mine ? 'Your hand · ' : '', withMarks(me, name(me))),
      hand,
      handLine,
      ...actions);

    // The score sheet.
    const sheet = el('table', { class: 'hc-scores', id: 'gr-scores' },
      el('caption', {}, `Score sheet (match to ${v.end_score} points)`),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Seat'), el('th', { scope: 'col' }, 'Points'),
        el('th', { scope: 'col' }, 'Hands won'),
        v.last ? el('th', { scope: 'col' }, 'Last hand') : null,
        v.totals ? el('th', { scope: 'col' }, 'Total with bonuses') : null)),
      el('tbody', {}, ...[0, 1].map((s) => el('tr', { dataset: { seat: String(s) } },
        el('th', { scope: 'row' }, `${name(s)}${s === me && mine ? ' (you)' : ''}`),
        el('td', {}, String(v.scores[s])),
        el('td', {}, String(v.boxes[s])),
        v.last ? el('td', {}, v.last.winner === s ? `+${v.last.points}` : '–') : null,
        v.totals ? el('td', {}, String(v.totals[s])) : null))));

    // The last hand, as both seats laid it down.
    let lastBox = null;
    if (v.last) {
      const l = v.last;
      const role = (s) => {
        if (l.knocker === null) return null;
        if (l.knocker === s) return { gin: 'gin', big_gin: 'big gin' }[l.ending] ?? 'knocked';
        return 'defended';
      };
      const seatHand = (s) => el('div', { class: 'gr-last-seat', dataset: { seat: String(s) } },
        el('h4', {}, withWords(name(s), [s === me && mine ? 'you' : null, role(s)]), `: deadwood ${l.deadwood[s]}`),
        laidDown(l.hands[s], l.knocker !== null && s !== l.knocker ? l.laid_off : []));
      lastBox = el('section', { class: 'gr-last', id: 'gr-last', 'aria-label': 'The last hand' },
        el('h3', {}, 'The last hand'),
        el('p', { class: 'gr-ending', id: 'gr-ending' }, ending(l, name)),
        seatHand(l.knocker ?? me), seatHand(1 - (l.knocker ?? me)),
        l.laid_off.length
          ? el('p', { class: 'muted' }, `Laid off on ${name(l.knocker)}’s melds: ${l.laid_off.join(' ')}.`)
          : null);
    }

    board.replaceChildren(...[
      el('p', { class: 'hc-status' }, status),
      otherBox,
      middle,
      mineBox,
      lastBox,
      sheet,
    ].filter(Boolean));
  }

  return {
    update,
    sentence(move, answer) {
      if (move.seat === null || move.seat === undefined) return null;
      const you = answer.you === move.seat;
      const words = moveWords(move.text, you);
      if (!words) return null;
      return `${you ? 'You' : answer.seats[move.seat].name} ${words}.${move.note ? ` ${move.note}` : ''}`;
    },
    result(answer) {
      const v = answer.view;
      const parts = [];
      if (v.last) parts.push(el('p', {}, `The last hand: ${ending(v.last, (s) => answer.seats[s].name)}`));
      parts.push(el('p', { class: 'muted' }, `Hands won: ${[0, 1].map((s) => `${answer.seats[s].name} ${v.boxes[s]}`).join(', ')}.`));
      return parts;
    },
    focus() {
      board.querySelector('.gr-draws button, .gr-hand button[data-action], .gr-knocks button')?.focus();
    },
  };
}
