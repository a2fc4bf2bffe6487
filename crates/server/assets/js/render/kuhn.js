// Kuhn poker's renderer for the page shell (see ../table.js): your card,
// the other card face down (face up after a showdown), the pot and the
// betting so far, and a button per legal move (check, bet, call, fold),
// labelled with the move's text and played as the answer's entry.
// Everything drawn is the answer's view of your observation: the other
// card is in it only once it was shown.
//
// Hooks for tests: #kuhn-card, #kuhn-other, #kuhn-pot, #kuhn-moves,
// buttons [data-action].

import { el } from '../common.js';

const WORDS = { J: 'jack', Q: 'queen', K: 'king' };

// The look, inline: the renderer is the game's one file.
const CARD = 'display:inline-grid;place-items:center;width:3.2rem;height:4.4rem;border:1px solid #334155;'
  + 'border-radius:8px;font-size:1.8rem;font-weight:800;background:#fff';
const BACK = 'background:repeating-linear-gradient(45deg,#1e3a8a,#1e3a8a 4px,#3b82f6 4px,#3b82f6 8px)';

/** A card face: its letter, or a back when it is not shown. */
function face(id, letter, label) {
  return el('span', {
    id,
    class: `kuhn-card${letter ? '' : ' kuhn-back'}`,
    style: letter ? CARD : `${CARD};${BACK}`,
    role: 'img',
    'aria-label': label,
  }, letter ?? '');
}

export function mount(root, shell) {
  const table = el('div', { class: 'kuhn-table', dataset: { region: 'centre' } });
  const buttons = el('div', {
    class: 'kuhn-actions', role: 'group', 'aria-label': 'Your move', style: 'display:flex;gap:0.5rem', dataset: { region: 'hand' },
  });
  root.replaceChildren(table, buttons);
  return {
    update(answer) {
      const v = answer.view;
      const other = v.opponent_card
        ? face('kuhn-other', v.opponent_card, `the other card: the ${WORDS[v.opponent_card]}`)
        : face('kuhn-other', null, v.opponent_dealt ? 'the other card, face down' : 'no card dealt yet');
      const mine = v.card
        ? face('kuhn-card', v.card, `your card: the ${WORDS[v.card]}`)
        : face('kuhn-card', null, 'your card, not dealt yet');
      table.replaceChildren(
        el('div', { class: 'kuhn-hands', style: 'display:flex;gap:2rem' },
          el('figure', {}, mine, el('figcaption', {}, 'You')),
          el('figure', {}, other, el('figcaption', {}, 'The other seat'))),
        el('p', { id: 'kuhn-pot' }, `Pot: ${v.pot} chips (you put in ${v.stakes[0]}, the other seat ${v.stakes[1]}).`),
        el('p', { id: 'kuhn-moves' }, v.moves.length ? `Betting: ${v.moves.join(', ')}.` : 'No bet yet.'),
      );
      // Each legal move is {action, label}; the shell sends the one picked.
      const legal = answer.your_turn ? answer.legal : [];
      buttons.replaceChildren(...legal.map((move) => el('button', {
        type: 'button',
        class: 'btn',
        dataset: { action: move.label },
        disabled: shell.busy,
        onclick: () => shell.play(move),
      }, move.label[0].toUpperCase() + move.label.slice(1))));
    },
    focus() {
      buttons.querySelector('button:not([disabled])')?.focus();
    },
  };
}
