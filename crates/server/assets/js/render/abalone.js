// Abalone's renderer for the page shell (see ../table.js): the hexagon of
// 61 cells in SVG, both sides' marbles, the marbles pushed off, whose turn,
// the tablebase verdict, and the endgame trainer's feedback.
//
// Cells are named as the game names them (crates/games/abalone/src/geometry.rs):
// a row letter `a` (bottom) to `i` (top) and a diagonal number 1 to 9; row
// r (0 for a) holds the diagonals c (0-based) with |r - c| <= 4. A step in
// each direction changes (r, c) by: e (0, +1), ne (+1, +1), nw (+1, 0),
// w (0, -1), sw (-1, -1), se (-1, 0).
//
// The page works only from `answer.legal`, whose actions are the move
// notation (Abalone's JSON form of a move is its notation): the two end
// cells of the line moved (one cell for a single marble), a colon and the
// direction, e.g. `c3:ne`, `a1a3:e`, `c3d4:w`.
// The person selects one to three of their marbles (click, or arrow keys
// to move the focus ring and Space/Enter to select; Escape clears); the
// moves whose marbles are exactly the selection are offered: their
// destinations are highlighted (selecting one plays it) and the six
// direction buttons play the one in that direction.

import { el, isChance, svgEl as svg, styleSheet } from '../common.js';

// The board's look, before it is drawn.
await styleSheet(new URL('./abalone.css', import.meta.url));

const ROWS = 'abcdefghi';
const STEP = { e: [0, 1], ne: [1, 1], nw: [1, 0], w: [0, -1], sw: [-1, -1], se: [-1, 0] };
const DIR_NAME = {
  e: 'east', ne: 'north-east', nw: 'north-west', w: 'west', sw: 'south-west', se: 'south-east',
};
// The direction pad, laid out as the directions point.
const PAD = ['nw', 'ne', 'w', 'e', 'sw', 'se'];

const onBoard = (r, c) => r >= 0 && r <= 8 && c >= 0 && c <= 8 && Math.abs(r - c) <= 4;
const nameOf = (r, c) => `${ROWS[r]}${c + 1}`;
const coordsOf = (name) => [ROWS.indexOf(name[0]), Number(name.slice(1)) - 1];

/** Every cell, a1 to i9 in reading order. */
const CELLS = [];
for (let r = 0; r < 9; r += 1) for (let c = 0; c < 9; c += 1) if (onBoard(r, c)) CELLS.push(nameOf(r, c));

/** The neighbour of a cell in a direction, or null off the board. */
function neighbour(name, dir) {
  const [r, c] = coordsOf(name);
  const [dr, dc] = STEP[dir];
  return onBoard(r + dr, c + dc) ? nameOf(r + dr, c + dc) : null;
}

/** A move's notation parsed: the marbles it moves, its direction and the
 * cells it moves into (the cell ahead of the line for an in-line move, each
 * marble's next cell for a side-step); null for a text that is no move. */
export function parseMove(text) {
  const m = /^([a-i][1-9])([a-i][1-9])?:(e|ne|nw|w|sw|se)$/.exec(text.trim().toLowerCase());
  if (!m) return null;
  const [, from, to = from, dir] = m;
  const [r0, c0] = coordsOf(from);
  const [r1, c1] = coordsOf(to);
  if (!onBoard(r0, c0) || !onBoard(r1, c1)) return null;
  const span = Math.max(Math.abs(r1 - r0), Math.abs(c1 - c0));
  if (span > 2) return null;
  const dr = span ? (r1 - r0) / span : 0;
  const dc = span ? (c1 - c0) / span : 0;
  // The line runs along one of the six directions.
  if (span && !Object.values(STEP).some(([a, b]) => a === dr && b === dc)) return null;
  const cells = [];
  for (let k = 0; k <= span; k += 1) cells.push(nameOf(r0 + k * dr, c0 + k * dc));
  const [sr, sc] = STEP[dir];
  const inline = span === 0 || (sr === dr && sc === dc) || (sr === -dr && sc === -dc);
  const dest = inline
    ? [cells.map((x) => neighbour(x, dir)).find((n) => n && !cells.includes(n))].filter(Boolean)
    : cells.map((x) => neighbour(x, dir)).filter(Boolean);
  return { text, cells, dir, dest, inline };
}

const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));

/** Where row r, diagonal c is drawn (row a at the bottom; off the board
 * too, for the coordinates around it). */
