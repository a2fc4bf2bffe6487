// Plays a game view from the API on a page: draws it, sends the human's
// moves, replays the computer's answers at the account's pace, announces
// every move and shows the result. The server owns the game: every state
// drawn here is either a view it sent or a prefix of that view's moves.
//
// Long file: the one page controller of the two games the web app plays
// today (board, moves, pace, live region, review link); it becomes the
// game-generic page shell plus a renderer per game when the server plays
// every game of the registry.
//
// This module is also the script of the `game` page (/games/{id}), which
// shares its name: that part runs only on that page (see the end).

import {
  api, el, errorText, paceDelay, parseCell, cellName, playerLabel, signed,
  pathId, longDate, markReady,
} from './common.js';
import { DiagonalBoard, centralCross } from './diagonal-board.js';

// ------------------------------------------------------------------ helpers

/** The board after the first `count` moves of a view (games start empty). */
export function replayMoves(view, count) {
  const n = view.size;
  const taken = Array.from({ length: n }, () => Array(n).fill(null));
  const scores = [0, 0];
  let token = null;
  for (const m of view.moves.slice(0, count)) {
    const { row, col } = parseCell(m.cell);
    taken[row][col] = m.seat;
    scores[m.seat] += m.value;
    token = m.cell;
  }
  return { taken, scores, token };
}

/**
 * Walls: the first taken cell on each of the token's four rays (the view
 * only carries them for its final state; replayed states need them too).
 */
export function stoppersOf(taken, token) {
  if (!token) return [];
  const n = taken.length;
  const { row, col } = parseCell(token);
  const out = [];
  for (const [dr, dc] of [[0, -1], [0, 1], [-1, 0], [1, 0]]) {
    for (let r = row + dr, c = col + dc; r >= 0 && c >= 0 && r < n && c < n; r += dr, c += dc) {
      if (taken[r][c] !== null) {
        out.push(cellName(r, c));
        break;
      }
    }
  }
  return out;
}

/**
 * Waits `ms`, or less: a click or a key press anywhere skips the wait
 * (except inside `ignore`, e.g. the pause button of a replay).
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
      // The input that skips does nothing else: the game is ready for the
      // next move as soon as the wait ends (in a microtask, before the
      // board's own listeners run), so a skipping Enter or click would
      // otherwise play a cell at once.
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

const END_WORDS = {
  grid_empty: 'The grid is empty.',
  blocked: 'A side could not move, which ends the game (Walls).',
  target_exceeded: 'A score went over the target, which loses at once.',
};

// ------------------------------------------------------ Jamais en diagonale

/**
 * A Jamais en diagonale game on the page.
 *
 *   const game = new DiagonalGame(host, { onOver(view) {…} });
 *   await game.show(view);   // resume, show a finished game, or replay a watched one
 *
 * Hooks for tests: #board[data-busy] while a request or an animation runs,
 * cells [data-cell][data-legal], #score-you, #score-computer, #moves-live,
 * #move-error, #result (with #margin and, when ranked, #points).
 */
export class DiagonalGame {
  constructor(host, options = {}) {
    this.host = host;
    this.onOver = options.onOver ?? null;
    this.onView = options.onView ?? null;
    this.view = null;
    this.board = null;
    this.busy = false;
    this.stopReplay = false;
    this.build();
  }

