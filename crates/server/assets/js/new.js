// A new game of any registered game (/new/{game}): the form is built from
// the catalog (each option with its default and meaning, each seat with the
// players the game offers), checked against the server as it changes, and
// the game opens on the page shell: in the page (/local/{key}) where the
// browser module runs, else on the server (/table/{id}). /new alone lists
// the games.

import { api, el, errorText, pathId, markReady } from './common.js';
import { withData } from './data.js';
import { flushUnsaved, loadModule, startLocal } from './local.js';

const $ = (id) => document.getElementById(id);

function showError(err) {
  const box = $('new-error');
  box.hidden = !err;
  box.textContent = err ? errorText(err) : '';
}

/** An option's name as people read it: `turn_limit` is "Turn limit". */
function optionTitle(option) {
  const words = option.name.replaceAll('_', ' ');
  return words[0].toUpperCase() + words.slice(1);
}

/** An input for an option: a choice list when the game names its values,
 * else by the type of its default. */
function optionInput(option) {
  const id = `option-${option.name}`;
  const value = option.default;
  let input;
  if (option.choices?.length) {
    // No default value (null) is offered as "default", the game's own choice.
    const values = value === null || value === undefined ? ['', ...option.choices] : option.choices;
    input = el('select', { id, name: option.name },
      ...values.map((v) => el('option', { value: String(v) }, v === '' ? 'default' : String(v))));
    input.value = value === null || value === undefined ? '' : String(value);
    input.dataset.kind = typeof value === 'number' ? 'number' : 'text';
    return el('p', { class: 'field' },
      el('label', { for: id }, optionTitle(option)),
      input,
      el('small', { class: 'muted' }, option.meaning));
  }
  if (typeof value === 'boolean') {
    input = el('input', { type: 'checkbox', id, name: option.name, checked: value });
  } else if (Array.isArray(value)) {
    // A list (of heap sizes, say): its items apart by spaces or commas.
    input = el('input', { type: 'text', id, name: option.name, value: value.join(' '), placeholder: 'default' });
  } else if (typeof value === 'number') {
    input = el('input', { type: 'number', id, name: option.name, value: String(value), step: '1' });
  } else {
    input = el('input', { type: 'text', id, name: option.name, value: value ?? '', placeholder: 'default' });
  }
  input.dataset.kind = typeof value === 'boolean' ? 'bool'
    : typeof value === 'number' ? 'number' : Array.isArray(value) ? 'list' : 'text';
  return el('p', { class: 'field' },
    el('label', { for: id }, optionTitle(option)),
    input,
    el('small', { class: 'muted' }, option.meaning));
}

function readOptions(game) {
  const options = {};
  for (const option of game.options) {
    const input = $(`option-${option.name}`);
    if (!input) continue;
    if (input.dataset.kind === 'bool') options[option.name] = input.checked;
    else if (input.dataset.kind === 'number') options[option.name] = Number(input.value);
    else if (input.dataset.kind === 'list') {
      const items = input.value.split(/[\s,]+/).filter((x) => x !== '');
      if (items.length) options[option.name] = items.map((x) => (Number.isNaN(Number(x)) ? x : Number(x)));
    } else if (input.value.trim() !== '') options[option.name] = input.value.trim();
  }
  return options;
}

/** What a seat may choose: the catalog's choices (the game's default
 * player first, each level, each other player's example), by the names
 * people read; the spec and what the player does only under "Details". */
function playerChoices(game) {
  return game.choices.map((c) => {
    const name = c.spec.split(':')[0];
    const p = game.players.find((q) => q.name === name);
    return { ...c, description: p ? p.description : '' };
  });
}

/** The spec and description of a seat's choice, under its details. */
function seatDetails(select, details, choices) {
  const c = choices.find((x) => x.spec === select.value);
  details.hidden = !c;
  if (c) details.lastChild.replaceChildren(el('code', {}, c.spec), c.description ? ` — ${c.description}` : '');
}

