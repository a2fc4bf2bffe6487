// Free play of the daily game (the game that offers the daily puzzle):
// choose a grid and an opponent and play on this page, or watch two
// computers play, move by move at the pace (both on the page shell, see
// table.js). Where the browser module runs, the game is played in the page
// (local.js) and stored on the server when it ends.

import {
  api, el, $, errorText, markReady, playerLabel, OPPONENTS, announce, createdText, offering,
} from './common.js';
import { mountTable } from './table.js';
import { createLocal, loadModule } from './local.js';

const modulePromise = loadModule();
const dailyGame = offering('daily').then(([daily]) => daily?.info.name);

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

/** The game of a form as a table request of `game`: its grid options and
 * its seats. */
function tableRequest(game, body) {
  const options = { size: body.size, walls: body.walls, target: body.target, traps: body.traps };
  const seats = body.kind === 'watch' ? [{ ai: body.a }, { ai: body.b }] : ['human', { ai: body.opponent }];
  return { game, options, seats };
}

async function begin(form, body) {
  const button = form.querySelector('button[type="submit"]');
  button.disabled = true;
  errorBox.hidden = true;
  try {
    const module = await modulePromise;
    const local = module && $('#play-local').checked
      ? await createLocal(tableRequest(await dailyGame, body), body.seed)
      : null;
    const view = local ? await local.answer() : await api('POST', '/api/games', body);
    shell?.dispose(); // a watched game still playing gives way
    area.hidden = false;
    const watching = view.you === null;
    $('#play-area-title').textContent = watching ? 'Two computers play' : 'Your game';
    if (local) {
      $('#game-link').replaceChildren('Played in this browser: the server stores the game when it ends.');
    } else {
      const link = `/table/${encodeURIComponent(view.id)}`;
      $('#game-link').replaceChildren('Link to this game: ', el('a', { href: link }, location.origin + link));
    }
    area.scrollIntoView({ block: 'start' });
    shell = await mountTable($('#game'), view, { transport: local ?? undefined });
    if (watching) {
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

modulePromise.then((module) => { $('#play-where').hidden = !module; });
Promise.all([listUnfinished().catch(() => {}), modulePromise]).finally(markReady);