  build() {
    this.scoreYou = el('strong', { id: 'score-you', class: 'score-value' }, '0');
    this.scoreComputer = el('strong', { id: 'score-computer', class: 'score-value' }, '0');
    this.who = [el('span', { class: 'who' }, 'You'), el('span', { class: 'who' }, 'Computer')];
    this.turn = el('p', { id: 'turn', class: 'turn' });
    this.variant = el('p', { class: 'variant-note', hidden: true });
    this.boardHost = el('div', { class: 'board-wrap' });
    this.error = el('p', { id: 'move-error', class: 'error', role: 'alert', hidden: true });
    this.live = el('p', { id: 'moves-live', class: 'moves-live', 'aria-live': 'polite' });
    this.pauseButton = el('button', { type: 'button', id: 'watch-pause', class: 'btn secondary' }, 'Pause');
    this.skipButton = el('button', { type: 'button', id: 'watch-skip', class: 'btn secondary' }, 'Skip to the end');
    this.controls = el('div', { class: 'watch-controls', hidden: true }, this.pauseButton, this.skipButton);
    this.result = el('div', { id: 'result', class: 'result', hidden: true, tabindex: '-1' });
    this.moveList = el('ol', { class: 'move-list' });
    this.moveCount = el('span', {}, '0');
    this.legend = el('ul', { class: 'legend', 'aria-label': 'Legend' });
    this.host.replaceChildren(el('section', { class: 'game', 'aria-label': 'Game' },
      el('div', { class: 'scorebar' },
        el('div', { class: 'score seat-0' }, el('span', { class: 'swatch', 'aria-hidden': 'true' }), this.who[0], ' ', this.scoreYou),
        el('div', { class: 'score seat-1' }, el('span', { class: 'swatch', 'aria-hidden': 'true' }), this.who[1], ' ', this.scoreComputer)),
      this.turn,
      this.variant,
      this.boardHost,
      this.controls,
      this.error,
      this.live,
      this.result,
      this.legend,
      el('details', { class: 'moves' }, el('summary', {}, 'Moves (', this.moveCount, ')'), this.moveList)));
  }

  get watching() {
    return this.view?.kind === 'watch';
  }

  /** Whose names the page uses: "you" and "the computer", or two computers. */
  names() {
    const players = this.view.players ?? ['you', 'computer'];
    if (this.watching) {
      return {
        who: [`A · ${playerLabel(players[0])}`, `B · ${playerLabel(players[1])}`],
        short: ['A', 'B'],
        full: ['A', 'B'],
        subject: ['A', 'B'],
      };
    }
    return {
      who: ['You', `Computer · ${playerLabel(players[1])}`],
      short: ['you', 'cpu'],
      full: ['you', 'the computer'],
      subject: ['You', 'The computer'],
    };
  }

  /** Shows a view: a game to continue, a finished one, or a watched one to replay. */
  async show(view) {
    this.view = view;
    const names = this.names();
    names.who.forEach((w, i) => { this.who[i].textContent = w; });
    // A fresh board when the size or the kind of play changes (a watched
    // game's board takes no moves).
    if (!this.board || this.board.size !== view.size || this.boardWatching !== this.watching) {
      this.boardWatching = this.watching;
      this.board = new DiagonalBoard(this.boardHost, {
        size: view.size,
        owners: names.short,
        ownerNames: names.full,
        onChoose: this.watching ? null : (cell) => this.play(cell),
        label: this.watching
          ? `Board, ${view.size} by ${view.size}`
          : `Board, ${view.size} by ${view.size}. Arrow keys move over the cells, Enter plays the cell.`,
      });
    }
    this.drawLegend(names);
    const notes = [];
    if (view.walls) notes.push('Walls: the token stops before taken cells; a side that cannot move ends the game.');
    if (view.target !== null && view.target !== undefined) {
      notes.push(`Target ${view.target}: the first score over it loses; otherwise the closest wins.`);
    }
    this.variant.textContent = notes.join(' ');
    this.variant.hidden = notes.length === 0;
    this.live.replaceChildren();
    this.hideError();
    this.result.hidden = true;
    this.result.replaceChildren();
    this.rebuildMoveList(view.moves.length);
    if (this.watching) {
      await this.replay();
      return;
    }
    this.drawView();
    if (view.over) this.showResult();
    else if (view.moves.length === 0) this.say('Your turn: the first move goes anywhere on the central cross.');
    else this.say(`Resumed. ${this.scoreSentence(view.scores)}`);
  }

  drawLegend(names) {
    const item = (key, text) => el('li', {}, el('span', { class: `key ${key}`, 'aria-hidden': 'true' }), text);
    this.legend.replaceChildren(
      this.watching ? item('key-reach-0', 'A’s reach') : item('key-legal', 'in your reach (→ your total)'),
      item('key-reach', this.watching ? 'B’s reach' : 'the computer’s reach'),
      item('key-trap', 'trap (negative)'),
      item('key-you', `eaten by ${names.full[0]}`),
      item('key-cpu', `eaten by ${names.full[1]}`),
      item('key-token', 'token; its row and column to follow'),
    );
  }

