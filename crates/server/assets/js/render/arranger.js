// The meld arranger the rummy renderers share (render/ginrummy.js,
// render/indianrummy.js): the person's hand starts in the server's best
// arrangement; with "Arrange your …" pressed its cards become toggles, and
// the person groups the selected cards into a meld (refused, with the
// reason, unless the game's own meld test takes it), breaks a group apart,
// or presses Auto for the best arrangement again. The person's groups and
// the cards left stay in the page's memory (per game, for the hand) while
// their cards stay in the hand; what the server lays down or shows is
// still its own best arrangement, so the arranger is for the eye only.
//
// The arranger knows no game: the renderer passes its rules (the server's
// arrangement of a view, the meld test, the count, the words) and draws
// the hand itself from `begin`'s arrangement, asking the arranger for each
// card's toggle while arranging and for the row of arranging controls.
//
// A game whose melds go on the table during its turn (Canasta) gives
// `rules.lay`: its selection then makes the real moves, not a group for
// the eye (see `arranger`).
//
// Two decks (Indian Rummy) put two cards of one name in a hand: the
// arranger tells them apart by a key, the name for the first and
// `name#2` for the second (`keyed`), and a renderer reads a key's card
// back with `nameOf`. With one deck a key is the card's name.

import { el } from '../common.js';
import { arrowKeys, cardWords } from './cardface.js';

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The keys of a hand's cards, in their order: each name, a second copy
 *  of a name `name#2`. */
export function keyed(names) {
  const seen = new Map();
  return names.map((c) => {
    const n = (seen.get(c) ?? 0) + 1;
    seen.set(c, n);
    return n === 1 ? c : `${c}#${n}`;
  });
}

/** The card of a key. */
export const nameOf = (key) => key.split('#')[0];

/** The person's own arrangements, by game id: `{ hand, seat, groups }`,
 *  the groups (lists of keys) `null` while the hand is shown in its best
 *  arrangement. Kept in the page's memory only. */
const memory = new Map();

/**
 * An arranger for one renderer.
 *
 * @param {object} shell  the page shell (`say`)
 * @param {object} rules  the game's:
 *   `prefix` of the controls' ids (`gr`: `gr-arrange`, `gr-meld`,
 *   `gr-break-1`, `gr-auto`, `gr-card-{key}`, `gr-arrange-note`,
 *   `gr-lay-hint`, `gr-discard-selected`);
 *   `best(view)`: the server's arrangement, `{groups: [{cards, kind,
 *   wilds}], deadwood, points}` with card names;
 *   `hand(view)`: the hand's number (a new hand forgets the person's
 *   groups);
 *   `check(names)`: the meld test, `{kind, cards, wilds}` (the cards in
 *   the order shown, the last `wilds` standing as wild) or `null`;
 *   `refusal(names)`: why the cards are no meld, in words;
 *   `points(groups, deadwood)`: the hand's count with these groups (each
 *   `{cards, kind}` of names) and the cards left;
 *   `order(a, b)`: the order of the cards left;
 *   `words`: `{meld, Meld, melded, rest, score, title, hint(arranging),
 *   kind(kind)}` — "meld", "Meld", "melded", "the deadwood", "deadwood",
 *   "Arrange your melds", the hint under the controls, "a run";
 *   `lay(names)` (optional): the legal moves the selected cards make, for
 *   a game that melds on the table (Canasta): `{moves: [{id, text, label,
 *   move}], refusal}`. With it, the selection's controls are those moves'
 *   buttons (played with `play`), or a Meld button that tells the refusal,
 *   and the discard of the one card selected; the groups stay the
 *   server's (no Break, no Auto).
 * @param {function} draw  draws the board again (the renderer's update)
 */
