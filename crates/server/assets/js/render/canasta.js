// Canasta's renderer for the page shell (see ../table.js): the two sides
// at the top (your side first), each with its score, its initial meld's
// minimum and whether it has opened, its two players (cards in hand, the
// cards each took with the pile and still holds, face up), its red threes
// and its melds by rank (the wild cards in them marked, a canasta marked
// natural or mixed); the stock and the discard pile in the middle (its
// top card, its size, whether it is frozen and why, every card of it on
// demand), with the turn's buttons: draw, take the pile (how its top card
// melds said), end the hand, ask to go out, yes or no; your hand at the
// bottom grouped by rank (natural ranks, black threes, wild cards), then
// the last hand's count per side (canastas, red threes, going out,
// melded, in hand, total) and the score sheet.
//
// On your discard every card of your hand is a button that discards it
// (arrow keys move along them). "Select cards to meld" turns the cards
// into toggles (render/arranger.js, the rummy pages' arranger, with
// Canasta's `lay`: the selection makes real moves): cards of one rank,
// with wild cards or not, make a Meld button when they are a legal meld
// (a new meld, or cards added to your side's meld of the rank); wild
// cards alone make a button for each of your side's melds they may go on;
// one card selected, a Discard button. After a take that must reach the
// initial meld's minimum (nothing to discard yet), the cards are toggles
// at once, so the take and the melds are one turn.
//
// Everything comes from your observation: another hand is a count and the
// cards it is known to hold. The moves are the answer's legal moves, read
// by their actions: `"draw"`, `"take"`, `{"meld": {rank, naturals, twos,
// jokers}}` (rank 0 the ace, 2 the black threes, 3 the four … 12 the
// king), `"ask"`, `"yes"`, `"no"`, `{"discard": id}` (ids 0..107: two
// instances of each face, `id >> 1` the face, suit by suit ♣ ♦ ♥ ♠ from
// the ace; 104 to 107 the jokers), `"end"`.

import { el, actionArg, actionKind, signed, moveSentence } from '../common.js';
import { arrowKeys, card, cardWords, frenchCard } from './cardface.js';
import { arranger, nameOf } from './arranger.js';

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The printed joker's name. */
const JOKER = 'Jk';

/** The name of a card of Canasta's actions: `7♥`, `Jk`. */
const cardName = (id) => (id >= 104 ? JOKER : frenchCard(id >> 1, 1));

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
/** The rank index of the black threes' meld. */
const THREE = 2;
const rankOf = (c) => (c === JOKER ? -1 : RANKS.indexOf(c.slice(0, -1)));
const isTwo = (c) => rankOf(c) === 1;
const isWild = (c) => c === JOKER || isTwo(c);
const isRedThree = (c) => rankOf(c) === THREE && '♦♥'.includes(c.slice(-1));

/** The rank a card melds in (its own; black threes 2), or `null` for a
 *  wild card or a red three. */
export const meldRank = (c) => (isWild(c) || isRedThree(c) ? null : rankOf(c));

/** A card's worth: jokers 50, twos and aces 20, kings to eights 10, the
 *  others 5 (red threes 100, a bonus). */
export function value(c) {
  if (c === JOKER) return 50;
  if (isRedThree(c)) return 100;
  const r = rankOf(c);
  if (r <= 1) return 20;
  return r >= 7 ? 10 : 5;
}

/** The order of the hand: the natural ranks (the ace first), black
 *  threes, twos, jokers; suits in the server's order. */
const SUITS = '♣♦♥♠';
function handPlace(c) {
  if (c === JOKER) return 1000;
  const r = rankOf(c);
  const rank = r === 1 ? 900 : r === THREE ? 800 : r === 0 ? 0 : r * 10;
  return rank + SUITS.indexOf(c.slice(-1));
}
const byHand = (a, b) => handPlace(a) - handPlace(b);

/** A rank's cards in words: "7s", "aces", "black threes", "wild cards". */
function rankWords(rank) {
  return {
    A: 'aces', J: 'jacks', Q: 'queens', K: 'kings', 3: 'black threes', wild: 'wild cards', 6: 'sixes',
  }[rank] ?? `${rank}s`;
}
const Cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** A meld move's fields. */
const meldOf = (m) => actionArg(m.action);

