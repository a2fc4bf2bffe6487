// The climbing games' hand (Dou Dizhu, Guandan: render/doudizhu.js,
// render/guandan.js), once for both: your cards as toggle buttons (the
// arrow keys move along them, Space selects), the selection kept for one
// position and dropped at the next, a line saying what the selection is,
// the controls row (Play, Pass, Hint, Clear, each with its key), the
// board's keys (Enter plays, P passes, H hints, Escape clears), the hint
// cycling through the legal plays, the "Keys:" help line, and the faces
// of a climbing game's cards (the jokers drawn as `SJ` and `BJ`).
//
// What differs is the game's: its class prefix (`dd`, `gd`), which of
// the legal plays a selection is (Dou Dizhu: the play of the selection's
// very ranks; Guandan: every play the selection may stand for, wild
// cards filling in), which cards a hint selects, what Play sends (the
// cards themselves, typed; or the legal move), and the words. The page
// computes no rule: a play is matched to the selection by counting.

import { el } from '../common.js';
import { arrowKeys, fan, card, cardWords } from './cardface.js';

export const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The jokers' names, as the climbing games name their cards. */
const JOKERS = { SJ: 'small joker', BJ: 'big joker' };

/** A card's accessible name: "queen of spades", "big joker". */
export function words(name) {
  return JOKERS[name] ?? cardWords(name);
}

/** A card's face (the jokers drawn as `SJ`, black, and `BJ`, red, marked
 *  with the class `{prefix}-joker`). */
export function face(name, prefix, idle = false) {
  if (!JOKERS[name]) return card(name, idle);
  return el('span', {
    class: `hc-card ${name === 'BJ' ? 'hc-hearts' : 'hc-spades'} ${prefix}-joker${idle ? ' hc-idle' : ''}`,
    role: 'img',
    'aria-label': JOKERS[name],
    title: JOKERS[name],
  }, name);
}

/** A row of cards, as one group named `label`. */
export function faces(names, label, prefix) {
  return el('div', { class: `gr-cards ${prefix}-cards`, role: 'group', 'aria-label': label },
    ...names.map((c) => face(c, prefix)));
}

/** A combination's ranks, low to high (`['3', '3', '4']`), from its rank
 *  counts (`combo.cards`: four bits a rank, read in the order of `names`;
 *  a BigInt when wider than a number holds: see readJson). */
export function comboRanks(cards, names) {
  const counts = BigInt(cards);
  return names.flatMap((rank, i) => Array(Number((counts >> BigInt(4 * i)) & 15n)).fill(rank));
}

/** A climbing move in words, for a third person (`East passes`) or for
 *  you; `null` for a move that is neither a pass nor a play. */
export function playWords(text, you) {
  const verb = (third, second) => (you ? second : third);
  if (text === 'pass') return verb('passes', 'pass');
  if (text.startsWith('play ')) return `${verb('plays', 'play')} ${text.slice(5)}`;
  return null;
}

/** The keys' words, after "Enter plays the selection when it is a legal
 *  play": what Enter does otherwise. */
const ENTER_ELSE = '(otherwise it selects the card)';

/**
 * The board of a climbing game in `root`, for `shell`: `board`, its
 * `upper` part (the table and your hand: the game draws it), the
 * selection's line, its `lower` part (the controls, the game's panels);
 * and the hand, whose keys the board takes: at each drawing the game
 * calls `begin(answer, hand, plays, pass)`, then draws `handRow(playing)`,
 * puts `controls()` (the controls row, the keys' line) where it wants
 * them while you play, and sets the line with `selection(playing)`.
 * `game` gives:
 *   prefix: the ids' and classes' prefix (`dd`);
 *   update(answer): draws the page again (after a change of selection);
 *   cardId(c, i): the id of the button of hand card `c` at place `i`;
 *   cardFace(c): its face; cardWords(c): its accessible name;
 *   match(sel, plays): the legal plays the selected hand cards `sel`
 *     (in the hand's order) are, in the order of their Play buttons;
 *   pick(play, hand): the places of the hand a hint selects for `play`;
 *   selectionWords(sel): the selection in words (`3 3 4`);
 *   playWords(play): a matching play in words, after "Play";
 *   send(play, sel): plays it;
 *   enterElse: what Enter does on a card that plays nothing (words, in
 *     parentheses; Dou Dizhu's by default).
 * Each play of `plays` is `{move, ...}` with `move` one of `answer.legal`.
 */