  /** Draws the view's own (latest) state. */
  drawView() {
    const v = this.view;
    const humanTurn = !this.watching && !v.over && v.to_move === 0;
    const last = v.moves[v.moves.length - 1];
    // After a pass the player may go anywhere: no row or column to follow.
    const passed = last && humanTurn && last.seat === 0;
    this.board.render({
      cells: v.cells,
      taken: v.taken,
      token: v.token,
      legal: humanTurn ? v.legal : null,
      target: v.target,
      walls: v.walls,
      stoppers: v.walls ? v.stoppers : [],
      follow: v.moves.length === 0 ? centralCross(v.size) : (passed || v.over ? [] : undefined),
      over: v.over,
    });
    if (humanTurn && v.legal.length) this.board.placeCursorIfLost(v.legal.map((l) => l.cell));
    this.setScores(v.scores);
    this.turn.textContent = v.over ? 'Game over.'
      : humanTurn ? 'Your turn: choose a lit cell (the number after → is the total it gives you).'
        : 'The computer is playing…';
  }

  /** Draws the state after `count` moves, optionally lighting the next move's reach. */
  drawFrame(count, next = null) {
    const v = this.view;
    const s = replayMoves(v, count);
    this.board.render({
      cells: v.cells,
      taken: s.taken,
      token: s.token,
      legal: null,
      reach: next ? next.reach : null,
      reachSeat: next ? next.seat : null,
      walls: v.walls,
      stoppers: v.walls ? stoppersOf(s.taken, s.token) : [],
      follow: count === 0 ? centralCross(v.size) : (next?.after_pass ? [] : undefined),
    });
    this.setScores(s.scores);
  }

  setScores(scores) {
    this.scoreYou.textContent = String(scores[0]);
    this.scoreComputer.textContent = String(scores[1]);
  }

  setBusy(busy) {
    this.busy = busy;
    this.board?.setBusy(busy);
    this.host.toggleAttribute('aria-busy', busy);
  }

  say(text) {
    // Each sentence is its own node: a live region reads what is added.
    this.live.append(el('span', {}, `${text} `));
  }

  showError(text) {
    this.error.textContent = text;
    this.error.hidden = false;
  }

  hideError() {
    this.error.hidden = true;
    this.error.textContent = '';
  }

  scoreSentence(scores) {
    return this.watching
      ? `A ${scores[0]}, B ${scores[1]}.`
      : `You ${scores[0]}, computer ${scores[1]}.`;
  }

  moveSentence(m, scores) {
    const subject = !this.watching && m.seat === 0 ? 'You take' : `${this.names().subject[m.seat]} takes`;
    return `${subject} ${m.cell} (${m.value}). ${this.scoreSentence(scores)}`;
  }

  passSentence(passer) {
    if (this.watching) {
      const n = ['A', 'B'];
      return `${n[passer]} cannot move: it passes. ${n[1 - passer]} plays again.`;
    }
    return passer === 0
      ? 'You cannot move: you pass. The computer plays again.'
      : 'The computer cannot move: it passes. Play again, on any free cell.';
  }

  rebuildMoveList(count) {
    const names = this.names().short;
    this.moveList.replaceChildren(...this.view.moves.slice(0, count).map((m) => el('li', {},
      `${names[m.seat]} ${m.cell} (${m.value})${m.after_pass ? ' after a pass' : ''}`)));
    this.moveCount.textContent = String(count);
  }

  /** Sends the human's move; animates the computer's answer. */
  async play(cell) {
    const v = this.view;
    if (this.busy || !v || v.over || v.to_move !== 0 || this.watching) return;
    this.setBusy(true);
    this.hideError();
    this.board.setPending(cell);
    let next;
    try {
      next = await api('POST', `/api/games/${encodeURIComponent(v.id)}/actions`, { action: cell });
    } catch (err) {
      // The server's reason (422: illegal move); nothing changed.
      this.board.setPending(null);
      this.showError(errorText(err));
      this.setBusy(false);
      return;
    }
    this.board.setPending(null);
    this.live.replaceChildren();
    const from = v.moves.length;
    this.view = next;
    await this.animate(from, next.moves.length);
    this.drawView();
    this.rebuildMoveList(next.moves.length);
    const last = next.moves[next.moves.length - 1];
    if (!next.over && next.to_move === 0 && last?.seat === 0 && next.moves.length > from) {
      this.say(this.passSentence(1));
    }
    this.setBusy(false);
    this.onView?.(next);
    if (next.over) this.showResult();
  }