/**
 * The legal melds the cards `names` make (the selection), from the legal
 * moves `legal` (`[{action, label}]`), and why they make none: `{moves:
 * [{move, rank, wild}], refusal}`. Natural cards of one rank (black threes
 * for rank 2), with wild cards or not, make at most one move, the meld of
 * those counts; wild cards alone make one for each of the side's melds
 * they may go on (`wild` true). `view` (optional) words the refusal.
 */
export function meldsOf(names, legal, view = null) {
  const melds = legal.filter((m) => actionKind(m.action) === 'meld');
  const twos = names.filter(isTwo).length;
  const jokers = names.filter((c) => c === JOKER).length;
  const naturals = names.filter((c) => meldRank(c) !== null);
  const ranks = [...new Set(naturals.map(meldRank))];
  const none = (refusal) => ({ moves: [], refusal });
  if (!names.length) return none('select the cards to meld first: natural cards of one rank, with wild cards or not, or wild cards alone to go on one of your side’s melds');
  if (!melds.length) return none('you may meld only on your turn, after drawing or taking the pile');
  if (ranks.length > 1) return none('a meld is of one rank: select natural cards of one rank only (and wild cards)');
  const same = (a, rank, n) => a.rank === rank && a.naturals === n && a.twos === twos && a.jokers === jokers;
  if (ranks.length === 1) {
    const rank = ranks[0];
    const m = melds.find((x) => same(meldOf(x), rank, naturals.length));
    if (m) return { moves: [{ move: m, rank, wild: false }], refusal: null };
    return none(whyNot(rank, naturals.length, twos + jokers, view));
  }
  const onto = melds.filter((x) => same(meldOf(x), meldOf(x).rank, 0));
  if (onto.length) return { moves: onto.map((m) => ({ move: m, rank: meldOf(m).rank, wild: true })), refusal: null };
  const side = view?.sides?.[view.side];
  return none(side && !side.melds.length
    ? 'wild cards alone go onto one of your side’s melds, and your side has none yet'
    : 'wild cards alone go onto one of your side’s melds with room for them: three wild cards at most in a meld, none on black threes');
}

/** Why `n` natural cards of rank `rank` and `wilds` wild cards make no
 *  legal meld now, as far as the view tells. */
function whyNot(rank, n, wilds, view) {
  const name = rankWords(RANKS[rank]);
  if (rank === THREE) return 'black threes are melded only by a player going out: three or four of them, no wild card, as the last meld';
  const side = view?.sides?.[view.side];
  const there = side?.melds.find((m) => m.rank === RANKS[rank]);
  if (there && there.wilds + wilds > 3) return `a meld holds three wild cards at most (your side’s ${name} hold ${there.wilds})`;
  if (!there && wilds > 3) return 'a meld holds three wild cards at most';
  if (!there && (n < 2 || n + wilds < 3)) return `a new meld needs three cards or more, two of them natural ${name} at least`;
  if (side && !side.opened) {
    return `your side has not made its initial meld: its melds this turn must count ${side.minimum} at least (${view.turn_value} so far), and must leave you cards to play on`;
  }
  return 'it would leave you one card or none, and going out needs a canasta on your side (and your partner’s yes when asked)';
}

/** A card's face; `wild` marks a wild card standing in a meld. */
function face(c, wild = false) {
  const node = card(c);
  if (wild) {
    node.classList.add('canasta-wild');
    node.setAttribute('aria-label', `${cardWords(c)}, wild`);
  }
  return node;
}

/** A row of faces, as one group. */
function faces(names, label, extra = '') {
  return el('div', { class: `gr-cards${extra ? ` ${extra}` : ''}`, role: 'group', 'aria-label': label },
    ...names.map((c) => face(c)));
}

/** A meld on the table: its rank and size above its cards (fanned, the
 *  wild ones marked), a canasta marked natural or mixed. */
