// The daily grid (/daily or /daily/YYYY-MM-DD): resume the day's newest
// game, show its result, or start one. Restarting an unfinished day asks
// first, because it takes the day off the leaderboard for good.

import {
  api, session, serverToday, isDate, longDate, addDays, markReady, errorText, el, $, offering, renderer,
} from './common.js';
import { mountTable } from './table.js';

const startButton = $('#start');
const againButton = $('#play-again');
const againNote = $('#play-again-note');
const restartButton = $('#restart');
const restartPanel = $('#restart-panel');
const restartText = $('#restart-text');
const actions = $('#daily-actions');
const status = $('#daily-status');
const host = $('#game');

let date = null;
let shell = null;
let signedIn = false;

function setStatus(text, isError = false) {
  status.replaceChildren(text ? el('p', { class: isError ? 'error' : 'muted', role: isError ? 'alert' : null }, text) : '');
}

/** The day's games, newest first. */
async function gamesOfDay() {
  const all = await api('GET', '/api/games');
  return (all ?? [])
    .filter((g) => g.kind === 'daily' && g.date === date)
    .sort((a, b) => (b.created > a.created) - (b.created < a.created));
}

/** Before any game: the day's puzzle, untouched, under the Start button,
 * drawn by the daily game's renderer (its `preview` export). */
async function preview() {
  try {
    const [daily] = await offering('daily');
    const draw = daily && (await renderer(daily.info.name))?.preview;
    if (!draw) return;
    const content = await api('GET', `/api/daily/${date}`);
    draw(host, content, `The grid of ${longDate(date)}, not started`);
  } catch {
    host.replaceChildren(); // the preview is a nicety; Start still works
  }
}

/** Puts the buttons that fit a game's state in place. */
function updateButtons(view) {
  restartPanel.hidden = true;
  startButton.hidden = true;
  const note = $('#rank-note');
  if (view.over) {
    restartButton.hidden = true;
    againButton.hidden = false;
    againNote.hidden = false;
    note.hidden = true;
  } else {
    // Play again lives in the result box at the end; bring it back home.
    actions.append(againButton);
    actions.after(againNote);
    againButton.hidden = true;
    againNote.hidden = true;
    restartButton.hidden = false;
    note.hidden = false;
    note.textContent = view.ranked
      ? 'This game counts for today’s leaderboard.'
      : view.restarted
        ? 'This day was restarted: it no longer counts for the leaderboard (it still counts in your statistics).'
        : 'This game does not count for the leaderboard.';
    restartText.textContent = view.ranked
      ? 'Restarting takes this day off the leaderboard for good, even if the next game is better. Restart?'
      : 'Start this day’s grid again from the beginning? (This game does not count for the leaderboard anyway.)';
  }
}

/** Guests see, under the result, how to enter the leaderboard. */
function guestNotice() {
  if (signedIn || $('#guest-result-note')) return;
  $('#table-result-actions')?.prepend(el('p', { class: 'notice', id: 'guest-result-note' }, 'Guests are not ranked: ',
    el('a', { href: `/register?next=${encodeURIComponent(location.pathname)}` }, 'register'),
    ' to enter the leaderboard from your next day.'));
}

async function showGame(view, focus = false) {
  shell?.dispose();
  // The untouched preview goes at once: only the game's own board takes keys.
  host.replaceChildren();
  updateButtons(view);
  // The game is played on the page shell; the day's buttons follow it, and
  // Play again sits under the result.
  shell = await mountTable(host, view, {
    onAnswer: (v) => {
      updateButtons(v);
      if (v.over) guestNotice();
    },
    resultActions: [againButton, againNote],
  });
  if (view.over) guestNotice();
  if (focus && !view.over) shell.renderer?.focus?.();
}

async function newGame(button) {
  button.disabled = true;
  setStatus('');
  try {
    const view = await api('POST', '/api/games', { kind: 'daily', date });
    await showGame(view, true); // the game's live region says whose turn it is
  } catch (err) {
    setStatus(errorText(err), true);
  } finally {
    button.disabled = false;
  }
}

startButton.addEventListener('click', () => newGame(startButton));
againButton.addEventListener('click', () => newGame(againButton));
restartButton.addEventListener('click', () => {
  restartPanel.hidden = false;
  $('#restart-confirm').focus();
});
$('#restart-cancel').addEventListener('click', () => {
  restartPanel.hidden = true;
  restartButton.focus();
});
$('#restart-confirm').addEventListener('click', async () => {
  restartPanel.hidden = true;
  await newGame(restartButton);
});

async function main() {
  const today = await serverToday();
  const fromPath = location.pathname.split('/').filter(Boolean)[1];
  if (fromPath !== undefined && !isDate(fromPath)) {
    setStatus(`“${fromPath}” is not a date: use /daily/YYYY-MM-DD.`, true);
    return;
  }
  date = fromPath ?? today;
  document.title = `Daily grid, ${longDate(date)} · Tabula`;
  $('#daily-date').textContent = longDate(date);
  $('#day-prev').href = `/daily/${addDays(date, -1)}`;
  if (date < today) {
    const next = addDays(date, 1);
    $('#day-next').href = next === today ? '/daily' : `/daily/${next}`;
    $('#day-next').hidden = false;
    $('#day-today').hidden = false;
    $('#archive-note').hidden = false;
  }
  if (date > today) {
    setStatus('This day’s grid is not out yet.', true);
    return;
  }
  const s = await session();
  signedIn = Boolean(s.user);
  if (!s.user) {
    $('#guest-note').hidden = false;
    for (const a of $('#guest-note').querySelectorAll('a')) {
      a.href = `${a.getAttribute('href').split('?')[0]}?next=${encodeURIComponent(location.pathname)}`;
    }
  }

  const games = await gamesOfDay();
  if (games.length === 0) {
    await preview();
    startButton.hidden = false;
    setStatus(date < today ? 'You have not played this day yet.' : 'You have not played today’s grid yet.');
    return;
  }
  const view = await api('GET', `/api/games/${encodeURIComponent(games[0].id)}`);
  if (view.over && games.length > 1) setStatus(`You have played this day ${games.length} times; here is your latest game.`);
  await showGame(view);
}

main()
  .catch((err) => setStatus(errorText(err), true))
  .finally(markReady);
