// Euchre's renderer for the page shell (see ../table.js): the four seats
// around the trick (you at the bottom, your partner at the top), each
// seat's card count, bid and tricks (a seat sitting out says so), the
// upcard while it is offered, trump and its maker, the score sheet, and
// your hand sorted trump first. On your turn: the bid buttons (pass,
// order up, name a suit, alone or not), the dealer's discard and the
// cards you may play as buttons (arrow keys move along them), or the
// question of defending alone. Everything comes from your observation.
// The moves are the answer's legal moves, read by their actions: `"pass"`,
// `{"order_up": {"alone"}}`, `{"name": {"suit", "alone"}}` (suits 0–3,
// clubs first), `{"discard": id}`, `{"defend_alone": b}`, `{"play": id}`.

import { el, actionArg, actionKind } from '../common.js';
import { arrowKeys, fan, card, frenchCard } from './cardface.js';
import { trickTable } from './tricktable.js';

/** The name of a card of Euchre's actions (9♣ is 0, A♠ 23). */
const cardName = (id) => frenchCard(id, 9);
const SUITS = ['♣', '♦', '♥', '♠'];

/** A bid's button text. */
function bidLabel(action) {
  const arg = actionArg(action);
  switch (actionKind(action)) {
    case 'pass': return 'Pass';
    case 'order_up': return arg.alone ? 'Order up alone' : 'Order up';
    case 'name': return `${SUITS[arg.suit]}${arg.alone ? ' alone' : ''}`;
    case 'defend_alone': return arg ? 'Defend alone' : 'Defend with my partner';
    default: return null;
  }
}

export function mount(root, shell) {
  const board = el('div', { class: 'hc-board eu-board' });
  const kept = { lastShown: false };
  root.replaceChildren(board);

  function update(answer) {
    const v = answer.view;
    const me = answer.observer;
    const legal = answer.your_turn && !shell.busy ? answer.legal : [];
    const name = (seat) => answer.seats[seat].name;
    const mySide = me % 2;
    const bidOf = new Map(v.bids.map((b) => [b.seat, b.bid]));
    const status = [
      `Hand ${v.hand_no}`,
      `${name(v.dealer)} deals`,
      v.trump ? `trump ${v.trump} by ${name(v.maker)}${v.alone ? ' alone' : ''}` : `bidding, round ${v.round}`,
      v.phase === 'play' ? `trick ${Math.min(v.tricks + 1, 5)} of 5` : v.phase,
      `match to ${v.end_score}`,
    ].join(' · ');

    const centerParts = [];
    if (v.upcard && !v.trump) {
      centerParts.push(el('p', { class: 'eu-upcard' }, v.turned_down ? 'Turned down: ' : 'Turned up: ', card(v.upcard)));
    }
    if (v.trump) {
      centerParts.push(el('p', { class: 'eu-trump', id: 'eu-trump' }, `Trump: ${v.trump}`));
    }
    const table = trickTable(answer, {
      marks: (seat, k) => [k === 2 ? 'partner' : null, seat === v.dealer ? 'dealer' : null].filter(Boolean),
      line: (seat) => {
        const won = v.tricks_won[seat];
        const line = v.sits_out[seat]
          ? 'sits out this hand'
          : `${v.counts[seat]} card${v.counts[seat] === 1 ? '' : 's'} · ${won} trick${won === 1 ? '' : 's'}`;
        return [line, bidOf.has(seat) ? ' · ' : '', bidOf.has(seat) ? el('span', { class: 'sp-bid' }, bidOf.get(seat)) : ''];
      },
      center: centerParts,
    }, kept);

    const sheet = el('table', { class: 'hc-scores', id: 'eu-scores' },
      el('caption', {}, `Score sheet (first to ${v.end_score})`),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Side'), el('th', { scope: 'col' }, 'Total'),
        el('th', { scope: 'col' }, 'Tricks this hand'), el('th', { scope: 'col' }, 'Last hand'))),
      el('tbody', {}, ...[0, 1].map((side) => el('tr', { dataset: { side: String(side) } },
        el('th', { scope: 'row' }, `${v.sides[side]}${side === mySide && answer.you !== null ? ' (you)' : ''}`),
        el('td', {}, String(v.scores[side])),
        el('td', {}, String(v.tricks_won[side] + v.tricks_won[side + 2])),
        el('td', {}, v.hand_no > 1 ? `+${v.last_hand[side]}` : '–')))));

    // Your hand: cards to play or to discard are buttons.
    const byCard = new Map(legal.filter((m) => ['play', 'discard'].includes(actionKind(m.action)))
      .map((m) => [cardName(actionArg(m.action)), m]));
    const button = (move, words, cls = 'btn') => el('button', {
      type: 'button', class: cls, dataset: { action: move.label }, onclick: () => shell.play(move),
    }, words);
    const hand = el('div', { class: 'hc-hand', role: 'group', 'aria-label': 'Your hand', dataset: { region: 'hand' } },
      ...v.hand.map((c) => (byCard.has(c)
        ? button(byCard.get(c), card(c), 'hc-card-button')
        : card(c, v.phase === 'play'))));
    arrowKeys(hand);
    fan(hand);
    const actions = [];
    const choices = legal.filter((m) => bidLabel(m.action) !== null);
    if (choices.length) {
      const pad = el('div', { class: 'sp-bids eu-bids', role: 'group', 'aria-label': 'Your bid' },
        ...choices.map((m) => button(m, bidLabel(m.action))));
      arrowKeys(pad);
      const canPass = choices.some((m) => actionKind(m.action) === 'pass');
      const hint = v.phase === 'defend'
        ? 'The maker goes alone: defend alone (a euchre scores 4) or with your partner?'
        : v.round === 1
          ? `Order up ${v.upcard}: its suit becomes trump and ${name(v.dealer)} takes it.`
          : `Name a trump suit other than ${v.turned_down}${canPass ? ', or pass' : ' (the dealer may not pass)'}.`;
      actions.push(el('p', { class: 'muted' }, hint), pad);
    }
    if (v.phase === 'discard' && byCard.size) {
      actions.push(el('p', { class: 'muted' }, `You took ${v.upcard}: discard one card, face down.`));
    }
    const discard = v.discard ? el('p', { class: 'muted' }, 'Your discard: ', card(v.discard)) : null;
    board.replaceChildren(...[
      el('p', { class: 'hc-status' }, status),
      table,
      el('h3', {}, 'Your hand'),
      hand,
      discard,
      actions.length ? el('div', { class: 'actions' }, ...actions) : null,
      sheet,
    ].filter(Boolean));
  }

  return {
    update,
    focus() {
      board.querySelector('.hc-hand button:not([disabled]), .eu-bids button')?.focus();
    },
  };
}
