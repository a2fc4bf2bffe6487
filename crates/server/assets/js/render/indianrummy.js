// Indian Rummy's renderer for the page shell (see ../table.js): every
// player at the top (cards in hand, the cards each took from the open pile
// and still holds, face up, whether it is in the deal, dropped, declared
// wrongly — its shown hand arranged — or out of the pool, and its score),
// the cut joker with the wild rank, the closed deck's count and the open
// pile's top card in the middle, your hand at the bottom in its groups
// (pure sequences, sequences, sets; a card standing as wild marked) then
// the cards in no group and what the hand counts, the last deal as it was
// shown (who won and how, each hand arranged, the points and the score
// changes, who was put out of the pool or rejoined it), the score sheet,
// and the match's winners at its end. On your turn: draw from the closed
// deck, take the open card or drop (its cost said); then every card of
// your hand but the one just taken (and its twin) is a button that
// discards it (arrow keys move along them), with a row of declarations for
// the cards whose finish leaves a valid show (a wrong declaration is still
// in the shell's list of every legal move, never a button of its own).
//
// Your hand starts in the server's best arrangement; "Arrange your
// groups" turns its cards into toggles (render/arranger.js, the arranger
// Gin Rummy's page shares) and you group the selected cards yourself,
// refused unless they make a set or a sequence by the rules below. A
// declaration still shows the server's best arrangement.
//
// Everything comes from your observation: another hand is a count and the
// cards it is known to hold. The moves are the answer's legal moves, read
// by their actions: `"draw"`, `"take"`, `"drop"`, `{"discard": id}`,
// `{"declare": id}` (ids 0..105: two instances of each face, `id >> 1`
// the face, suit by suit ♣ ♦ ♥ ♠ from the ace; 104 and 105 the jokers).

import { el, actionArg, actionKind, signed, moveSentence } from '../common.js';
import { arrowKeys, card, cardWords, frenchCard } from './cardface.js';
import { arranger, nameOf } from './arranger.js';

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The printed joker's name. */
const JOKER = 'Jk';

/** The name of a card of Indian Rummy's actions: `7♥`, `Jk`. */
const cardName = (id) => (id >= 104 ? JOKER : frenchCard(id >> 1, 1));

const SUITS = '♣♦♥♠';
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const rankName = (c) => c.slice(0, -1);
const rankOf = (c) => RANKS.indexOf(rankName(c));
const suitOf = (c) => SUITS.indexOf(c.slice(-1));

/** The order of the view's names: suit by suit from the ace, jokers last. */
const faceIndex = (c) => (c === JOKER ? 52 : suitOf(c) * 13 + rankOf(c));
const byFace = (a, b) => faceIndex(a) - faceIndex(b);

/** Whether card `c` is wild when `wild` is the wild rank (`null` before
 *  the cut: the jokers only). */
export const isWild = (c, wild) => c === JOKER || (wild !== null && rankName(c) === wild);

/** A card's count: aces and faces 10, the others their number, jokers and
 *  the wild rank 0. */
const value = (c, wild) => (isWild(c, wild) ? 0 : Math.min(rankOf(c) === 0 ? 10 : rankOf(c) + 1, 10));

/** The most a hand counts (and a wrong declaration costs). */
const FULL_COUNT = 80;

/** The wild rank in words: "7s", "aces". */
function wildWords(wild) {
  return { A: 'aces', J: 'jacks', Q: 'queens', K: 'kings' }[wild] ?? `${wild}s`;
}

/** The naturals of a sequence in order, or `null`: one suit, distinct
 *  ranks, and a run of `length` places (the ace low, A-2-3, or high,
 *  Q-K-A, never both) that holds them, the wild cards filling the rest. */
function sequenceOf(naturals, length) {
  if (!naturals.length || length > 13) return null;
  const suit = suitOf(naturals[0]);
  if (!naturals.every((c) => suitOf(c) === suit)) return null;
  if (new Set(naturals.map(rankOf)).size !== naturals.length) return null;
  for (const high of [false, true]) {
    const place = (c) => (high && rankOf(c) === 0 ? 13 : rankOf(c));
    const places = naturals.map(place);
    if (Math.max(...places) - Math.min(...places) + 1 <= length) {
      return [...naturals].sort((a, b) => place(a) - place(b));
    }
  }
  return null;
}

