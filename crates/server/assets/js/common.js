// Shared by every page: the API client, the session and the nav, the live
// announcements, the computer's pace, dates and small DOM helpers.

// ------------------------------------------------------------ offline play

// The service worker keeps what free play needs, so that after a first
// visit it works offline (see /sw.js).
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/sw.js').catch(() => {});
}

// ---------------------------------------------------------------- API client

/** An error answered by the server (`{"error"}`), with its status. */
export class ApiError extends Error {
  constructor(message, status, retryAfter = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.retryAfter = retryAfter; // seconds, from Retry-After (429)
  }
}

let sessionPromise = null;
let csrf = null;

async function fetchSession() {
  const res = await fetch('/api/session', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  const data = await res.json().catch(() => null);
  if (!res.ok || !data) {
    throw new ApiError(data?.error ?? `The server answered ${res.status}.`, res.status);
  }
  csrf = data.csrf;
  keepPace(data.user);
  keepName(data.user);
  return data;
}

/** Keeps the logged-in person's name in this browser (none for a guest),
 * so that a page served offline still says who is logged in. */
function keepName(user) {
  try {
    if (user?.name) localStorage.setItem(NAME_KEY, user.name);
    else localStorage.removeItem(NAME_KEY);
  } catch { /* storage off: offline pages say nothing of the account */ }
}

const NAME_KEY = 'tabula-user';

/** Keeps the account's pace in this browser (none for a guest), for free
 * play in the page when the server cannot be asked. */
function keepPace(user) {
  try {
    if (user && Object.hasOwn(PACES, user.pace ?? '')) localStorage.setItem('tabula-pace', user.pace);
    else localStorage.removeItem('tabula-pace');
  } catch { /* storage off: offline play at the guests' pace */ }
}

/** The session `{user: null | {name, pace}, csrf}`, fetched once and cached. */
export function session(refresh = false) {
  if (!sessionPromise || refresh) {
    sessionPromise = fetchSession();
    // A failed fetch must not stick: the next call tries again.
    sessionPromise.catch(() => { sessionPromise = null; });
  }
  return sessionPromise;
}

// Register, log in and log out rotate the CSRF token and change the user;
// the account form changes the user. Keep the cache in step.
function remember(path, data) {
  if (!data || typeof data !== 'object') return;
  if (typeof data.csrf === 'string') {
    csrf = data.csrf;
    sessionPromise = Promise.resolve({ user: data.user ?? null, csrf });
    keepPace(data.user);
  } else if (path === '/api/account' && 'user' in data && sessionPromise) {
    sessionPromise = sessionPromise.then((s) => ({ ...s, user: data.user }));
    keepPace(data.user);
  }
}

/**
 * Sends a JSON request and answers the parsed JSON. POSTs carry the CSRF
 * token. Throws an ApiError with the server's message on any 4xx/5xx.
 */
export async function api(method, path, body, { retry = true, raw = false } = {}) {
  const headers = { Accept: 'application/json' };
  const init = { method, headers, credentials: 'same-origin' };
  if (method !== 'GET' && method !== 'HEAD') {
    await session();
    headers['X-CSRF-Token'] = csrf;
    headers['Content-Type'] = 'application/json';
    // `raw`: the body is JSON text already (kept as text where its numbers
    // may exceed what JavaScript holds).
    init.body = raw ? body : JSON.stringify(body ?? {});
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch {
    throw new ApiError('The server cannot be reached. Check the connection and try again.', 0);
  }
  const text = await res.text();
  let data = null;
  if (text) {
    try { data = readJson(text); } catch { data = null; }
  }
  if (!res.ok) {
    // A stale token (the session expired, or another tab logged in) gets
    // 403: fetch a fresh session and try once more. Errors change nothing,
    // so the retry is safe.
    if (res.status === 403 && retry && init.body !== undefined) {
      await session(true);
      return api(method, path, body, { retry: false, raw });
    }
    const retryAfter = Number(res.headers.get('Retry-After')) || null;
    throw new ApiError(data?.error ?? `The server answered ${res.status}.`, res.status, retryAfter);
  }
  if (method === 'POST') remember(path, data);
  return data;
}

// Integers wider than a JavaScript number holds exactly (53 bits): a
// game's action may carry one (Dou Dizhu's rank counts of a combination
// with the big joker reach 60 bits), and a page that reads it must read
// it exactly. Strings are matched first, so digits inside them are left
// alone.
const WIDE_TOKEN = /"(?:[^"\\]|\\.)*"|(?<![\d.eE+-])-?\d{16,}(?![\d.eE])/g;
// Such an integer is first written as a string that starts with this mark
// (a NUL character, escaped in the text), then read back as a BigInt.
const WIDE_MARK = '\u0000wide:';