const pointAt = (r, c) => [(c - r / 2 + 2) * 52 + 44, (8 - r) * 45 + 40];

/** Where a cell is drawn. */
function point(name) {
  const [r, c] = coordsOf(name);
  return pointAt(r, c);
}

/** The coordinates around the board, as the notation names cells: each
 * row's letter west of its first cell, each diagonal's number below its
 * lowest cell (one step off the board). */
function coordinates() {
  const out = [];
  for (let r = 0; r < 9; r += 1) {
    const [x, y] = pointAt(r, Math.max(0, r - 4) - 1);
    out.push(svg('text', { x, y: y + 6, class: 'abalone-coord', 'aria-hidden': 'true' }, ROWS[r]));
  }
  for (let c = 0; c < 9; c += 1) {
    const [x, y] = pointAt(Math.max(0, c - 4) - 1, c);
    out.push(svg('text', { x, y: y - 4, class: 'abalone-coord', 'aria-hidden': 'true' }, String(c + 1)));
  }
  return out;
}

/** The cells the last move's marbles moved into (each one step in its
 * direction), each with the cell it came from, from the log's notation;
 * none before the first move. */
function lastMoveCells(answer) {
  const m = [...(answer.moves ?? [])].reverse().find((x) => !isChance(x));
  const parsed = m ? parseMove(m.text) : null;
  const moved = new Map();
  for (const from of parsed?.cells ?? []) {
    const to = neighbour(from, parsed.dir);
    if (to) moved.set(to, from);
  }
  return { ply: m?.ply ?? null, moved };
}

function verdictText(t) {
  if (!t) return '';
  if (t.winner === null) return 'drawn with best play';
  return `${t.winner === 'black' ? 'Black' : 'White'} wins in ${t.plies} pl${t.plies === 1 ? 'y' : 'ies'}`;
}

