// Free play: choose a grid and an opponent and play on this page, or
// watch two computers play, move by move at the pace (both on the page
// shell, see table.js).

import {
  api, el, $, errorText, markReady, playerLabel, OPPONENTS, announce, createdText,
} from './common.js';
import { mountTable } from './table.js';

const area = $('#play-area');
const errorBox = $('#play-error');
let shell = null;

for (const select of document.querySelectorAll('select[data-default]')) {
  for (const spec of OPPONENTS) {
    select.append(el('option', { value: spec, selected: spec === select.dataset.default }, playerLabel(spec)));
  }
}

function gridOptions(prefix) {
  const body = {
    size: Number($(`#${prefix}-size`).value),
    walls: $(`#${prefix}-walls`).checked,
    target: $(`#${prefix}-target`).checked,
    traps: $(`#${prefix}-traps`).checked,
  };
  const seed = $(`#${prefix}-seed`).value.trim();
  if (seed) body.seed = seed;
  return body;
}

async function begin(form, body) {
  const button = form.querySelector('button[type="submit"]');
  button.disabled = true;
  errorBox.hidden = true;
  try {
    const view = await api('POST', '/api/games', body);
    shell?.dispose(); // a watched game still playing gives way
    area.hidden = false;
    $('#play-area-title').textContent = view.kind === 'watch' ? 'Two computers play' : 'Your game';
    const link = `/table/${encodeURIComponent(view.id)}`;
    $('#game-link').replaceChildren('Link to this game: ', el('a', { href: link }, location.origin + link));
    area.scrollIntoView({ block: 'start' });
    shell = await mountTable($('#game'), view);
    if (view.kind === 'watch') {
      announce('The computers play at your pace. Pause or skip with the buttons above the board.');
    } else {
      shell.renderer?.focus?.(); // keyboard players can move at once
    }
  } catch (err) {
    errorBox.textContent = errorText(err);
    errorBox.hidden = false;
  } finally {
    button.disabled = false;
  }
}

$('#free-form').addEventListener('submit', (e) => {
  e.preventDefault();
  begin(e.target, { kind: 'free', ...gridOptions('free'), opponent: $('#free-opponent').value });
});

$('#watch-form').addEventListener('submit', (e) => {
  e.preventDefault();
  begin(e.target, { kind: 'watch', ...gridOptions('watch'), a: $('#watch-a').value, b: $('#watch-b').value });
});

async function listUnfinished() {
  const games = (await api('GET', '/api/games')) ?? [];
  const open = games.filter((g) => g.kind === 'free' && !g.over).slice(0, 5);
  if (!open.length) return;
  $('#unfinished-list').replaceChildren(...open.map((g) => el('li', {},
    el('a', { href: `/table/${encodeURIComponent(g.id)}` }, `Free game, ${g.scores?.[0] ?? 0} to ${g.scores?.[1] ?? 0}`),
    createdText(g.created) ? el('span', { class: 'muted' }, ` · begun ${createdText(g.created)}`) : '')));
  $('#unfinished').hidden = false;
}

// `/play#watch` (from the home page) puts the second form first in view.
if (location.hash === '#watch') $('#watch-form').scrollIntoView();

listUnfinished().catch(() => {}).finally(markReady);