function meldBox(m) {
  const kind = m.canasta ? `a ${m.canasta} canasta` : null;
  const label = `${Cap(rankWords(m.rank))}${kind ? `, ${kind}` : ''}: ${plural(m.cards.length, 'card')}, ${m.naturals} natural, ${m.wilds ? `${m.wilds} wild` : 'no wild card'} (${m.cards.map((c, i) => `${cardWords(c)}${i >= m.naturals ? ' (wild)' : ''}`).join(', ')})`;
  return el('div', {
    class: `canasta-meld${m.canasta ? ` canasta-${m.canasta}` : ''}`,
    role: 'group',
    'aria-label': label,
    dataset: { rank: m.rank },
  },
  el('span', { class: 'canasta-caption', 'aria-hidden': 'true' },
    `${Cap(rankWords(m.rank))} · ${m.cards.length}`,
    m.canasta ? el('span', { class: 'canasta-badge' }, m.canasta === 'natural' ? 'Natural canasta' : 'Mixed canasta') : null),
  el('div', { class: 'canasta-fan' }, ...m.cards.map((c, i) => face(c, i >= m.naturals))));
}

/** How the last hand ended, in words. */
function ending(last, name) {
  if (last.out === null || last.out === undefined) return 'The stock ran out: the hand ended with nobody going out.';
  return `${name(last.out)} went out${last.ending === 'concealed' ? ' concealed' : ''}.`;
}

/** A move in words, for a third person (`North draws`) or for you. */
function moveWords(text, you) {
  const verb = (third, second) => (you ? second : third);
  if (text === 'draw') return `${verb('draws', 'draw')} from the stock`;
  if (text === 'take') return `${verb('takes', 'take')} the discard pile`;
  if (text === 'ask') return `${verb('asks', 'ask')} to go out`;
  if (text === 'yes') return `${verb('says', 'say')} yes: go out`;
  if (text === 'no') return `${verb('says', 'say')} no: not this turn`;
  if (text === 'end') return `${verb('ends', 'end')} the hand (the stock is gone)`;
  if (text.startsWith('meld ')) return `${verb('melds', 'meld')} ${text.slice(5)}`;
  if (text.startsWith('discard ')) return `${verb('discards', 'discard')} ${text.slice(8)}`;
  return null;
}

/** Seats in words: "South and North". */
const both = (seats, name) => seats.map(name).join(' and ');