export function mount(root, shell) {
  const board = svg('svg', {
    viewBox: '-34 0 550 470',
    class: 'abalone-board',
    id: 'abalone-board',
    role: 'grid',
    tabindex: '0',
    'aria-label': 'Abalone board: arrow keys move between cells, Space or Enter selects, Escape clears',
    'aria-describedby': 'abalone-summary',
    'data-region': 'centre',
  });
  const summary = el('p', { id: 'abalone-summary', class: 'visually-hidden' });
  const turn = el('p', { id: 'abalone-turn', class: 'abalone-turn' });
  const ejected = el('p', { id: 'abalone-ejected' });
  const verdict = el('p', { id: 'abalone-verdict', class: 'abalone-verdict', hidden: true });
  const trainer = el('p', { id: 'abalone-trainer', class: 'abalone-trainer', hidden: true });
  const bestButton = el('button', { type: 'button', id: 'abalone-best-button', hidden: true }, "Show the table's best move");
  const best = el('p', { id: 'abalone-best', hidden: true });
  const selection = el('p', { id: 'abalone-selection', class: 'muted' });
  const pad = el('div', { class: 'abalone-pad', role: 'group', 'aria-label': 'Move the selected marbles', dataset: { region: 'hand' } });
  const buttons = {};
  for (const dir of PAD) {
    buttons[dir] = el('button', {
      type: 'button',
      class: 'abalone-dir',
      dataset: { dir },
      'aria-label': `Move ${DIR_NAME[dir]} (${dir})`,
      onclick: () => playDir(dir),
    }, dir.toUpperCase());
    pad.append(buttons[dir]);
  }
  const clear = el('button', { type: 'button', id: 'abalone-clear', onclick: () => { clearSelection(); } }, 'Clear selection');
  const panel = el('div', { class: 'abalone-panel' }, turn, ejected, verdict, trainer, selection, pad, clear, bestButton, best);
  root.replaceChildren(el('div', { class: 'abalone-table' }, board, panel), summary);

  let answer = null;
  let moves = [];
  let selected = [];
  let focus = 'e5';
  let shownPly = -1;
  // The cells the last move's marbles moved into (marked on the board).
  let lastCells = new Map();
  // The ply of the last move drawn: a newer one's marbles roll in, on
  // the drawings of that moment (not again at a later click).
  let drawnPly = undefined;
  let rolled = { ply: null, at: 0 };
  // The verdict at the person's previous turn (the trainer compares with it).
  let lastTurn = null;

  // The board is drawn while the shell still waits on the request that
  // brought the answer, so drawing looks at the turn only; acting also
  // waits until no request is in flight.
  const playable = () => Boolean(answer && answer.your_turn && !answer.over);
  const active = () => playable() && !shell.busy;
  const matching = () => (selected.length ? moves.filter((m) => sameSet(m.cells, selected)) : []);
  const movable = (cell) => moves.some((m) => m.cells.includes(cell));

  function clearSelection(say = true) {
    selected = [];
    draw();
    if (say) shell.say('Selection cleared.');
  }

  function playDir(dir) {
    const m = matching().find((x) => x.dir === dir);
    if (m && active()) shell.play(m.move);
  }

  function choose(cell) {
    if (!active()) return;
    focus = cell;
    if (selected.includes(cell)) {
      const rest = selected.filter((x) => x !== cell);
      selected = moves.some((m) => rest.every((x) => m.cells.includes(x))) ? rest : [];
      draw();
      shell.say(selected.length ? `${cell} unselected. ${describeSelection()}` : 'Selection cleared.');
      return;
    }
    const reaching = matching().filter((m) => m.dest.includes(cell));
    if (reaching.length === 1) {
      shell.play(reaching[0].move);
      return;
    }
    if (reaching.length > 1) {
      shell.say(`Several moves reach ${cell}: ${reaching.map((m) => DIR_NAME[m.dir]).join(' or ')}; choose a direction.`);
      return;
    }
    if (!movable(cell)) {
      shell.say(`${cell} is not one of your marbles that can move.`);
      return;
    }
    const grown = [...selected, cell];
    selected = moves.some((m) => grown.every((x) => m.cells.includes(x))) ? grown : [cell];
    draw();
    shell.say(describeSelection());
  }

  function describeSelection() {
    if (!selected.length) return 'Nothing selected.';
    const options = matching();
    const list = options.length
      ? options.map((m) => `${DIR_NAME[m.dir]} to ${m.dest.join(' and ')}`).join('; ')
      : 'no move with exactly these marbles; select more';
    return `Selected ${selected.join(', ')}: ${list}.`;
  }

  function moveFocus(key) {
    const [r, c] = coordsOf(focus);
    // Up and down prefer the cell straight above or below on the same
    // diagonal; left and right stay on the row.
    const tries = {
      ArrowLeft: [[r, c - 1]],
      ArrowRight: [[r, c + 1]],
      ArrowUp: [[r + 1, c], [r + 1, c + 1]],
      ArrowDown: [[r - 1, c], [r - 1, c - 1]],
    }[key];
    const next = tries.find(([a, b]) => onBoard(a, b));
    if (next) {
      focus = nameOf(next[0], next[1]);
      draw();
    }
  }

  board.addEventListener('keydown', (e) => {
    if (e.key.startsWith('Arrow')) moveFocus(e.key);
    else if (e.key === ' ' || e.key === 'Enter') choose(focus);
    else if (e.key === 'Escape') clearSelection();
    else return;
    e.preventDefault();
  });

  bestButton.addEventListener('click', () => {
    const text = answer?.view?.best;
    if (!text) return;
    best.textContent = `The table's best move: ${text}`;
    best.hidden = false;
    shell.say(best.textContent);
  });

  function cellLabel(cell, view, dests) {
    const side = view.black.includes(cell) ? 'black marble' : view.white.includes(cell) ? 'white marble' : 'empty';
    const extra = [];
    if (selected.includes(cell)) extra.push('selected');
    if (dests.has(cell)) extra.push(`a move goes here (${dests.get(cell).join(', ')})`);
    if (lastCells.has(cell)) extra.push('moved here last move');
    return `${cell}: ${side}${extra.length ? `, ${extra.join(', ')}` : ''}`;
  }

  function draw() {
    if (!answer) return;
    const view = answer.view;
    const last = lastMoveCells(answer);
    lastCells = last.moved;
    if (drawnPly !== undefined && last.ply !== drawnPly) rolled = { ply: last.ply, at: performance.now() };
    drawnPly = last.ply;
    const rolling = rolled.ply === last.ply && performance.now() - rolled.at < 250;
    const options = matching();
    const dests = new Map();
    for (const m of options) for (const d of m.dest) dests.set(d, [...(dests.get(d) ?? []), m.move.label]);
    const outline = ['a1', 'a5', 'e9', 'i9', 'i5', 'e1'].map(point);
    const hex = svg('polygon', {
      class: 'abalone-hex',
      points: outline.map(([x, y]) => {
        // Out from the centre by one cell's reach.
        const dx = x - 252; const dy = y - 220;
        const k = 1 + 34 / Math.hypot(dx, dy);
        return `${252 + dx * k},${220 + dy * k}`;
      }).join(' '),
    });
    const cells = CELLS.map((cell) => {
      const [x, y] = point(cell);
      const colour = view.black.includes(cell) ? 'black' : view.white.includes(cell) ? 'white' : null;
      const g = svg('g', {
        id: `abalone-cell-${cell}`,
        role: 'gridcell',
        class: `abalone-cell${colour ? ` abalone-${colour}` : ''}`,
        'data-cell': cell,
        'aria-label': cellLabel(cell, view, dests),
        'aria-selected': selected.includes(cell) ? 'true' : 'false',
      });
      if (selected.includes(cell)) g.dataset.selected = 'true';
      if (dests.has(cell)) g.dataset.dest = 'true';
      if (playable() && movable(cell)) g.dataset.movable = 'true';
      if (lastCells.has(cell)) {
        g.dataset.last = 'true';
        g.dataset.from = lastCells.get(cell);
      }
      const marble = svg('circle', { cx: x, cy: y, r: 21, class: 'abalone-marble' });
      if (rolling && colour && lastCells.has(cell)) {
        // From the cell it left (not under reduced motion: abalone.css).
        const [fx, fy] = point(lastCells.get(cell));
        marble.style.setProperty('--ab-dx', `${fx - x}px`);
        marble.style.setProperty('--ab-dy', `${fy - y}px`);
        marble.classList.add('abalone-rolling');
      }
      g.append(marble);
      if (lastCells.has(cell)) g.append(svg('circle', { cx: x, cy: y, r: 13, class: 'abalone-last' }));
      if (dests.has(cell)) g.append(svg('circle', { cx: x, cy: y, r: 8, class: 'abalone-dest' }));
      if (cell === focus) g.append(svg('circle', { cx: x, cy: y, r: 25, class: 'abalone-focus' }));
      g.addEventListener('click', () => choose(cell));
      return g;
    });
    // The grid's rows (a grid cell needs a row for its parent): one per
    // row letter, a1-a5 first.
    const rows = new Map();
    for (const g of cells) {
      const r = g.dataset.cell[0];
      if (!rows.has(r)) rows.set(r, svg('g', { role: 'row' }));
      rows.get(r).append(g);
    }
    board.replaceChildren(hex, ...coordinates(), ...rows.values());
    board.setAttribute('aria-activedescendant', `abalone-cell-${focus}`);
    board.dataset.focus = focus;

    const mover = view.to_move === 'black' ? 'Black' : 'White';
    turn.textContent = view.over ? 'The game is over.' : `${mover} to move${answer.your_turn ? ' (you)' : ''}.`;
    const byBlack = view.ejected.white;
    const byWhite = view.ejected.black;
    ejected.textContent = `Pushed off: ${byBlack} white marble${byBlack === 1 ? '' : 's'} by Black, `
      + `${byWhite} black marble${byWhite === 1 ? '' : 's'} by White (six wins).`;
    summary.textContent = `Black marbles on ${view.black.join(', ') || 'no cell'}. `
      + `White marbles on ${view.white.join(', ') || 'no cell'}. ${turn.textContent} ${ejected.textContent}`;
    // At the end the result says it all: no "wins in 0 plies".
    const v = view.over ? null : verdictText(view.tablebase);
    verdict.hidden = view.over || (!v && answer.options?.layout !== 'discovery');
    verdict.textContent = v
      ? `Tablebase: ${v}.`
      : 'No tablebase verdict here: this server has no endgame tables of this material.';
    if (v) verdict.dataset.plies = String(view.tablebase.plies ?? '');
    else delete verdict.dataset.plies;

    selection.textContent = playable() ? describeSelection() : '';
    for (const dir of PAD) buttons[dir].disabled = !playable() || !options.some((m) => m.dir === dir);
    clear.disabled = !selected.length;
    bestButton.hidden = !(playable() && view.best);
  }

  /** The trainer's word after each of the person's moves: whether the win
   * was kept and how far it now is (from the verdicts of the answers at
   * the person's turns, and at the end). */
  function trainerNote() {
    const view = answer.view;
    if (!view.trainer) {
      trainer.hidden = true;
      return;
    }
    const me = answer.you === 1 ? 'white' : 'black';
    const now = view.tablebase;
    let text;
    if (lastTurn === null) {
      text = `Trainer ${view.trainer}: ${verdictText(now)} with best play. Find the win.`;
    } else if (view.over) {
      const won = answer.result?.winners?.includes(answer.you);
      text = won ? `You converted the win (the table's start: ${verdictText(lastTurn.first)}).` : 'The win slipped away.';
    } else if (now && now.winner === me) {
      const was = lastTurn.verdict.plies;
      text = `You kept the win: ${verdictText(now)} now (it was ${was}; best play takes ${Math.max(was - 2, 0)}).`;
      trainer.dataset.kept = 'true';
    } else {
      text = `That lost the win: ${verdictText(now) || 'no verdict'} now.`;
      trainer.dataset.kept = 'false';
    }
    trainer.textContent = text;
    trainer.hidden = false;
    if (answer.your_turn) {
      lastTurn = { verdict: now, first: lastTurn?.first ?? now };
    }
  }

  return {
    update(next) {
      const fresh = next.ply !== shownPly;
      answer = next;
      // Each legal move parsed from its action, with the move to play.
      moves = (next.your_turn ? next.legal : [])
        .map((move) => ({ ...parseMove(move.action), move }))
        .filter((m) => m.cells);
      if (fresh) {
        selected = [];
        best.hidden = true;
        // Start the focus ring on one of the person's movable marbles.
        if (!CELLS.includes(focus) || (moves.length && !movable(focus) && !moves.some((m) => m.dest.includes(focus)))) {
          focus = moves[0]?.cells[0] ?? focus;
        }
      }
      draw();
      if (fresh) trainerNote();
      shownPly = next.ply;
    },
    // The person's turn starts on the board (it took twelve Tabs to reach).
    focus() {
      board.focus({ preventScroll: true });
    },
  };
}

