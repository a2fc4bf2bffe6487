// Skyjo's renderer for the page shell (see ../table.js): every seat's grid
// of 3 × 4 cards, the draw pile's size, the discard pile (its top, and the
// whole pile a click away), the drawn card, the round, the totals and the
// closer. Everything drawn comes from the person's observation: a face-down
// card is drawn, labelled and titled as face down, whatever it holds.

import { el, actionArg, actionKind } from '../common.js';

const COLUMNS = 4;
const CELLS = 12;

/** The colour band of a card's value, as the printed cards have it. */
function band(value) {
  if (value < 0) return 'neg';
  if (value === 0) return 'zero';
  if (value <= 4) return 'low';
  if (value <= 8) return 'mid';
  return 'high';
}

function card(value, extra = {}) {
  if (value === null || value === undefined) {
    return el('span', { class: 'sk-card sk-removed', role: 'img', 'aria-label': 'removed' });
  }
  if (value === 'hidden') {
    return el('span', { class: 'sk-card sk-down', role: 'img', 'aria-label': 'face down', ...extra });
  }
  return el('span', { class: `sk-card sk-${band(value)}`, role: 'img', 'aria-label': String(value), ...extra }, String(value));
}

// The moves that name a cell of the person's grid, by the kind of their
// action (`{"Place": 4}` puts the drawn card into cell 4, from 0): what
// the verb buttons say.
const VERBS = {
  Reveal: 'Turn a card face up',
  TakeDiscard: 'Take the discard into a cell',
  FreeFlip: 'Flip a card face up',
  Place: 'Put the drawn card into a cell',
  DiscardFlip: 'Discard it and flip a card',
};

/** A seat's score line: what its face-up cards show this round, then the
 * match's total so far ("Total 0" mid-round read as the round's score). */
function scoreLine(grid, total, lastRound) {
  const up = grid.filter((x) => typeof x === 'number');
  const showing = up.reduce((a, b) => a + b, 0);
  const parts = [`Showing ${showing} this round (${up.length} card${up.length === 1 ? '' : 's'} face up)`, `match total ${total}`];
  if (lastRound !== null) parts.push(`last round ${lastRound}`);
  return parts.join(' · ');
}

export function mount(root, shell) {
  let verb = null;
  let pileOpen = false;
  const board = el('div', { class: 'sk-board' });
  root.replaceChildren(board);

  function play(move) {
    if (!shell.busy) shell.play(move);
  }

  function update(answer) {
    const v = answer.view;
    const me = answer.observer;
    const legal = answer.your_turn ? answer.legal : [];
    const verbs = [...new Set(legal.map((m) => actionKind(m.action)).filter((k) => k in VERBS))];
    if (!verbs.includes(verb)) verb = verbs[0] ?? null;
    // The chosen verb's moves, by the cell they name.
    const cellMoves = new Map(legal.filter((m) => verb && actionKind(m.action) === verb)
      .map((m) => [actionArg(m.action), m]));
    const draw = legal.find((m) => actionKind(m.action) === 'Draw');

    // The piles and the drawn card.
    const top = v.discard_top;
    const piles = el('div', { class: 'sk-piles', dataset: { region: 'centre' } },
      el('div', { class: 'sk-pile' },
        el('span', { class: 'sk-card sk-down', 'aria-hidden': 'true' }),
        el('span', { id: 'sk-draw-count' }, `Draw pile: ${v.draw_count} card${v.draw_count === 1 ? '' : 's'}`),
        draw
          ? el('button', {
            type: 'button', id: 'sk-draw', dataset: { action: draw.label }, disabled: shell.busy, onclick: () => play(draw),
          }, 'Draw a card')
          : null),
      el('div', { class: 'sk-pile' },
        top === null || top === undefined ? card(null) : card(top),
        el('span', {}, `Discard pile: ${v.discard.length}`),
        el('button', {
          type: 'button',
          id: 'sk-show-discard',
          'aria-expanded': pileOpen ? 'true' : 'false',
          onclick: () => { pileOpen = !pileOpen; update(answer); },
        }, pileOpen ? 'Hide the discard pile' : 'Show the whole discard pile')),
      v.hand !== null && v.hand !== undefined
        ? el('div', { class: 'sk-pile sk-hand' }, card(v.hand), el('span', {}, 'Your drawn card'))
        : v.hand_held
          ? el('div', { class: 'sk-pile' }, el('span', {}, `${shell.seatName(v.to_move)} holds a drawn card`))
          : null);
    const pile = pileOpen
      ? el('ol', { class: 'sk-discard-list', id: 'sk-discard-list', 'aria-label': 'The discard pile, bottom first' },
        ...v.discard.map((value) => el('li', {}, card(value))))
      : null;

    // The verbs, when there is a choice.
    const verbBar = verbs.length > 1
      ? el('div', { class: 'sk-verbs', role: 'group', 'aria-label': 'What to do' },
        ...verbs.map((w) => el('button', {
          type: 'button',
          class: w === verb ? 'sk-verb selected' : 'sk-verb',
          'aria-pressed': w === verb ? 'true' : 'false',
          onclick: () => { verb = w; update(answer); },
        }, VERBS[w])))
      : verb ? el('p', { class: 'sk-verbs' }, `${VERBS[verb]}: pick a cell of your grid.`) : null;

    // Every seat's grid; the person's cells are buttons when they take a move.
    const grids = v.grids.map((grid, seat) => {
      const cells = [];
      for (let i = 0; i < CELLS; i += 1) {
        const value = grid[i];
        const move = seat === me ? cellMoves.get(i) : undefined;
        if (move) {
          const label = value === 'hidden' ? 'face down' : value === null ? 'removed' : String(value);
          cells.push(el('button', {
            type: 'button',
            class: 'sk-cell-button',
            dataset: { action: move.label },
            disabled: shell.busy,
            'aria-label': `${VERBS[verb]}: cell ${i + 1} (${label})`,
            onclick: () => play(move),
          }, card(value)));
        } else {
          cells.push(card(value));
        }
      }
      const marks = [
        seat === me && answer.you !== null ? 'you' : null,
        v.to_move === seat && !answer.over ? 'to play' : null,
        v.closer === seat ? 'closed the round' : null,
      ].filter(Boolean);
      return el('section', { class: seat === me ? 'sk-seat sk-mine' : 'sk-seat', 'aria-label': shell.seatName(seat) },
        el('h3', {}, `${answer.seats[seat].name}${marks.length ? ` (${marks.join(', ')})` : ''}`),
        el('div', { class: 'sk-grid', style: `--columns: ${COLUMNS}`, dataset: seat === me ? { region: 'hand' } : {} }, ...cells),
        el('p', { class: 'muted sk-score' }, scoreLine(grid, v.totals[seat], v.last_round.some((x) => x !== 0) ? v.last_round[seat] : null)));
    });
    const final = v.closer !== null && v.closer !== undefined
      ? el('p', { class: 'sk-final', role: 'note' },
        `${answer.seats[v.closer].name} closed the round: ${v.final_left} last turn${v.final_left === 1 ? '' : 's'} left. The closer's score is doubled unless strictly lowest.`)
      : null;
    board.replaceChildren(...[
      el('p', { class: 'sk-round' }, `Round ${v.round + 1} · ${v.phase} · turn ${v.round_turns} of at most ${v.turn_limit} (a round nobody closes ends there, undoubled)`),
      piles, pile, final, verbBar,
      el('div', { class: 'sk-seats' }, ...grids),
    ].filter(Boolean));
  }

  return { update };
}
