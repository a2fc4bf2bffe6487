// Playing cards as the card table's renderers draw them (render/hearts.js,
// render/spades.js): a card's face from its name (`Q♠`, `10♥`, and `Jk`
// for a printed joker, as Indian Rummy names it), its accessible name
// ("queen of spades", "joker"), the name of a card of a game's
// actions (a legal move names its card by id), and arrow keys that move
// the focus along a row of card buttons.

import { el, styleSheet } from '../common.js';

// The card table's look, before any card is drawn.
await styleSheet(new URL('./cards.css', import.meta.url));

const SUIT_CLASS = { '♣': 'clubs', '♦': 'diamonds', '♥': 'hearts', '♠': 'spades' };
const RANK_WORD = { J: 'jack', Q: 'queen', K: 'king', A: 'ace' };

/** The name of a printed joker. */
const JOKER = 'Jk';

/** The accessible name of a card: "queen of spades", "joker". */
export function cardWords(name) {
  if (name === JOKER) return 'joker';
  const suit = name.slice(-1);
  const rank = name.slice(0, -1);
  return `${RANK_WORD[rank] ?? rank} of ${SUIT_CLASS[suit]}`;
}

const SUITS = ['♣', '♦', '♥', '♠'];
const FACES = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K', 14: 'A' };

/** The name of card `id` of a French deck as the games number theirs in
 *  their actions (docs/bot-protocol.md): suit by suit, ♣ ♦ ♥ ♠, each
 *  suit's ranks low to high from `lowest` (2 for Hearts and Spades, 9 for
 *  Euchre, 1 for Gin Rummy's low ace; a high ace is 14): `Q♠`, `10♥`. */
export function frenchCard(id, lowest) {
  const ranks = (lowest === 1 ? 14 : 15) - lowest;
  const rank = lowest + (id % ranks);
  return `${FACES[rank] ?? rank}${SUITS[Math.floor(id / ranks)]}`;
}

/** The card ids of a set: the integer (a number, or a BigInt when wide)
 *  whose bit `i` is card `i`, as the games' actions write sets. */
export function setCards(set) {
  const ids = [];
  for (let rest = BigInt(set), i = 0; rest > 0n; rest >>= 1n, i += 1) {
    if (rest & 1n) ids.push(i);
  }
  return ids;
}

/** A card's face, drawn as a card: its rank in the corner, its suit's
 * pip large below (its text still reads `Q♠`); `idle` greys a card that
 * may not be played now. */
export function card(name, idle = false) {
  // A joker: `Jk` in the corner, its star drawn by the style sheet (the
  // card's text stays its name).
  if (name === JOKER) {
    return el('span', { class: `hc-card hc-joker${idle ? ' hc-idle' : ''}`, role: 'img', 'aria-label': cardWords(name) },
      el('span', { class: 'hc-rank' }, JOKER),
      el('span', { class: 'hc-pip' }));
  }
  const suit = SUIT_CLASS[name.slice(-1)];
  // An image of a card: its name is the words ("queen of spades").
  return el('span', { class: `hc-card hc-${suit}${idle ? ' hc-idle' : ''}`, role: 'img', 'aria-label': cardWords(name) },
    el('span', { class: 'hc-rank' }, name.slice(0, -1)),
    el('span', { class: 'hc-pip' }, name.slice(-1)));
}

/** Left and right arrows (and Home, End) move the focus along the
 *  buttons of `row`, so a hand is played from the keyboard without
 *  tabbing through every card. */
export function arrowKeys(row) {
  row.addEventListener('keydown', (e) => {
    const buttons = [...row.querySelectorAll('button:not([disabled])')];
    let at = buttons.indexOf(document.activeElement);
    // The row itself focused (a pad that must not answer Enter): the
    // arrows enter it at its first or last button.
    if (at < 0 && document.activeElement === row) at = e.key === 'ArrowLeft' ? 0 : -1;
    else if (at < 0) return;
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: buttons.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    buttons[(to + buttons.length) % buttons.length].focus();
  });
}

/** Fans a hand: each card turned a little and lowered along an arc from
 *  the middle of the hand, side by side as before (a fan that overlapped
 *  its cards would shrink each one's target below what a finger needs). */
export function fan(row) {
  const cards = [...row.children];
  const mid = (cards.length - 1) / 2;
  cards.forEach((c, i) => {
    const t = mid ? (i - mid) / mid : 0;
    c.style.setProperty('--fan-turn', `${(t * 5).toFixed(2)}deg`);
    c.style.setProperty('--fan-drop', `${(t * t * 0.4).toFixed(2)}rem`);
  });
  row.classList.add('hc-fan');
}