/**
 * Parses JSON text as `JSON.parse` does, except that an integer a number
 * cannot hold exactly becomes a BigInt (only such integers: every other
 * value reads as before). Every API answer is read so.
 */
export function readJson(text) {
  if (!/\d{16}/.test(text)) return JSON.parse(text);
  let wide = false;
  const marked = text.replace(WIDE_TOKEN, (token) => {
    if (token.startsWith('"') || Number.isSafeInteger(Number(token))) return token;
    wide = true;
    return `"\\u0000wide:${token}"`;
  });
  if (!wide) return JSON.parse(text);
  return JSON.parse(marked, (_, value) => (typeof value === 'string' && value.startsWith(WIDE_MARK)
    ? BigInt(value.slice(WIDE_MARK.length))
    : value));
}

// ------------------------------------------------------------ legal moves

// An answer's `legal` lists the person's legal moves as {action, label}:
// the action in the game's JSON form, its text. A game's JSON forms are
// serde's: a word (`"pass"`), a number (a square), or an object of one key
// naming the kind of move with its detail (`{"play": 49}`).

/** The kind of an action: its word, or the key of its object form
 * (`"pass"`, `"play"`); `null` for a number. */
export function actionKind(action) {
  if (typeof action === 'string') return action;
  if (action && typeof action === 'object') return Object.keys(action)[0] ?? null;
  return null;
}

/** Whether a logged move is chance's (its `seat` null): a deal, a draw. */
export const isChance = (move) => move.seat === null || move.seat === undefined;

/**
 * A renderer's `sentence` from its `words(text, you)`: "You draw." or
 * "West takes the pile.", with the move's note; none for chance's moves
 * or where `words` gives none.
 */
export function moveSentence(words) {
  return (move, answer) => {
    if (isChance(move)) return null;
    const you = answer.you === move.seat;
    const said = words(move.text, you);
    if (!said) return null;
    return `${you ? 'You' : answer.seats[move.seat].name} ${said}.${move.note ? ` ${move.note}` : ''}`;
  };
}

/** The detail of an action of the object form (`49` of `{"play": 49}`);
 * `undefined` otherwise. */
export function actionArg(action) {
  return action && typeof action === 'object' ? Object.values(action)[0] : undefined;
}

/** An error's message for the page; adds the wait of a 429 when the server did not. */
export function errorText(err) {
  let msg = err?.message || String(err);
  if (err?.status === 429 && err.retryAfter && !/\d/.test(msg)) {
    msg += ` Try again in ${err.retryAfter} s.`;
  }
  return msg;
}

// ------------------------------------------------------------- DOM helpers

/**
 * Builds an element: `el('a', {href: '/'}, 'Home')`. Children are nodes or
 * text (never parsed as HTML, so names typed by users are safe).
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Builds an SVG element, like `el`. */
export function svgEl(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttrs(node, attrs);
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

function setAttrs(node, attrs) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') node.setAttribute('class', value);
    else if (key === 'text') node.textContent = value;
    else if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
}

export const $ = (sel, root = document) => root.querySelector(sel);

/**
 * Adds a style sheet to the page once: a renderer's own, beside it
 * (`styleSheet(new URL('./x.css', import.meta.url))`). Resolves once it
 * applies, so that a module awaiting it draws styled.
 */
export function styleSheet(url) {
  const href = String(url);
  const there = [...document.querySelectorAll('link[rel="stylesheet"]')].find((l) => l.href === href);
  if (there) return there.dataset.loaded ? Promise.resolve() : new Promise((ok) => there.addEventListener('load', ok, { once: true }));
  const link = el('link', { rel: 'stylesheet', href });
  const loaded = new Promise((ok) => {
    link.addEventListener('load', () => { link.dataset.loaded = '1'; ok(); }, { once: true });
    link.addEventListener('error', ok, { once: true }); // unstyled beats blank
  });
  document.head.append(link);
  return loaded;
}

/**
 * The games offering a capability (`daily`, `figures`, `tablebase`…), from
 * the catalog, in the registry's order: pages find their game this way and
 * never name one.
 */
export async function offering(capability) {
  const catalog = (await api('GET', '/api/catalog')) ?? [];
  return catalog.filter((g) => (g.capabilities ?? []).includes(capability));
}

/** A game's renderer module (`render/{game}.js`); `null` when it has none
 * (the page lists the games that have one: no request for the others). */
