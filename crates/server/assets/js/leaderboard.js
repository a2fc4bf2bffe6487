// The leaderboard: one day (a date picker, today by default) and all time.
// The logged-in account's row is highlighted.

import {
  api, session, serverToday, isDate, longDate, addDays, markReady, errorText, el, $, signed,
} from './common.js';

let me = null;
let today = null;

function rows(entries, extra) {
  return entries.map((e) => {
    const mine = me !== null && e.name === me;
    return el('tr', { 'data-name': e.name, class: mine ? 'me' : null, 'aria-current': mine ? 'true' : null },
      el('td', { class: 'rank' }, String(e.rank)),
      el('th', { scope: 'row', class: 'name' }, e.name, mine ? el('span', { class: 'badge' }, ' you') : ''),
      el('td', { class: 'points' }, String(e.points)),
      extra(e));
  });
}

async function loadDay(date) {
  const input = $('#lb-date');
  input.value = date;
  $('#lb-next').disabled = date >= today;
  $('#day-error').hidden = true;
  try {
    const lb = await api('GET', `/api/leaderboard?date=${encodeURIComponent(date)}`);
    const title = lb.date === today ? `Today, ${longDate(lb.date)}` : longDate(lb.date);
    $('#day-title').textContent = title;
    $('#day-caption').textContent = `Leaderboard of ${longDate(lb.date)}`;
    $('#day-table tbody').replaceChildren(...rows(lb.entries, (e) => el('td', { class: 'margin' }, signed(e.margin))));
    $('#day-empty').hidden = lb.entries.length > 0;
    $('#day-table').hidden = lb.entries.length === 0;
  } catch (err) {
    $('#day-error').textContent = errorText(err);
    $('#day-error').hidden = false;
  }
  // Keep the address shareable without adding a history entry per click.
  const url = new URL(location.href);
  url.searchParams.set('date', date);
  url.searchParams.delete('period');
  history.replaceState(null, '', url);
}

async function loadAll() {
  $('#all-error').hidden = true;
  try {
    const lb = await api('GET', '/api/leaderboard?period=all');
    $('#all-table tbody').replaceChildren(...rows(lb.entries, (e) => el('td', { class: 'days' }, String(e.days))));
    $('#all-empty').hidden = lb.entries.length > 0;
    $('#all-table').hidden = lb.entries.length === 0;
  } catch (err) {
    $('#all-error').textContent = errorText(err);
    $('#all-error').hidden = false;
  }
}

function selectTab(which, focus = false) {
  for (const [tab, panel] of [['#tab-day', '#panel-day'], ['#tab-all', '#panel-all']]) {
    const on = tab === `#tab-${which}`;
    $(tab).setAttribute('aria-selected', String(on));
    $(tab).tabIndex = on ? 0 : -1;
    $(panel).hidden = !on;
    if (on && focus) $(tab).focus();
  }
}

$('#tab-day').addEventListener('click', () => selectTab('day'));
$('#tab-all').addEventListener('click', () => selectTab('all'));
// Arrow keys move between tabs (the usual tablist keys).
for (const tab of document.querySelectorAll('[role="tab"]')) {
  tab.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      selectTab(tab.id === 'tab-day' ? 'all' : 'day', true);
    }
  });
}
$('#lb-date').addEventListener('change', (e) => {
  if (isDate(e.target.value)) loadDay(e.target.value > today ? today : e.target.value);
});
$('#lb-prev').addEventListener('click', () => loadDay(addDays($('#lb-date').value || today, -1)));
$('#lb-next').addEventListener('click', () => {
  const next = addDays($('#lb-date').value || today, 1);
  if (next <= today) loadDay(next);
});
$('#day-form').addEventListener('submit', (e) => e.preventDefault());

async function main() {
  const [t, s] = await Promise.all([serverToday(), session()]);
  today = t;
  me = s.user?.name ?? null;
  $('#lb-date').max = today;
  $('#lb-account').hidden = Boolean(s.user);
  const params = new URLSearchParams(location.search);
  const asked = params.get('date');
  await Promise.all([loadDay(isDate(asked) && asked <= today ? asked : today), loadAll()]);
  if (params.get('period') === 'all') selectTab('all');
}

main().catch((err) => {
  $('#day-error').textContent = errorText(err);
  $('#day-error').hidden = false;
}).finally(markReady);