/** The naturals of a set, or `null`: one rank, different suits (two
 *  identical cards never), three or four cards with the wild ones. */
function setOf(naturals, length) {
  if (!naturals.length || length > 4) return null;
  const rank = rankOf(naturals[0]);
  if (!naturals.every((c) => rankOf(c) === rank)) return null;
  if (new Set(naturals.map(suitOf)).size !== naturals.length) return null;
  return [...naturals].sort(byFace);
}

/**
 * A group by the rules (lib.rs, "Melds"), or `null`: `{kind, cards,
 * wilds}` with `kind` `pure` (a sequence with no card standing as wild),
 * `sequence` or `set`, the natural cards in order then the wild ones
 * standing in it (the last `wilds`, as the view writes a group). A set is
 * three or four cards of one rank in different suits, a sequence three or
 * more of one suit in order; a joker stands for any card, and so does a
 * card of the wild rank, which may also stand as itself (in its own place
 * it keeps a sequence pure); a group holds one natural card at least.
 * Of the readings a group allows, a pure sequence comes first, then a
 * sequence, then a set, each with the fewest wild cards.
 */
export function group(cards, wild) {
  if (cards.length < 3) return null;
  const flexible = cards.filter((c) => c !== JOKER && isWild(c, wild));
  const fixed = cards.filter((c) => !isWild(c, wild));
  const jokers = cards.filter((c) => c === JOKER);
  let best = null;
  const better = (g) => {
    const rank = (x) => ['pure', 'sequence', 'set'].indexOf(x.kind) * 100 + x.wilds;
    if (!best || rank(g) < rank(best)) best = g;
  };
  for (let mask = 0; mask < 1 << flexible.length; mask += 1) {
    const naturals = [...fixed, ...flexible.filter((_, i) => mask >> i & 1)];
    const wilds = [...flexible.filter((_, i) => !(mask >> i & 1)), ...jokers];
    const run = sequenceOf(naturals, cards.length);
    if (run) better({ kind: wilds.length ? 'sequence' : 'pure', cards: [...run, ...wilds], wilds: wilds.length });
    const set = setOf(naturals, cards.length);
    if (set) better({ kind: 'set', cards: [...set, ...wilds], wilds: wilds.length });
  }
  return best;
}

/** Whether groups hold two sequences, one of them pure: the hand then
 *  counts only its cards in no group. */
const lives = (groups) => groups.some((g) => g.kind === 'pure')
  && groups.filter((g) => g.kind === 'pure' || g.kind === 'sequence').length >= 2;

/** What a hand counts with these groups: the cards in no group when the
 *  groups hold two sequences, one pure, else every card; at most 80. */
export function count(groups, rest, wild) {
  const counted = lives(groups) ? rest : [...groups.flatMap((g) => g.cards), ...rest];
  return Math.min(FULL_COUNT, counted.reduce((n, c) => n + value(c, wild), 0));
}

/** A group's kind in words. */
const KIND_WORDS = { pure: 'pure sequence', sequence: 'sequence', set: 'set' };

/** What groups hold, in words: "2 pure sequences, 1 set". */
function groupsWords(groups) {
  const n = (kind) => groups.filter((g) => g.kind === kind).length;
  const parts = ['pure', 'sequence', 'set']
    .filter((k) => n(k))
    .map((k) => plural(n(k), KIND_WORDS[k]));
  return parts.length ? parts.join(', ') : 'no group';
}

/** Indian Rummy's rules for the meld arranger (render/arranger.js), for
 *  the wild rank of the view drawn. */
