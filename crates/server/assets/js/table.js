// The page shell of every game: turns, the computers' pace, the live
// region, keyboard focus, errors, watched games (pause, skip) and the end
// of the game. It knows no game: what a game looks like is its renderer's
// business, a module `/assets/js/render/{game}.js` that exports
//
//   mount(root, shell) -> {
//     update(answer),                  // draws answer.view (required)
//     animate?(move, answer, wait),    // shows a computer's move being made;
//                                      // `await wait()` waits the pace (a key
//                                      // or a click skips it)
//     sentence?(move, answer),         // the words for a move
//     status?(answer),                 // the status line, when it says more
//     result?(answer),                 // nodes for the result box
//     focus?(),                        // where the keys go on the person's turn
//   }
//
// `answer` is the server's answer for the game (docs/web-api.md: the view
// of the person's observation, the legal moves, the moves as the person
// saw them). Each legal move is `{action, label}`: the action in the
// game's JSON form, which a renderer reads to know what the move does
// (`actionKind`, `actionArg` in common.js), and its text, which it shows.
// The renderer calls `shell.play(move)` with one of `answer.legal` when
// the person picks it (the shell sends its index, with the ply), or
// `shell.act(text)` for a move typed in the game's notation that the
// list does not hold (the very cards of a Dou Dizhu play). A game without
// a renderer is still playable: the shell lists every legal move as a
// button, labelled with its text (the list is there for keyboard users in
// every game too). Buttons carry the move's label as `data-action`, so
// the focus stays on the same move across a redraw. A renderer marks
// where the play happens (the trick, the board, the piles) with
// `data-region="centre"`, and the person's own cards or move controls
// with `data-region="hand"`: on a phone both must fit the screen together
// (the browser tests measure them).
//
// The page /table/{id} is one shell; the daily grid's and free play's
// pages mount one too (`mountTable`). The shell talks to a *transport*:
// the server's games API by default, or a game kept in the page
// (local.js: `/local/{key}`, free play without a round trip).

import {
  api, el, errorText, paceDelay, paceName, setPace, PACE_NAMES, pathId, markReady, ApiError, signed, renderer, isChance,
} from './common.js';
import { openLocal, flushUnsaved } from './local.js';
import { drawHelp, hint, undo } from './help.js';
import { openReview, reviewable } from './replay.js';

const $ = (id) => document.getElementById(id);

/**
 * Waits `ms`, or less: a click or a key press anywhere skips the wait
 * (except inside `ignore`, e.g. the pause button of a watched game). The
 * input that skips does nothing else.
 */
export function skippableWait(ms, ignore = null) {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      document.removeEventListener('pointerdown', onInput, true);
      document.removeEventListener('keydown', onInput, true);
      resolve();
    };
    const onInput = (e) => {
      if (ignore && ignore.contains(e.target)) return;
      if (e.type === 'keydown' && (e.ctrlKey || e.metaKey || e.altKey
        || ['Shift', 'Control', 'Alt', 'Meta', 'Tab'].includes(e.key))) return;
      // The wait ends in a microtask, before the board's own listeners
      // run, so a skipping Enter or click would otherwise play a move.
      if (e.type === 'keydown') {
        e.preventDefault();
        e.stopPropagation();
      } else {
        swallowNextClick();
      }
      done();
    };
    const timer = setTimeout(done, ms);
    document.addEventListener('pointerdown', onInput, true);
    document.addEventListener('keydown', onInput, true);
  });
}

/** Stops the click that follows a skipping pointerdown. */
function swallowNextClick() {
  const swallow = (e) => {
    e.stopPropagation();
    e.preventDefault();
    cleanup();
  };
  const cleanup = () => {
    clearTimeout(timer);
    document.removeEventListener('click', swallow, true);
  };
  document.addEventListener('click', swallow, true);
  const timer = setTimeout(cleanup, 1000); // no click came (e.g. a drag)
}

function wait(ms) {
  return new Promise((resolve) => { window.setTimeout(resolve, ms); });
}

