// The SVG board of Jamais en diagonale. It only draws a state and reports
// which cell the player chose; game.js decides what the state is.
//
// The board is one focusable element (role grid): arrow keys move a visible
// cursor over the cells (aria-activedescendant names the cell under it),
// Enter or Space chooses it. Cells are built once per size and updated in
// place, so focus and the cursor survive every redraw.

import { svgEl, cellName } from '../common.js';

const CELL = 100; // one cell in viewBox units
const GUTTER = 40; // room for the column letters (top) and row numbers (left)
const PAD = 6;
const KEYS = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };

let boards = 0; // distinct ids (the hatch pattern) if a page ever shows two

export class DiagonalBoard {
  /**
   * @param {Element} host  where the SVG goes (its content is replaced)
   * @param {object} options
   *   size: side of the grid;
   *   owners: short words for who ate a cell, e.g. ['you', 'cpu'];
   *   ownerNames: the same in full for accessible names, e.g. ['you', 'the computer'];
   *   onChoose(cell): called when the player clicks or presses Enter on a cell
   *     (omit for a board that only shows);
   *   label: the board's accessible name.
   */
  constructor(host, options) {
    this.size = options.size;
    this.owners = options.owners ?? ['you', 'cpu'];
    this.ownerNames = options.ownerNames ?? ['you', 'the computer'];
    this.onChoose = options.onChoose ?? null;
    this.uid = ++boards;
    const mid = (this.size - 1) / 2;
    this.cursor = { row: mid, col: mid };
    this.state = null;
    this.build(host, options.label);
  }

  build(host, label) {
    const n = this.size;
    const span = GUTTER + n * CELL + PAD;
    const interactive = Boolean(this.onChoose);
    const svg = svgEl('svg', {
      viewBox: `0 0 ${span} ${span}`,
      class: n >= 7 ? 'board large' : 'board', // bigger print when cells get small
      id: 'board',
      role: 'grid',
      'aria-label': label ?? `Board, ${n} by ${n}`,
      tabindex: interactive ? '0' : null,
      'aria-readonly': interactive ? null : 'true',
      'data-size': n,
    });
    const hatch = `hatch-${this.uid}`;
    svg.append(svgEl('defs', {},
      svgEl('pattern', {
        id: hatch, width: 14, height: 14, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)',
      }, svgEl('rect', { width: 5, height: 14, class: 'hatch-line' }))));
    svg.append(svgEl('rect', { x: 0, y: 0, width: span, height: span, rx: 14, class: 'board-bg' }));

    // Column letters along the top, row numbers down the side: the token's
    // row and column turn yellow (the lines to follow).
    this.colMarks = [];
    this.rowMarks = [];
    const marks = svgEl('g', { 'aria-hidden': 'true' });
    for (let i = 0; i < n; i++) {
      const cx = GUTTER + i * CELL + CELL / 2;
      const col = svgEl('g', { class: 'marker' },
        svgEl('rect', { x: cx - 18, y: 6, width: 36, height: 28, rx: 8 }),
        svgEl('text', { x: cx, y: 21 }, String.fromCharCode(97 + i)));
      const cy = GUTTER + i * CELL + CELL / 2;
      const row = svgEl('g', { class: 'marker' },
        svgEl('rect', { x: 4, y: cy - 16, width: 32, height: 32, rx: 8 }),
        svgEl('text', { x: 20, y: cy }, String(i + 1)));
      this.colMarks.push(col);
      this.rowMarks.push(row);
      marks.append(col, row);
    }
    svg.append(marks);

    // Red lines from the token to the cells that stop it (Walls), drawn
    // over the cells (thin and dashed, so the values stay readable).
    this.lines = svgEl('g', { class: 'stop-lines', 'aria-hidden': 'true' });

