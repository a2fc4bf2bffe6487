// The review of a finished game on the page shell (table.js), for every
// game: step through it move by move, the board drawn by the game's own
// renderer as the person saw it at each step, every hidden card face up
// beside it (the game is over: nothing is secret any more), and the
// computer's opinion of each of the person's moves (what the game's own
// computer would have played there, asked for as the step is shown). The
// transport answers the steps: the server's `GET /api/games/{id}/review/{ply}`
// and `POST …/opinion`, or the page's own table for a game kept in it.

import { el, errorText } from './common.js';

const $ = (id) => document.getElementById(id);

/** A French card's name (`Q♠`, `10♥`): drawn as a card face. */
const FRENCH = /^(10|[2-9JQKA])[♣♦♥♠]$/;

/** Whether the shell's game can be stepped through: over, and its
 * transport answers review steps. */
export function reviewable(shell) {
  return !!shell.answer.over && !!shell.transport.reviewStep;
}

/** The review's elements, built once, around the board. */
function build(shell) {
  const button = (id, text, label) => el('button', {
    type: 'button', id, class: 'btn secondary', 'aria-label': label ?? text,
  }, text);
  const box = el('section', { id: 'table-replay', class: 'table-replay', 'aria-labelledby': 'replay-title', hidden: true },
    el('h2', { id: 'replay-title' }, 'Review'),
    el('div', { class: 'replay-controls', role: 'toolbar', 'aria-label': 'Step through the game' },
      button('replay-first', 'Start', 'The start'),
      button('replay-mine-back', 'Your previous move'),
      button('replay-back', '◀', 'One move back'),
      button('replay-next', '▶', 'One move on'),
      button('replay-mine-next', 'Your next move'),
      button('replay-last', 'End', 'The end'),
      button('replay-close', 'Close the review')),
    el('p', { id: 'replay-where', class: 'replay-where', role: 'status' }),
    el('p', { id: 'replay-move', class: 'replay-move' }),
    el('p', { id: 'replay-opinion', class: 'replay-opinion', 'aria-live': 'polite' }),
    el('p', { id: 'replay-error', class: 'error', role: 'alert', hidden: true }));
  // The steps above the board (on a phone, the controls and the board
  // together), the hands below it.
  $('table-board').before(box);
  $('table-board').after(el('section', { id: 'replay-hands', class: 'replay-hands', 'aria-label': 'Every hand, face up', hidden: true }));
  // From the step last asked for (a quick second click goes on from it).
  const go = (to) => () => show(shell, to(shell.review.wanted));
  const mine = (dir) => (ply) => {
    const a = shell.review.final;
    for (let p = ply + dir; p >= 0 && p < a.moves.length; p += dir) {
      if (a.moves[p].seat === a.you) return p;
    }
    return ply;
  };
  $('replay-first').addEventListener('click', go(() => 0));
  $('replay-back').addEventListener('click', go((p) => Math.max(0, p - 1)));
  $('replay-next').addEventListener('click', go((p) => Math.min(shell.review.step.plies, p + 1)));
  $('replay-last').addEventListener('click', go(() => shell.review.step.plies));
  $('replay-mine-back').addEventListener('click', go(mine(-1)));
  $('replay-mine-next').addEventListener('click', go(mine(1)));
  $('replay-close').addEventListener('click', () => close(shell));
  // The arrows step while the keyboard is in the review.
  box.addEventListener('keydown', (e) => {
    const id = { ArrowLeft: 'replay-back', ArrowRight: 'replay-next', Home: 'replay-first', End: 'replay-last' }[e.key];
    if (!id || !shell.review) return;
    e.preventDefault();
    $(id).click();
  });
  return box;
}

/** Opens the review at the first move of the person's (the start where
 * the person has none). */
export async function openReview(shell) {
  const final = shell.answer;
  const box = $('table-replay') ?? build(shell);
  const plies = final.moves.length;
  shell.review = { final, step: { ply: plies, plies }, wanted: plies, opinions: new Map(), asking: null };
  box.hidden = false;
  $('replay-hands').hidden = false;
  const first = Math.max(0, final.moves.findIndex((m) => m.seat === final.you));
  await show(shell, final.you === null || final.you === undefined ? 0 : first);
  $('replay-next').focus({ preventScroll: true });
}

/** Closes the review: the board shows the end again. */
function close(shell) {
  shell.review = null;
  $('table-replay').hidden = true;
  $('replay-hands').hidden = true;
  shell.draw();
  $('table-review-start')?.focus();
}