/** The shell's elements, built inside `host` (one shell per page). */
function build(host) {
  const pause = el('button', { type: 'button', id: 'table-pause', class: 'btn secondary', 'aria-pressed': 'false' }, 'Pause');
  const skip = el('button', { type: 'button', id: 'table-skip', class: 'btn secondary' }, 'Skip to the end');
  host.replaceChildren(
    el('p', { id: 'table-seats', class: 'muted' }),
    el('p', { id: 'table-status', class: 'table-status' }),
    el('div', { id: 'table-watch', class: 'watch-controls', hidden: true }, pause, skip),
    el('p', { id: 'table-error', class: 'error', role: 'alert', hidden: true }),
    el('div', { id: 'table-board', class: 'table-board' }),
    // Free play's help: a hint at your turn, and undo.
    el('div', { id: 'table-help', class: 'table-help', hidden: true },
      el('button', { type: 'button', id: 'table-hint-button', class: 'btn secondary' }, 'Hint'),
      el('button', { type: 'button', id: 'table-undo', class: 'btn secondary' }, 'Undo'),
      el('p', { id: 'table-hint', class: 'table-hint', role: 'status' })),
    el('p', { id: 'table-live', class: 'moves-live', 'aria-live': 'polite', role: 'status' }),
    el('p', { class: 'table-pace field' },
      el('label', { for: 'table-pace' }, 'The computers’ pace'),
      el('select', { id: 'table-pace' }, ...Object.entries(PACE_NAMES).map(([v, words]) => el('option', { value: v }, words)))),
    el('section', { id: 'table-result', class: 'table-result result', tabindex: '-1', hidden: true, 'aria-labelledby': 'table-result-title' },
      el('h2', { id: 'table-result-title' }, 'Game over'),
      el('div', { id: 'table-result-text', class: 'verdict' }),
      el('div', { id: 'table-result-more' }),
      el('p', { id: 'table-result-links', class: 'result-links' }),
      el('div', { id: 'table-result-actions', class: 'result-actions' })),
    el('details', { id: 'table-legal-all', class: 'table-legal' },
      el('summary', {}, 'Every legal move (', el('span', { id: 'table-legal-count' }, '0'), ')'),
      el('div', { id: 'table-legal', class: 'legal-list' })),
    el('details', { class: 'table-log', open: true },
      el('summary', {}, 'Moves (', el('span', { id: 'table-move-count' }, '0'), ')'),
      // It scrolls: focusable, so that the keyboard scrolls it too.
      el('ol', { id: 'table-moves', class: 'move-log', tabindex: '0', 'aria-label': 'Moves so far' })),
  );
  return { pause, skip };
}

/** The server's games API as a transport: the shell's requests for the
 * stored game of the answer it shows. */
function serverTransport(shell) {
  const path = () => `/api/games/${encodeURIComponent(shell.answer.id)}`;
  return {
    // Only the moves the page has not got come back (`since`).
    send: (body) => api('POST', `${path()}/actions`, { ...body, since: shell.answer.moves.length }),
    refresh: () => api('GET', path()),
    hint: () => api('POST', `${path()}/hint`, {}),
    undo: (ply) => api('POST', `${path()}/undo`, { ply }),
    reviewStep: (ply) => api('GET', `${path()}/review/${ply}`),
    opinion: (ply) => api('POST', `${path()}/review/${ply}/opinion`, {}),
  };
}

export class Shell {
  /**
   * @param {Element} host  where the shell goes (its content is replaced)
   * @param {object} answer  the server's answer
   * @param {object} hooks  onAnswer(answer) after every answer shown;
   *   resultActions: nodes for the result box (e.g. a page's own buttons);
   *   transport: {send(body), refresh(), hint(), undo(ply),
   *   reviewStep(ply), opinion(ply)} when the game is not the server's
   *   (a local game)
   */
  constructor(host, answer, hooks = {}) {
    this.host = host;
    this.answer = answer;
    this.hooks = hooks;
    this.transport = hooks.transport ?? serverTransport(this);
    this.renderer = null;
    this.shownPly = 0;
    this.chanceRun = null; // the log's last entry while it is a run of chance moves: {moves, li}
    this.lastSeatMove = null; // the log's last entry while it is a seat's move: {move, li, joined}
    this.requesting = false;
    this.disposed = false;
    this.paused = false;
    this.skipping = false;
    this.resume = null;
    const { pause, skip } = build(host);
    this.controls = $('table-watch');
    pause.addEventListener('click', () => {
      this.paused = !this.paused;
      pause.textContent = this.paused ? 'Resume' : 'Pause';
      pause.setAttribute('aria-pressed', String(this.paused));
      if (!this.paused) this.resume?.();
      this.draw();
    });
    // The pace, as chosen (the account's, or this browser's for a guest).
    const pace = $('table-pace');
    paceName().then((p) => { pace.value = p; }).catch(() => {});
    pace.addEventListener('change', () => {
      setPace(pace.value).catch((err) => this.showError(err));
    });
    $('table-hint-button').addEventListener('click', () => hint(this));
    $('table-undo').addEventListener('click', () => undo(this));
    skip.addEventListener('click', () => {
      this.skipping = true;
      this.paused = false;
      this.resume?.();
      this.draw();
    });
  }

