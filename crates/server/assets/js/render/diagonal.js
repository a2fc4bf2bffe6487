// Jamais en diagonale's renderer for the page shell (see ../table.js): the
// SVG board (arrow keys move a cursor, Enter or Space plays the cell), the
// scores, the variants' notes, the legend, and the computer's moves shown
// at the pace: its reach lit in its colour, then the cell it takes.
//
// Every board drawn is the answer's view or a prefix of its moves: the
// server sends each move's cell, value, and the reach and stoppers before
// it (`move.detail`), so no rule is computed here. The person's moves are
// the answer's legal moves, whose action is the cell's index (row by row).
//
// Hooks for tests: #board (the SVG) with cells [data-cell][data-legal],
// #score-you, #score-computer, #margin in the result.

import { el, cellName, parseCell, playerLabel, signed } from '../common.js';
import { DiagonalBoard, centralCross } from './diagonal-board.js';

export { review } from './diagonal-review.js';

const END_WORDS = {
  grid_empty: 'The grid is empty.',
  blocked: 'A side could not move, which ends the game (Walls).',
  target_exceeded: 'A score went over the target, which loses at once.',
};

/** The name of cell `c` (an index, row by row) on a grid of side `n`. */
function nameOf(c, n) {
  return cellName(Math.floor(c / n), c % n);
}

/** The daily page's preview: a day's grid (`GET /api/daily/{date}`:
 * `{size, cells}`), untouched, the central cross to start from. */
export function preview(host, grid, label) {
  const n = grid.size;
  const board = new DiagonalBoard(host, { size: n, label });
  board.render({
    cells: grid.cells,
    taken: Array.from({ length: n }, () => Array(n).fill(null)),
    token: null,
    follow: centralCross(n),
  });
}

/** The grid's values as rows. */
export function rowsOf(view) {
  const n = view.size;
  return Array.from({ length: n }, (_, r) => view.values.slice(r * n, r * n + n));
}

/** The board after the first `count` moves: who ate what, the token, the scores. */
export function replayMoves(size, moves, count) {
  const taken = Array.from({ length: size }, () => Array(size).fill(null));
  const scores = [0, 0];
  let token = null;
  for (const m of moves.slice(0, count)) {
    const { row, col } = parseCell(m.cell);
    taken[row][col] = m.seat;
    scores[m.seat] += m.value;
    token = m.cell;
  }
  return { taken, scores, token };
}

/** The moves of an answer with their seats and facts. */
export function movesOf(answer) {
  return answer.moves.filter((m) => m.detail).map((m) => ({ seat: m.seat, ...m.detail }));
}

