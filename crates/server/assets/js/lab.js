// The lab: a board the user fills (X, then O), or plays against the
// perfect computer; for every position the server's teaching figures
// (`GET /api/lab/{game}`, the game that offers them, found in the
// catalog): minimax values as a heat map on the free squares, minimax and
// alpha-beta node counts as bars, and MCTS visit counts as three small
// heat maps. The page draws the nine-square board those figures are for.

import {
  api, el, $, errorText, markReady, cellName, announce, offering,
} from './common.js';

/** The game whose figures the lab shows. */
const labGame = offering('figures').then(([game]) => game?.info.name);

const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
const WORDS = { 1: 'win', 0: 'draw', '-1': 'loss' };

let board = '.........';
let undoStack = [];
let versus = null; // the game's view while playing the computer
let busy = false;
let seq = 0; // only the latest analysis is drawn

const squares = [];
const host = $('#lab-board');
for (let i = 0; i < 9; i++) {
  const b = el('button', {
    type: 'button', class: 'ttt-square', 'data-square': i, 'data-cell': cellName(Math.floor(i / 3), i % 3),
  }, el('span', { class: 'ttt-mark' }), el('span', { class: 'value-label' }));
  b.addEventListener('click', () => choose(i));
  squares.push(b);
  host.append(b);
}

function winner(b) {
  for (const [p, q, r] of LINES) if (b[p] !== '.' && b[p] === b[q] && b[q] === b[r]) return b[p];
  return null;
}

function toMove(b) {
  const x = [...b].filter((c) => c === 'x').length;
  const o = [...b].filter((c) => c === 'o').length;
  return x === o ? 'x' : 'o';
}

function isOver(b) {
  return winner(b) !== null || !b.includes('.');
}

function showError(text) {
  $('#lab-error').textContent = text;
  $('#lab-error').hidden = !text;
}

/** Draws the marks; values come with the analysis. */
function drawBoard() {
  const side = toMove(board).toUpperCase();
  const w = winner(board);
  [...board].forEach((c, i) => {
    const b = squares[i];
    b.querySelector('.ttt-mark').textContent = c === '.' ? '' : c.toUpperCase();
    b.classList.toggle('mark-x', c === 'x');
    b.classList.toggle('mark-o', c === 'o');
    const playable = c === '.' && !isOver(board) && (!versus || (versus.your_turn && !versus.over));
    b.classList.toggle('legal', playable);
    if (playable) b.dataset.legal = 'true';
    else delete b.dataset.legal;
    b.setAttribute('aria-disabled', playable ? 'false' : 'true');
  });
  $('#lab-turn').textContent = w ? `${w.toUpperCase()} has three in a row.`
    : !board.includes('.') ? 'The board is full: a draw.'
      : versus ? 'Your turn: you are X against the perfect computer.'
        : `${side} to move. Values are for ${side}.`;
  $('#lab-undo').disabled = undoStack.length === 0 || Boolean(versus);
  $('#lab-mode').textContent = versus
    ? 'Playing against the computer (alpha-beta to the end). Reset to go back to filling the board freely.'
    : 'Filling freely: X and O alternate.';
  // Keep the address pointing at this position, so it can be shared.
  const url = new URL(location.href);
  url.searchParams.set('board', board);
  if (board !== '.........' || url.search !== location.search) history.replaceState(null, '', url);
}

function drawValues(values) {
  const side = toMove(board);
  squares.forEach((b, i) => {
    const v = values?.[i];
    const label = b.querySelector('.value-label');
    if (v === null || v === undefined) {
      delete b.dataset.value;
      label.textContent = '';
      label.className = 'value-label';
    } else {
      b.dataset.value = String(v);
      label.textContent = WORDS[v];
      label.className = `value-label v${v}`;
    }
    const mark = board[i] === '.' ? 'empty' : board[i].toUpperCase();
    const value = v === null || v === undefined ? '' : `, ${WORDS[v]} for ${side.toUpperCase()}`;
    b.setAttribute('aria-label', `${b.dataset.cell}, ${mark}${value}`);
  });
}

function drawNodes(a) {
  const max = Math.max(1, a.minimax_nodes);
  const pct = (n) => `${Math.max(0.5, (100 * n) / max)}%`;
  $('#minimax-nodes').textContent = a.minimax_nodes.toLocaleString('en');
  $('#alphabeta-nodes').textContent = a.alphabeta_nodes.toLocaleString('en');
  $('#pruned').textContent = a.pruned.toLocaleString('en');
  // Widths through the style object (allowed under a strict CSP).
  $('#minimax-bar').style.width = pct(a.minimax_nodes);
  $('#alphabeta-bar').style.width = pct(a.alphabeta_nodes);
  $('#pruned-bar').style.width = pct(a.pruned);
  const share = a.minimax_nodes ? Math.round((100 * a.pruned) / a.minimax_nodes) : 0;
  $('#nodes-summary').textContent = a.minimax_nodes <= 1
    ? 'The game is over: nothing to search.'
    : `Alpha-beta reaches the same values after ${a.alphabeta_nodes.toLocaleString('en')} nodes instead of ${a.minimax_nodes.toLocaleString('en')}: ${share}% of the tree is pruned.`;
}

