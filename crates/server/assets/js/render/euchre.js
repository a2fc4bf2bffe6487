// Euchre's renderer for the page shell (see ../table.js): the four seats
// around the trick (you at the bottom, your partner at the top), each
// seat's card count, bid and tricks (a seat sitting out says so), the
// upcard while it is offered, trump and its maker, the score sheet, and
// your hand sorted trump first. On your turn: the bid buttons (pass,
// order up, name a suit, alone or not), the dealer's discard and the
// cards you may play as buttons (arrow keys move along them), or the
// question of defending alone. Everything comes from your observation.

import { el } from '../common.js';
import { arrowKeys, card, cardWords } from './cardface.js';

const BID_WORDS = {
  pass: 'Pass',
  'order up': 'Order up',
  'order up alone': 'Order up alone',
  'defend alone': 'Defend alone',
  'defend with partner': 'Defend with my partner',
};

function bidLabel(text) {
  if (BID_WORDS[text]) return BID_WORDS[text];
  const m = /^name (.)( alone)?$/.exec(text);
  return m ? `${m[1]}${m[2] ? ' alone' : ''}` : text;
}

export function mount(root, shell) {
  const board = el('div', { class: 'hc-board eu-board' });
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

    const played = new Map(v.trick.map((t) => [t.seat, t.card]));
    const places = ['bottom', 'left', 'top', 'right'];
    const seatBox = (k) => {
      const seat = (me + k) % 4;
      const marks = [
        seat === me && answer.you !== null ? 'you' : null,
        k === 2 ? 'partner' : null,
        seat === v.dealer ? 'dealer' : null,
        v.to_move === seat && !answer.over ? 'to play' : null,
      ].filter(Boolean);
      const won = v.tricks_won[seat];
      const line = v.sits_out[seat]
        ? 'sits out this hand'
        : `${v.counts[seat]} card${v.counts[seat] === 1 ? '' : 's'} · ${won} trick${won === 1 ? '' : 's'}`;
      return el('section', { class: `hc-seat hc-${places[k]}`, 'aria-label': name(seat), dataset: { seat: String(seat) } },
        el('h3', {}, `${name(seat)}${marks.length ? ` (${marks.join(', ')})` : ''}`),
        el('p', { class: 'muted' }, line, bidOf.has(seat) ? ' · ' : '',
          bidOf.has(seat) ? el('span', { class: 'sp-bid' }, bidOf.get(seat)) : ''),
        el('div', { class: 'hc-played', 'aria-label': played.has(seat) ? `played ${cardWords(played.get(seat))}` : 'no card yet' },
          played.has(seat) ? card(played.get(seat)) : ''));
    };
    const centerParts = [];
    if (v.upcard && !v.trump) {
      centerParts.push(el('p', { class: 'eu-upcard' }, v.turned_down ? 'Turned down: ' : 'Turned up: ', card(v.upcard)));
    }
    centerParts.push(v.trick.length ? `Trick: ${v.trick.map((t) => t.card).join(' ')}` : 'No card on the table');
    if (v.trump) {
      centerParts.push(el('p', { class: 'eu-trump', id: 'eu-trump' }, `Trump: ${v.trump}`));
    }
    const table = el('div', { class: 'hc-table', role: 'group', 'aria-label': 'The table' },
      seatBox(2), seatBox(1), el('div', { class: 'hc-center' }, ...centerParts), seatBox(3), seatBox(0));

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
    const byCard = new Map();
    for (const t of legal) {
      if (t.startsWith('discard ')) byCard.set(t.slice(8), t);
      else if (!t.includes(' ') && t !== 'pass') byCard.set(t, t);
    }
    const hand = el('div', { class: 'hc-hand', role: 'group', 'aria-label': 'Your hand' },
      ...v.hand.map((c) => byCard.has(c)
        ? el('button', { type: 'button', class: 'hc-card-button', dataset: { action: byCard.get(c) }, onclick: () => shell.act(byCard.get(c)) }, card(c))
        : card(c, v.phase === 'play')));
    arrowKeys(hand);
    const actions = [];
    const choices = legal.filter((t) => !byCard.has(t) && !t.startsWith('discard '));
    if (choices.length) {
      const pad = el('div', { class: 'sp-bids eu-bids', role: 'group', 'aria-label': 'Your bid' },
        ...choices.map((t) => el('button', { type: 'button', class: 'btn', dataset: { action: t }, onclick: () => shell.act(t) }, bidLabel(t))));
      arrowKeys(pad);
      const hint = v.phase === 'defend'
        ? 'The maker goes alone: defend alone (a euchre scores 4) or with your partner?'
        : v.round === 1
          ? `Order up ${v.upcard}: its suit becomes trump and ${name(v.dealer)} takes it.`
          : `Name a trump suit other than ${v.turned_down}${legal.includes('pass') ? ', or pass' : ' (the dealer may not pass)'}.`;
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
