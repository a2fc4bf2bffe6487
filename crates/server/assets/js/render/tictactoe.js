// Tic-tac-toe's renderer for the page shell (see ../table.js): the 3 × 3
// board as buttons; a free square takes the person's mark when it is a
// legal move (the move's action is the square's number, 0 to 8).

import { el } from '../common.js';

export function mount(root, shell) {
  // A group of buttons (Tab and the buttons' own keys), not a grid: a
  // grid promises rows and arrow keys.
  const board = el('div', { class: 'ttt-board', role: 'group', 'aria-label': 'Tic-tac-toe board', dataset: { region: 'centre' } });
  root.replaceChildren(board);
  return {
    update(answer) {
      const legal = new Map((answer.your_turn ? answer.legal : []).map((m) => [m.action, m]));
      const focused = document.activeElement?.dataset?.action;
      board.replaceChildren(...answer.view.cells.map((mark, square) => {
        const move = legal.get(square);
        const text = String(square);
        const row = Math.floor(square / 3) + 1;
        const col = (square % 3) + 1;
        const label = `row ${row}, column ${col}: ${mark ? mark.toUpperCase() : 'empty'}`;
        return el('button', {
          type: 'button',
          class: `ttt-square${mark ? ` ttt-${mark}` : ''}`,
          dataset: { action: text },
          disabled: !move || shell.busy,
          'aria-label': label,
          onclick: () => shell.play(move),
        }, mark ? mark.toUpperCase() : '');
      }));
      if (focused) board.querySelector(`[data-action="${focused}"]:not([disabled])`)?.focus();
    },
  };
}