export async function renderer(game) {
  if (!/^[a-z0-9_]+$/.test(game)) return null;
  const listed = document.querySelector('meta[name="tabula-renderers"]')?.content.split(' ');
  if (listed && !listed.includes(game)) return null;
  try {
    return await import(`./render/${game}.js`);
  } catch {
    return null;
  }
}

// ------------------------------------------------------------- announcements

let announceTimer = null;

/**
 * Says something through the page's hidden live region (#announce). The
 * region is emptied first so that the same sentence twice is read twice.
 */
export function announce(text) {
  const region = document.getElementById('announce');
  if (!region) return;
  region.textContent = '';
  clearTimeout(announceTimer);
  announceTimer = setTimeout(() => { region.textContent = text; }, 60);
}

// ---------------------------------------------------------------------- pace

/** How long the computer's reach stays lit before its move, per pace (ms). */
export const PACES = { calm: 1600, measured: 900, brisk: 400, instant: 0 };

/** The paces as people read them, in order. */
export const PACE_NAMES = { calm: 'Slow', measured: 'Measured', brisk: 'Quick', instant: 'Instant' };

/** Where a guest's pace is kept (an account's is the server's). */
const GUEST_PACE = 'tabula-guest-pace';

/** The current pace's name: the account's, or the one this browser's
 * guest chose (`measured` until then). Offline (free play in the page with
 * no server to ask) it is the pace this browser last saw its account
 * have. */
export async function paceName() {
  const known = (name) => (Object.hasOwn(PACES, name ?? '') ? name : 'measured');
  const kept = (key) => {
    try { return localStorage.getItem(key); } catch { return null; /* storage off */ }
  };
  try {
    const s = await session();
    return known(s.user ? s.user.pace : kept(GUEST_PACE));
  } catch {
    return known(kept('tabula-pace'));
  }
}

/** Chooses the computers' pace: the account's (saved on the server), or
 * this browser's for a guest. */
export async function setPace(name) {
  if (!Object.hasOwn(PACES, name)) return;
  const s = await session();
  if (s.user) {
    await api('POST', '/api/account', { pace: name });
    await session(true);
  } else {
    try { localStorage.setItem(GUEST_PACE, name); } catch { /* storage off: this page only */ }
  }
}

/** The current pace's delay in ms. */
export async function paceDelay() {
  return PACES[await paceName()];
}

// --------------------------------------------------------------------- dates

/** Today's date (UTC) by this browser's clock, `YYYY-MM-DD`. */
export function todayUTC() {
  return new Date().toISOString().slice(0, 10);
}

let todayPromise = null;

/**
 * Today's date by the server's clock (the daily grid follows the server's
 * UTC day), from `GET /api/session`. Falls back to the browser's clock.
 */
export function serverToday() {
  if (!todayPromise) {
    todayPromise = api('GET', '/api/session')
      .then((s) => (isDate(s?.today) ? s.today : todayUTC()))
      .catch(() => todayUTC());
  }
  return todayPromise;
}

export function isDate(text) {
  return typeof text === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(text)
    && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));
}

/** `date` moved by `days` days. */
export function addDays(date, days) {
  const t = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** "Monday 30 November 2026". */
export function longDate(date) {
  if (!isDate(date)) return String(date ?? '');
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** "30 Nov". */
export function shortDate(date) {
  if (!isDate(date)) return String(date ?? '');
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })
    .format(new Date(`${date}T00:00:00Z`));
}

// ------------------------------------------------------------ game wording

/** `a1` is the top-left cell: column letter, row number from the top. */
export function cellName(row, col) {
  return String.fromCharCode(97 + col) + (row + 1);
}

export function parseCell(name) {
  return { row: Number(name.slice(1)) - 1, col: name.charCodeAt(0) - 97 };
}

/** "+5", "-3", "0". */
export function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

/** A player spec in words: `alphabeta:7` → "alpha-beta, 7 plies". */
export function playerLabel(spec) {
  if (spec === 'greedy') return 'greedy';
  const m = /^alphabeta:(\d+)$/.exec(spec ?? '');
  if (m) return `alpha-beta, ${m[1]} ${m[1] === '1' ? 'ply' : 'plies'}`;
  return String(spec ?? 'computer');
}

/** The opponents offered in free play, strongest last. */
export const OPPONENTS = ['greedy', ...Array.from({ length: 9 }, (_, i) => `alphabeta:${i + 1}`)];

/**
 * Where to go after logging in: `next` if it is a path on this site, else
 * '/' (`fallback` when there is no `next`). A path here has one leading '/',
 * then neither '/' nor a backslash (browsers read both as the start of another
 * host), and no backslash, control character or space anywhere: browsers
 * drop tabs and newlines from URLs, so '/\t/evil' would go to '//evil'. The
 * server applies the same rule (`pages::is_local_path`).
 */