function seatRow(game, seat, name, choices) {
  const id = `seat-${seat}`;
  const select = el('select', { id, name: id },
    el('option', { value: 'human' }, 'You'),
    ...choices.map((c) => el('option', { value: c.spec }, c.spec === game.default_player ? `${c.title} (default)` : c.title)));
  select.value = seat === 0 ? 'human' : (choices.find((c) => c.spec === game.default_player)?.spec ?? choices[0]?.spec);
  const details = el('details', { class: 'seat-details', id: `${id}-details` }, el('summary', {}, 'Details'), el('p', { class: 'muted' }));
  seatDetails(select, details, choices);
  select.addEventListener('change', () => seatDetails(select, details, choices));
  return el('div', { class: 'field seat-field' }, el('label', { for: id }, name), select, details);
}

/** The browser module, when it runs here: the form then reads the
 * catalog and the seats from it (offline too) and can start the game in
 * the page. */
let module = null;

async function seatingOf(game) {
  const options = JSON.stringify(readOptions(game));
  if (module) {
    // Options may read data (Abalone's trainer needs its tables).
    return withData(module.bindings, game.info.name,
      () => JSON.parse(module.bindings.seating(game.info.name, options)));
  }
  return api('GET', `/api/catalog/${encodeURIComponent(game.info.name)}?options=${encodeURIComponent(options)}`);
}

async function drawSeats(game) {
  const box = $('new-seats');
  // Busy while the seats are redrawn (the module may fetch data first).
  box.dataset.busy = 'true';
  let seating;
  try {
    seating = await seatingOf(game);
    showError(null);
  } catch (err) {
    showError(err);
    box.dataset.busy = 'false';
    return;
  }
  const old = [...box.querySelectorAll('select')].map((s) => s.value);
  const choices = playerChoices(game);
  box.replaceChildren(el('legend', {}, 'Seats'), ...seating.names.map((name, i) => seatRow(game, i, name, choices)));
  box.querySelectorAll('select').forEach((s, i) => { if (old[i]) s.value = old[i]; });
  box.dataset.busy = 'false';
}

async function start(game) {
  const seats = [...$('new-seats').querySelectorAll('select')]
    .map((s) => (s.value === 'human' ? 'human' : { ai: s.value }));
  $('new-start').disabled = true;
  const request = { game: game.info.name, options: readOptions(game), seats };
  try {
    // In the page when the browser module is here and the person wants it
    // (no round trip until the end); on the server otherwise.
    const local = module && $('new-local').checked ? await startLocal(request) : null;
    if (local) {
      location.assign(local);
      return;
    }
    const created = await api('POST', '/api/games', request);
    location.assign(`/table/${encodeURIComponent(created.id)}`);
  } catch (err) {
    showError(err);
    $('new-start').disabled = false;
  }
}

async function main() {
  flushUnsaved().catch(() => {});
  try {
    module = await loadModule();
    $('new-where').hidden = !module;
    const catalog = module ? JSON.parse(module.bindings.catalog()) : await api('GET', '/api/catalog');
    const wanted = pathId();
    const game = catalog.find((g) => g.info.name === wanted);
    if (!game) {
      $('new-form').hidden = true;
      $('new-games').hidden = false;
      $('new-game-list').replaceChildren(...catalog.map((g) => el('li', {},
        el('a', { href: `/new/${encodeURIComponent(g.info.name)}` }, g.info.title), ' — ', g.info.summary)));
    } else {
      document.title = `${game.info.title} · Tabula`;
      $('new-title').textContent = `New game: ${game.info.title}`;
      $('new-summary').textContent = game.info.summary;
      // The game's rules, and what it offers beside play, by its capabilities.
      const links = [el('a', { href: `/rules/${encodeURIComponent(game.info.name)}`, id: 'new-rules' }, `The rules of ${game.info.title}`)];
      if ((game.capabilities ?? []).includes('tablebase')) {
        links.push(' · ', el('a', { href: `/tables/${encodeURIComponent(game.info.name)}` },
          'Endgame tables: what this server has solved, and the trainers they allow'));
      }
      $('new-links').replaceChildren(...links);
      $('new-links').hidden = false;
      $('new-options').append(...game.options.map(optionInput));
      $('new-options').addEventListener('change', () => drawSeats(game));
      await drawSeats(game);
      $('new-form').addEventListener('submit', (e) => { e.preventDefault(); start(game); });
    }
  } catch (err) {
    showError(err);
  }
  await markReady();
}

main();