const count = (x) => Number(x).toLocaleString('en');

/**
 * The tables page (/tables/abalone): the Discovery endgames the server
 * has solved (figures from GET /api/tables/abalone), one row per class
 * and side to move, and links to the trainers the installed classes allow.
 */
export function tables(root, figures) {
  const intro = el('p', { class: 'muted' }, 'The Discovery endgames (seven marbles each) the server has solved by retrograde analysis: for each material class, the positions won, lost and drawn for the side to move, and the longest win.');
  const parts = [intro];
  if (!figures.classes.length) {
    parts.push(el('p', { id: 'tables-none' }, 'No endgame tables are installed on this server yet.'));
    // How to make them is the operator's business: folded away, for them.
    parts.push(el('details', { class: 'muted', id: 'tables-operator' },
      el('summary', {}, 'Running this server?'),
      el('p', {}, 'Make the tables with ', el('code', {}, figures.how_to_install), '.')));
  } else {
    const rows = [];
    for (const c of figures.classes) {
      const [strong, weak] = c.class.split('v');
      for (const [side, wdl] of [['strong', c.concrete.strong_to_move], ['weak', c.concrete.weak_to_move]]) {
        rows.push(el('tr', { dataset: { class: c.class, side } },
          el('th', { scope: 'row' }, c.class),
          el('td', {}, `the ${side === 'strong' ? strong : weak} marbles`),
          el('td', { class: 'wins' }, count(wdl.wins)),
          el('td', { class: 'losses' }, count(wdl.losses)),
          el('td', { class: 'draws' }, count(wdl.draws)),
          el('td', { class: 'longest' }, side === 'strong' ? String(c.max_dtw) : ''),
          el('td', {}, side === 'strong' ? el('code', {}, c.deepest) : '')));
      }
    }
    const heads = ['Class', 'Side to move', 'Wins', 'Losses', 'Draws', 'Longest win (plies)', 'A deepest position'];
    // Wider than a phone: the table scrolls sideways in its own box
    // (focusable, so the keyboard scrolls it), not the page.
    parts.push(el('div', { class: 'table-scroll', role: 'region', 'aria-label': 'The figures', tabindex: '0' }, el('table', { id: 'tables-figures', class: 'abalone-figures' },
      el('caption', {}, 'Actual positions (every symmetric image counted), by side to move'),
      el('thead', {}, el('tr', {}, ...heads.map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', { id: 'tables-rows' }, ...rows))));
  }
  if (figures.trainers.length) {
    parts.push(el('p', { id: 'tables-trainers' }, 'Practise them: ',
      ...figures.trainers.map((t, i) => [i ? ', ' : '', el('a', { href: '/new/abalone', dataset: { trainer: t } }, t)]).flat(),
      ' (choose the layout on the new-game page).'));
  }
  root.replaceChildren(...parts);
}