  /** Whether a request is in flight (renderers disable their moves). */
  get busy() {
    return this.requesting;
  }

  /** Whether computers play every seat. */
  get watching() {
    return this.answer.you === null || this.answer.you === undefined;
  }

  /** Stops this shell for good: a page that starts another game calls it. */
  dispose() {
    this.transport.dispose?.();
    this.disposed = true;
    this.skipping = true;
    this.resume?.();
  }

  setBusy(busy) {
    this.requesting = busy;
    document.body.dataset.busy = busy ? 'true' : 'false';
  }

  seatName(seat) {
    if (seat === null || seat === undefined) return 'Chance';
    const s = this.answer.seats[seat];
    if (!s) return `Seat ${seat + 1}`;
    return s.human ? `You (${s.name})` : `${s.name} (${s.title ?? s.player})`;
  }

  /** Says a sentence in the live region (each its own node: what is added is read). */
  say(text) {
    $('table-live').append(el('span', {}, `${text} `));
  }

  showError(err) {
    const box = $('table-error');
    if (!err) {
      box.hidden = true;
      box.textContent = '';
      return;
    }
    box.textContent = errorText(err);
    box.hidden = false;
  }

  /** Plays one of the person's legal moves: an entry of `answer.legal`,
   * sent as its index in that list (with the ply the list belongs to). */
  async play(move) {
    const choice = this.answer.legal.indexOf(move);
    if (choice < 0) return;
    await this.sendMove({ choice });
  }

  /** Plays a move typed in the game's notation (one the legal list does
   * not hold as such, e.g. the very cards of a play). */
  async act(text) {
    await this.sendMove({ action: text });
  }

  async sendMove(move) {
    if (this.requesting || this.disposed || !this.answer.your_turn) return;
    this.showError(null);
    this.failed = false;
    await this.send({ ...move, ply: this.answer.ply });
  }

  async send(body) {
    this.setBusy(true);
    this.draw();
    try {
      const next = await this.transport.send(body);
      this.failed = false;
      if (!this.disposed) await this.show(next);
    } catch (err) {
      this.failed = true;
      this.showError(err);
      // A stale position (another tab, a retry): show the game as it is.
      if (err instanceof ApiError && err.status === 409 && !this.disposed) {
        try {
          await this.show(await this.transport.refresh());
        } catch (again) {
          this.showError(again);
        }
      }
    } finally {
      this.setBusy(false);
    }
    if (this.disposed) return;
    // Drawn again now that no request is in flight: the moves take clicks.
    this.draw();
    this.continueComputers();
  }

  /** The pace of the computers' moves, in milliseconds (0 when skipping). */
  async delay() {
    return this.skipping ? 0 : paceDelay();
  }

  /** Waits the pace before a computer's move: skippable, held while paused. */
  async paceWait(ms) {
    if (this.skipping || this.disposed) return;
    await skippableWait(ms, this.controls);
    while (this.paused && !this.skipping && !this.disposed) {
      await new Promise((resolve) => { this.resume = resolve; });
    }
  }