export function arranger(shell, rules, draw) {
  const p = rules.prefix;
  const w = rules.words;
  let arranging = false;
  let selected = new Set();
  let note = null;
  let ply = -1;
  let current = null;
  let can = false;

  /** A group of keys as the meld test orders it: `{cards, kind, wilds}`
   *  (keys), or `null` when it is no meld. */
  function shaped(keys) {
    const shape = rules.check(keys.map(nameOf));
    if (!shape) return null;
    const left = [...keys];
    const cards = shape.cards.map((c) => left.splice(left.findIndex((k) => nameOf(k) === c), 1)[0]);
    return { cards, kind: shape.kind, wilds: shape.wilds ?? 0 };
  }

  /** The hand as the page shows it: the person's own groups (those whose
   *  cards are all still held, less any card gone when the rest still
   *  melds) or the best arrangement, the cards left and the count. */
  function arrangement(answer) {
    const v = answer.view;
    const best = rules.best(v);
    const held = keyed([...best.groups.flatMap((g) => g.cards), ...best.deadwood]);
    let at = 0;
    const take = (cards) => cards.map(() => held[at++]);
    const bestGroups = best.groups.map((g) => ({ cards: take(g.cards), kind: g.kind, wilds: g.wilds ?? 0 }));
    const bestRest = take(best.deadwood);
    const hand = rules.hand(v);
    let mem = memory.get(answer.id);
    if (!mem || mem.hand !== hand || mem.seat !== v.seat) {
      mem = { hand, seat: v.seat, groups: null };
      memory.set(answer.id, mem);
    }
    if (mem.groups) {
      const have = new Set(held);
      mem.groups = mem.groups.map((g) => g.filter((k) => have.has(k))).filter((g) => shaped(g));
    }
    if (!mem.groups) {
      return { mem, held, groups: bestGroups, deadwood: bestRest, points: best.points, best: best.points, own: false };
    }
    const groups = mem.groups.map(shaped);
    const grouped = new Set(mem.groups.flat());
    const deadwood = held.filter((k) => !grouped.has(k)).sort((a, b) => rules.order(nameOf(a), nameOf(b)));
    const points = rules.points(groups.map((g) => ({ ...g, cards: g.cards.map(nameOf) })), deadwood.map(nameOf));
    return { mem, held, groups, deadwood, points, best: best.points, own: true };
  }

  /** Draws again after a change of the arrangement, the focus kept. */
  function redraw() {
    const id = document.activeElement?.id;
    draw(current);
    if (id) (document.getElementById(id) ?? document.getElementById(`${p}-meld`))?.focus({ preventScroll: true });
  }

  /** Says a word on the arrangement: shown beside it and announced. */
  function tell(text, refused = false) {
    note = { text, refused };
    shell.say(text);
  }

  function toggle(key) {
    if (selected.has(key)) selected.delete(key);
    else selected.add(key);
    redraw();
  }

  function toggleArranging() {
    arranging = !arranging;
    selected = new Set();
    note = null;
    const start = rules.lay
      ? `Selecting: select cards, then ${w.Meld}; one card selected, Discard.`
      : `Arranging: select cards, then ${w.Meld}; Break splits a ${w.meld}; Auto restores the best arrangement.`;
    const done = rules.lay ? 'Done selecting' : 'Done arranging';
    shell.say(arranging ? start : `${done}: a card on your turn discards it again.`);
    redraw();
  }

  function meldSelected() {
    const keys = [...selected];
    const a = arrangement(current);
    const shape = keys.length ? shaped(keys) : null;
    const cards = shape ? shape.cards : keys.sort((x, y) => rules.order(nameOf(x), nameOf(y)));
    const list = cards.map(nameOf).join(' ');
    if (!keys.length) {
      tell(`Select three or more cards first, then ${w.Meld}.`, true);
    } else if (!shape) {
      tell(`${list} is not a ${w.meld}: ${rules.refusal(cards.map(nameOf))}.`, true);
    } else {
      // The cards leave the groups they were in; a group that no longer
      // melds goes back to the cards left.
      const kept = [];
      const undone = [];
      for (const g of a.groups) {
        const rest = g.cards.filter((k) => !selected.has(k));
        if (rest.length === g.cards.length || shaped(rest)) kept.push(rest);
        else undone.push(...rest);
      }
      a.mem.groups = [...kept, cards];
      selected = new Set();
      const after = arrangement(current);
      tell(`${list} ${w.melded} (${w.kind(shape.kind)})${undone.length ? `; ${undone.map(nameOf).join(' ')} back to ${w.rest}` : ''}: ${w.score} ${after.points}.`);
    }
    redraw();
  }

  function breakMeld(i) {
    const a = arrangement(current);
    const g = a.groups[i];
    a.mem.groups = a.groups.filter((_, j) => j !== i).map((x) => [...x.cards]);
    selected = new Set();
    tell(`${g.cards.map(nameOf).join(' ')} broken apart: ${w.score} ${arrangement(current).points}.`);
    redraw();
  }

  function auto() {
    arrangement(current).mem.groups = null;
    selected = new Set();
    const b = arrangement(current);
    tell(`The best arrangement: ${plural(b.groups.length, w.meld)}, ${w.score} ${b.points}.`);
    redraw();
  }

  return {
    /** Whether the hand's cards are toggles now. */
    get arranging() {
      return arranging;
    },

    /** Starts a drawing of `answer`: answers the hand's arrangement
     *  `{held, groups, deadwood, points, best, own}` (keys; `best` the
     *  server's count). `allowed`: whether the person may arrange (their
     *  own hand, the game on); `start`: the cards are toggles from the
     *  start of this position (nothing to discard, melds to make). */
    begin(answer, allowed, start = false) {
      current = answer;
      if (ply !== answer.ply) {
        selected = new Set();
        note = null;
        ply = answer.ply;
        if (start) arranging = true;
      }
      const a = arrangement(answer);
      can = allowed && a.held.length > 0;
      if (!can) arranging = false;
      for (const k of selected) if (!a.held.includes(k)) selected.delete(k);
      return a;
    },

    /** The toggle of card `key` while arranging: `face` its card drawn,
     *  `label` its accessible name, `cls` more classes, `tag` a node after
     *  the face. */
    toggle(key, face, { label, cls = '', tag = null }) {
      const on = selected.has(key);
      return el('button', {
        type: 'button',
        class: `hc-card-button${on ? ' selected' : ''}${cls ? ` ${cls}` : ''}`,
        id: `${p}-card-${key}`,
        'aria-pressed': on ? 'true' : 'false',
        'aria-label': label,
        dataset: { card: key },
        onclick: () => toggle(key),
      }, face, tag);
    },

    /** The arranging controls, or `null` when the person may not arrange:
     *  the toggle, then (arranging) meld, break, auto, and a discard of the
     *  one card selected when `discardOf(name)` gives its move (`play`
     *  plays it). */
    controls(groups, discardOf, play) {
      if (!can) return null;
      const sel = [...selected].sort((x, y) => rules.order(nameOf(x), nameOf(y))).map(nameOf);
      const one = sel.length === 1 && discardOf(sel[0]) ? sel[0] : null;
      const meldName = sel.length
        ? `${w.Meld} the selected cards: ${sel.map(cardWords).join(', ')}`
        : `${w.Meld} the selected cards (none selected)`;
      const meldText = sel.length ? `${w.Meld} ${sel.join(' ')}` : `${w.Meld} the selected cards`;
      // A game that melds on the table: the moves the selection makes, or
      // a Meld button that says why it makes none.
      let lays = [];
      if (arranging && rules.lay) {
        const laid = rules.lay(sel);
        lays = laid.moves.length
          ? laid.moves.map((m) => el('button', {
            type: 'button',
            class: 'btn',
            id: m.id,
            dataset: { action: m.move.label },
            'aria-label': m.label,
            onclick: () => play(m.move),
          }, m.text))
          : [el('button', {
            type: 'button',
            class: 'btn',
            id: `${p}-meld`,
            'aria-label': meldName,
            onclick: () => {
              tell(laid.refusal, true);
              redraw();
            },
          }, meldText)];
      }
      const row = el('div', { class: 'gr-arrange', role: 'group', 'aria-label': w.title },
        el('button', {
          type: 'button',
          class: 'btn secondary gr-arrange-toggle',
          id: `${p}-arrange`,
          'aria-pressed': arranging ? 'true' : 'false',
          onclick: toggleArranging,
        }, w.title),
        ...lays,
        arranging && !rules.lay
          ? el('button', {
            type: 'button',
            class: 'btn',
            id: `${p}-meld`,
            'aria-label': meldName,
            onclick: meldSelected,
          }, meldText)
          : null,
        ...(arranging && !rules.lay ? groups.map((g, i) => el('button', {
          type: 'button',
          class: 'btn secondary gr-break',
          id: `${p}-break-${i + 1}`,
          'aria-label': `Break apart ${w.meld} ${i + 1}: ${g.cards.map((k) => cardWords(nameOf(k))).join(', ')}`,
          onclick: () => breakMeld(i),
        }, `Break ${g.cards.map(nameOf).join(' ')}`)) : []),
        rules.lay ? null : el('button', {
          type: 'button',
          class: 'btn secondary',
          id: `${p}-auto`,
          'aria-label': 'Auto: the best arrangement',
          onclick: auto,
        }, 'Auto'),
        one
          ? el('button', {
            type: 'button',
            class: 'btn',
            id: `${p}-discard-selected`,
            dataset: { action: discardOf(one).label },
            'aria-label': `Discard the ${cardWords(one)}`,
            onclick: () => play(discardOf(one)),
          }, `Discard ${one}`)
          : null);
      arrowKeys(row);
      return el('div', { class: 'gr-arranging' },
        row,
        note
          ? el('p', { class: `gr-note${note.refused ? ' gr-refused' : ''}`, id: `${p}-arrange-note` }, note.text)
          : null,
        el('p', { class: 'muted gr-hint', id: `${p}-lay-hint` }, w.hint(arranging)));
    },
  };
}
