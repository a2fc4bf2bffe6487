// Review of a finished game (/review/{id}): the game's renderer draws it
// (its `review` export) in this page's elements; a game whose renderer has
// none has no review page.

import { api, markReady, $, errorText, pathId, renderer } from './common.js';

async function main() {
  const id = pathId();
  const answer = await api('GET', `/api/games/${encodeURIComponent(id)}`);
  const draw = (await renderer(answer.game))?.review;
  if (!draw) throw new Error('This game has no review page.');
  await draw(answer, markReady);
}

main().catch((err) => {
  $('#review-error').textContent = err.status === 404 ? 'There is no such game, or it is not yours.' : errorText(err);
  $('#review-error').hidden = false;
}).finally(markReady);