  /**
   * Shows moves [from, to) one by one: the human's at once, the computer's
   * after lighting its reach in pink for the pace's delay.
   */
  async animate(from, to, ignore = null) {
    const delay = await paceDelay();
    for (let k = from; k < to; k++) {
      const m = this.view.moves[k];
      const prev = this.view.moves[k - 1];
      const computer = this.watching || m.seat === 1;
      if (computer) {
        if (m.after_pass && (this.watching || prev?.seat === m.seat)) this.say(this.passSentence(1 - m.seat));
        this.drawFrame(k, m);
        this.turn.textContent = this.watching ? `Move ${k + 1} of ${this.view.moves.length}: ${this.names().subject[m.seat]} to play…`
          : 'The computer is playing… (click or press a key to skip)';
        await skippableWait(delay, ignore);
      }
      this.drawFrame(k + 1);
      this.rebuildMoveList(k + 1);
      this.say(this.moveSentence(m, replayMoves(this.view, k + 1).scores));
      if (this.stopReplay) return;
    }
  }

  /** Replays a watched game from the start, with pause and skip. */
  async replay() {
    const v = this.view;
    this.controls.hidden = false;
    this.stopReplay = false;
    let paused = false;
    let resume = null;
    this.pauseButton.onclick = () => {
      paused = !paused;
      this.pauseButton.textContent = paused ? 'Resume' : 'Pause';
      this.pauseButton.setAttribute('aria-pressed', String(paused));
      if (!paused) resume?.();
    };
    this.skipButton.onclick = () => {
      this.stopReplay = true;
      if (paused) resume?.();
    };
    this.setBusy(true);
    this.drawFrame(0);
    const delay = await paceDelay();
    for (let k = 0; k < v.moves.length && !this.stopReplay; k++) {
      while (paused && !this.stopReplay) {
        this.turn.textContent = `Paused after move ${k} of ${v.moves.length}.`;
        await new Promise((r) => { resume = r; });
      }
      if (this.stopReplay) break;
      await this.animate(k, k + 1, this.controls);
      if (k + 1 < v.moves.length && !this.stopReplay) await skippableWait(delay / 2, this.controls);
    }
    this.controls.hidden = true;
    this.drawView();
    this.rebuildMoveList(v.moves.length);
    this.setBusy(false);
    this.showResult();
  }

