// Free play in the page: the browser module (/api/wasm) keeps the game's
// truth on this page (LocalTable) and a module Web Worker plays the
// computers from their seats' observations (search-worker.js). Nothing
// goes to the server until the game is over; then the server replays the
// whole game, checks it and stores it. Ranked play (the daily grid) stays
// on the server.
//
// The computer's deadline includes every fallback: the worker's search,
// else the same level's no-search policy, else the first legal action. A
// timeout or a refused request degrades that move only; a module that
// fails to download, compile or pass its self-check is not used again this
// session (free play then runs on the server). A new game, or leaving the
// page, terminates the worker; an answer of an older worker (generation)
// or an older request is never applied.

import { api, ApiError, readJson } from './common.js';
import { withData } from './data.js';

/** The whole time a computer's move may take, fallbacks included (ms). */
const DEADLINE_MS = 10_000;
/** What the search leaves of it for the fallbacks and the messages (ms). */
const RESERVE_MS = 400;

const BROKEN_KEY = 'tabula-wasm-broken';
const UNSAVED_KEY = 'tabula-unsaved';
const GAME_PREFIX = 'tabula-local-';
const TICKET_SUFFIX = ':ticket'; // beside a local game: its seed's ticket

/** Test hooks, only where a test asked for them (sessionStorage). */
function testing() {
  return sessionStorage.getItem('tabula-test-hooks') === '1';
}

/** The deadline, shortened by a test that wants to see the fallbacks. */
function deadline() {
  const asked = Number(sessionStorage.getItem('tabula-deadline-ms'));
  return testing() && asked > 0 ? asked : DEADLINE_MS;
}

/** Why the module is not used this session, if it is not. */
function brokenReason() {
  return sessionStorage.getItem(BROKEN_KEY);
}

function markBroken(reason) {
  sessionStorage.setItem(BROKEN_KEY, String(reason).slice(0, 200));
}

let modulePromise = null;

/**
 * The module on the page's own thread: `{bindings, manifest}`, or `null`
 * when the server has none or it failed this session (download, compile,
 * self-check). Loaded once per page.
 */
export function loadModule() {
  if (!modulePromise) modulePromise = load();
  return modulePromise;
}

async function load() {
  if (brokenReason()) return null;
  let manifest;
  try {
    const res = await fetch('/api/wasm', { credentials: 'same-origin' });
    manifest = await res.json();
  } catch {
    return null; // offline without a cached manifest: no module
  }
  if (!manifest?.available) return null;
  try {
    const bindings = await import(manifest.js);
    await bindings.default({ module_or_path: manifest.wasm });
    bindings.selfcheck();
    return { bindings, manifest };
  } catch (err) {
    markBroken(err?.message ?? err);
    return null;
  }
}

/** An error of the module as the page shows it (like the server's). */
function refusal(err) {
  const message = String(err?.message ?? err);
  const stale = /answers ply|not your turn|is over|no computer acts|for your turn|to take back|as it ended|another position/.test(message);
  const bad = /a choice names a move|no legal move has that index/.test(message);
  return new ApiError(message, stale ? 409 : bad ? 400 : 422);
}

/**
 * The computers' worker: built on first need, numbered by generation,
 * terminated to cancel. `decide` answers within the deadline whatever
 * happens, with the source of its action: `search`, `only` (one legal
 * action: no worker), `policy` or `first`.
 */
export class Computer {
  constructor(module) {
    this.module = module;
    this.gen = 0;
    this.worker = null;
    this.pending = null;
    this.nextId = 1;
    this.started = 0; // workers built (tests read it)
    this.ignored = 0; // messages of older generations or requests
    this.sent = []; // the requests sent, for tests
    this.dataFetched = []; // the data keys the worker fetched
  }

  /** Builds a new worker (a new generation). */
  build() {
    this.gen += 1;
    const gen = this.gen;
    const worker = new Worker('/assets/js/search-worker.js', { type: 'module' });
    worker.onmessage = (e) => this.deliver(gen, e.data);
    worker.onerror = (e) => {
      e.preventDefault?.();
      this.fail(gen, 'the search worker failed to start');
    };
    const { js } = this.module.manifest;
    // A test may hand the worker a module that does not download.
    const wasm = (testing() && sessionStorage.getItem('tabula-test-worker-wasm')) || this.module.manifest.wasm;
    worker.postMessage({ type: 'init', gen, js, wasm });
    this.worker = worker;
    this.started += 1;
  }

