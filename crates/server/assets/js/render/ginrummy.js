// Gin Rummy's renderer for the page shell (see ../table.js): the other
// seat at the top (its card count and the cards it took from the pile and
// still holds, face up), the stock and the discard pile in the middle,
// your hand at the bottom in its melds then its deadwood and points, the
// knock limit, the score sheet (points, hands won, the match's target),
// and the last hand as both seats laid it down (melds, deadwood, the cards
// laid off, who scored what). On your turn: take the pile's card or draw
// from the stock (the first upcard: take it or pass), then every card of
// your hand but the one just taken is a button that discards it (arrow
// keys move along them), with a row of knocks (gin when the cards left
// all meld) and big gin when the rules allow them.
//
// Your hand starts in its best arrangement (the server's partition); with
// "Arrange your melds" pressed its cards become toggles instead, and you
// group the selected cards into a meld (refused unless it is a set of 3-4
// of a rank or a run of 3+ of one suit, ace low, as melds.rs says), break
// a meld apart, or press Auto for the best arrangement again: the rummy
// renderers' shared arranger (render/arranger.js) with Gin Rummy's meld
// test. Your arrangement and its deadwood stay in the page's memory (per
// game, for the hand) while its cards stay in your hand; a knock is still
// the server's, laid down in the best arrangement. Everything comes from your
// observation: the other hand is a count and the cards it is known to hold.
// The moves are the answer's legal moves, read by their actions: `"take"`,
// `"pass"`, `"draw_stock"`, `{"discard": id}`, `{"knock": id}`, `"big_gin"`.

import { el, actionArg, actionKind, moveSentence } from '../common.js';
import { arrowKeys, card, cardWords, frenchCard } from './cardface.js';
import { arranger } from './arranger.js';

/** The name of a card of Gin Rummy's actions (A♣ is 0, K♠ 51). */
const cardName = (id) => frenchCard(id, 1);

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

// Cards as Gin Rummy reads them: ace low, `suit * 13 + rank` in the
// server's order (clubs, diamonds, hearts, spades; ace … king).
const SUITS = '♣♦♥♠';
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const rankOf = (c) => RANKS.indexOf(c.slice(0, -1));
const suitOf = (c) => SUITS.indexOf(c.slice(-1));
const byOrder = (a, b) => (suitOf(a) * 13 + rankOf(a)) - (suitOf(b) * 13 + rankOf(b));
/** A card's deadwood value: an ace 1, a face card 10, the others their number. */
const value = (c) => Math.min(rankOf(c) + 1, 10);
const points = (cards) => cards.reduce((n, c) => n + value(c), 0);

/** `'set'`, `'run'` or `null`, as `Meld::new` decides (melds.rs): a set is
 *  three or four cards of one rank, a run three or more cards of one suit
 *  in sequence, the ace low only (Q-K-A is not a run). */
function meldKind(cards) {
  if (cards.length < 3) return null;
  const s = [...cards].sort(byOrder);
  const low = s[0];
  if (s.every((c, i) => suitOf(c) === suitOf(low) && rankOf(c) === rankOf(low) + i)) return 'run';
  if (s.length <= 4 && s.every((c) => rankOf(c) === rankOf(low))) return 'set';
  return null;
}

