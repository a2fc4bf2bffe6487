// Free play: choose a grid and an opponent and play on this page, or
// watch two computers play (the server plays the whole game at once; the
// page replays it move by move at the pace).

import {
  api, el, $, errorText, markReady, playerLabel, OPPONENTS, announce, createdText,
} from './common.js';
import { DiagonalGame } from './game.js';

const area = $('#play-area');
const errorBox = $('#play-error');
let game = null;

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
    if (game) game.stopReplay = true; // a replay still running gives way
    area.hidden = false;
    $('#play-area-title').textContent = view.kind === 'watch' ? 'Two computers play' : 'Your game';
    const link = `/games/${encodeURIComponent(view.id)}`;
    $('#game-link').replaceChildren('Link to this game: ', el('a', { href: link }, location.origin + link));
    game = new DiagonalGame($('#game'));
    area.scrollIntoView({ block: 'start' });
    const shown = game.show(view);
    if (view.kind === 'watch') {
      announce('The replay starts. Pause or skip with the buttons under the board.');
    } else {
      game.board.focus(); // keyboard players can move at once
    }
    await shown;
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
    el('a', { href: `/games/${encodeURIComponent(g.id)}` }, `Free game, ${g.scores?.[0] ?? 0} to ${g.scores?.[1] ?? 0}`),
    createdText(g.created) ? el('span', { class: 'muted' }, ` · begun ${createdText(g.created)}`) : '')));
  $('#unfinished').hidden = false;
}

// `/play#watch` (from the home page) puts the second form first in view.
if (location.hash === '#watch') $('#watch-form').scrollIntoView();

listUnfinished().catch(() => {}).finally(markReady);