  /** Stops the worker (and any search it runs); the next move builds another. */
  reset() {
    this.worker?.terminate();
    this.worker = null;
    this.gen += 1; // whatever the old one still sends is ignored
    this.pending?.timeout();
  }

  /** The module failed in the worker: not used again this session. */
  fail(gen, reason) {
    if (gen !== this.gen) return;
    markBroken(reason);
    this.worker?.terminate();
    this.worker = null;
    this.pending?.timeout();
  }

  /** A message from the worker of generation `gen`. */
  deliver(gen, msg) {
    if (gen !== this.gen) {
      this.ignored += 1;
      return;
    }
    if (msg.type === 'broken') {
      this.fail(gen, msg.error);
      return;
    }
    if (msg.type === 'ready') return;
    const p = this.pending;
    if (!p || msg.id !== p.id) {
      this.ignored += 1;
      return;
    }
    if (msg.type === 'quick') {
      p.quick = msg.answer;
    } else if (msg.type === 'decision') {
      this.dataFetched.push(...(msg.fetched ?? []));
      p.finish({ ...msg.answer });
    } else if (msg.type === 'refused') {
      p.timeout(msg.error);
    }
  }

  /** The no-search fallback on the page's own thread, else the first action. */
  fallback(turn, request, quick) {
    if (quick) return { action: quick.action, source: quick.source };
    try {
      const q = JSON.parse(this.module.bindings.quick(JSON.stringify(request)));
      return { action: q.action, source: q.source };
    } catch {
      return { action: turn.first, source: 'first' };
    }
  }

  /**
   * The action for a computer's `turn` (from LocalTable.next()), within
   * `total` ms: `{action, source, ms, stats?}`. The game's values travel as
   * JSON text (the observation in, the action out), never as JavaScript
   * numbers: some games' JSON holds 64-bit words.
   */
  decide(game, options, turn, total = deadline()) {
    const started = performance.now();
    const request = {
      game,
      options,
      observation: turn.observation,
      seat: turn.seat,
      player: turn.player,
      seed: turn.seed,
      table: turn.table,
      deadline_ms: Math.max(1, total - RESERVE_MS),
    };
    const done = (answer) => ({ ...answer, ms: performance.now() - started });
    if (turn.only !== null && turn.only !== undefined) {
      return Promise.resolve(done({ action: turn.only, source: 'only' }));
    }
    if (brokenReason()) return Promise.resolve(done(this.fallback(turn, request, null)));
    if (!this.worker) this.build();
    const id = this.nextId;
    this.nextId += 1;
    return new Promise((resolve) => {
      const p = { id, quick: null };
      let settled = false;
      const settle = (answer) => {
        if (settled) return;
        settled = true;
        clearTimeout(p.timer);
        if (this.pending === p) this.pending = null;
        resolve(done(answer));
      };
      p.finish = (answer) => settle(answer);
      // Past the deadline, refused, or the worker gone: this move only
      // falls back (a worker still searching is stopped and rebuilt).
      p.timeout = (error) => {
        if (settled) return;
        const late = !error && this.pending === p && this.worker;
        settle({ ...this.fallback(turn, request, p.quick), degraded: error ?? 'deadline' });
        if (late) this.reset();
      };
      p.timer = setTimeout(() => p.timeout(), total);
      this.pending = p;
      const message = { type: 'decide', gen: this.gen, id, request };
      if (testing()) this.sent.push(message);
      this.worker.postMessage(message);
    });
  }

  dispose() {
    this.reset();
  }
}

/** The games this tab keeps in the page (sessionStorage is the tab's):
 * each `{key, game, plies}`, for the person's list of games. */
export function localGames() {
  const out = [];
  for (let i = 0; i < sessionStorage.length; i += 1) {
    const name = sessionStorage.key(i);
    if (!name?.startsWith(GAME_PREFIX) || name.endsWith(TICKET_SUFFIX)) continue;
    try {
      const saved = JSON.parse(sessionStorage.getItem(name));
      out.push({ key: name.slice(GAME_PREFIX.length), game: saved.game, plies: saved.actions?.length ?? 0 });
    } catch { /* not a saved game: left alone */ }
  }
  return out;
}

/** How many finished games of this browser wait to be stored (offline at
 * their end). */
export function unsavedCount() {
  return unsaved().length;
}

/** Games played here but not yet stored by the server (offline at the
 * end), each as the JSON text of the saved table. */
