// Jamais en diagonale's renderer for the page shell (see ../table.js): the
// grid of values, the cells eaten, the token, and the cells in reach of the
// side to move as buttons when the person may take them.

import { el, cellName } from '../common.js';

export function mount(root, shell) {
  const grid = el('div', { class: 'dg-grid', role: 'grid', 'aria-label': 'The grid' });
  const scores = el('p', { class: 'dg-scores' });
  root.replaceChildren(scores, grid);
  return {
    update(answer) {
      const v = answer.view;
      const n = v.size;
      const taken = new Set(v.taken);
      const reach = new Set(v.reach);
      const legal = new Set(answer.your_turn ? answer.legal : []);
      scores.textContent = answer.seats.map((s, i) => `${s.name}: ${v.scores[i]}`).join(' · ')
        + (v.target !== null && v.target !== undefined ? ` · target ${v.target}` : '');
      grid.style.setProperty('--size', String(n));
      const cells = [];
      for (let c = 0; c < n * n; c += 1) {
        const name = cellName(Math.floor(c / n), c % n);
        const value = v.values[c];
        const state = c === v.token ? 'token' : taken.has(c) ? 'taken' : reach.has(c) ? 'reach' : 'free';
        const label = `${name}: ${value}${state === 'free' ? '' : `, ${state === 'reach' ? 'in reach' : state}`}`;
        const attrs = { class: `dg-cell dg-${state}${value < 0 ? ' dg-trap' : ''}`, 'aria-label': label, dataset: { cell: name } };
        cells.push(legal.has(name)
          ? el('button', { ...attrs, type: 'button', disabled: shell.busy, dataset: { cell: name, action: name }, onclick: () => shell.act(name) }, String(value))
          : el('span', attrs, state === 'taken' ? '' : String(value)));
      }
      grid.replaceChildren(...cells);
    },
  };
}
