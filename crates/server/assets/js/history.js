// The person's games (/history): the server's list of the session's (or
// account's) last games, finished and unfinished, each with a way back
// into it (its table, its review where the game reviews), and the games
// this tab keeps in the page, not finished yet. Games are named by their
// titles (from the catalog) and the computers by the names people read
// (from the server, for any spec).

import { api, el, $, createdText, errorText, markReady } from './common.js';
import { localGames, unsavedCount } from './local.js';

const KINDS = { daily: 'Daily grid', free: 'Free play' };

async function main() {
  const [games, catalog] = await Promise.all([
    api('GET', '/api/games'),
    api('GET', '/api/catalog').catch(() => []),
  ]);
  const entry = (name) => catalog.find((c) => c.info.name === name);
  const title = (g) => (KINDS[g.kind] ? `${KINDS[g.kind]}${g.date ? ` of ${g.date}` : ''}` : entry(g.game)?.info.title ?? g.game ?? g.kind);

  const local = localGames();
  $('#history-local').replaceChildren(...local.map((l) => el('li', {},
    el('a', { href: `/local/${encodeURIComponent(l.key)}` }, entry(l.game)?.info.title ?? l.game),
    el('span', { class: 'muted' }, ` · ${l.plies} moves so far`))));
  $('#history-local-box').hidden = local.length === 0;
  const waiting = unsavedCount();
  if (waiting) {
    $('#history-unsaved').textContent = `${waiting} finished game${waiting === 1 ? '' : 's'} of this browser will be stored when the server can be reached.`;
    $('#history-unsaved').hidden = false;
  }

  const rows = games.map((g) => {
    // The server names each computer as people read it (any spec).
    const others = (g.players ?? []).map((p, i) => (p === 'you' ? null : g.titles?.[i] ?? p)).filter((t) => t !== null);
    const you = (g.players ?? []).indexOf('you');
    const scores = Array.isArray(g.scores) ? g.scores : [];
    const state = !g.over ? 'Not finished'
      : g.kind === 'watch' ? `Finished: ${scores.join(' – ')}`
        : you >= 0 && scores.length ? `Finished: ${scores[you]} to ${scores.filter((_, i) => i !== you).join(', ')}` : 'Finished';
    const links = [el('a', { href: `/table/${encodeURIComponent(g.id)}` }, g.over ? 'See it' : 'Go on')];
    // Every finished game is stepped through on its table; a game with a
    // deeper review (the daily grid's) has its page too.
    if (g.over) links.push(' · ', el('a', { href: `/table/${encodeURIComponent(g.id)}#review` }, 'Step through it'));
    if (g.over && you >= 0 && (entry(g.game)?.capabilities ?? []).includes('review')) {
      links.push(' · ', el('a', { href: `/review/${encodeURIComponent(g.id)}` }, 'Review'));
    }
    return el('tr', { dataset: { id: g.id, over: String(g.over) } },
      el('th', { scope: 'row' }, title(g)),
      el('td', {}, g.kind === 'watch' ? `watched: ${others.join(' and ')}` : others.join(', ') || '–'),
      el('td', {}, createdText(g.created)),
      el('td', {}, state),
      el('td', {}, ...links));
  });
  $('#history-rows').replaceChildren(...rows);
  $('#history-table').hidden = rows.length === 0;
  $('#history-none').hidden = rows.length > 0 || local.length > 0;
}

main().catch((err) => {
  $('#history-error').textContent = errorText(err);
  $('#history-error').hidden = false;
}).finally(markReady);
