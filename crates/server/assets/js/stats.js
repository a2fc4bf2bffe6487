// Statistics of the account's daily games: the counts, the streaks, and a
// chart of the margin per game (bars above or below zero) with a text
// summary and a table for those who would rather read.

import {
  api, markReady, el, svgEl, $, errorText, signed, shortDate, longDate,
} from './common.js';

function fmtMean(x) {
  if (x === null || x === undefined || Number.isNaN(Number(x))) return '–';
  const r = Math.round(Number(x) * 10) / 10;
  return signed(r);
}

/** Bars of the margin per game, in order of date; dimmed when unranked. */
function chart(history) {
  const W = 720;
  const H = 260;
  const left = 40;
  const right = 10;
  const top = 14;
  const bottom = 46;
  const max = Math.max(1, ...history.map((h) => Math.abs(h.margin)));
  const y0 = top + (H - top - bottom) / 2;
  const scale = (H - top - bottom) / 2 / max;
  const slot = (W - left - right) / history.length;
  const bar = Math.max(2, Math.min(36, slot * 0.7));
  const svg = svgEl('svg', {
    viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img',
    'aria-labelledby': 'chart-title', 'aria-describedby': 'chart-summary',
  });
  // Grid lines and their values: +max, +max/2, 0, -max/2, -max.
  for (const f of [1, 0.5, 0, -0.5, -1]) {
    const y = y0 - f * max * scale;
    svg.append(svgEl('line', { x1: left, x2: W - right, y1: y, y2: y, class: f === 0 ? 'axis' : 'grid' }));
    svg.append(svgEl('text', { x: left - 6, y: y + 4, 'text-anchor': 'end' }, signed(Math.sign(f) * Math.round(Math.abs(f) * max))));
  }
  // About eight date labels whatever the number of games.
  const every = Math.max(1, Math.ceil(history.length / 8));
  history.forEach((h, i) => {
    const x = left + i * slot + (slot - bar) / 2;
    const height = Math.max(2, Math.abs(h.margin) * scale);
    const cls = h.margin > 0 ? 'bar-pos' : h.margin < 0 ? 'bar-neg' : 'bar-zero';
    const rect = svgEl('rect', {
      x, width: bar, y: h.margin >= 0 ? y0 - height : y0, height,
      class: `${cls}${h.ranked ? '' : ' unranked'}`,
    }, svgEl('title', {}, `${longDate(h.date)}: margin ${signed(h.margin)}${h.points !== null && h.points !== undefined ? `, ${h.points} points` : ''}${h.ranked ? '' : ' (not on the leaderboard)'}`));
    svg.append(rect);
    // The last date too, unless it would run into the previous label.
    const last = i === history.length - 1 && i % every >= every / 2;
    if (i % every === 0 || last) {
      svg.append(svgEl('text', { x: left + i * slot + slot / 2, y: H - bottom + 18, 'text-anchor': 'middle' }, shortDate(h.date)));
    }
  });
  svg.append(svgEl('text', { x: left, y: H - 8 }, 'Bars: margin per game (you − computer); faded bars did not count for the leaderboard.'));
  return svg;
}

function summary(history, stats) {
  if (!history.length) return 'No finished daily game yet: play today’s grid to start your history.';
  const margins = history.map((h) => h.margin);
  const best = history.reduce((a, b) => (b.margin > a.margin ? b : a));
  const worst = history.reduce((a, b) => (b.margin < a.margin ? b : a));
  const first = history[0].date;
  const last = history[history.length - 1].date;
  const span = first === last ? `on ${longDate(first)}` : `from ${longDate(first)} to ${longDate(last)}`;
  return `${history.length} ${history.length === 1 ? 'game' : 'games'} ${span}. `
    + `Margins from ${signed(Math.min(...margins))} to ${signed(Math.max(...margins))}, mean ${fmtMean(stats.mean_margin)}. `
    + `Best: ${signed(best.margin)} on ${longDate(best.date)}; worst: ${signed(worst.margin)} on ${longDate(worst.date)}.`;
}

async function main() {
  let stats;
  try {
    stats = await api('GET', '/api/stats');
  } catch (err) {
    if (err.status === 401) {
      $('#stats-guest').hidden = false;
      return;
    }
    throw err;
  }
  $('#stat-games').textContent = stats.games;
  $('#stat-wins').textContent = stats.wins;
  $('#stat-draws').textContent = stats.draws;
  $('#stat-losses').textContent = stats.losses;
  $('#stat-mean').textContent = fmtMean(stats.mean_margin);
  $('#stat-streak').textContent = `${stats.streak} ${stats.streak === 1 ? 'day' : 'days'}`;
  $('#stat-best').textContent = `${stats.best_streak} ${stats.best_streak === 1 ? 'day' : 'days'}`;
  // Oldest first: time runs left to right (stable for games of one day).
  const history = [...(stats.history ?? [])].sort((a, b) => (a.date > b.date) - (a.date < b.date));
  $('#chart-summary').textContent = summary(history, stats);
  $('#chart').replaceChildren(history.length ? chart(history) : '');
  $('#history-table tbody').replaceChildren(...[...history].reverse().map((h) => el('tr', {},
    el('td', {}, longDate(h.date)),
    el('td', { class: 'num' }, signed(h.margin)),
    el('td', { class: 'num' }, h.points === null || h.points === undefined ? '–' : String(h.points)),
    el('td', {}, h.ranked ? 'counted' : 'not counted'))));
  $('#stats-body').hidden = false;
}

main().catch((err) => {
  $('#stats-error').textContent = errorText(err);
  $('#stats-error').hidden = false;
}).finally(markReady);