    this.cells = new Map();
    const grid = svgEl('g', { class: 'cells' });
    for (let r = 0; r < n; r++) {
      const row = svgEl('g', { role: 'row' });
      for (let c = 0; c < n; c++) {
        const name = cellName(r, c);
        const x = GUTTER + c * CELL;
        const y = GUTTER + r * CELL;
        const g = svgEl('g', {
          class: 'cell', role: 'gridcell', id: `cell-${name}`, 'data-cell': name,
          transform: `translate(${x} ${y})`,
        });
        const parts = {
          g,
          bg: svgEl('rect', { x: 4, y: 4, width: CELL - 8, height: CELL - 8, rx: 10, class: 'cell-bg' }),
          hatch: svgEl('rect', {
            x: 4, y: 4, width: CELL - 8, height: CELL - 8, rx: 10, class: 'cell-hatch', fill: `url(#${hatch})`,
          }),
          token: svgEl('circle', { cx: 50, cy: 46, r: 30, class: 'token' }),
          value: svgEl('text', { x: 50, y: 45, class: 'cell-value' }),
          strike: svgEl('line', { x1: 26, y1: 62, x2: 74, y2: 32, class: 'strike' }),
          owner: svgEl('text', { x: 12, y: 88, class: 'owner' }),
          ring: svgEl('circle', { cx: 50, cy: 50, r: 42, class: 'ring' }),
          total: svgEl('text', { x: 50, y: 78, class: 'total' }),
          mark: svgEl('rect', { x: 1, y: 1, width: CELL - 2, height: CELL - 2, rx: 12, class: 'mark' }),
        };
        g.append(parts.bg, parts.hatch, parts.token, parts.value, parts.strike, parts.owner,
          parts.ring, parts.total, parts.mark);
        this.cells.set(name, parts);
        row.append(g);
      }
      grid.append(row);
    }
    svg.append(grid, this.lines);

    // The keyboard cursor, shown while the board has focus.
    this.cursorRect = svgEl('rect', {
      width: CELL - 2, height: CELL - 2, rx: 12, class: 'cursor', 'aria-hidden': 'true',
    });
    svg.append(this.cursorRect);
    this.svg = svg;
    host.replaceChildren(svg);

