// Hearts' renderer for the page shell (see ../table.js): the four seats
// around the trick in the middle (you at the bottom, the seat you pass
// "left" to on your left), each seat's card count, tricks won and points
// this hand, the score sheet, and your hand sorted by suit. Cards of your
// hand are buttons: on your turn to play, the cards you may play; while
// passing, three to pick (aria-pressed) and a button to pass them; after
// a moon, the choice of how it counts. Everything comes from your
// observation: other seats' hands are only counts. The moves are the
// answer's legal moves, read by their actions: `{"play": id}`,
// `{"pass": set}` (three cards), `{"moon": true}` (the shooter takes −26).

import { el, actionArg, actionKind } from '../common.js';
import { arrowKeys, fan, card, frenchCard, setCards } from './cardface.js';
import { trickTable } from './tricktable.js';

/** The name of a card of Hearts' actions (2♣ is 0, A♠ 51). */
const cardName = (id) => frenchCard(id, 2);

/** The same set of cards, whatever the order of their names. */
function sameCards(a, b) {
  return a.length === b.length && a.every((x) => b.includes(x));
}

export function mount(root, shell) {
  let picked = [];
  let pickedPly = -1;
  const kept = { lastShown: false };
  const board = el('div', { class: 'hc-board' });
  root.replaceChildren(board);

  function update(answer) {
    const v = answer.view;
    const me = answer.observer;
    const legal = answer.your_turn && !shell.busy ? answer.legal : [];
    if (pickedPly !== answer.ply) {
      picked = [];
      pickedPly = answer.ply;
    }
    const name = (seat) => answer.seats[seat].name;
    const status = [
      `Hand ${v.hand_no}`,
      v.pass.direction === 'none' ? 'no passing' : `pass ${v.pass.direction}`,
      v.phase === 'play' ? `trick ${Math.min(v.tricks + 1, 13)} of 13` : v.phase,
      v.broken ? 'hearts broken' : 'hearts not broken',
      `match to ${v.end_score}`,
    ].join(' · ');

    // The trick in the middle, each card at its player's place.
    const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
    const table = trickTable(answer, {
      marks: () => [],
      line: (seat) => [`${plural(v.counts[seat], 'card')} · ${plural(v.tricks_won[seat], 'trick')} · ${plural(v.taken_points[seat], 'point')} this hand`],
      center: [],
    }, kept);

    // The score sheet.
    const sheet = el('table', { class: 'hc-scores', id: 'hc-scores' },
      el('caption', {}, 'Score sheet (lowest wins)'),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Seat'), el('th', { scope: 'col' }, 'Total'),
        el('th', { scope: 'col' }, 'Last hand'), el('th', { scope: 'col' }, 'This hand'))),
      el('tbody', {}, ...[0, 1, 2, 3].map((s) => el('tr', { dataset: { seat: String(s) } },
        el('th', { scope: 'row' }, `${name(s)}${s === me && answer.you !== null ? ' (you)' : ''}`),
        el('td', {}, String(v.scores[s])), el('td', {}, String(v.last_hand[s])), el('td', {}, String(v.taken_points[s]))))));

    // Your hand, and what you may do with it.
    const passing = v.phase === 'pass' && legal.length > 0;
    const of = (kind) => legal.filter((m) => actionKind(m.action) === kind);
    // The cards you may play, by name.
    const playable = new Map(of('play').map((m) => [cardName(actionArg(m.action)), m]));
    const hand = el('div', { class: 'hc-hand', role: 'group', 'aria-label': 'Your hand', dataset: { region: 'hand' } },
      ...v.hand.map((c) => {
        if (passing) {
          const on = picked.includes(c);
          return el('button', {
            type: 'button',
            class: `hc-card-button${on ? ' selected' : ''}`,
            'aria-pressed': on ? 'true' : 'false',
            dataset: { card: c },
            onclick: () => {
              picked = on ? picked.filter((x) => x !== c) : picked.length < 3 ? [...picked, c] : picked;
              update(answer);
              board.querySelector(`[data-card="${CSS.escape(c)}"]`)?.focus();
            },
          }, card(c));
        }
        const move = playable.get(c);
        if (move) {
          return el('button', {
            type: 'button', class: 'hc-card-button', dataset: { action: move.label }, onclick: () => shell.play(move),
          }, card(c));
        }
        return card(c, true);
      }));
    const actions = [];
    if (passing) {
      const pass = of('pass').find((m) => sameCards(setCards(actionArg(m.action)).map(cardName), picked));
      actions.push(el('p', { class: 'hc-pass-note' }, picked.length === 3
        ? `Pass ${picked.join(' ')} ${v.pass.direction}.`
        : `Pick three cards to pass ${v.pass.direction} (${picked.length} picked).`));
      actions.push(el('button', {
        type: 'button', id: 'hc-pass', class: 'btn', disabled: !pass, dataset: pass ? { action: pass.label } : {},
        onclick: () => { if (pass) shell.play(pass); },
      }, 'Pass these three'));
    }
    if (v.phase === 'moon') {
      for (const [me26, words] of [[false, 'The others take 26'], [true, 'I take −26']]) {
        const move = of('moon').find((m) => actionArg(m.action) === me26);
        if (move) {
          actions.push(el('button', { type: 'button', class: 'btn', dataset: { action: move.label }, onclick: () => shell.play(move) }, words));
        }
      }
    }
    const received = v.pass.received && v.pass.received.length
      ? el('p', { class: 'muted' }, 'You received: ', ...v.pass.received.map((c) => card(c)))
      : null;
    arrowKeys(hand);
    fan(hand);
    board.replaceChildren(...[
      el('p', { class: 'hc-status' }, status),
      table,
      received,
      el('h3', {}, 'Your hand'),
      hand,
      actions.length ? el('div', { class: 'actions' }, ...actions) : null,
      sheet,
    ].filter(Boolean));
  }

  return {
    update,
    focus() {
      board.querySelector('.hc-hand button:not([disabled])')?.focus();
    },
  };
}