/** Who sits where, in the words of the page. */
function names(answer) {
  const players = answer.seats.map((s) => s.player);
  if (answer.you === null || answer.you === undefined) {
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

export function mount(root, shell) {
  const scoreYou = el('strong', { id: 'score-you', class: 'score-value' }, '0');
  const scoreComputer = el('strong', { id: 'score-computer', class: 'score-value' }, '0');
  const who = [el('span', { class: 'who' }, 'You'), el('span', { class: 'who' }, 'Computer')];
  const variant = el('p', { class: 'variant-note', hidden: true });
  const boardHost = el('div', { class: 'board-wrap', dataset: { region: 'centre' } });
  const legend = el('ul', { class: 'legend', 'aria-label': 'Legend' });
  root.replaceChildren(el('section', { class: 'game', 'aria-label': 'Game' },
    el('div', { class: 'scorebar' },
      el('div', { class: 'score seat-0' }, el('span', { class: 'swatch', 'aria-hidden': 'true' }), who[0], ' ', scoreYou),
      el('div', { class: 'score seat-1' }, el('span', { class: 'swatch', 'aria-hidden': 'true' }), who[1], ' ', scoreComputer)),
    variant, boardHost, legend));
  let board = null;
  let boardKey = '';
  // The person's legal moves by the name of their cell (`c3`).
  let legalByCell = new Map();

  const watching = (a) => a.you === null || a.you === undefined;

  function setScores(scores) {
    scoreYou.textContent = String(scores[0]);
    scoreComputer.textContent = String(scores[1]);
  }

  /** A board for the answer's size and kind of play (a watched game's takes no moves). */
  function ensureBoard(a) {
    const key = `${a.view.size}/${watching(a)}`;
    if (board && key === boardKey) return;
    boardKey = key;
    const n = names(a);
    const size = a.view.size;
    board = new DiagonalBoard(boardHost, {
      size,
      owners: n.short,
      ownerNames: n.full,
      onChoose: watching(a) ? null : (cell) => {
        const move = legalByCell.get(cell);
        if (move) shell.play(move);
      },
      label: watching(a)
        ? `Board, ${size} by ${size}`
        : `Board, ${size} by ${size}. Arrow keys move over the cells, Enter plays the cell.`,
    });
    const item = (k, text) => el('li', {}, el('span', { class: `key ${k}`, 'aria-hidden': 'true' }), text);
    legend.replaceChildren(
      watching(a) ? item('key-reach-0', 'A’s reach') : item('key-legal', 'in your reach (→ your total)'),
      item('key-reach', watching(a) ? 'B’s reach' : 'the computer’s reach'),
      item('key-trap', 'trap (negative)'),
      item('key-you', `eaten by ${n.full[0]}`),
      item('key-cpu', `eaten by ${n.full[1]}`),
      item('key-token', 'token; its row and column to follow'),
    );
  }

  /** Draws the state after `count` moves, lighting the next move's reach if given. */
  function drawFrame(a, count, next = null) {
    const v = a.view;
    const moves = movesOf(a);
    const s = replayMoves(v.size, moves, count);
    board.render({
      cells: rowsOf(v),
      taken: s.taken,
      token: s.token,
      legal: null,
      reach: next ? next.reach : null,
      reachSeat: next ? next.seat : null,
      walls: v.walls,
      stoppers: v.walls && moves[count] ? moves[count].stoppers : [],
      follow: count === 0 ? centralCross(v.size) : (next?.after_pass ? [] : undefined),
    });
    setScores(s.scores);
  }

  function update(a) {
    const v = a.view;
    ensureBoard(a);
    const n = names(a);
    n.who.forEach((w, i) => { who[i].textContent = w; });
    const notes = [];
    if (v.walls) notes.push('Walls: the token stops before taken cells; a side that cannot move ends the game.');
    if (v.target !== null && v.target !== undefined) {
      notes.push(`Target ${v.target}: the first score over it loses; otherwise the closest wins.`);
    }
    variant.textContent = notes.join(' ');
    variant.hidden = notes.length === 0;
    const moves = movesOf(a);
    const s = replayMoves(v.size, moves, moves.length);
    const yours = a.your_turn && !shell.busy;
    const values = rowsOf(v);
    legalByCell = new Map(yours ? a.legal.map((m) => [nameOf(m.action, v.size), m]) : []);
    const legal = yours
      ? a.legal.map((m) => ({ cell: nameOf(m.action, v.size), total: v.scores[a.you] + v.values[m.action] }))
      : null;
    board.render({
      cells: values,
      taken: s.taken,
      token: v.token === null ? null : nameOf(v.token, v.size),
      legal,
      target: v.target,
      walls: v.walls,
      stoppers: v.walls ? v.stoppers.map((c) => nameOf(c, v.size)) : [],
      follow: moves.length === 0 ? centralCross(v.size) : (v.after_pass || v.over ? [] : undefined),
      over: v.over,
    });
    board.setBusy(shell.busy);
    if (legal?.length) board.placeCursorIfLost(legal.map((l) => l.cell));
    setScores(v.scores);
  }

  return {
    update,

    async animate(move, a, wait) {
      ensureBoard(a);
      const m = { seat: move.seat, ...move.detail };
      drawFrame(a, move.ply, m);
      await wait();
      drawFrame(a, move.ply + 1);
    },

    sentence(move, a) {
      if (!move.detail) return null;
      const n = names(a);
      const moves = movesOf(a);
      const scores = replayMoves(a.view.size, moves, move.ply + 1).scores;
      const subject = !watching(a) && move.seat === a.you ? 'You take' : `${n.subject[move.seat]} takes`;
      const score = watching(a) ? `A ${scores[0]}, B ${scores[1]}.` : `You ${scores[0]}, computer ${scores[1]}.`;
      let text = `${subject} ${move.detail.cell} (${move.detail.value}). ${score}`;
      const next = moves[move.ply + 1];
      if (next?.after_pass || (move.ply + 1 === moves.length && a.view.after_pass && !a.over)) {
        const passer = 1 - move.seat;
        text += watching(a)
          ? ` ${n.short[passer]} cannot move: it passes. ${n.short[move.seat]} plays again.`
          : passer === a.you
            ? ' You cannot move: you pass. The computer plays again.'
            : ' The computer cannot move: it passes. Play again, on any free cell.';
      }
      return text;
    },

    status(a, { animating, paused }) {
      if (a.over) return 'Game over.';
      if (watching(a)) {
        if (paused) return `Paused after move ${a.ply}.`;
        return `Move ${a.ply + 1}: ${names(a).subject[a.to_act ?? 0]} to play…`;
      }
      if (animating || !a.your_turn) return 'The computer is playing… (click or press a key to skip)';
      return 'Your turn: choose a lit cell (the number after → is the total it gives you).';
    },

    result(a) {
      const v = a.view;
      const scores = v.scores;
      const margin = scores[0] - scores[1];
      const n = names(a);
      const parts = [el('p', {}, 'Margin ', el('strong', { id: 'margin' }, signed(margin)),
        ` (${scores[0]} to ${scores[1]}${watching(a) ? ', A minus B' : ''}).`)];
      const winner = a.result.winners.length === 1 ? a.result.winners[0] : null;
      if (v.end === 'target_exceeded' && winner !== null) {
        const loser = 1 - winner;
        const whose = watching(a) ? n.short[loser] : loser === a.you ? 'Your score' : 'The computer’s score';
        parts.push(el('p', { class: 'muted' }, `${whose} went over the target of ${v.target} (${scores[loser]}), which loses at once.`));
      } else if (END_WORDS[v.end]) {
        parts.push(el('p', { class: 'muted' }, END_WORDS[v.end]));
      }
      if (v.target !== null && v.target !== undefined && v.end !== 'target_exceeded') {
        parts.push(el('p', { class: 'muted' }, `Target ${v.target}: the score closest to it wins.`));
      }
      return parts;
    },

    focus() {
      board?.focus();
    },
  };
}