/** Shows step `ply`: the board as the person saw it, the hands, the move
 * played from it, and the computer's opinion where the move was theirs. */
async function show(shell, ply) {
  const review = shell.review;
  if (!review) return;
  review.wanted = ply;
  const error = $('replay-error');
  let step;
  try {
    step = await shell.transport.reviewStep(ply);
    error.hidden = true;
  } catch (err) {
    error.textContent = errorText(err);
    error.hidden = false;
    return;
  }
  // Only the step last asked for is drawn (answers may come out of order).
  if (shell.review !== review || review.wanted !== ply) return;
  review.step = step;
  const a = review.final;
  // The step as an answer of the shell: nothing to play, the moves so far.
  review.answer = {
    ...a,
    ply: step.ply,
    view: step.view,
    to_act: step.to_act,
    your_turn: false,
    legal: [],
    pending: false,
    over: step.ply === step.plies,
    moves: a.moves.slice(0, step.ply),
  };
  shell.renderer?.update(review.answer);
  $('replay-where').textContent = step.ply === step.plies
    ? `The end, after ${step.plies} moves.`
    : `Move ${step.ply + 1} of ${step.plies}.`;
  const next = step.next;
  $('replay-move').textContent = next
    ? `${next.seat === null || next.seat === undefined ? 'Chance' : shell.seatName(next.seat)}: ${next.text}${next.note ? `. ${next.note}` : ''}`
    : '';
  const hands = drawHands(shell, step);
  $('replay-first').disabled = $('replay-back').disabled = step.ply === 0;
  $('replay-next').disabled = $('replay-last').disabled = step.ply === step.plies;
  drawOpinion(shell);
  if (step.yours) ask(shell, step.ply);
  await hands;
  // The step fully drawn (the hands' card faces load once).
  if (shell.review?.step === step) $('table-replay').dataset.step = String(step.ply);
}

/** Every seat's hidden cards at this step, face up. */
async function drawHands(shell, step) {
  const box = $('replay-hands');
  if (!step.hands) {
    box.replaceChildren();
    return;
  }
  const french = step.hands.some((h) => h.some((c) => FRENCH.test(c)));
  const { card } = french ? await import('./render/cardface.js') : {};
  if (shell.review?.step !== step) return;
  box.replaceChildren(
    el('h2', {}, 'Every hand, face up'),
    ...step.hands.map((cards, seat) => el('p', { class: 'replay-hand', dataset: { seat: String(seat) } },
      el('span', { class: 'replay-seat' }, `${shell.answer.seats[seat]?.name ?? `Seat ${seat + 1}`}: `),
      ...(cards.length
        ? cards.map((c) => (card && FRENCH.test(c) ? card(c) : el('span', { class: 'replay-chip' }, c)))
        : [el('span', { class: 'muted' }, 'no cards')]))),
  );
}

/** The computer's opinion of the person's move at this step, once known. */
function drawOpinion(shell) {
  const review = shell.review;
  const box = $('replay-opinion');
  const { step } = review;
  if (!step.yours) {
    box.textContent = '';
    delete box.dataset.agrees;
    return;
  }
  const o = review.opinions.get(step.ply);
  if (!o) {
    box.textContent = 'The computer is looking at your move…';
    delete box.dataset.agrees;
    return;
  }
  if (o.error) {
    box.textContent = `No opinion: ${o.error}`;
    delete box.dataset.agrees;
    return;
  }
  box.dataset.agrees = String(o.agrees);
  const why = o.why ? ` (${o.why})` : '';
  box.textContent = o.agrees
    ? `${o.player} would have played ${o.computer} too${why}.`
    : `You played ${o.played}; ${o.player} would have played ${o.computer}${why}.`;
}

/** Asks for the opinion of the person's move at `ply` (one request at a
 * time; a step left before its answer still keeps it for later). */
async function ask(shell, ply) {
  const review = shell.review;
  if (review.opinions.has(ply) || review.asking !== null) return;
  review.asking = ply;
  try {
    review.opinions.set(ply, await shell.transport.opinion(ply));
  } catch (err) {
    review.opinions.set(ply, { error: errorText(err) });
  } finally {
    review.asking = null;
  }
  if (shell.review !== review) return;
  drawOpinion(shell);
  // The person moved on meanwhile: ask for the step shown now.
  if (review.step.yours && !review.opinions.has(review.step.ply)) ask(shell, review.step.ply);
}