export function climbingHand(root, shell, game) {
  const p = game.prefix;
  // The selection (places in the hand), the hint last shown, for one position.
  let selected = new Set();
  let hintAt = -1;
  let ply = -1;
  let current = null;
  const upper = el('div', { class: `${p}-upper` });
  const selLine = el('p', { id: `${p}-selection`, class: `${p}-selection`, 'aria-live': 'polite' });
  const lower = el('div', { class: `${p}-lower` });
  const board = el('div', { class: `hc-board ${p}-board` }, upper, selLine, lower);
  root.replaceChildren(board);

  /** Draws again after a change of the selection, the focus kept. */
  function redraw() {
    const id = document.activeElement?.id;
    game.update(current.answer);
    if (id) document.getElementById(id)?.focus({ preventScroll: true });
  }

  function toggle(i) {
    if (selected.has(i)) selected.delete(i);
    else selected.add(i);
    redraw();
  }

  function hint() {
    const { plays } = current;
    if (!plays.length) return;
    hintAt = (hintAt + 1) % plays.length;
    // A suggestion: Play sends whatever is selected then.
    selected = new Set(game.pick(plays[hintAt], current.hand));
    redraw();
  }

  function clear() {
    selected = new Set();
    redraw();
  }

  // The keys of the table (documented on the page).
  board.addEventListener('keydown', (e) => {
    if (!current || e.ctrlKey || e.metaKey || e.altKey) return;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const { pass, plays, choices, sel } = current;
    if (key === 'Enter' && e.target.dataset?.card !== undefined) {
      // On a card: plays a legal selection, else selects (the button's
      // click); a selection that is several plays goes to their buttons.
      if (choices.length === 1) {
        e.preventDefault();
        game.send(choices[0], sel);
      } else if (choices.length > 1) {
        e.preventDefault();
        document.getElementById(`${p}-play`)?.focus();
      }
    } else if (key === 'p' && pass) {
      e.preventDefault();
      shell.play(pass);
    } else if (key === 'h' && plays.length) {
      e.preventDefault();
      hint();
    } else if (key === 'Escape' && selected.size) {
      e.preventDefault();
      clear();
    }
  });

  /** The position of `answer`: its hand, the legal plays (`{move, …}`)
   * and the pass (or `null`). Drops the selection at a new position;
   * answers the selected cards and the plays they match. */
  function begin(answer, hand, plays, pass) {
    if (ply !== answer.ply) {
      selected = new Set();
      hintAt = -1;
      ply = answer.ply;
    }
    const sel = hand.filter((_, i) => selected.has(i));
    const choices = sel.length ? game.match(sel, plays) : [];
    current = { answer, hand, plays, pass: pass ?? null, sel, choices };
    return { sel, choices };
  }

  /** Your hand: toggle buttons while you play, faces otherwise. */
  function handRow(playing) {
    const { hand } = current;
    const row = el('div', { class: `hc-hand ${p}-hand`, role: 'group', 'aria-label': playing ? 'Your hand: select the cards to play' : 'Your hand', dataset: { region: 'hand' } },
      ...hand.map((c, i) => {
        if (!playing) return game.cardFace(c);
        const on = selected.has(i);
        return el('button', {
          type: 'button',
          class: `hc-card-button${on ? ' selected' : ''}`,
          id: game.cardId(c, i),
          'aria-pressed': on ? 'true' : 'false',
          'aria-label': game.cardWords(c),
          dataset: { card: c.card, rank: c.rank, ...(c.wild ? { wild: 'true' } : {}) },
          onclick: () => toggle(i),
        }, game.cardFace(c));
      }));
    if (playing) arrowKeys(row);
    fan(row);
    return row;
  }

  /** The controls row (a Play button for each play the selection is, one
   * disabled Play when none), and the keys' line. */
  function controls() {
    const { plays, pass, sel, choices } = current;
    const rowStyle = 'display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 0.4rem 0;';
    const said = sel.length ? game.selectionWords(sel) : '';
    const hintNo = hintAt >= 0 ? ` (${hintAt + 1} of ${plays.length})` : '';
    const playButton = (choice, k) => el('button', {
      type: 'button',
      id: k ? `${p}-play-${k + 1}` : `${p}-play`,
      class: 'btn',
      disabled: !choice,
      dataset: choice ? { action: choice.move.label } : {},
      'aria-keyshortcuts': choices.length > 1 ? null : 'Enter',
      'aria-label': choice
        ? `Play ${game.playWords(choice)}`
        : said ? `Play (${said} is not a legal play)` : 'Play (select cards first)',
      onclick: () => { if (choice) game.send(choice, sel); },
    }, choice ? `Play ${game.playWords(choice)}` : 'Play');
    const row = el('div', { class: `${p}-controls`, role: 'group', 'aria-label': 'Your play', style: rowStyle },
      ...(choices.length ? choices.map(playButton) : [playButton(null, 0)]),
      pass
        ? el('button', {
          type: 'button', id: `${p}-pass`, class: 'btn secondary', dataset: { action: pass.label },
          'aria-keyshortcuts': 'P', 'aria-label': 'Pass (P)', onclick: () => shell.play(pass),
        }, 'Pass')
        : null,
      el('button', {
        type: 'button',
        id: `${p}-hint`,
        class: 'btn secondary',
        disabled: !plays.length,
        'aria-keyshortcuts': 'H',
        // The words shown come first (speech input says them).
        'aria-label': plays.length ? `Hint${hintNo}: select the next of ${plays.length} legal plays` : 'Hint (nothing beats it)',
        onclick: hint,
      }, plays.length ? `Hint${hintNo}` : 'Hint (nothing beats it)'),
      el('button', {
        type: 'button',
        id: `${p}-clear`,
        class: 'btn secondary',
        disabled: selected.size === 0,
        'aria-keyshortcuts': 'Escape',
        'aria-label': 'Clear the selection (Escape)',
        onclick: clear,
      }, 'Clear'));
    const keys = el('p', { class: `muted ${p}-keys`, id: `${p}-keys` },
      'Keys: ← and → (Home, End) move along your hand; Space selects or unselects a card; '
      + `Enter plays the selection when it is a legal play ${game.enterElse ?? ENTER_ELSE}; `
      + 'H selects the next hint; P passes; Esc clears the selection.');
    return [row, keys];
  }

  /** The selection's line, shown while you play. */
  function selection(playing) {
    const { plays, pass, sel, choices } = current;
    let text = '';
    if (playing && sel.length) {
      const what = choices.length > 1
        ? ` — ${choices.length} legal plays: choose one`
        : choices.length ? ' — a legal play' : ' — not a legal play now';
      text = `Selected: ${game.selectionWords(sel)}${what}.`;
    } else if (playing) {
      text = `No card selected: ${plural(plays.length, 'legal play')}${pass ? ', or pass' : ''}.`;
    }
    selLine.textContent = text;
    selLine.hidden = !playing;
  }

  return { board, upper, lower, begin, handRow, controls, selection };
}
