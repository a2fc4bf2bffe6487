// The page shell of every game (/table/{id}): turns, the computers' pace,
// the live region, keyboard focus, errors and the end of the game. It knows
// no game: what a game looks like is its renderer's business, a module
// `/assets/js/render/{game}.js` that exports
//
//   mount(root, shell) -> { update(answer) }
//
// `answer` is the server's answer for the game (docs/web-api.md: the view
// of the person's observation, the legal moves as text, the moves as the
// person saw them); the renderer draws `answer.view` into `root` and calls
// `shell.act(text)` with one of `answer.legal` when the person picks a
// move. A game without a renderer is still playable: the shell lists every
// legal move as a button (the list is there for keyboard users in every
// game too).

import { api, el, errorText, paceDelay, pathId, markReady, ApiError } from './common.js';

const $ = (id) => document.getElementById(id);

class Shell {
  constructor(answer, renderer) {
    this.answer = answer;
    this.renderer = renderer;
    this.shownPly = 0;
    this.requesting = false;
  }

  /** Whether a request is in flight (renderers disable their moves). */
  get busy() {
    return this.requesting;
  }

  setBusy(busy) {
    this.requesting = busy;
    document.body.dataset.busy = busy ? 'true' : 'false';
  }

  seatName(seat) {
    if (seat === null || seat === undefined) return 'Chance';
    const s = this.answer.seats[seat];
    if (!s) return `Seat ${seat + 1}`;
    return s.human ? `You (${s.name})` : `${s.name} (${s.player})`;
  }

  /** Says a sentence in the live region (emptied first: repeats are read). */
  say(text) {
    const live = $('table-live');
    live.textContent = '';
    window.setTimeout(() => { live.textContent = text; }, 30);
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

  /** Plays one of the person's legal moves. */
  async act(text) {
    if (this.requesting || !this.answer.your_turn) return;
    this.showError(null);
    this.failed = false;
    await this.send({ action: text, ply: this.answer.ply });
  }

  async send(body) {
    this.setBusy(true);
    try {
      const next = await api('POST', `/api/games/${encodeURIComponent(this.answer.id)}/actions`, body);
      this.failed = false;
      await this.show(next);
    } catch (err) {
      this.failed = true;
      this.showError(err);
      // A stale position (another tab, a retry): show the game as it is.
      if (err instanceof ApiError && err.status === 409) {
        try {
          await this.show(await api('GET', `/api/games/${encodeURIComponent(this.answer.id)}`));
        } catch (again) {
          this.showError(again);
        }
      }
    } finally {
      this.setBusy(false);
    }
    // Drawn again now that no request is in flight: the moves take clicks.
    this.draw();
    this.continueComputers();
  }

  /** Takes a new answer: announces the moves the page has not shown yet,
   * at the account's pace when computers made them, then draws it. */
  async show(next, paced = true) {
    const fresh = next.moves.slice(this.shownPly);
    const delay = paced ? await paceDelay() : 0;
    this.answer = next;
    for (const [i, move] of fresh.entries()) {
      this.logMove(move);
      const byComputer = move.seat !== null && !next.seats[move.seat]?.human;
      if (byComputer && paced) {
        this.say(this.moveSentence(move));
        if (i < fresh.length - 1) await wait(delay / 2);
      }
    }
    this.shownPly = next.moves.length;
    this.draw();
  }

  moveSentence(move) {
    const who = this.seatName(move.seat);
    return `${who}: ${move.text}${move.note ? `. ${move.note}` : ''}`;
  }

  logMove(move) {
    const item = el('li', { dataset: { ply: String(move.ply) } }, this.moveSentence(move));
    $('table-moves').append(item);
  }

  draw() {
    const a = this.answer;
    document.title = `${a.title} · Tabula`;
    $('table-title').textContent = a.title + (a.kind === 'watch' ? ' (watching)' : '');
    $('table-seats').textContent = a.seats
      .map((s, i) => `${s.name}: ${s.human ? 'you' : s.player}${a.to_act === i && !a.over ? ' (to play)' : ''}`)
      .join(' · ');
    let status;
    if (a.over) status = 'The game is over.';
    else if (a.your_turn) status = 'Your move.';
    else if (a.pending) status = a.kind === 'watch' ? 'The computers are playing.' : 'The computer is thinking…';
    else status = 'Waiting.';
    $('table-status').textContent = status;
    // Keep the keyboard where it was across a redraw: on the same move (or
    // control) if it is still there, else on the board's first move when
    // it is the person's turn and the focus fell to the page.
    const focused = document.activeElement;
    const action = focused?.dataset?.action;
    const id = focused?.id;
    this.renderer?.update(a);
    this.drawControls();
    this.drawResult();
    const main = $('main');
    let target = null;
    if (action) target = main.querySelector(`[data-action="${CSS.escape(action)}"]:not([disabled])`);
    else if (id && id !== 'main') target = document.getElementById(id);
    if (!target && a.your_turn && (!document.activeElement || document.activeElement === document.body || !main.contains(document.activeElement))) {
      target = $('table-board').querySelector('button[data-action]:not([disabled])');
    }
    if (target && target !== document.activeElement) target.focus({ preventScroll: true });
  }

  /** The list of every legal move, as buttons. */
  drawControls() {
    const a = this.answer;
    const list = $('table-legal');
    const legal = a.your_turn ? a.legal : [];
    $('table-legal-count').textContent = String(legal.length);
    list.replaceChildren(...legal.map((text) => el('button', {
      type: 'button',
      class: 'legal-move',
      disabled: this.requesting,
      dataset: { action: text },
      onclick: () => this.act(text),
    }, text)));
  }

  drawResult() {
    const a = this.answer;
    const box = $('table-result');
    box.hidden = !a.over;
    if (!a.over || !a.result) return;
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
    $('table-again').href = `/new/${encodeURIComponent(a.game)}`;
    if (!box.dataset.announced) {
      box.dataset.announced = 'true';
      this.say(`Game over. ${verdict}`);
      box.focus?.();
    }
  }

  /** Lets the computers move while the game waits for them (a watched
   * game, or a move the deadline cut): one request after another, at the
   * account's pace, until the person must act, the game ends, or a request
   * fails (its error stays on the page). */
  async continueComputers() {
    if (this.stepping) return;
    this.stepping = true;
    try {
      while (!this.answer.over && this.answer.pending && !this.failed) {
        await wait(await paceDelay());
        if (this.requesting) continue;
        await this.send({ ply: this.answer.ply });
      }
    } finally {
      this.stepping = false;
    }
  }
}

function wait(ms) {
  return new Promise((resolve) => { window.setTimeout(resolve, ms); });
}

/** Loads the game's renderer; `null` when the game has none. */
async function loadRenderer(game) {
  if (!/^[a-z0-9_]+$/.test(game)) return null;
  try {
    return await import(`./render/${game}.js`);
  } catch {
    return null;
  }
}

async function main() {
  try {
    const answer = await api('GET', `/api/games/${encodeURIComponent(pathId())}`);
    const module = await loadRenderer(answer.game);
    const shell = new Shell(answer, null);
    if (module) {
      shell.renderer = module.mount($('table-board'), shell);
    } else {
      $('table-legal-all').open = true;
    }
    await shell.show(answer, false);
    shell.continueComputers();
  } catch (err) {
    $('table-error').textContent = errorText(err);
    $('table-error').hidden = false;
  }
  await markReady();
}

main();