export function mount(root, shell) {
  const board = el('div', { class: 'hc-board gr-board canasta-board' });
  root.replaceChildren(board);
  // The answer drawn, for the arranger's `lay`.
  let drawn = null;
  // Whether the person opened the pile's list of cards (kept across redraws).
  let pileOpen = false;
  const arrange = arranger(shell, {
    prefix: 'canasta',
    best: (v) => ({
      groups: v.hand.map((g) => ({ cards: g.cards, kind: g.rank, wilds: 0 })),
      deadwood: [],
      points: v.hand.flatMap((g) => g.cards).reduce((n, c) => n + value(c), 0),
    }),
    hand: (v) => v.deal_no,
    check: (cards) => (cards.length && cards.every((c) => meldRank(c) === meldRank(cards[0]))
      ? { kind: cards[0], cards: [...cards].sort(byHand), wilds: 0 }
      : null),
    refusal: () => 'cards of one rank',
    points: (groups, rest) => [...groups.flatMap((g) => g.cards), ...rest].reduce((n, c) => n + value(c), 0),
    order: byHand,
    lay(names) {
      const legal = drawn?.your_turn && !shell.busy ? drawn.legal : [];
      const found = meldsOf(names, legal, drawn?.view);
      const side = drawn?.view.sides[drawn.view.side];
      return {
        refusal: `${names.join(' ') || 'Nothing selected'}: ${found.refusal}.`,
        moves: found.moves.map(({ move, rank, wild }) => {
          const ranks = rankWords(RANKS[rank]);
          const onto = side?.melds.some((m) => m.rank === RANKS[rank]);
          const words = names.map(cardWords).join(', ');
          return wild
            ? {
              id: `canasta-meld-on-${RANKS[rank]}`,
              text: `Put ${names.join(' ')} on the ${ranks}`,
              label: `Put ${names.join(' ')} on the ${ranks}: the ${words} onto your side’s ${ranks}`,
              move,
            }
            : {
              id: 'canasta-meld',
              text: `Meld ${names.join(' ')}`,
              label: `Meld ${names.join(' ')}: the ${words}, ${onto ? `onto your side’s ${ranks}` : `a new meld of ${ranks}`}`,
              move,
            };
        }),
      };
    },
    words: {
      meld: 'meld',
      Meld: 'Meld',
      melded: 'melded',
      rest: 'your hand',
      score: 'in hand',
      title: 'Select cards to meld',
      kind: (kind) => rankWords(kind),
      hint: (selecting) => (selecting
        ? 'Select natural cards of one rank (with wild cards or not), then Meld; wild cards alone go onto one of your side’s melds. One card selected: Discard it. Press “Select cards to meld” again to discard with a click.'
        : 'To meld, press “Select cards to meld”; on your discard, a card of your hand discards it.'),
    },
  }, (answer) => update(answer));

  function update(answer) {
    drawn = answer;
    const v = answer.view;
    const me = v.seat;
    const mine = answer.you !== null && answer.you !== undefined;
    const legal = answer.your_turn && !shell.busy ? answer.legal : [];
    const name = (seat) => answer.seats[seat]?.name ?? `Seat ${seat + 1}`;
    const act = (move) => () => shell.play(move);
    const of = (kind) => legal.filter((m) => actionKind(m.action) === kind);
    const [draw, take, end, ask, yes, no] = ['draw', 'take', 'end', 'ask', 'yes', 'no'].map((k) => of(k)[0]);
    const over = !!v.winners;
    const partner = (me + 2) % 4;
    const sideName = (d) => (!mine ? `Side ${d + 1}` : d === v.side ? 'Your side' : 'Their side');
    const mySide = v.sides[v.side];
    const status = [
      over ? 'The match is over' : `Hand ${v.deal_no}`,
      over ? null : `${name(v.dealer)} deals`,
      `match to ${v.target.toLocaleString('en')}`,
      v.permission ? 'going out needs the partner’s permission' : null,
    ].filter(Boolean).join(' · ');
    const marks = (seat) => [
      seat === me && mine ? 'you' : null,
      seat === partner && mine ? 'your partner' : null,
      seat === v.dealer && !over ? 'dealer' : null,
      v.to_move === seat && !answer.over ? 'to play' : null,
    ].filter(Boolean);

    // Both sides: score, minimum, players, red threes, melds.
    const sides = el('div', { class: 'canasta-sides' },
      ...[v.side, 1 - v.side].map((d) => {
        const s = v.sides[d];
        const players = el('ul', { class: 'canasta-players' },
          ...s.seats.map((k) => {
            const p = v.seats[k];
            const m = marks(k);
            return el('li', { class: `canasta-player${v.to_move === k && !answer.over ? ' canasta-turn-now' : ''}`, dataset: { seat: String(k) } },
              el('strong', {}, name(k)), m.length ? el('span', { class: 'canasta-marks' }, ` (${m.join(', ')})`) : null,
              `: ${plural(p.count, 'card')}`,
              p.known.length
                ? el('div', { class: 'gr-known' }, el('span', { class: 'gr-label' }, 'Took with the pile:'),
                  faces(p.known, `${name(k)} took with the pile and holds ${p.known.map(cardWords).join(', ')}`))
                : null);
          }));
        const opened = s.opened
          ? el('span', { class: 'canasta-opened' }, 'opened')
          : el('span', { class: 'canasta-closed' }, `needs ${s.minimum} to open`);
        return el('section', {
          class: `hc-seat canasta-side${d === v.side && mine ? ' canasta-yours' : ''}`,
          id: `canasta-side-${d}`,
          'aria-label': `${sideName(d)}: ${both(s.seats, name)}`,
          dataset: { side: String(d) },
        },
        el('h3', {}, `${sideName(d)} · ${both(s.seats, name)}`),
        el('p', { class: 'canasta-line' }, 'Score ', el('strong', { class: 'canasta-score' }, s.score.toLocaleString('en')), ' · ', opened,
          s.opened ? ` (the minimum was ${s.minimum})` : ''),
        players,
        s.reds.length
          ? el('div', { class: 'gr-known canasta-reds' }, el('span', { class: 'gr-label' }, `Red threes (${s.reds.length}):`),
            faces(s.reds, `${sideName(d)}’s red threes: ${s.reds.map(cardWords).join(', ')}`))
          : null,
        s.melds.length
          ? el('div', { class: 'canasta-melds', role: 'group', 'aria-label': `${sideName(d)}’s melds` }, ...s.melds.map(meldBox))
          : el('p', { class: 'muted canasta-no-meld' }, 'No meld yet.'));
      }));

    // The stock, the pile, and the turn's buttons.
    const topRank = v.top ? RANKS[rankOf(v.top)] : null;
    const group = (rank) => v.hand.find((g) => g.rank === rank)?.cards ?? [];
    const takeWords = () => {
      const ranks = rankWords(topRank);
      if (!v.frozen_for_you && mySide.melds.some((m) => m.rank === topRank)) return `${v.top} goes onto your side’s ${ranks}`;
      if (v.frozen_for_you || group(topRank).length >= 2) return `${v.top} melds with two ${ranks} from your hand`;
      return `${v.top} melds with one of your ${ranks} and a wild card`;
    };
    const turn = [];
    const button = (move, id, text, label = null, cls = 'btn') => el('button', {
      type: 'button', class: cls, id, dataset: { action: move.label }, 'aria-label': label, onclick: act(move),
    }, text);
    if (draw) turn.push(button(draw, 'canasta-draw', 'Draw from the stock'));
    if (take && v.top) {
      const text = `Take the pile (${plural(v.pile.length, 'card')})`;
      turn.push(button(take, 'canasta-take', text, `${text}: ${takeWords()}`));
    }
    if (end) turn.push(button(end, 'canasta-end', 'End the hand', 'End the hand: leave the discard', 'btn secondary'));
    if (yes) turn.push(button(yes, 'canasta-yes', 'Yes, go out', `Yes: ${name(partner)} goes out this turn`));
    if (no) turn.push(button(no, 'canasta-no', 'No, not yet', `No: ${name(partner)} may not go out this turn`, 'btn secondary'));
    if (ask) turn.push(button(ask, 'canasta-ask', 'Ask to go out', `Ask ${name(partner)} whether you may go out`, 'btn secondary'));
    const turnRow = turn.length ? el('div', { class: 'gr-draws canasta-turn', role: 'group', 'aria-label': 'Your turn' }, ...turn) : null;
    if (turnRow) arrowKeys(turnRow);

    let hint = null;
    if (answer.your_turn) {
      if (v.phase === 'draw') {
        if (v.stock === 0) hint = end ? 'The stock is gone: take the pile, or end the hand.' : `The stock is gone and ${v.top} goes onto your side’s meld: you must take the pile.`;
        else hint = take ? `Draw from the stock, or take the pile: ${takeWords()}.` : 'Draw from the stock (the pile may not be taken now).';
      } else if (v.phase === 'opening') {
        hint = `Your side’s initial meld must count ${mySide.minimum}: ${v.turn_value} so far. Select cards to meld; the rest of the pile comes into your hand then.`;
      } else if (v.phase === 'answer') {
        hint = `${name(partner)} asks to go out: yes or no? The answer binds.`;
      } else if (v.phase === 'play') {
        const said = { yes: ' Your partner said yes: go out this turn.', no: ' Your partner said no: not this turn.' }[v.asked] ?? '';
        hint = `Meld, then discard a card.${v.turn_value ? ` Melded this turn: ${v.turn_value}.` : ''}${said}`;
      }
    }
    const pileBox = el('div', { class: 'gr-pile-box', id: 'canasta-pile' },
      v.top ? face(v.top) : el('span', { class: 'hc-card gr-empty', 'aria-hidden': 'true' }),
      el('span', {}, 'Discard pile: ', el('strong', { id: 'canasta-pile-size' }, plural(v.pile.length, 'card')),
        v.top ? `, ${v.top} on top` : ''),
      v.frozen
        ? el('strong', { class: 'canasta-frozen', id: 'canasta-frozen' }, '❄ Frozen')
        : v.frozen_for_you && mine
          ? el('strong', { class: 'canasta-frozen canasta-frozen-side', id: 'canasta-frozen' }, '❄ Frozen for your side')
          : null);
    const why = v.frozen
      ? 'Frozen: a wild card or a red three is in it, so only two natural cards of the top card’s rank from a hand take it.'
      : v.frozen_for_you && mine
        ? 'Frozen for your side until its initial meld: only two natural cards of the top card’s rank from your hand take it.'
        : null;
    const pileList = v.pile.length
      ? el('details', {
        class: 'canasta-pile-all',
        id: 'canasta-pile-all',
        open: pileOpen,
        ontoggle: (e) => { pileOpen = e.target.open; },
      },
      el('summary', {}, `Every card of the pile (${v.pile.length})`),
      el('div', { class: 'gr-cards', role: 'group', 'aria-label': `The discard pile, bottom first: ${v.pile.map(cardWords).join(', ')}` },
        ...v.pile.map((c) => face(c, isWild(c) || isRedThree(c)))))
      : null;
    const middle = el('div', {
      class: 'gr-middle canasta-middle', role: 'group', 'aria-label': 'The stock and the discard pile', dataset: { region: 'centre' },
    },
    el('div', { class: 'gr-pile-box', id: 'canasta-stock' },
      el('span', { class: 'hc-card gr-back', 'aria-hidden': 'true' }),
      el('span', {}, 'Stock: ', el('strong', {}, plural(v.stock, 'card')))),
    pileBox,
    why ? el('p', { class: 'gr-hint canasta-why' }, why) : null,
    pileList,
    hint ? el('p', { class: 'muted gr-hint', id: 'canasta-hint' }, hint) : null,
    turnRow);

    // Your hand by rank: on your discard each card discards it; while
    // selecting, each card is a toggle.
    const discards = new Map(of('discard').map((m) => [cardName(actionArg(m.action)), m]));
    const melds = of('meld');
    const a = arrange.begin(answer, mine && !answer.over, melds.length > 0 && discards.size === 0);
    const { arranging } = arrange;
    const known = new Set(v.seats[me]?.known ?? []);
    const cardOf = (key) => {
      const c = nameOf(key);
      const words = `${cardWords(c)}${known.has(c) ? ', taken with the pile' : ''}`;
      if (arranging) return arrange.toggle(key, face(c), { label: words });
      const m = discards.get(c);
      if (m) {
        return el('button', {
          type: 'button',
          class: 'hc-card-button',
          dataset: { action: m.label, card: key },
          'aria-label': `Discard the ${cardWords(c)}`,
          onclick: act(m),
        }, face(c));
      }
      const node = face(c);
      node.setAttribute('aria-label', words);
      node.dataset.card = key;
      return node;
    };
    const hand = el('div', {
      class: 'hc-hand gr-hand canasta-hand',
      role: 'group',
      dataset: { region: 'hand' },
      'aria-label': arranging ? 'Your hand: select cards to meld' : 'Your hand',
    },
    ...a.groups.map((g) => el('div', {
      class: `canasta-group${g.kind === 'wild' ? ' canasta-wilds' : ''}`,
      role: 'group',
      'aria-label': `${Cap(rankWords(g.kind))}: ${g.cards.map((k) => cardWords(nameOf(k))).join(', ')}`,
      dataset: { rank: g.kind },
    },
    el('span', { class: 'canasta-caption', 'aria-hidden': 'true' }, `${Cap(rankWords(g.kind))} · ${g.cards.length}`),
    el('div', { class: 'canasta-row' }, ...g.cards.map(cardOf)))));
    arrowKeys(hand);
    const handLine = el('p', { class: 'gr-points', id: 'canasta-points' },
      `${plural(a.held.length, 'card')} · `, el('strong', {}, String(a.points)),
      ' points in hand (they count against your side if the hand ends now)');
    const controls = arrange.controls(a.groups, (c) => discards.get(c), (m) => shell.play(m));
    const m = marks(me);
    const mineBox = el('section', { class: 'hc-seat gr-mine canasta-mine', 'aria-label': mine ? 'Your hand' : name(me), dataset: { seat: String(me) } },
      el('h3', {}, mine ? 'Your hand · ' : '', name(me), m.length ? ` (${m.join(', ')})` : ''),
      hand,
      handLine,
      discards.size && !arranging
        ? el('p', { class: 'muted gr-hint', id: 'canasta-discard-hint' }, melds.length
          ? 'Discard a card, or select cards to meld first.'
          : 'Discard a card.')
        : null,
      controls);

    // The last hand's count, side by side.
    let lastBox = null;
    if (v.last) {
      const l = v.last;
      const order = [v.side, 1 - v.side];
      const row = (title, cell) => el('tr', {}, el('th', { scope: 'row' }, title), ...order.map((d) => el('td', {}, cell(l.sides[d], d))));
      const count = el('table', { class: 'hc-scores canasta-count', id: 'canasta-count' },
        el('caption', {}, 'The last hand’s count'),
        el('thead', {}, el('tr', {}, el('td', {}), ...order.map((d) => el('th', { scope: 'col' }, both(v.sides[d].seats, name))))),
        el('tbody', {},
          row('Canastas', (c) => `${c.natural} natural, ${c.mixed} mixed: ${signed(500 * c.natural + 300 * c.mixed)}`),
          row('Red threes', (c) => `${c.reds}: ${signed(c.red_bonus)}`),
          row('Going out', (c) => signed(c.going_out)),
          row('Melded', (c) => signed(c.melded)),
          row('In hand', (c) => signed(-c.in_hand)),
          row('Total', (c) => el('strong', {}, signed(c.total)))));
      const left = l.hands.map((h, k) => (h.length
        ? el('div', { class: 'gr-known', dataset: { seat: String(k) } }, el('span', { class: 'gr-label' }, `${name(k)} held:`),
          faces(h, `${name(k)} held ${h.map(cardWords).join(', ')}`))
        : el('p', { class: 'muted', dataset: { seat: String(k) } }, `${name(k)} held no card.`)));
      lastBox = el('section', { class: 'gr-last', id: 'canasta-last', 'aria-label': 'The last hand' },
        el('h3', {}, 'The last hand'),
        el('p', { class: 'gr-ending', id: 'canasta-ending' }, ending(l, name)),
        count,
        ...left);
    }

    // The score sheet.
    const sheet = el('table', { class: 'hc-scores', id: 'canasta-scores' },
      el('caption', {}, `Score sheet (match to ${v.target.toLocaleString('en')})`),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Side'), el('th', { scope: 'col' }, 'Score'),
        el('th', { scope: 'col' }, 'To open'),
        v.last ? el('th', { scope: 'col' }, 'Last hand') : null)),
      el('tbody', {}, ...[v.side, 1 - v.side].map((d) => el('tr', { dataset: { side: String(d) } },
        el('th', { scope: 'row' }, `${both(v.sides[d].seats, name)}${mine && d === v.side ? ' (you)' : ''}`),
        el('td', {}, v.sides[d].score.toLocaleString('en')),
        el('td', {}, String(v.sides[d].minimum)),
        v.last ? el('td', {}, signed(v.last.sides[d].total)) : null))));

    const winners = over
      ? el('p', { class: 'gr-ending', id: 'canasta-winners' }, `The match is over: ${both(v.winners, name)} win.`)
      : null;

    board.replaceChildren(...[
      el('p', { class: 'hc-status' }, status),
      winners,
      sides,
      middle,
      mineBox,
      lastBox,
      sheet,
    ].filter(Boolean));
  }

  return {
    update,
    sentence: moveSentence(moveWords),
    result(answer) {
      const v = answer.view;
      const name = (s) => answer.seats[s]?.name ?? `Seat ${s + 1}`;
      const parts = [];
      if (v.last) parts.push(el('p', {}, `The last hand: ${ending(v.last, name)}`));
      parts.push(el('p', { class: 'muted' }, `Scores: ${v.sides.map((s) => `${both(s.seats, name)} ${s.score.toLocaleString('en')}`).join(', ')}.`));
      return parts;
    },
    focus() {
      // Not while a move is sent: the page has no move to offer then, and
      // the keyboard would stay where it landed into the next turn.
      if (shell.busy) return;
      board.querySelector('.canasta-turn button, .gr-hand button[data-action], .gr-hand button')?.focus();
    },
  };
}