function arrangerRules(wild) {
  return {
    prefix: 'ir',
    best: (v) => v.hand,
    hand: (v) => v.deal_no,
    check: (cards) => group(cards, wild()),
    refusal(cards) {
      if (cards.length < 3) return 'a group needs three cards or more';
      if (cards.every((c) => c === JOKER)) return 'a group needs one natural card';
      const w = wild();
      return `a set is 3 or 4 cards of one rank in different suits, a sequence 3 or more cards of one suit in order (the ace low or high, not both)${w ? `; the jokers and the ${wildWords(w)} stand for any card` : ''}`;
    },
    points: (groups, rest) => count(groups, rest, wild()),
    order: byFace,
    words: {
      meld: 'group',
      Meld: 'Group',
      melded: 'grouped',
      rest: 'the ungrouped cards',
      score: 'counts',
      title: 'Arrange your groups',
      kind: (kind) => `a ${KIND_WORDS[kind]}`,
      hint: (arranging) => (arranging
        ? 'Select cards, then Group. Press “Arrange your groups” again to discard with a click. A declaration shows your cards in their best arrangement.'
        : 'A declaration shows your cards in their best arrangement, whatever their arrangement here.'),
    },
  };
}

/** A player's standing in words. */
const STATUS_WORDS = {
  in: 'in the deal',
  first_drop: 'dropped (first drop)',
  middle_drop: 'dropped (middle drop)',
  wrong: 'declared wrongly: 80 points',
  out: 'out of the pool',
};

/** The format in words. */
function formatWords(v) {
  switch (v.format) {
    case 'pool101':
    case 'pool201':
      return `Pool ${v.pool_limit}`;
    case 'deals':
      return 'Deals rummy';
    default:
      return 'Points rummy';
  }
}

/** A score as the format counts it: "+12" net points, "34 points", "160 chips". */
function scoreWords(v, score) {
  if (v.format === 'deals') return plural(score, 'chip');
  if (v.pool_limit) return plural(score, 'point');
  return `${signed(score)} net`;
}

/** A card's face; `wild` marks a card standing as wild. */
function face(c, wild = false, idle = false) {
  const node = card(c, idle);
  if (wild) {
    node.classList.add('ir-wild');
    node.setAttribute('aria-label', `${cardWords(c)}, wild`);
  }
  return node;
}

/** A row of faces, as one group. */
function faces(names, label, extra = '') {
  return el('div', { class: `gr-cards${extra ? ` ${extra}` : ''}`, role: 'group', 'aria-label': label },
    ...names.map((c) => face(c)));
}

/** A group of cards under its kind's caption (`gr-meld`, `gr-deadwood`
 *  and the kind as classes `cls`): the caption is for the eye, `label` for
 *  the ear. */
function captioned(cls, caption, label, cards) {
  return el('div', { class: `gr-cards ir-group ${cls}`, role: 'group', 'aria-label': label },
    el('span', { class: 'ir-kind', 'aria-hidden': 'true' }, caption),
    el('div', { class: 'ir-row' }, ...cards));
}

/** A group's accessible name: "Group 1, a pure sequence: 4 of hearts, …". */
function groupLabel(g, i) {
  const words = g.cards.map((c, j) => `${cardWords(c)}${j >= g.cards.length - g.wilds ? ' (wild)' : ''}`);
  return `${i === null ? '' : `Group ${i + 1}, a `}${KIND_WORDS[g.kind]}: ${words.join(', ')}`;
}

/** An arrangement shown (a declaration, a wrong one, the last deal's
 *  hands): its groups, each with its kind, then the cards in no group. */
function shown(hand, wild) {
  return el('div', { class: 'gr-laid' },
    ...hand.groups.map((g) => captioned(`gr-meld ir-${g.kind}`, KIND_WORDS[g.kind], groupLabel(g, null),
      g.cards.map((c, j) => face(c, j >= g.cards.length - g.wilds)))),
    hand.deadwood.length
      ? captioned('gr-deadwood', 'no group', `In no group: ${hand.deadwood.map(cardWords).join(', ')}`,
        hand.deadwood.map((c) => face(c, isWild(c, wild))))
      : null);
}