  /** The result box: who won, the margin, the points of a ranked day. */
  showResult() {
    const v = this.view;
    const r = v.result;
    if (!r) return;
    const names = this.names();
    const scores = r.scores ?? v.scores;
    const verdict = r.winner === null || r.winner === undefined ? 'Draw.'
      : this.watching ? `${names.who[r.winner]} wins.`
        : r.winner === 0 ? 'You win!' : 'The computer wins.';
    const parts = [
      el('h2', {}, 'Game over'),
      el('p', { class: 'verdict' }, verdict),
      el('p', {}, 'Margin ', el('strong', { id: 'margin' }, signed(r.margin)),
        ` (${scores[0]} to ${scores[1]}${this.watching ? ', A minus B' : ''}).`),
    ];
    if (r.points !== null && r.points !== undefined) {
      parts.push(el('p', { class: 'points-line' }, 'Leaderboard points: ',
        el('span', { id: 'points' }, String(r.points)),
        r.margin < 0 ? ' (a defeat takes nothing away).' : '.'));
    } else if (v.kind === 'daily') {
      parts.push(el('p', { class: 'muted' }, v.restarted
        ? 'This day was restarted, so it no longer counts for the leaderboard (it counts in your statistics).'
        : 'This game does not count for the leaderboard: only an account’s first game of a day, played on that day, does.'));
    }
    if (r.end === 'target_exceeded' && r.winner !== null && r.winner !== undefined) {
      const loser = 1 - r.winner;
      const who = this.watching ? names.short[loser] : loser === 0 ? 'Your score' : 'The computer’s score';
      parts.push(el('p', { class: 'muted' }, `${who} went over the target of ${v.target} (${scores[loser]}), which loses at once.`));
    } else if (END_WORDS[r.end]) {
      parts.push(el('p', { class: 'muted' }, END_WORDS[r.end]));
    }
    if (v.target !== null && v.target !== undefined && r.end !== 'target_exceeded') {
      parts.push(el('p', { class: 'muted' }, `Target ${v.target}: the score closest to it wins.`));
    }
    const links = el('p', { class: 'result-links' });
    if (!this.watching) links.append(el('a', { href: `/review/${encodeURIComponent(v.id)}`, id: 'review-link' }, 'Review this game'));
    if (v.kind === 'daily') {
      links.append(el('a', { href: `/leaderboard?date=${encodeURIComponent(v.date)}`, id: 'leaderboard-link' }, 'See the leaderboard'));
    }
    parts.push(links);
    this.resultActions = el('div', { class: 'result-actions' });
    parts.push(this.resultActions);
    this.result.replaceChildren(...parts);
    this.result.hidden = false;
    this.say(`Game over. ${verdict} Margin ${signed(r.margin)}.`);
    this.onOver?.(v, this.resultActions);
  }
}

// ------------------------------------------------------------- tic-tac-toe

/** The nine squares after the first `count` moves (X moves first). */
export function tttBoard(moves, count = moves.length) {
  const squares = Array(9).fill('.');
  moves.slice(0, count).forEach((cell, i) => {
    const { row, col } = parseCell(cell);
    squares[row * 3 + col] = i % 2 === 0 ? 'x' : 'o';
  });
  return squares.join('');
}

/**
 * Tic-tac-toe against the perfect computer (the human is X). Squares are
 * buttons `[data-cell="b2"]`, free ones `[data-legal="true"]` on the
 * human's turn; #board[data-busy] while waiting.
 */
export class TicTacToeGame {
  constructor(host, options = {}) {
    this.host = host;
    this.onView = options.onView ?? null;
    this.view = null;
    this.busy = false;
    this.turn = el('p', { id: 'turn', class: 'turn' });
    this.grid = el('div', { class: 'ttt', id: 'board', role: 'group', 'aria-label': 'Tic-tac-toe board' });
    this.squares = [];
    for (let i = 0; i < 9; i++) {
      const cell = cellName(Math.floor(i / 3), i % 3);
      const b = el('button', { type: 'button', class: 'ttt-square', 'data-cell': cell, 'data-square': i });
      b.addEventListener('click', () => this.play(cell));
      this.squares.push(b);
      this.grid.append(b);
    }
    this.error = el('p', { id: 'move-error', class: 'error', role: 'alert', hidden: true });
    this.live = el('p', { id: 'moves-live', class: 'moves-live', 'aria-live': 'polite' });
    this.result = el('div', { id: 'result', class: 'result', hidden: true });
    host.replaceChildren(el('section', { class: 'game ttt-game', 'aria-label': 'Tic-tac-toe' },
      this.turn, this.grid, this.error, this.live, this.result));
  }

  async show(view) {
    this.view = view;
    this.draw(view.board, !view.over && view.to_move === 0);
    if (view.over) this.showResult();
  }

  draw(board, humanTurn) {
    board.split('').forEach((mark, i) => {
      const b = this.squares[i];
      const legal = humanTurn && mark === '.';
      b.textContent = mark === '.' ? '' : mark.toUpperCase();
      b.className = `ttt-square${mark === '.' ? '' : ` mark-${mark}`}${legal ? ' legal' : ''}`;
      if (legal) b.dataset.legal = 'true';
      else delete b.dataset.legal;
      b.setAttribute('aria-label', `${b.dataset.cell}, ${mark === '.' ? 'empty' : mark.toUpperCase()}`);
    });
    this.turn.textContent = this.view.over ? 'Game over.' : humanTurn ? 'Your turn (you are X).' : 'The computer (O) is playing…';
  }

