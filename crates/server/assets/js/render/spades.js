// Spades' renderer for the page shell (see ../table.js): the four seats
// around the trick in the middle (you at the bottom, your partner at the
// top), each seat's card count, bid and tricks won, the sides' contracts,
// the score sheet with bags and the last hand, and your hand sorted by
// suit. On your turn: the bid buttons (nil, 1 to 13), the blind nil
// question before the deal, or the cards you may play as buttons (arrow
// keys move along them). Everything comes from your observation: other
// seats' hands, your partner's too, are only counts. The moves are the
// answer's legal moves, read by their actions: `{"bid": n}` (0 is nil),
// `{"blind": true}` (blind nil; `false` looks at the cards), `{"play": id}`.

import { el, actionArg, actionKind } from '../common.js';
import { arrowKeys, fan, card, frenchCard } from './cardface.js';
import { trickTable } from './tricktable.js';

/** The name of a card of Spades' actions (2♣ is 0, A♠ 51). */
const cardName = (id) => frenchCard(id, 2);

function bidWords(bid, blind) {
  if (bid === null || bid === undefined) return 'no bid yet';
  if (bid === 0) return blind ? 'blind nil' : 'nil';
  return `bid ${bid}`;
}

export function mount(root, shell) {
  const board = el('div', { class: 'hc-board sp-board' });
  const kept = { lastShown: false };
  root.replaceChildren(board);

  function update(answer) {
    const v = answer.view;
    const me = answer.observer;
    const legal = answer.your_turn && !shell.busy ? answer.legal : [];
    const name = (seat) => answer.seats[seat].name;
    const mySide = me % 2;
    const status = [
      `Hand ${v.hand_no}`,
      `${name(v.dealer)} deals`,
      v.phase === 'play' ? `trick ${Math.min(v.tricks + 1, 13)} of 13` : v.phase,
      v.broken ? 'spades broken' : 'spades not broken',
      `match to ${v.end_score}`,
    ].join(' · ');

    const sideTricks = (side) => [side, side + 2].reduce((n, s) => n + (v.bids[s] === 0 ? 0 : v.tricks_won[s]), 0);
    const table = trickTable(answer, {
      marks: (seat, k) => (k === 2 ? ['partner'] : []),
      line: (seat) => {
        const won = v.tricks_won[seat];
        return [`${v.counts[seat]} card${v.counts[seat] === 1 ? '' : 's'} · `,
          el('span', { class: 'sp-bid' }, bidWords(v.bids[seat], v.blind[seat])),
          ` · ${won} trick${won === 1 ? '' : 's'}`];
      },
      center: [0, 1].map((side) => el('p', { class: 'sp-contract' },
        `${v.sides[side]}: ${sideTricks(side)} of ${v.contracts[side]}`)),
    }, kept);

    // The score sheet, by side.
    const last = v.last_hand;
    const sheet = el('table', { class: 'hc-scores', id: 'sp-scores' },
      el('caption', {}, `Score sheet (first to ${v.end_score}; ten bags cost 100)`),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Side'), el('th', { scope: 'col' }, 'Total'),
        el('th', { scope: 'col' }, 'Bags'), el('th', { scope: 'col' }, 'Contract'), el('th', { scope: 'col' }, 'Last hand'))),
      el('tbody', {}, ...[0, 1].map((side) => el('tr', { dataset: { side: String(side) } },
        el('th', { scope: 'row' }, `${v.sides[side]}${side === mySide && answer.you !== null ? ' (you)' : ''}`),
        el('td', {}, String(v.scores[side])), el('td', {}, String(v.bags[side])),
        el('td', {}, v.phase === 'play' || v.phase === 'bid' ? String(v.contracts[side]) : '–'),
        el('td', {}, last ? `${last[side].total > 0 ? '+' : ''}${last[side].total}` : '–')))));

    // Your hand, and what you may do.
    const of = (kind) => legal.filter((m) => actionKind(m.action) === kind);
    const button = (move, words, cls = 'btn') => el('button', {
      type: 'button', class: cls, dataset: { action: move.label }, onclick: () => shell.play(move),
    }, words);
    // The cards you may play, by name.
    const playable = new Map(of('play').map((m) => [cardName(actionArg(m.action)), m]));
    const hand = el('div', { class: 'hc-hand', role: 'group', 'aria-label': 'Your hand', dataset: { region: 'hand' } },
      ...v.hand.map((c) => (playable.has(c)
        ? button(playable.get(c), card(c), 'hc-card-button')
        : card(c, v.phase === 'play'))));
    arrowKeys(hand);
    fan(hand);
    const actions = [];
    const bids = of('bid');
    if (bids.length) {
      // The pad itself takes the focus (tabindex -1), not its first
      // button: Enter must not bid nil by accident; the arrows enter it.
      const pad = el('div', { class: 'sp-bids', role: 'group', 'aria-label': 'Your bid', tabindex: '-1' },
        ...bids.map((m) => button(m, actionArg(m.action) === 0 ? 'Nil' : String(actionArg(m.action)))));
      arrowKeys(pad);
      actions.push(el('p', { class: 'muted' }, 'How many tricks will you take? Nil: none at all, for 100.'), pad);
    }
    const blind = of('blind');
    if (blind.length) {
      actions.push(el('p', {}, 'Your side trails by 100 or more: bid blind nil before you see your cards (±200)?'));
      for (const [nil, words] of [[true, 'Bid blind nil'], [false, 'Look at my cards']]) {
        const move = blind.find((m) => actionArg(m.action) === nil);
        if (move) actions.push(button(move, words));
      }
    }
    board.replaceChildren(...[
      el('p', { class: 'hc-status' }, status),
      table,
      el('h3', {}, 'Your hand'),
      hand,
      actions.length ? el('div', { class: 'actions' }, ...actions) : null,
      sheet,
    ].filter(Boolean));
  }

  return {
    update,
    focus() {
      board.querySelector('.hc-hand button:not([disabled]), .sp-bids, .actions button')?.focus();
    },
  };
}
