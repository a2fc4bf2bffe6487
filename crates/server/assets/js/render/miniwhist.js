// Mini Whist's renderer for the page shell (see ../table.js): the two
// seats face to face around the trick (render/tricktable.js: the finished
// trick stays until the next card, the last trick on demand), each seat's
// cards and tricks, and your hand as card faces; on your turn the cards
// you may discard or play are buttons. Cards are drawn by their faces
// (`3♠`: the deck has two copies of each face, alike in play); a move's
// label is the card as typed (`s3a`), which the buttons carry. Everything
// comes from your observation: the other seat's hand and discard are
// counts and facts only.

import { el } from '../common.js';
import { arrowKeys, fan, card } from './cardface.js';
import { trickTable } from './tricktable.js';

const SUITS = { s: '♠', h: '♥' };

/** The face of a card as typed: `s3a` is `3♠`. */
const face = (typed) => `${typed.slice(1, -1)}${SUITS[typed[0]]}`;

export function mount(root, shell) {
  const kept = { lastShown: false };
  const board = el('div', { class: 'hc-board mw-board' });
  root.replaceChildren(board);

  function update(answer) {
    const v = answer.view;
    const me = answer.observer;
    const legal = answer.your_turn && !shell.busy ? answer.legal : [];
    const byCard = new Map(legal.map((m) => [m.label, m]));
    const discarding = legal.length > 0 && v.discard === null;
    const plural = (k, word) => `${k} ${word}${k === 1 ? '' : 's'}`;
    // Tricks: the view's are yours first.
    const tricksOf = (seat) => v.tricks[seat === me ? 0 : 1];
    const played = v.plays.length;
    const status = [
      played === 0 && !discarding && v.hand.length < 4 ? 'the deal' : null,
      discarding || (played === 0 && v.discard === null) ? 'discard one card face down' : `trick ${Math.min(Math.floor(played / 2) + 1, 3)} of 3`,
      `tricks: you ${v.tricks[0]}, ${answer.seats[1 - me].name} ${v.tricks[1]}`,
    ].filter(Boolean).join(' · ');

    const table = trickTable(answer, {
      marks: () => [],
      line: (seat) => [seat === me
        ? `${plural(v.hand.length, 'card')} · ${plural(tricksOf(seat), 'trick')}`
        : `${plural(v.opponent_cards, 'card')}${v.opponent_discarded ? ' · discarded face down' : ''} · ${plural(tricksOf(seat), 'trick')}`],
      center: [],
    }, kept);

    const hand = el('div', { class: 'hc-hand', role: 'group', 'aria-label': 'Your hand', dataset: { region: 'hand' } },
      ...v.hand.map((typed) => {
        const move = byCard.get(typed);
        return move
          ? el('button', { type: 'button', class: 'hc-card-button', dataset: { action: move.label }, onclick: () => shell.play(move) },
            card(face(typed)))
          : card(face(typed), legal.length > 0);
      }));
    arrowKeys(hand);
    fan(hand);
    const prompt = !legal.length ? null
      : el('p', { class: 'mw-prompt' }, discarding
        ? 'Pick a card to discard face down: it leaves play, and the other seat sees only that you discarded.'
        : 'Play a card (follow the suit led if you can).');
    board.replaceChildren(...[
      el('p', { class: 'hc-status' }, status),
      table,
      el('h3', {}, 'Your hand'),
      hand,
      prompt,
      v.discard ? el('p', { class: 'muted', id: 'mw-discard' }, 'Your discard (face down): ', card(face(v.discard))) : null,
    ].filter(Boolean));
  }

  return {
    update,
    focus() {
      board.querySelector('.hc-hand button:not([disabled])')?.focus();
    },
  };
}