/** How the last deal ended, in words. */
function ending(last, name) {
  const w = name(last.winner);
  switch (last.ending) {
    case 'last_in':
      return `${w} won the deal, the last player in: every other player dropped or declared wrongly.`;
    case 'stock_out':
      return `The closed deck ran out a second time: ${w} won the deal with the lowest count.`;
    default:
      return `${w} declared a valid show${last.finish ? `, finishing with ${last.finish}` : ''}, and won the deal.`;
  }
}

/** Seats in words: "South", "South and West", "South, West and North". */
function names(seats, name) {
  const n = seats.map(name);
  return n.length > 1 ? `${n.slice(0, -1).join(', ')} and ${n[n.length - 1]}` : (n[0] ?? '');
}

/** A move in words, for a third person (`North draws`) or for you. */
function moveWords(text, you) {
  const verb = (third, second) => (you ? second : third);
  if (text === 'draw') return `${verb('draws', 'draw')} from the closed deck`;
  if (text === 'take') return `${verb('takes', 'take')} the open card`;
  if (text === 'drop') return verb('drops out of the deal', 'drop out of the deal');
  if (text.startsWith('discard ')) return `${verb('discards', 'discard')} ${text.slice(8)}`;
  if (text.startsWith('declare ')) return `${verb('declares', 'declare')}, finishing with ${text.slice(8)}`;
  return null;
}

