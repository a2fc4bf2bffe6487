// The Abalone tablebase's figures (/abalone/tables), from
// GET /api/abalone/tables: one row per class and side to move, and links
// to the trainers the installed classes allow.

import { api, el, errorText, markReady } from './common.js';

const $ = (id) => document.getElementById(id);
const n = (x) => Number(x).toLocaleString('en');

async function main() {
  try {
    const figures = await api('GET', '/api/abalone/tables');
    if (!figures.classes.length) {
      $('tables-none').hidden = false;
    } else {
      const rows = [];
      for (const c of figures.classes) {
        for (const [side, wdl] of [['strong', c.concrete.strong_to_move], ['weak', c.concrete.weak_to_move]]) {
          rows.push(el('tr', { dataset: { class: c.class, side } },
            el('th', { scope: 'row' }, c.class),
            el('td', {}, side === 'strong' ? `the ${c.class.split('v')[0]} marbles` : `the ${c.class.split('v')[1]} marbles`),
            el('td', { class: 'wins' }, n(wdl.wins)),
            el('td', { class: 'losses' }, n(wdl.losses)),
            el('td', { class: 'draws' }, n(wdl.draws)),
            el('td', { class: 'longest' }, side === 'strong' ? String(c.max_dtw) : ''),
            el('td', {}, side === 'strong' ? el('code', {}, c.deepest) : '')));
        }
      }
      $('tables-rows').replaceChildren(...rows);
      $('tables-figures').hidden = false;
    }
    if (figures.trainers.length) {
      $('tables-trainers').replaceChildren('Practise them: ',
        ...figures.trainers.map((t, i) => [i ? ', ' : '', el('a', { href: `/new/abalone`, dataset: { trainer: t } }, t)]).flat(),
        ' (choose the layout on the new-game page).');
      $('tables-trainers').hidden = false;
    }
  } catch (err) {
    $('tables-error').textContent = errorText(err);
    $('tables-error').hidden = false;
  }
  await markReady();
}

main();