  /** Takes a new answer: shows the moves the page has not shown yet (a
   * computer's at the account's pace), then draws it. */
  async show(next, paced = true) {
    // An answer with `moves_from` carries the moves from that ply on: the
    // ones before are the page's already.
    if (next.moves_from !== undefined) {
      next = { ...next, moves: [...this.answer.moves.slice(0, next.moves_from), ...next.moves] };
      delete next.moves_from;
    }
    const fresh = next.moves.slice(this.shownPly);
    const delay = paced ? await this.delay() : 0;
    this.answer = next;
    if (fresh.length && paced) $('table-live').replaceChildren();
    for (const [i, move] of fresh.entries()) {
      if (this.disposed) return;
      const chance = isChance(move);
      const byComputer = !chance && !next.seats[move.seat]?.human;
      const pace = byComputer && paced && delay > 0;
      if (pace && this.renderer?.animate) {
        this.animating = true;
        this.drawStatus();
        await this.renderer.animate(move, next, () => this.paceWait(delay));
        this.animating = false;
      }
      this.logMove(move);
      // Chance is said by its notes only (the deal is not read card by card).
      if (paced && (!chance || move.note)) this.say(chance ? `Chance: ${move.note}` : this.moveSentence(move));
      if (pace && !this.renderer?.animate && i < fresh.length - 1) await this.paceWait(delay / 2);
    }
    this.shownPly = next.moves.length;
    this.draw();
    this.hooks.onAnswer?.(next);
  }

  moveSentence(move) {
    const own = this.renderer?.sentence?.(move, this.answer);
    if (own) return own;
    const who = this.seatName(move.seat);
    return `${who}: ${move.text}${move.note ? `. ${move.note}` : ''}`;
  }

  logMove(move) {
    const list = $('table-moves');
    const last = this.lastSeatMove;
    if (isChance(move)) {
      // A lone chance step right after a seat's move is what that move
      // did (the card a draw from the stock gave): it joins that move's
      // entry. A second step in a row makes them a run after all.
      if (!this.chanceRun && last && !last.joined && last.move.ply === move.ply - 1) {
        last.joined = move;
        last.li.dataset.joined = 'true';
        last.li.textContent = `${this.moveSentence(last.move)} · ${move.note ?? move.text}`;
        $('table-move-count').textContent = String(move.ply + 1);
        return;
      }
      // A run of chance moves (a deal, say) is one entry: what it holds,
      // counted, or the game's own words for it where its moves carry
      // notes. Fifty-two lines per hand told nobody anything.
      if (!this.chanceRun) {
        const first = last?.joined ? [last.joined] : [];
        if (last?.joined) {
          last.li.textContent = this.moveSentence(last.move);
          delete last.li.dataset.joined;
        }
        this.lastSeatMove = null;
        const ply = first[0]?.ply ?? move.ply;
        this.chanceRun = { moves: first, li: el('li', { dataset: { ply: String(ply), chance: 'true' } }) };
        list.append(this.chanceRun.li);
      }
      const { moves, li } = this.chanceRun;
      moves.push(move);
      li.dataset.plies = String(moves.length);
      li.textContent = chanceText(moves);
    } else {
      this.chanceRun = null;
      const li = el('li', { dataset: { ply: String(move.ply) } }, this.moveSentence(move));
      list.append(li);
      this.lastSeatMove = { move, li, joined: null };
    }
    $('table-move-count').textContent = String(move.ply + 1);
  }

  drawStatus() {
    const a = this.answer;
    let status = this.renderer?.status?.(a, { animating: this.animating, paused: this.paused });
    if (!status) {
      if (a.over) status = 'The game is over.';
      else if (this.paused) status = 'Paused.';
      else if (a.your_turn) status = 'Your move.';
      else if (a.pending) status = this.watching ? 'The computers are playing.' : 'The computer is thinking…';
      else status = 'Waiting.';
    }
    $('table-status').textContent = status;
  }