function unsaved() {
  try {
    return JSON.parse(localStorage.getItem(UNSAVED_KEY) ?? '[]');
  } catch {
    return [];
  }
}

/** Whether a finished game the server did not store is kept to send
 * again: the server was unreachable or busy (not a 4xx but 429). */
function keepForLater(err) {
  return !(err instanceof ApiError) || err.status === 0 || err.status === 429 || err.status >= 500;
}

/** Stores the finished games the server has not seen yet; quietly keeps
 * them for later when it cannot be reached. */
export async function flushUnsaved() {
  const left = [];
  for (const kept of unsaved()) {
    try {
      // Kept as {saved, ticket}; as the saved text alone before tickets.
      const { saved, ticket } = typeof kept === 'string' ? { saved: kept, ticket: null } : kept;
      await api('POST', savePath(ticket), saved, { raw: true });
    } catch (err) {
      // Refused for good: dropped.
      if (keepForLater(err)) left.push(kept);
    }
  }
  if (left.length) localStorage.setItem(UNSAVED_KEY, JSON.stringify(left));
  else localStorage.removeItem(UNSAVED_KEY);
}

/** A new key for a local game's page (`/local/{key}`). */
function newKey() {
  const b = new Uint8Array(8);
  crypto.getRandomValues(b);
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}

/** Where a finished local game is sent: with its seed's ticket, if any. */
function savePath(ticket) {
  return ticket ? `/api/games/local?ticket=${encodeURIComponent(ticket)}` : '/api/games/local';
}

/** The seed of a new local game: the server's, with its ticket (the
 * server stores a game once per ticket, and only from its own seed); the
 * browser's own, without one, when the server cannot be reached. */
async function dealSeed() {
  try {
    const { seed, ticket } = await api('POST', '/api/games/local/seed', {});
    return { seed, ticket };
  } catch (err) {
    if (err instanceof ApiError && err.status !== 0) throw err;
    return { seed: newSeed(), ticket: null };
  }
}

/** A secret seed, as a decimal string (64 bits: more than a Number holds). */
function newSeed() {
  const b = new BigUint64Array(1);
  crypto.getRandomValues(b);
  return b[0].toString();
}

/**
 * Starts a local game of `request` ({game, options, seats}) and answers
 * the address of its page, or `null` when local play is not available
 * (the caller then creates the game on the server).
 */
export async function startLocal(request, chosen = null) {
  const module = await loadModule();
  if (!module) return null;
  // A chosen seed (a grid the person picked) is public and has no ticket.
  const { seed, ticket } = chosen === null || chosen === undefined ? await dealSeed() : { seed: chosen, ticket: null };
  const { LocalTable } = module.bindings;
  // A start may read data (Abalone's trainer draws from its tables).
  const table = await withData(module.bindings, request.game, () => new LocalTable(JSON.stringify(request), seed));
  const key = newKey();
  sessionStorage.setItem(GAME_PREFIX + key, table.saved());
  if (ticket) sessionStorage.setItem(GAME_PREFIX + key + TICKET_SUFFIX, ticket);
  table.free();
  return `/local/${key}`;
}

/**
 * A local game of `request` for a shell on the current page (free play's
 * page mounts one in place), or `null` when local play is not available.
 */
export async function createLocal(request, seed = null) {
  const address = await startLocal(request, seed);
  return address ? openLocal(address.slice('/local/'.length)) : null;
}

/**
 * The local game kept under `key` (in this tab's session), ready for the
 * page shell: the transport the shell sends its requests to.
 */
export async function openLocal(key) {
  const saved = sessionStorage.getItem(GAME_PREFIX + key);
  if (!saved) return null;
  const module = await loadModule();
  if (!module) throw new ApiError(`Free play in the page is not available here${brokenReason() ? ` (${brokenReason()})` : ''}.`, 0);
  const { game, options } = JSON.parse(saved);
  const table = await withData(module.bindings, game, () => module.bindings.LocalTable.resume(saved));
  return new LocalGame(module, table, key, game, options);
}

/** One local game: the page shell's transport (see table.js). */
export class LocalGame {
  constructor(module, table, key, game, options) {
    this.module = module;
    this.table = table;
    this.key = key;
    this.computer = new Computer(module);
    this.game = game;
    this.options = options;
    this.stored = null; // the server's answer once it has stored the game
    this.timings = []; // each computer move: {source, ms}
    if (testing()) window.tabulaLocal = this;
    addEventListener('pagehide', () => this.dispose());
  }