function drawMcts(runs) {
  $('#mcts').replaceChildren(...(runs ?? []).map((run) => {
    const max = Math.max(1, ...run.visits);
    const best = run.visits.indexOf(Math.max(...run.visits));
    const cells = run.visits.map((v, i) => {
      const taken = board[i] !== '.';
      const d = el('div', {
        class: taken ? 'taken' : null,
        'data-square': i,
        'data-visits': v,
        'aria-label': `${cellName(Math.floor(i / 3), i % 3)}: ${taken ? board[i].toUpperCase() : `${v} visits`}`,
        role: 'listitem',
      }, taken ? board[i].toUpperCase() : String(v));
      if (!taken) {
        // Dark figures on the lighter blues (4.5:1 or more up to 0.72),
        // white on the darker (from 0.85): no blue in between is used,
        // since neither colour reaches 4.5:1 on it.
        let alpha = 0.08 + 0.92 * (v / max);
        const light = alpha >= 0.72;
        if (light) alpha = Math.max(alpha, 0.86);
        d.style.background = `rgba(29, 78, 216, ${alpha.toFixed(3)})`;
        d.style.color = light ? '#ffffff' : '#111827';
      }
      return d;
    });
    const total = run.visits.reduce((s, v) => s + v, 0);
    return el('figure', { class: 'mcts-run', 'data-iterations': run.iterations },
      el('figcaption', {}, el('strong', {}, `${run.iterations.toLocaleString('en')} iterations`)),
      el('div', { class: 'heat', role: 'list' }, cells),
      el('p', { class: 'hint' }, total
        ? `Most visited: ${cellName(Math.floor(best / 3), best % 3)} (${run.visits[best]} of ${total}).`
        : 'No move to visit.'));
  }));
}

async function analyse() {
  const mine = ++seq;
  host.dataset.busy = 'true';
  try {
    const a = await api('GET', `/api/lab/${await labGame}?board=${board}`);
    if (mine !== seq) return;
    drawValues(a.values);
    drawNodes(a);
    drawMcts(a.mcts);
    showError('');
  } catch (err) {
    if (mine === seq) showError(errorText(err));
  } finally {
    if (mine === seq) delete host.dataset.busy;
  }
}

async function choose(i) {
  if (busy || board[i] !== '.' || isOver(board)) return;
  if (versus) {
    // The game's actions are square numbers, 0 to 8: the square's move is
    // sent as its index in the answer's legal moves.
    const choice = versus.legal.findIndex((m) => m.action === i);
    if (versus.over || !versus.your_turn || choice < 0) return;
    busy = true;
    host.dataset.busy = 'true';
    try {
      const cell = cellName(Math.floor(i / 3), i % 3);
      versus = await api('POST', `/api/games/${encodeURIComponent(versus.id)}/actions`, { choice, ply: versus.ply });
      // The computer's reply is the square its O took, read off the view.
      const before = board;
      board = boardOf(versus);
      const reply = [...board].findIndex((m, j) => m === 'o' && before[j] === '.');
      $('#lab-live').textContent = `You play ${cell}.${reply >= 0 ? ` The computer plays ${cellName(Math.floor(reply / 3), reply % 3)}.` : ''}${versus.over ? ` ${verdict(versus)}` : ''}`;
    } catch (err) {
      showError(errorText(err));
    } finally {
      busy = false;
    }
  } else {
    undoStack.push(board);
    board = board.slice(0, i) + toMove(board) + board.slice(i + 1);
    $('#lab-live').textContent = `${board[i].toUpperCase()} on ${cellName(Math.floor(i / 3), i % 3)}.`;
  }
  drawBoard();
  drawValues(null);
  await analyse();
}

function verdict(v) {
  const w = v.result?.winners ?? [];
  return w.length !== 1 ? 'A draw.' : w[0] === 0 ? 'You win!' : 'The computer wins.';
}

/** The board string of a game's answer (`x`, `o`, `.` by square). */
function boardOf(answer) {
  return answer.view.cells.map((m) => m ?? '.').join('');
}

$('#lab-undo').addEventListener('click', () => {
  if (versus || !undoStack.length) return;
  board = undoStack.pop();
  drawBoard();
  analyse();
});

$('#lab-reset').addEventListener('click', () => {
  versus = null;
  undoStack = [];
  board = '.........';
  $('#lab-live').textContent = 'Empty board.';
  drawBoard();
  analyse();
});

$('#lab-versus').addEventListener('click', async () => {
  const button = $('#lab-versus');
  button.disabled = true;
  try {
    versus = await api('POST', '/api/games', { kind: await labGame });
    board = boardOf(versus);
    undoStack = [];
    announce('New game against the perfect computer: you are X, your move.');
    $('#lab-live').textContent = 'New game: you are X.';
    drawBoard();
    await analyse();
  } catch (err) {
    showError(errorText(err));
  } finally {
    button.disabled = false;
  }
});

// `/lab?board=x.o......` opens a position (X moves first: counts must fit).
const asked = new URLSearchParams(location.search).get('board');
if (asked && /^[xo.]{9}$/.test(asked)) {
  const x = [...asked].filter((c) => c === 'x').length;
  const o = [...asked].filter((c) => c === 'o').length;
  if (x === o || x === o + 1) board = asked;
}
drawBoard();
analyse().finally(markReady);