  draw() {
    if (this.disposed) return;
    const a = this.answer;
    $('table-seats').textContent = a.seats
      .map((s, i) => `${s.name}: ${s.human ? 'you' : s.title ?? s.player}${a.to_act === i && !a.over ? ' (to play)' : ''}`)
      .join(' · ');
    this.drawStatus();
    this.controls.hidden = !this.watching || a.over;
    // Keep the keyboard where it was across a redraw: on the same move (or
    // control) if it is still there, else on the board when it is the
    // person's turn and the focus fell to the page.
    const focused = document.activeElement;
    const action = focused?.dataset?.action;
    const id = focused?.id;
    // A review in progress draws its step, not the end.
    this.renderer?.update(this.review?.answer ?? a);
    this.drawControls();
    drawHelp(this);
    this.drawResult();
    let target = null;
    if (action) target = this.host.querySelector(`[data-action="${CSS.escape(action)}"]:not([disabled])`);
    else if (id && id !== 'main') target = document.getElementById(id);
    const lost = !document.activeElement || document.activeElement === document.body
      || !document.contains(document.activeElement);
    if (!target && a.your_turn && lost) {
      if (this.renderer?.focus) {
        this.renderer.focus();
        return;
      }
      // A game drawn by the list alone: its first move.
      target = $('table-board').querySelector('button[data-action]:not([disabled])')
        ?? $('table-legal').querySelector('button[data-action]:not([disabled])');
    }
    if (target && target !== document.activeElement) target.focus({ preventScroll: true });
  }

  /** The list of every legal move, as buttons. */
  drawControls() {
    const a = this.answer;
    const list = $('table-legal');
    const legal = a.your_turn ? a.legal : [];
    $('table-legal-count').textContent = String(legal.length);
    list.replaceChildren(...legal.map((move) => el('button', {
      type: 'button',
      class: 'legal-move',
      disabled: this.requesting,
      dataset: { action: move.label },
      onclick: () => this.play(move),
    }, move.label)));
  }

  /** The verdict, the game's own details, a daily grid's points, links. */
  drawResult() {
    const a = this.answer;
    const box = $('table-result');
    box.hidden = !a.over;
    if (!a.over || !a.result || box.dataset.announced) return;
    const winners = a.result.winners.map((s) => this.seatName(s));
    const scores = a.result.scores
      ? ` Points: ${a.seats.map((s, i) => `${s.name} ${a.result.scores[i]}`).join(', ')}.`
      : '';
    const rounds = a.result.rounds ? ` ${a.result.rounds} round${a.result.rounds === 1 ? '' : 's'}.` : '';
    const youWon = a.you !== null && a.result.winners.includes(a.you);
    const verdict = a.result.winners.length === a.seats.length
      ? 'A draw.'
      : `${a.you === null ? 'Won by' : youWon ? 'You win! Won by' : 'You lose. Won by'} ${winners.join(' and ')}.`;
    $('table-result-text').textContent = `${verdict}${scores}${rounds}`;
    const more = [...(this.renderer?.result?.(a) ?? [])];
    if (a.result.points !== null && a.result.points !== undefined) {
      more.push(el('p', { class: 'points-line' }, 'Leaderboard points: ',
        el('span', { id: 'points' }, String(a.result.points)),
        a.result.margin < 0 ? ' (a defeat takes nothing away).' : '.'));
    } else if (a.date) {
      more.push(el('p', { class: 'muted' }, a.restarted
        ? 'This day was restarted, so it no longer counts for the leaderboard (it counts in your statistics).'
        : 'This game does not count for the leaderboard: only an account’s first game of a day, played on that day, does.'));
    }
    if (a.verified === false) {
      more.push(el('p', { id: 'table-unverified', class: 'muted' },
        'Played in this browser: the server checked every move and deal, but not the computers’ choices, so this game is stored unverified and counts nowhere.'));
    }
    if (a.unsaved === true) {
      more.push(el('p', { id: 'table-unsaved', class: 'muted' },
        'The server cannot be reached: this game is kept in this browser and stored when it can be.'));
    } else if (typeof a.unsaved === 'string') {
      more.push(el('p', { id: 'table-unsaved', class: 'error' }, `The server did not store this game: ${a.unsaved}`));
    }
    $('table-result-more').replaceChildren(...more);
    const links = [];
    if (reviewable(this)) {
      links.push(el('button', {
        type: 'button', id: 'table-review-start', class: 'btn secondary', onclick: () => openReview(this),
      }, 'Step through the game'));
    }
    if (a.reviewable) links.push(el('a', { href: `/review/${encodeURIComponent(a.id)}`, id: 'review-link' }, 'Review this game'));
    if (a.date) links.push(el('a', { href: `/leaderboard?date=${encodeURIComponent(a.date)}`, id: 'leaderboard-link' }, 'See the leaderboard'));
    // Where the game was begun: the day's page, free play, or the new-game form.
    const again = a.date ? `/daily/${encodeURIComponent(a.date)}`
      : a.kind === 'free' ? '/play' : `/new/${encodeURIComponent(a.game)}`;
    if (!this.hooks.resultActions) links.push(el('a', { id: 'table-again', class: 'button', href: again }, 'Play again'));
    $('table-result-links').replaceChildren(...links);
    $('table-result-actions').replaceChildren(...(this.hooks.resultActions ?? []));
    box.dataset.announced = 'true';
    this.say(`Game over. ${verdict}${a.result.margin !== undefined ? ` Margin ${signed(a.result.margin)}.` : ''}`);
  }

