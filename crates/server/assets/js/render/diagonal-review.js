// Jamais en diagonale's review page (/review/{id}, see ../review.js):
// step through the moves; at each of the human's turns, the move played
// against the computer's deeper choice, both valued by a deeper search,
// drawn as a pair of bars.

import {
  api, el, svgEl, $, errorText, signed, longDate, playerLabel,
} from '../common.js';
import { DiagonalBoard, centralCross } from './diagonal-board.js';
import { replayMoves, movesOf, rowsOf } from './diagonal.js';

let view = null;
let board = null;
let step = 0;
let byCell = new Map(); // the review's entries by the cell played (a cell is eaten once)
let analysing = true;
let analysisError = null;

/** A value for the page: values are floats (searches may average), shown to 0.1. */
function fmt(v) {
  return signed(Math.round(v * 10) / 10);
}

/**
 * One value as a bar from a zero line in the middle (right: good for you),
 * scaled to the larger of the pair so the two compare at a glance.
 */
function valueBar(label, cell, value, max, cls) {
  const W = 200;
  const mid = W / 2;
  const w = (Math.abs(value) / max) * (mid - 4);
  return el('div', { class: 'vbar' },
    el('span', {}, label, ' ', el('strong', {}, cell)),
    svgEl('svg', { viewBox: `0 0 ${W} 26`, 'aria-hidden': 'true', preserveAspectRatio: 'none' },
      svgEl('rect', { x: 0, y: 3, width: W, height: 20, rx: 4, class: 'track' }),
      svgEl('rect', { x: value >= 0 ? mid : mid - w, y: 5, width: Math.max(w, 1.5), height: 16, rx: 3, class: cls }),
      svgEl('line', { x1: mid, x2: mid, y1: 0, y2: 26, class: 'zero' })),
    el('span', { class: 'num' }, fmt(value)));
}

function moveWords(m) {
  return m.seat === 0 ? `you took ${m.cell} (${m.value})` : `the computer took ${m.cell} (${m.value})`;
}

function render() {
  const n = view.moves.length;
  const s = replayMoves(view.size, view.moves, step);
  const next = step < n ? view.moves[step] : null;
  const entry = next && next.seat === 0 ? byCell.get(next.cell) : null;
  const marks = {};
  if (next) marks[next.cell] = 'played';
  if (entry) marks[entry.best] = entry.best === entry.played ? 'both' : 'best';
  board.render({
    cells: view.cells,
    taken: s.taken,
    token: s.token,
    reach: next ? next.reach : null,
    reachSeat: next ? next.seat : null,
    walls: view.walls,
    stoppers: view.walls ? (next ? next.stoppers : view.finalStoppers) : [],
    follow: step === 0 ? centralCross(view.size) : (next?.after_pass ? [] : undefined),
    marks,
    over: !next,
  });
  $('#score-you').textContent = s.scores[0];
  $('#score-computer').textContent = s.scores[1];
  $('#step-label').textContent = next ? `Move ${step + 1} of ${n}` : `Final position (${n} moves)`;
  $('#review-first').disabled = step === 0;
  $('#review-prev').disabled = step === 0;
  $('#review-next').disabled = step === n;
  $('#review-last').disabled = step === n;

  const panel = [];
  if (!next) {
    const r = view.result;
    panel.push(el('p', {}, `Final score: you ${s.scores[0]}, computer ${s.scores[1]} (margin ${signed(r?.margin ?? s.scores[0] - s.scores[1])}).`));
    if (r?.points !== null && r?.points !== undefined) panel.push(el('p', {}, `Leaderboard points: ${r.points}.`));
  } else {
    const passNote = next.after_pass ? (next.seat === 0 ? ' (the computer had passed)' : ' (you had passed)') : '';
    panel.push(el('p', { class: 'verdict' }, `Move ${step + 1}: ${moveWords(next)}${passNote}.`));
    if (next.seat === 0) {
      if (entry) {
        const same = entry.best === entry.played;
        const max = Math.max(1, Math.abs(entry.played_value), Math.abs(entry.best_value));
        panel.push(el('div', { class: 'value-bars' },
          valueBar('You played', entry.played, entry.played_value, max, 'played'),
          valueBar('Deeper choice', entry.best, entry.best_value, max, 'best')));
        panel.push(el('p', {}, same
          ? 'You played the computer’s deeper choice.'
          : entry.played_value < entry.best_value
            ? `The computer would have taken ${entry.best}: ${fmt(entry.best_value)} instead of ${fmt(entry.played_value)}, ${fmt(entry.best_value - entry.played_value).replace('+', '')} better for you.`
            : `The computer would have taken ${entry.best}, valued the same as your move.`));
        panel.push(el('p', { class: 'hint' }, entry.exact
          ? 'Values are exact (the endgame is solved): the final margin with best play from both sides.'
          : 'Values are the expected final margin (you − computer) from a 9-ply search.'));
      } else if (analysing) {
        panel.push(el('p', { class: 'muted' }, 'Analysing…'));
      } else if (analysisError) {
        panel.push(el('p', { class: 'error' }, analysisError));
      }
    } else {
      panel.push(el('p', { class: 'muted' }, 'The computer’s move: its reach is lit in pink.'));
    }
  }
  $('#turn-panel').replaceChildren(...panel);
  for (const b of document.querySelectorAll('#mistakes button')) {
    if (Number(b.dataset.step) === step) b.setAttribute('aria-current', 'step');
    else b.removeAttribute('aria-current');
  }
}

