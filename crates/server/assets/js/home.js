// Home: the games offered, today's date, and for accounts the streak.

import {
  api, session, serverToday, longDate, markReady, el, $, createdText, signed,
} from './common.js';

async function main() {
  const [today, s] = await Promise.all([serverToday(), session()]);
  $('#today').textContent = longDate(today);

  const games = ((await api('GET', '/api/games').catch(() => [])) ?? [])
    .sort((a, b) => (b.created > a.created) - (b.created < a.created));
  const todays = games.filter((g) => g.kind === 'daily' && g.date === today);
  if (todays.length) {
    const g = todays[0];
    $('#daily-state').textContent = g.over
      ? `You have played today’s grid: ${g.scores[0]} to ${g.scores[1]} (${signed(g.scores[0] - g.scores[1])}).`
      : 'Your game of today is waiting for your next move.';
    $('#home-daily').textContent = g.over ? 'See today’s grid' : 'Resume today’s grid';
  }
  const open = games.filter((g) => !g.over && g.kind !== 'watch').slice(0, 5);
  if (open.length) {
    const kinds = { daily: 'Daily grid', free: 'Free play' };
    // Every game opens on the page shell; games begun from the new-game
    // form (kind `play`) or a lab (kind: the game's name) are named by
    // their title from the catalog.
    const catalog = open.some((g) => !kinds[g.kind]) ? await api('GET', '/api/catalog').catch(() => []) : [];
    const title = (name) => catalog.find((c) => c.info.name === name)?.info.title ?? name;
    $('#resume-list').replaceChildren(...open.map((g) => el('li', {},
      el('a', { href: `/table/${encodeURIComponent(g.id)}` },
        kinds[g.kind] ? `${kinds[g.kind]}${g.date ? ` of ${longDate(g.date)}` : ''}` : title(g.game)),
      createdText(g.created) ? el('span', { class: 'muted' }, ` · begun ${createdText(g.created)}`) : '')));
    $('#resume').hidden = false;
  }

  if (s.user) {
    const stats = await api('GET', '/api/stats').catch(() => null);
    if (stats) {
      const line = $('#streak-line');
      line.replaceChildren(
        `Welcome back, ${s.user.name}. Your streak: `,
        el('strong', { id: 'streak' }, String(stats.streak)),
        ` ${stats.streak === 1 ? 'day' : 'days'} (best ${stats.best_streak}). `,
        el('a', { href: '/stats' }, 'Your statistics'),
      );
      line.hidden = false;
    }
  } else {
    const line = $('#streak-line');
    line.replaceChildren('Playing as a guest. ', el('a', { href: '/register' }, 'Register'),
      ' to enter the leaderboard and keep a streak.');
    line.hidden = false;
  }
}

main().catch(() => {}).finally(markReady);