export function safeNext(next, fallback = '/daily') {
  if (next === null || next === undefined || next === '') return fallback;
  if (typeof next !== 'string' || !/^\/(?![/\\])/.test(next)
      || /[\s\\\u0000-\u001f\u007f-\u009f\ufeff]/.test(next)) {
    return '/';
  }
  // Whatever the browser makes of it must stay on this origin.
  try {
    if (new URL(next, location.origin).origin !== location.origin) return '/';
  } catch {
    return '/';
  }
  return next;
}

/** The last segment of the path: the id in `/games/{id}` or `/review/{id}`. */
export function pathId() {
  const parts = location.pathname.split('/').filter(Boolean);
  return decodeURIComponent(parts[1] ?? '');
}

// ------------------------------------------------------------------- the nav

async function fillNav() {
  // Mark the current section (the longest matching link).
  const path = location.pathname;
  let best = null;
  for (const a of document.querySelectorAll('.site-nav .nav-links a')) {
    const href = a.getAttribute('href');
    const hit = href === '/' ? path === '/' : path === href || path.startsWith(`${href}/`);
    if (hit && (!best || href.length > best.getAttribute('href').length)) best = a;
  }
  if (best) best.setAttribute('aria-current', 'page');

  const slot = document.getElementById('nav-user');
  if (!slot) return;
  let s;
  try {
    s = await session();
  } catch (err) {
    // No server (offline): the person this browser last saw logged in,
    // if any; else "Log in / Register", and the page reports the error.
    let name = null;
    try { name = localStorage.getItem(NAME_KEY); } catch { /* storage off */ }
    if (name && !(err instanceof ApiError)) {
      slot.replaceChildren(el('span', { id: 'nav-account', title: 'Offline: your account needs the server' }, name),
        el('span', { class: 'muted', id: 'nav-offline' }, ' (offline)'));
    }
    return;
  }
  if (!s.user) {
    // Come back here after logging in.
    const here = location.pathname + location.search;
    if (here !== '/login' && here !== '/register' && !here.startsWith('/login?') && !here.startsWith('/register?')) {
      for (const a of slot.querySelectorAll('a')) {
        a.href = `${a.getAttribute('href').split('?')[0]}?next=${encodeURIComponent(here)}`;
      }
    }
    return;
  }
  const logout = el('button', { type: 'button', id: 'nav-logout', class: 'link-button' }, 'Log out');
  logout.addEventListener('click', async () => {
    logout.disabled = true;
    try {
      await api('POST', '/api/logout');
      location.assign('/');
    } catch (err) {
      logout.disabled = false;
      announce(errorText(err));
    }
  });
  slot.replaceChildren(
    el('a', { href: '/account', id: 'nav-account', title: 'Your account' }, s.user.name),
    logout,
  );
}

/** Resolves once the nav shows who is logged in. */
export const navReady = fillNav().catch(() => {});

/** Marks the page ready for tests (`body[data-ready="true"]`), after the nav. */
export async function markReady() {
  await navReady;
  document.body.dataset.ready = 'true';
}

/** A game's `created` (Unix seconds, or a date text) as local date and time. */
export function createdText(created) {
  let t = null;
  if (typeof created === 'number') t = created > 1e12 ? created : created * 1000;
  else if (typeof created === 'string') t = Date.parse(created);
  if (t === null || Number.isNaN(t)) return '';
  return new Date(t).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * The log-in and register forms: post {name, password}, show the server's
 * error inline (400 bad name, 401 wrong password, 409 taken, 429 wait),
 * and on success go to `?next=` or the daily grid.
 */
export function authForm(form, path) {
  const next = safeNext(new URLSearchParams(location.search).get('next'));
  const other = document.getElementById('other-form');
  if (other && next !== '/daily') other.href += `?next=${encodeURIComponent(next)}`;
  const error = document.getElementById('form-error');
  const name = form.querySelector('#name');
  const password = form.querySelector('#password');
  const button = form.querySelector('button[type="submit"]');
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.hidden = true;
    name.removeAttribute('aria-invalid');
    password.removeAttribute('aria-invalid');
    button.disabled = true;
    try {
      await api('POST', path, { name: name.value.trim(), password: password.value });
      location.assign(next);
    } catch (err) {
      error.textContent = errorText(err);
      error.hidden = false;
      // Point at the field the error is about (a guess from the status).
      const field = err.status === 409 || /name/i.test(err.message) ? name : password;
      if (err.status !== 429) field.setAttribute('aria-invalid', 'true');
      button.disabled = false;
      field.focus();
    }
  });
}