export function mount(root, shell) {
  const board = el('div', { class: 'hc-board gr-board ir-board' });
  root.replaceChildren(board);
  // The wild rank of the view being drawn, for the arranger's rules.
  let wildRank = null;
  const arrange = arranger(shell, arrangerRules(() => wildRank), (answer) => update(answer));

  function update(answer) {
    const v = answer.view;
    wildRank = v.wild;
    const me = v.seat;
    const legal = answer.your_turn && !shell.busy ? answer.legal : [];
    const name = (seat) => answer.seats[seat]?.name ?? `Seat ${seat + 1}`;
    const mine = answer.you !== null && answer.you !== undefined;
    const act = (move) => () => shell.play(move);
    const of = (kind) => legal.filter((m) => actionKind(m.action) === kind);
    const [draw, take, drop] = ['draw', 'take', 'drop'].map((k) => of(k)[0]);
    const over = !!v.winners;
    const status = [
      over ? 'The match is over' : `Deal ${v.deal_no}${v.deals ? ` of ${v.deals}` : ''}`,
      formatWords(v),
      over ? null : `${name(v.dealer)} deals`,
      plural(v.players, 'player'),
    ].filter(Boolean).join(' · ');
    const marks = (seat) => [
      seat === me && mine ? 'you' : null,
      seat === v.dealer && !over ? 'dealer' : null,
      v.to_move === seat && !answer.over ? 'to play' : null,
    ].filter(Boolean);

    // Every player: its count, standing, score and the cards it is known
    // to hold; a wrong declaration's hand as shown.
    const seats = el('div', { class: 'ir-seats', role: 'group', 'aria-label': 'The players' },
      ...v.seats.map((p, k) => {
        const m = marks(k);
        const standing = [p.status === 'in' ? null : STATUS_WORDS[p.status], p.rejoined ? 'rejoined the pool' : null].filter(Boolean);
        return el('section', {
          class: `hc-seat ir-seat ir-${p.status}${k === me && mine ? ' ir-me' : ''}${v.to_move === k && !answer.over ? ' ir-turn' : ''}`,
          'aria-label': name(k),
          dataset: { seat: String(k) },
        },
        el('h3', {}, name(k), m.length ? el('span', { class: 'ir-marks' }, ` (${m.join(', ')})`) : null),
        el('p', { class: 'ir-line' }, p.status === 'out' ? 'not dealt in' : plural(p.count, 'card'), ' · ', el('strong', {}, scoreWords(v, p.score))),
        standing.length ? el('p', { class: 'ir-standing' }, standing.join(' · ')) : null,
        p.known.length
          ? el('div', { class: 'gr-known' }, el('span', { class: 'gr-label' }, 'Took from the open pile:'),
            faces(p.known, `${name(k)} took from the open pile and holds ${p.known.map(cardWords).join(', ')}`))
          : null,
        p.shown ? shown(p.shown, v.wild) : null);
      }));

    // The cut joker, the closed deck, the open pile; the draw on your turn.
    const draws = [];
    if (draw) {
      draws.push(el('button', { type: 'button', class: 'btn', id: 'ir-draw', dataset: { action: draw.label }, onclick: act(draw) }, 'Draw from the closed deck'));
    }
    if (take && v.open) {
      draws.push(el('button', {
        type: 'button',
        class: 'btn',
        id: 'ir-take',
        dataset: { action: take.label },
        'aria-label': `Take ${v.open} (the ${cardWords(v.open)}) from the open pile`,
        onclick: act(take),
      }, `Take ${v.open}`));
    }
    if (drop) {
      const cost = v.drop_cost === null ? '' : ` (${plural(v.drop_cost, 'point')})`;
      draws.push(el('button', {
        type: 'button',
        class: 'btn secondary',
        id: 'ir-drop',
        dataset: { action: drop.label },
        'aria-label': `Drop${cost}: leave this deal`,
        onclick: act(drop),
      }, `Drop${cost}`));
    }
    const drawRow = draws.length ? el('div', { class: 'gr-draws ir-draws', role: 'group', 'aria-label': 'Your draw' }, ...draws) : null;
    if (drawRow) arrowKeys(drawRow);
    const cutWords = v.wild
      ? `${v.cut === JOKER ? 'a joker, so ' : ''}the ${wildWords(v.wild)} and the jokers are wild`
      : 'not turned yet';
    const middle = el('div', { class: 'gr-middle ir-middle', role: 'group', 'aria-label': 'The cut joker, the closed deck and the open pile', dataset: { region: 'centre' } },
      el('div', { class: 'gr-pile-box', id: 'ir-cut' },
        v.cut ? face(v.cut) : el('span', { class: 'hc-card gr-empty', 'aria-hidden': 'true' }),
        el('span', {}, 'Cut joker', v.cut ? ` ${v.cut}` : '', ': ', el('strong', { id: 'ir-wild' }, cutWords))),
      el('div', { class: 'gr-pile-box', id: 'ir-stock' },
        el('span', { class: 'hc-card gr-back', 'aria-hidden': 'true' }),
        el('span', {}, 'Closed deck: ', el('strong', {}, plural(v.stock, 'card')),
          v.reshuffled ? ' (the open pile turned over once)' : '')),
      el('div', { class: 'gr-pile-box', id: 'ir-pile' },
        v.open ? face(v.open, false) : el('span', { class: 'hc-card gr-empty', 'aria-hidden': 'true' }),
        el('span', {}, 'Open pile: ', el('strong', {}, plural(v.pile_size, 'card')),
          v.open ? `, ${v.open} on top` : '')),
      drop && v.drop_cost !== null
        ? el('p', { class: 'muted gr-hint' }, `Draw a card, take ${v.open ?? 'the open card'}, or drop out of the deal for ${plural(v.drop_cost, 'point')}.`)
        : null,
      drawRow);

    // Your hand in its groups: on your discard every card but the one just
    // taken (and its twin) discards it; while arranging, every card is a
    // toggle.
    const mySeat = v.seats[me];
    const a = arrange.begin(answer, mine && !answer.over && mySeat?.status !== 'out');
    const { arranging } = arrange;
    const discards = new Map(of('discard').map((m) => [cardName(actionArg(m.action)), m]));
    const declareMoves = new Map(of('declare').map((m) => [cardName(actionArg(m.action)), m]));
    const cardOf = (key, wild) => {
      const c = nameOf(key);
      const taken = c === v.taken;
      const tag = taken ? el('span', { class: 'gr-tag', 'aria-hidden': 'true' }, 'taken') : null;
      const words = `${cardWords(c)}${wild ? ', wild' : ''}${taken ? ', just taken from the open pile' : ''}`;
      if (arranging) return arrange.toggle(key, face(c, wild), { label: words, cls: taken ? 'gr-taken' : '', tag });
      const m = discards.get(c);
      if (m) {
        return el('button', {
          type: 'button',
          class: 'hc-card-button',
          dataset: { action: m.label, card: key },
          'aria-label': `Discard the ${cardWords(c)}${wild ? ' (wild)' : ''}`,
          onclick: act(m),
        }, face(c, wild));
      }
      const node = face(c, wild, taken && discards.size > 0);
      node.setAttribute('aria-label', words);
      node.dataset.card = key;
      return taken ? el('span', { class: 'gr-taken' }, node, tag) : node;
    };
    const hand = el('div', {
      class: 'hc-hand gr-hand',
      role: 'group',
      dataset: { region: 'hand' },
      'aria-label': arranging ? 'Your hand: select cards to group' : 'Your hand',
    },
    ...a.groups.map((g, i) => captioned(`gr-meld ir-${g.kind}`, KIND_WORDS[g.kind], groupLabel({ ...g, cards: g.cards.map(nameOf) }, i),
      g.cards.map((k, j) => cardOf(k, j >= g.cards.length - g.wilds)))),
    a.deadwood.length
      ? captioned('gr-deadwood', 'no group', `In no group: ${a.deadwood.map((k) => cardWords(nameOf(k))).join(', ')}`,
        a.deadwood.map((k) => cardOf(k, isWild(nameOf(k), v.wild))))
      : null);
    arrowKeys(hand);
    const living = lives(a.groups);
    const handLine = el('p', { class: 'gr-points', id: 'ir-points' },
      `${a.own ? 'Your arrangement' : 'Best arrangement'}: ${groupsWords(a.groups)} · ${plural(a.deadwood.length, 'card')} in no group · counts `,
      el('strong', { id: 'ir-count' }, String(a.points)),
      ` (${living ? 'two sequences, one pure: only the cards in no group count' : 'without two sequences, one pure, every card counts, 80 at most'})`,
      a.own && a.points !== a.best ? ` · the best arrangement counts ${a.best}` : '',
      a.held.length === 14 ? ' · fourteen cards, before your discard' : '');
    const arrangeBox = arrange.controls(a.groups, (c) => discards.get(c), (m) => shell.play(m));

    // On your discard: the hint, the valid shows.
    const actions = [];
    if (discards.size) {
      const not = v.taken ? ` (not ${v.taken}, just taken from the open pile)` : '';
      actions.push(el('p', { class: 'muted gr-hint', id: 'ir-discard-hint' }, arranging
        ? `To discard, select one card${not}, then Discard.`
        : `Discard a card${not}, or declare.`));
      const shows = v.declares.filter((c) => declareMoves.has(c));
      if (shows.length) {
        const row = el('div', { class: 'gr-knocks ir-declares', role: 'group', 'aria-label': 'Declare a valid show' },
          ...shows.map((c) => el('button', {
            type: 'button',
            class: 'btn gr-gin',
            dataset: { action: declareMoves.get(c).label },
            'aria-label': `Declare, finishing with the ${cardWords(c)}: a valid show`,
            onclick: act(declareMoves.get(c)),
          }, `Declare, finishing with ${c}`)));
        arrowKeys(row);
        actions.push(row);
      } else {
        actions.push(el('p', { class: 'muted gr-hint', id: 'ir-no-show' },
          'No valid show yet: a show needs two sequences, one of them pure, and every other card in a group. (A wrong declaration costs 80 points; the list of every legal move below has it.)'));
      }
    }
    const standing = mySeat && mySeat.status !== 'in' && !over
      ? el('p', { class: 'ir-standing', id: 'ir-my-standing' }, `You ${{
        first_drop: 'dropped (the first drop): you sit out the rest of this deal',
        middle_drop: 'dropped (the middle drop): you sit out the rest of this deal',
        wrong: 'declared wrongly: 80 points, and you sit out the rest of this deal',
        out: 'are out of the pool',
      }[mySeat.status]}.`)
      : null;
    const m = marks(me);
    const mineBox = el('section', { class: 'hc-seat gr-mine', 'aria-label': mine ? 'Your hand' : name(me), dataset: { seat: String(me) } },
      el('h3', {}, mine ? 'Your hand · ' : '', name(me), m.length ? ` (${m.join(', ')})` : ''),
      standing,
      hand,
      handLine,
      ...actions,
      arrangeBox);

    // The last deal, as it was shown.
    let lastBox = null;
    if (v.last) {
      const l = v.last;
      const seatLast = (k) => {
        const s = l.status[k];
        const role = k === l.winner ? 'won' : s === 'in' ? 'showed' : STATUS_WORDS[s] ?? s;
        const what = l.shown[k]
          ? shown(l.shown[k], l.wild)
          : el('p', { class: 'muted' }, s === 'out' ? 'Out of the pool: not dealt in.' : 'Nothing shown.');
        return el('div', { class: 'gr-last-seat', dataset: { seat: String(k) } },
          el('h4', {}, `${name(k)}${k === me && mine ? ' (you)' : ''}: ${role}`,
            s === 'out' && k !== l.winner ? '' : ` · ${plural(l.points[k], 'point')} · ${signed(l.change[k])}`),
          what);
      };
      const order = [l.winner, ...v.seats.map((_, k) => k).filter((k) => k !== l.winner)];
      lastBox = el('section', { class: 'gr-last', id: 'ir-last', 'aria-label': 'The last deal' },
        el('h3', {}, 'The last deal'),
        el('p', { class: 'gr-ending', id: 'ir-ending' }, ending(l, name)),
        ...order.map(seatLast),
        l.put_out.length ? el('p', {}, `Out of the pool: ${names(l.put_out, name)}.`) : null,
        l.rejoined.length ? el('p', {}, `Rejoined the pool: ${names(l.rejoined, name)}.`) : null);
    }

    // The score sheet.
    const scoreHead = v.format === 'deals' ? 'Chips' : v.pool_limit ? 'Points' : 'Net points';
    const caption = v.format === 'deals'
      ? `Score sheet: deals rummy over ${plural(v.deals, 'deal')}, the most chips win`
      : v.pool_limit
        ? `Score sheet: pool ${v.pool_limit}, out on ${v.pool_limit} points, the last player in wins`
        : `Score sheet: points rummy over ${plural(v.deals, 'deal')}, the highest net score wins`;
    const sheet = el('table', { class: 'hc-scores', id: 'ir-scores' },
      el('caption', {}, caption),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Player'), el('th', { scope: 'col' }, scoreHead),
        v.last ? el('th', { scope: 'col' }, 'Last deal') : null)),
      el('tbody', {}, ...v.seats.map((p, k) => el('tr', { dataset: { seat: String(k) } },
        el('th', { scope: 'row' }, `${name(k)}${k === me && mine ? ' (you)' : ''}${p.status === 'out' ? ' (out)' : ''}`),
        el('td', {}, String(p.score)),
        v.last ? el('td', {}, signed(v.last.change[k])) : null))));

    const winners = over
      ? el('p', { class: 'gr-ending', id: 'ir-winners' }, `The match is over: ${names(v.winners, name)} ${v.winners.length > 1 ? 'win' : 'wins'}.`)
      : null;

    board.replaceChildren(...[
      el('p', { class: 'hc-status' }, status),
      winners,
      seats,
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
      if (v.last) parts.push(el('p', {}, `The last deal: ${ending(v.last, name)}`));
      parts.push(el('p', { class: 'muted' }, `${v.format === 'deals' ? 'Chips' : 'Scores'}: ${v.seats.map((p, k) => `${name(k)} ${v.pool_limit || v.format === 'deals' ? p.score : signed(p.score)}`).join(', ')}.`));
      return parts;
    },
    focus() {
      board.querySelector('.ir-draws button, .gr-hand button, .ir-declares button')?.focus();
    },
  };
}