    if (interactive) {
      svg.addEventListener('click', (e) => {
        const g = e.target.closest?.('[data-cell]');
        if (!g) return;
        const { row, col } = this.position(g.dataset.cell);
        this.moveCursor(row, col);
        this.onChoose(g.dataset.cell);
      });
      svg.addEventListener('keydown', (e) => this.onKey(e));
      svg.addEventListener('focus', () => this.moveCursor(this.cursor.row, this.cursor.col));
    }
    this.moveCursor(this.cursor.row, this.cursor.col);
  }

  position(name) {
    return { row: Number(name.slice(1)) - 1, col: name.charCodeAt(0) - 97 };
  }

  onKey(e) {
    const n = this.size;
    let { row, col } = this.cursor;
    if (KEYS[e.key]) {
      row = Math.min(n - 1, Math.max(0, row + KEYS[e.key][0]));
      col = Math.min(n - 1, Math.max(0, col + KEYS[e.key][1]));
    } else if (e.key === 'Home') col = 0;
    else if (e.key === 'End') col = n - 1;
    else if (e.key === 'PageUp') row = 0;
    else if (e.key === 'PageDown') row = n - 1;
    else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.onChoose(cellName(row, col));
      return;
    } else return;
    e.preventDefault(); // arrows must not scroll the page
    this.moveCursor(row, col);
  }

  moveCursor(row, col) {
    this.cursor = { row, col };
    this.cursorRect.setAttribute('x', GUTTER + col * CELL + 1);
    this.cursorRect.setAttribute('y', GUTTER + row * CELL + 1);
    if (this.onChoose) this.svg.setAttribute('aria-activedescendant', `cell-${cellName(row, col)}`);
  }

  /** Puts the cursor on a cell (e.g. the first cell in reach) without focusing. */
  placeCursor(name) {
    if (!name || !this.cells.has(name)) return;
    const { row, col } = this.position(name);
    this.moveCursor(row, col);
  }

  /** Keeps the cursor if it is on one of `cells`, else puts it on the first. */
  placeCursorIfLost(cells) {
    if (!cells.length || cells.includes(cellName(this.cursor.row, this.cursor.col))) return;
    this.placeCursor(cells[0]);
  }

  focus() {
    this.svg.focus({ preventScroll: false });
  }

  setBusy(busy) {
    if (busy) this.svg.dataset.busy = 'true';
    else delete this.svg.dataset.busy;
    this.svg.setAttribute('aria-busy', busy ? 'true' : 'false');
  }

  /** Marks the cell just chosen while the server answers. */
  setPending(name) {
    for (const [cell, p] of this.cells) p.g.classList.toggle('pending', cell === name);
  }

  /**
   * Draws a state:
   *   cells, taken: rows of values / seat or null;
   *   token: the token's cell or null;
   *   legal: [{cell, total}] lit in white (the player's choices), or null;
   *   reach: [cells] lit in the mover's colour before its move, reachSeat: its seat;
   *   walls: hatch taken cells; stoppers: [cells] circled in red with lines;
   *   follow: [row, col] markers to light (defaults to the token's);
   *   marks: {cell: 'played' | 'best' | 'both' | 'last'} (review);
   *   target: the Target variant's target (totals over it are flagged), or null;
   *   over: the game has ended (nothing dimmed).
   */
  render(state) {
    this.state = state;
    const n = this.size;
    const legal = state.legal ? new Map(state.legal.map((l) => [l.cell, l.total])) : null;
    const reach = state.reach ? new Set(state.reach) : null;
    const stoppers = new Set(state.stoppers ?? []);
    const marks = state.marks ?? {};
    const lit = legal ?? reach; // the cells in focus right now

    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const name = cellName(r, c);
        const p = this.cells.get(name);
        const value = state.cells[r][c];
        const owner = state.taken[r][c];
        const taken = owner !== null && owner !== undefined;
        const isToken = state.token === name;
        const inLegal = Boolean(legal?.has(name));
        const inReach = Boolean(reach?.has(name));
        const cls = ['cell'];
        if (value < 0) cls.push('trap');
        if (taken) cls.push('taken', `by-${owner}`);
        if (isToken) cls.push('has-token');
        if (inLegal) cls.push('legal');
        if (inReach) cls.push('reach', `reach-${state.reachSeat ?? 1}`);
        if (lit && !inLegal && !inReach && !taken) cls.push('dim'); // eaten cells have their own look
        if (stoppers.has(name)) cls.push('stopper');
        if (state.walls && taken) cls.push('walled');
        if (marks[name]) cls.push(`mark-${marks[name]}`);
        p.g.setAttribute('class', cls.join(' '));
        if (inLegal) p.g.dataset.legal = 'true';
        else delete p.g.dataset.legal;
        if (taken) p.g.dataset.taken = String(owner);
        else delete p.g.dataset.taken;

        p.value.textContent = String(value);
        p.owner.textContent = taken ? this.owners[owner] : '';
        // Target: a total over the target loses at once; say so on the cell.
        const bust = inLegal && state.target !== null && state.target !== undefined && legal.get(name) > state.target;
        p.total.textContent = inLegal ? `→ ${legal.get(name)}${bust ? '!' : ''}` : '';
        p.total.classList.toggle('bust', bust);

        // The accessible name says what a sighted player sees: the
        // cell's visible words first, as shown (speech input names a
        // control by what it shows), then what they mean.
        const shown = [p.value.textContent, p.owner.textContent, p.total.textContent].filter(Boolean).join(' ');
        const words = [name, shown];
        if (taken) words.push(`taken by ${this.ownerNames[owner]}`);
        if (isToken) words.push('token');
        if (inLegal) words.push('in reach', `total ${legal.get(name)}${bust ? ', over the target' : ''}`);
        else if (inReach) words.push(`in reach of ${this.ownerNames[state.reachSeat ?? 1]}`);
        else if (legal && !taken) words.push('out of reach');
        if (stoppers.has(name)) words.push('stops the token');
        if (marks[name] === 'played') words.push('move played');
        if (marks[name] === 'best') words.push('the computer’s choice');
        if (marks[name] === 'both') words.push('move played, the computer’s choice too');
        p.g.setAttribute('aria-label', words.join(', '));
      }
    }

    // Row and column to follow: the token's, or the central cross before
    // the first move.
    const follow = state.follow ?? (state.token ? [this.position(state.token)] : []);
    const rows = new Set(follow.map((f) => f.row));
    const cols = new Set(follow.map((f) => f.col));
    this.rowMarks.forEach((m, i) => m.classList.toggle('follow', rows.has(i)));
    this.colMarks.forEach((m, i) => m.classList.toggle('follow', cols.has(i)));

    // Lines from the token to each stopper.
    this.lines.replaceChildren();
    if (state.token && stoppers.size) {
      const t = this.position(state.token);
      for (const s of stoppers) {
        const q = this.position(s);
        this.lines.append(svgEl('line', {
          x1: GUTTER + t.col * CELL + CELL / 2, y1: GUTTER + t.row * CELL + CELL / 2,
          x2: GUTTER + q.col * CELL + CELL / 2, y2: GUTTER + q.row * CELL + CELL / 2,
          class: 'stop-line',
        }));
      }
    }
    this.svg.classList.toggle('over', Boolean(state.over));
  }
}

/** The central cross, whose markers light before the first move. */
export function centralCross(size) {
  const mid = (size - 1) / 2;
  return [{ row: mid, col: mid }];
}