function go(to) {
  step = Math.max(0, Math.min(view.moves.length, to));
  render();
}

function listMistakes(entries) {
  const list = $('#mistakes');
  const worse = entries.filter((e) => e.played_value < e.best_value && e.best !== e.played);
  const stepOf = (cell) => view.moves.findIndex((m) => m.cell === cell);
  list.replaceChildren(...worse
    .sort((a, b) => stepOf(a.played) - stepOf(b.played))
    .map((e) => {
      const at = stepOf(e.played);
      return el('li', {}, el('button', { type: 'button', 'data-step': at, onclick: () => go(at) },
        el('strong', {}, `Move ${at + 1}`),
        `: you took ${e.played}, worth ${fmt(e.played_value)}; ${e.best} was worth ${fmt(e.best_value)} (${fmt(e.best_value - e.played_value).replace('+', '')} more).`));
    }));
  const matched = entries.filter((e) => e.best === e.played).length;
  const lost = worse.reduce((sum, e) => sum + e.best_value - e.played_value, 0);
  $('#mistakes-summary').textContent = entries.length === 0 ? 'No turn to review.'
    : worse.length === 0
      ? `No better move anywhere: you matched the computer’s deeper choice on ${matched} of ${entries.length} turns.`
      : `${worse.length} of your ${entries.length} turns had a better move (${fmt(lost).replace('+', '')} points in all). You matched the computer’s choice on ${matched}.`;
}

/** The page's keys and buttons: steps through the moves. */
function wire() {
  document.addEventListener('keydown', (e) => {
    if (!view || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target.closest?.('input, select, textarea')) return;
    const to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: view.moves.length }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  });
  $('#review-first').addEventListener('click', () => go(0));
  $('#review-prev').addEventListener('click', () => go(step - 1));
  $('#review-next').addEventListener('click', () => go(step + 1));
  $('#review-last').addEventListener('click', () => go(view.moves.length));
}

async function analyse() {
  const status = $('#review-status');
  status.textContent = 'Analysing… (a deeper search than in play: this can take a few seconds)';
  try {
    const analysis = await api('GET', `/api/games/${encodeURIComponent(view.id)}/review`);
    const entries = analysis.entries ?? [];
    byCell = new Map(entries.map((e) => [e.played, e]));
    listMistakes(entries);
    status.textContent = 'Analysis ready.';
    document.body.dataset.analysis = 'ready';
  } catch (err) {
    document.body.dataset.analysis = 'error';
    analysisError = errorText(err);
    status.textContent = '';
    $('#mistakes-summary').textContent = analysisError;
  }
  analysing = false;
  render();
}

/** The game's answer in the shape this page reads: the grid as rows, and
 * each move with its seat, cell, value, reach and stoppers. */
function reviewed(answer) {
  const v = answer.view;
  const name = (c) => `${String.fromCharCode(97 + (c % v.size))}${Math.floor(c / v.size) + 1}`;
  return {
    id: answer.id,
    kind: answer.kind,
    date: answer.date,
    over: answer.over,
    reviewable: answer.reviewable,
    result: answer.result,
    players: answer.seats.map((s) => s.player),
    size: v.size,
    cells: rowsOf(v),
    walls: v.walls,
    target: v.target,
    finalStoppers: v.stoppers.map(name),
    moves: movesOf(answer),
  };
}

/**
 * Draws the review of `answer` (the game's answer for its page) in the
 * review page's elements; calls `ready` once the board is drawn, then
 * waits for the analysis.
 */
export async function review(answer, ready) {
  if (answer.you !== 0) {
    throw new Error('Reviews are for your own games of Jamais en diagonale.');
  }
  view = reviewed(answer);
  $('#review-info').textContent = `${view.date ? `Daily grid of ${longDate(view.date)}` : `Free play, ${view.size} × ${view.size}`}, against ${playerLabel(view.players[1])}.`;
  if (!view.over) {
    $('#review-info').append(' ', el('span', { class: 'error' }, 'This game is not finished: '),
      el('a', { href: `/table/${encodeURIComponent(answer.id)}` }, 'finish it first'), '.');
    return;
  }
  board = new DiagonalBoard($('#review-board'), {
    size: view.size,
    label: `Board at the chosen move, ${view.size} by ${view.size}`,
  });
  wire();
  $('#review-body').hidden = false;
  render();
  await ready();
  await analyse();
}