  /** The person's answer, with the data its view reads (the verdict of
   * Abalone's tables) fetched first. */
  async answer() {
    if (this.stored) return this.stored;
    return withData(this.module.bindings, this.game, () => readJson(this.table.answer()));
  }

  persist() {
    sessionStorage.setItem(GAME_PREFIX + this.key, this.table.saved());
  }

  /** The shell's request, as the server takes it: the person's move (a
   * legal move's index, `choice`, or a typed `action`), or (without one)
   * the computers' next move. Answers the new answer. */
  async send(body) {
    if (this.stored) return this.stored;
    const choice = body.choice !== undefined && body.choice !== null;
    if (choice || (body.action !== undefined && body.action !== null)) {
      try {
        if (choice) this.table.choose(body.choice, body.ply);
        else this.table.act(body.action, body.ply ?? undefined);
      } catch (err) {
        throw refusal(err);
      }
    } else {
      if (body.ply !== undefined && body.ply !== this.table.ply) {
        throw new ApiError('this request answers an older position: reload the game', 409);
      }
      const text = this.table.next();
      if (text) {
        const turn = JSON.parse(text);
        const decided = await this.computer.decide(this.game, this.options, turn);
        this.timings.push({ source: decided.source, ms: decided.ms });
        this.table.playComputer(decided.action);
      }
    }
    this.persist();
    const answer = await this.answer();
    if (answer.over) return this.finish(answer);
    return answer;
  }

  refresh() {
    return this.answer();
  }

  /** A search of the worker for the turn `turnOf()` hands out (the
   * table's JSON text), its action read by `answerOf(action)`, with the
   * search's reason (`why`, `null` where it has none). */
  async searched(turnOf, answerOf) {
    let turn;
    try {
      turn = JSON.parse(turnOf());
    } catch (err) {
      throw refusal(err);
    }
    const decided = await this.computer.decide(this.game, this.options, turn);
    try {
      return { ...readJson(answerOf(decided.action)), why: decided.why ?? null };
    } catch (err) {
      throw refusal(err);
    }
  }

  /** What the game's own computer would play at your turn, searched by
   * the worker from your observation: `{index, label, player, why}`. */
  hint() {
    return this.searched(() => this.table.hintTurn(), (action) => this.table.hintAnswer(action));
  }

  /** Step `ply` of the finished game (replay.js): the server's review
   * once it stored the game, else this page's table. */
  async reviewStep(ply) {
    if (this.stored) return api('GET', `/api/games/${encodeURIComponent(this.stored.id)}/review/${ply}`);
    try {
      return await withData(this.module.bindings, this.game, () => readJson(this.table.reviewStep(ply)));
    } catch (err) {
      throw refusal(err);
    }
  }

  /** The computer's opinion of your move at step `ply` of the finished
   * game: the server's, or searched by the worker as a hint is. */
  async opinion(ply) {
    if (this.stored) return api('POST', `/api/games/${encodeURIComponent(this.stored.id)}/review/${ply}/opinion`, {});
    return this.searched(() => this.table.opinionTurn(ply), (action) => this.table.opinionAnswer(ply, action));
  }

  /** Takes back your last move at `ply`; answers the game before it. */
  async undo(ply) {
    try {
      this.table.undo(ply);
    } catch (err) {
      throw refusal(err);
    }
    this.persist();
    return this.answer();
  }

  /** The game is over: the server replays and stores it (or it waits in
   * this browser until the server can be reached). */
  async finish(answer) {
    // As text: a game's JSON may hold 64-bit words, which JavaScript's
    // numbers would round.
    const saved = this.table.saved();
    const ticket = sessionStorage.getItem(GAME_PREFIX + this.key + TICKET_SUFFIX);
    const forget = () => {
      sessionStorage.removeItem(GAME_PREFIX + this.key);
      sessionStorage.removeItem(GAME_PREFIX + this.key + TICKET_SUFFIX);
    };
    try {
      this.stored = await api('POST', savePath(ticket), saved, { raw: true });
      forget();
      return this.stored;
    } catch (err) {
      if (keepForLater(err)) {
        localStorage.setItem(UNSAVED_KEY, JSON.stringify([...unsaved(), { saved, ticket }]));
        forget();
        return { ...answer, unsaved: true };
      }
      return { ...answer, unsaved: err.message };
    }
  }

  dispose() {
    this.computer.dispose();
  }
}