  setBusy(busy) {
    this.busy = busy;
    if (busy) this.grid.dataset.busy = 'true';
    else delete this.grid.dataset.busy;
  }

  async play(cell) {
    const v = this.view;
    if (this.busy || !v || v.over || v.to_move !== 0) return;
    this.setBusy(true);
    this.error.hidden = true;
    let next;
    try {
      next = await api('POST', `/api/games/${encodeURIComponent(v.id)}/actions`, { action: cell });
    } catch (err) {
      this.error.textContent = errorText(err);
      this.error.hidden = false;
      this.setBusy(false);
      return;
    }
    const from = v.moves.length;
    this.view = next;
    this.live.replaceChildren();
    const delay = await paceDelay();
    for (let k = from; k < next.moves.length; k++) {
      if (k % 2 === 1) await skippableWait(delay / 2);
      this.draw(tttBoard(next.moves, k + 1), false);
      const who = k % 2 === 0 ? 'You play' : 'The computer plays';
      this.live.append(el('span', {}, `${who} ${next.moves[k]}. `));
    }
    this.draw(next.board, !next.over && next.to_move === 0);
    this.setBusy(false);
    this.onView?.(next);
    if (next.over) this.showResult();
  }

  showResult() {
    const w = this.view.result?.winner;
    const verdict = w === 0 ? 'You win!' : w === 1 ? 'The computer wins.' : 'Draw: perfect play from both sides ends this way.';
    this.result.replaceChildren(el('h2', {}, 'Game over'), el('p', { class: 'verdict' }, verdict));
    this.result.hidden = false;
    this.live.append(el('span', {}, `Game over. ${verdict}`));
  }
}

// ------------------------------------------------- the page /games/{id}

async function gamePage() {
  const id = pathId();
  const host = document.getElementById('game');
  const title = document.getElementById('game-title');
  const info = document.getElementById('game-info');
  const links = document.getElementById('game-links');
  const view = await api('GET', `/api/games/${encodeURIComponent(id)}`);
  // A game of every registered game has its page on the shell.
  if (Array.isArray(view.seats)) {
    location.replace(`/table/${encodeURIComponent(id)}`);
    return;
  }
  if (view.kind === 'tictactoe') {
    title.textContent = 'Tic-tac-toe against the perfect computer';
    info.textContent = 'You are X and move first; the computer searches to the end, so the best you can get is a draw.';
    document.title = 'Tic-tac-toe · Tabula';
    await new TicTacToeGame(host).show(view);
    links.append(el('a', { href: '/lab' }, 'Open the tic-tac-toe lab'));
    return;
  }
  const variants = [view.walls && 'Walls', view.target !== null && view.target !== undefined && 'Target'].filter(Boolean);
  const grid = `${view.size} × ${view.size}${variants.length ? `, ${variants.join(' and ')}` : ''}`;
  if (view.kind === 'daily') {
    title.textContent = `Daily grid, ${longDate(view.date)}`;
    info.textContent = `Against ${playerLabel(view.players?.[1])}.`;
    links.append(el('a', { href: `/daily/${encodeURIComponent(view.date)}` }, 'This day’s page'));
  } else if (view.kind === 'watch') {
    title.textContent = 'Two computers play';
    info.textContent = `${grid}: A is ${playerLabel(view.players?.[0])}, B is ${playerLabel(view.players?.[1])}.`;
  } else {
    title.textContent = 'Free play';
    info.textContent = `${grid}, against ${playerLabel(view.players?.[1])}.`;
  }
  document.title = `${title.textContent} · Tabula`;
  links.append(el('a', { href: '/play' }, 'New free game'));
  const shown = new DiagonalGame(host).show(view);
  await markReady();
  await shown; // a watched game replays after the page is ready
}

if (document.body?.dataset.page === 'game') {
  gamePage()
    .catch((err) => {
      const box = document.getElementById('game-error');
      box.textContent = err.status === 404
        ? 'There is no such game, or it is not yours (games belong to the session or the account that began them).'
        : errorText(err);
      box.hidden = false;
    })
    .finally(markReady);
}
