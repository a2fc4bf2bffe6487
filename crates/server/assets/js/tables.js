// The figures of a game's endgame tables (/tables/{game}), from
// GET /api/tables/{game}, drawn by the game's renderer (its `tables`
// export): what is installed, and what it allows.

import { api, el, errorText, markReady, renderer, $ } from './common.js';

async function main() {
  const game = location.pathname.split('/').filter(Boolean)[1];
  try {
    const [figures, catalog, draw] = await Promise.all([
      api('GET', `/api/tables/${encodeURIComponent(game)}`),
      api('GET', '/api/catalog'),
      renderer(game).then((r) => r?.tables),
    ]);
    const title = catalog.find((c) => c.info.name === game)?.info.title ?? game;
    $('#tables-title').textContent = `${title} endgame tables`;
    document.title = `${title} endgame tables · Tabula`;
    if (draw) draw($('#tables'), figures);
    else $('#tables').replaceChildren(el('pre', {}, JSON.stringify(figures, null, 2)));
  } catch (err) {
    $('#tables-error').textContent = errorText(err);
    $('#tables-error').hidden = false;
  }
  await markReady();
}

main();