/** Gin Rummy's rules for the meld arranger (render/arranger.js). */
const RULES = {
  prefix: 'gr',
  best: (v) => ({
    groups: v.hand.melds.map((m) => ({ cards: m, kind: meldKind(m) })),
    deadwood: v.hand.deadwood,
    points: v.hand.points,
  }),
  hand: (v) => v.hand_no,
  check(cards) {
    const kind = meldKind(cards);
    return kind && { kind, cards: [...cards].sort(byOrder) };
  },
  refusal: (cards) => (cards.length < 3
    ? 'a meld needs three cards or more'
    : 'a set is 3 or 4 cards of one rank, a run 3 or more cards of one suit in sequence (the ace low)'),
  points: (_, deadwood) => points(deadwood),
  order: byOrder,
  words: {
    meld: 'meld',
    Meld: 'Meld',
    melded: 'melded',
    rest: 'the deadwood',
    score: 'deadwood',
    title: 'Arrange your melds',
    kind: (kind) => `a ${kind}`,
    hint: (arranging) => (arranging
      ? 'Select cards, then Meld. Press “Arrange your melds” again to discard with a click. On a knock your cards are laid down in the best arrangement.'
      : 'On a knock your cards are laid down in the best arrangement, whatever their arrangement here.'),
  },
};

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
  // Arranging: the hand's cards are toggles (render/arranger.js), Gin
  // Rummy's melds the test.
  const arrange = arranger(shell, RULES, (answer) => update(answer));

  function update(answer) {
    const v = answer.view;
    const me = v.seat;
    const other = 1 - me;
    const legal = answer.your_turn && !shell.busy ? answer.legal : [];
    const name = (seat) => answer.seats[seat].name;
    const mine = answer.you !== null && answer.you !== undefined;
    const act = (move) => () => shell.play(move);
    const of = (kind) => legal.filter((m) => actionKind(m.action) === kind);
    const [take, draw, pass, bigGin] = ['take', 'draw_stock', 'pass', 'big_gin'].map((k) => of(k)[0]);
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
    if (take) {
      const top = v.pile_top;
      const words = v.phase === 'offer' ? `Take ${top}` : `Take ${top} from the pile`;
      // The words shown come first in the name (speech input says them).
      const spoken = `${words} (the ${cardWords(top)})`;
      draws.push(el('button', { type: 'button', class: 'btn', id: 'gr-take', dataset: { action: take.label }, 'aria-label': spoken, onclick: act(take) }, words));
    }
    if (draw) {
      draws.push(el('button', { type: 'button', class: 'btn', id: 'gr-draw', dataset: { action: draw.label }, onclick: act(draw) }, 'Draw from the stock'));
    }
    if (pass) {
      draws.push(el('button', { type: 'button', class: 'btn secondary', id: 'gr-pass', dataset: { action: pass.label }, onclick: act(pass) }, 'Pass'));
    }
    const drawRow = draws.length ? el('div', { class: 'gr-draws', role: 'group', 'aria-label': 'Your draw' }, ...draws) : null;
    if (drawRow) arrowKeys(drawRow);
    const middle = el('div', { class: 'gr-middle', role: 'group', 'aria-label': 'The stock and the discard pile', dataset: { region: 'centre' } },
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
    // taken discards it; while arranging, every card is a toggle.
    const a = arrange.begin(answer, mine && !answer.over);
    const { arranging } = arrange;
    // The discards by the card they discard; the knocks.
    const discards = new Map(of('discard').map((m) => [cardName(actionArg(m.action)), m]));
    const knocks = of('knock');
    const face = (c) => {
      const taken = c === v.taken;
      if (arranging) {
        return arrange.toggle(c, card(c), {
          label: `${cardWords(c)}${taken ? ', just taken from the pile' : ''}`,
          cls: taken ? 'gr-taken' : '',
          tag: taken ? el('span', { class: 'gr-tag', 'aria-hidden': 'true' }, 'taken') : null,
        });
      }
      if (discards.has(c)) {
        return el('button', {
          type: 'button',
          class: 'hc-card-button',
          dataset: { action: discards.get(c).label },
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
    const hand = el('div', {
      class: 'hc-hand gr-hand',
      role: 'group',
      dataset: { region: 'hand' },
      'aria-label': arranging ? 'Your hand: select cards to meld' : 'Your hand',
    },
    ...a.groups.map((g, i) => group(g.cards, `Meld ${i + 1}, a ${g.kind}: ${g.cards.map(cardWords).join(', ')}`, 'gr-meld')),
    a.deadwood.length
      ? group(a.deadwood, `Deadwood: ${a.deadwood.map(cardWords).join(', ')}`, 'gr-deadwood')
      : null);
    arrowKeys(hand);
    const handLine = el('p', { class: 'gr-points', id: 'gr-points' },
      `${a.own ? 'Your arrangement' : 'Best arrangement'}: ${plural(a.groups.length, 'meld')} · deadwood `,
      el('strong', { id: 'gr-deadwood-points' }, String(a.points)),
      ` point${a.points === 1 ? '' : 's'} (${limit})`,
      a.own && a.points !== v.hand.points ? ` · the best arrangement leaves ${v.hand.points}` : '',
      a.held.length === 11 ? ' · eleven cards, before your discard' : '');

    // Arranging: the toggle, then meld, break, auto; a discard of the one
    // card selected on your discard.
    const arrangeBox = arrange.controls(a.groups, (c) => discards.get(c), (m) => shell.play(m));
    const actions = [];
    if (discards.size && arranging) {
      actions.push(el('p', { class: 'muted gr-hint' },
        `To discard, select one card${v.taken ? ` (not ${v.taken}, just taken from the pile)` : ''}, then Discard${knocks.length ? ', or knock' : ''}.`));
    } else if (discards.size) {
      actions.push(el('p', { class: 'muted gr-hint' }, v.taken
        ? `Discard a card (not ${v.taken}, just taken from the pile)${knocks.length ? ', or knock' : ''}.`
        : `Discard a card${knocks.length ? ', or knock' : ''}.`));
    }
    if (knocks.length || bigGin) {
      // Gin: the cards left after the discard all meld (the view says which).
      const row = el('div', { class: 'gr-knocks', role: 'group', 'aria-label': 'Knock' },
        ...knocks.map((m) => {
          const c = cardName(actionArg(m.action));
          const gin = v.gin_discards.includes(c);
          return el('button', {
            type: 'button',
            class: `btn${gin ? ' gr-gin' : ''}`,
            dataset: { action: m.label },
            'aria-label': `${gin ? 'Gin' : 'Knock'}, discarding the ${cardWords(c)}`,
            onclick: act(m),
          }, `${gin ? 'Gin' : 'Knock'}, discarding ${c}`);
        }),
        bigGin
          ? el('button', { type: 'button', class: 'btn gr-gin', dataset: { action: bigGin.label }, onclick: act(bigGin) }, 'Big gin (lay down all eleven)')
          : null);
      arrowKeys(row);
      actions.push(row);
    }
    const mineBox = el('section', { class: 'hc-seat gr-mine', 'aria-label': mine ? 'Your hand' : name(me), dataset: { seat: String(me) } },
      el('h3', {}, mine ? 'Your hand · ' : '', withMarks(me, name(me))),
      hand,
      handLine,
      arrangeBox,
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
    sentence: moveSentence(moveWords),
    result(answer) {
      const v = answer.view;
      const parts = [];
      if (v.last) parts.push(el('p', {}, `The last hand: ${ending(v.last, (s) => answer.seats[s].name)}`));
      parts.push(el('p', { class: 'muted' }, `Hands won: ${[0, 1].map((s) => `${answer.seats[s].name} ${v.boxes[s]}`).join(', ')}.`));
      return parts;
    },
    focus() {
      board.querySelector('.gr-draws button, .gr-hand button, .gr-knocks button')?.focus();
    },
  };
}