  /** Lets the computers move while the game waits for them (a watched
   * game, or a move the deadline cut): one request after another, at the
   * account's pace, until the person must act, the game ends, or a request
   * fails (its error stays on the page). */
  async continueComputers() {
    if (this.stepping) return;
    this.stepping = true;
    try {
      while (!this.disposed && !this.answer.over && this.answer.pending && !this.failed) {
        if (!this.renderer?.animate) await this.paceWait(await this.delay());
        else if (this.paused) await this.paceWait(0);
        if (this.requesting || this.disposed) continue;
        await this.send({ ply: this.answer.ply });
      }
    } finally {
      this.stepping = false;
    }
  }
}

/** A run of chance moves in one line: the notes the game gave its moves
 * (its words: "You are dealt …"), else each distinct move with its count
 * ("a card dealt ×39"). */
function chanceText(moves) {
  const notes = moves.map((m) => m.note).filter(Boolean);
  const counts = new Map();
  for (const m of moves) counts.set(m.text, (counts.get(m.text) ?? 0) + 1);
  const listed = [...counts].map(([text, n]) => (n > 1 ? `${text} ×${n}` : text)).join(', ');
  const what = moves.length > 1 ? `Chance, ${moves.length} moves` : 'Chance';
  return notes.length ? `${what}: ${notes.join(' ')}` : `${what}: ${listed}`;
}

/** Loads the game's renderer; `null` when the game has none. */
const loadRenderer = renderer;

/** Mounts a shell for `answer` in `host`, its renderer loaded, and lets
 * the computers move if the game waits for them. */
export async function mountTable(host, answer, hooks = {}) {
  const module = await loadRenderer(answer.game);
  const shell = new Shell(host, answer, hooks);
  if (module) {
    shell.renderer = module.mount($('table-board'), shell);
  } else {
    $('table-legal-all').open = true;
  }
  await shell.show(answer, false);
  shell.continueComputers();
  return shell;
}

async function tablePage() {
  try {
    flushUnsaved().catch(() => {});
    const local = location.pathname.startsWith('/local/') ? await openLocal(pathId()) : undefined;
    if (local === null) {
      throw new ApiError('This game was played in another tab or window, or it is over: start a new one from the games page.', 410);
    }
    const answer = local ? await local.answer() : await api('GET', `/api/games/${encodeURIComponent(pathId())}`);
    const title = (a) => {
      const text = a.title + (a.you === null ? ' (watching)' : '') + (a.date ? `, daily grid of ${a.date}` : '');
      $('table-title').textContent = text;
      document.title = `${text} · Tabula`;
    };
    title(answer);
    $('table-rules').href = `/rules/${encodeURIComponent(answer.game)}`;
    $('table-rules').textContent = `The rules of ${answer.title}`;
    $('table-links').hidden = false;
    const shell = await mountTable($('table'), answer, { onAnswer: title, transport: local });
    // A finished game opened from the person's games at its review.
    if (location.hash === '#review' && reviewable(shell)) await openReview(shell);
  } catch (err) {
    $('table-page-error').textContent = err.status === 404
      ? 'There is no such game, or it is not yours (games belong to the session or the account that began them).'
      : errorText(err);
    $('table-page-error').hidden = false;
  }
  await markReady();
}

if (document.body?.dataset.page === 'table') tablePage();
