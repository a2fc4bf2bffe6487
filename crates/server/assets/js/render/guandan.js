// Guandan's renderer for the page shell (see ../table.js): four seats,
// partners opposite (your partner at the top, the next seat to play on
// your right), each with its cards in hand, its place in the finishing
// order once out, and what it did last in the trick (the cards of its
// latest play, or "pass"); the combination to beat and who played it in
// the middle with this hand's level card (the heart of the level, wild);
// both sides' levels, which side declares and this hand's level; your
// hand at the bottom as the view sorts it (low to high at the level),
// the wild hearts marked (a star, and "wild" in their names); the
// tributes as they happen (who gives what to whom, the card given back,
// or "resisted": the givers hold both big jokers); the finishing order;
// the last hand's end (the order out, the levels gained, the new levels,
// a failure at A, a drop back to 2) and the sheet of levels.
//
// In the play your cards are toggle buttons and Play, Pass, Hint and
// Clear are the climbing games' own (render/climbing.js: the keys are
// Dou Dizhu's). The page computes no rule: a selection is matched to
// the legal plays by counting. A play matches when it is as many cards
// as the selection and its ranks hold the selection's natural (not
// wild) ranks, the wild cards filling in the rest; a straight flush
// when besides the selection's natural cards are of its suit. A
// selection may be several plays (a straight and a straight flush, a
// wild card at either end of a straight): a Play button for each, in
// the move's words, each sending that legal move (the table takes the
// cards: a play spends a wild card only where the hand lacks the
// natural one). In the tribute and the return: a button for each card
// you may give.
//
// Everything comes from your observation: the other hands are counts.
// The legal moves are read by their actions: `"pass"`, `{"tribute":
// face}`, `{"return": face}` (their cards named by their labels,
// `tribute A♠`, `return 5♣`), `{"play": {"combo": {"kind", "rank",
// "len", "cards"}, "suit", "level"}}` with `cards` the play's rank
// counts in the order of `view.rank_names` and `suit` a straight flush's
// (0 ♣, 1 ♦, 2 ♥, 3 ♠; 4 for any other play).

import { el, actionArg, actionKind, moveSentence } from '../common.js';
import { arrowKeys } from './cardface.js';
import {
  climbingHand, comboRanks, face as cardFace, faces as cardRow, playWords, plural, words,
} from './climbing.js';

/** A straight flush's suit, by the number its play gives (4: none). */
const SUITS = ['♣', '♦', '♥', '♠'];
/** Places in the finishing order. */
const ORDINALS = ['first', 'second', 'third', 'fourth'];

/** A card's face (the jokers drawn as `SJ` and `BJ`). */
const face = (name) => cardFace(name, 'gd');

/** A row of cards, as one group. */
const faces = (names, label) => cardRow(names, label, 'gd');

/** A card of the hand: its accessible name, "wild" said of a wild heart. */
const handWords = (c) => `${words(c.card)}${c.wild ? ', wild' : ''}`;

/** A card of the hand's face: a wild heart starred (and named so). */
function handFace(c) {
  const f = face(c.card);
  if (c.wild) {
    f.classList.add('gd-wild');
    f.setAttribute('aria-label', handWords(c));
    f.title = `${c.card}: wild`;
  }
  return f;
}

/** The counts of each item of a list. */
function tally(items) {
  const n = new Map();
  for (const x of items) n.set(x, (n.get(x) ?? 0) + 1);
  return n;
}

/** A card's suit sign (none for a joker). */
const suitOf = (name) => (SUITS.includes(name.slice(-1)) ? name.slice(-1) : null);

/** Cards low to high by their ranks in the order of `rankNames` (the
 * view lists a play's cards suit by suit). */
function byRank(names, rankNames) {
  const at = (c) => rankNames.indexOf(suitOf(c) ? c.slice(0, -1) : c);
  return names.map((c, i) => [at(c), i, c]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((x) => x[2]);
}

/** The legal plays the selected hand cards are, in the legal order: as
 * many cards, the play's ranks holding the natural cards' ranks (the wild
 * cards stand for the rest), a straight flush's suit that of every
 * natural card. Counting only. */
function match(sel, plays) {
  const natural = sel.filter((c) => !c.wild);
  const need = tally(natural.map((c) => c.rank));
  return plays.filter((p) => p.ranks.length === sel.length
    && [...need].every(([r, n]) => (p.counts.get(r) ?? 0) >= n)
    && (!p.suit || natural.every((c) => suitOf(c.card) === p.suit)));
}

/** The places of the hand a hint selects for a play: of each of its
 * ranks a natural card not taken yet (of a straight flush's suit), then
 * wild cards for what is missing. */
function pick(play, hand) {
  const taken = new Set();
  let missing = 0;
  for (const r of play.ranks) {
    const at = hand.findIndex((c, i) => !taken.has(i) && !c.wild && c.rank === r
      && (!play.suit || suitOf(c.card) === play.suit));
    if (at >= 0) taken.add(at);
    else missing += 1;
  }
  hand.forEach((c, i) => {
    if (c.wild && missing > 0) {
      taken.add(i);
      missing -= 1;
    }
  });
  return [...taken].sort((a, b) => a - b);
}

/** A move in words, for a third person (`West gives A♠ as tribute`) or for you. */
function moveWords(text, you) {
  const verb = (third, second) => (you ? second : third);
  if (text.startsWith('tribute ')) return `${verb('gives', 'give')} ${text.slice(8)} as tribute`;
  if (text.startsWith('return ')) return `${verb('gives', 'give')} back ${text.slice(7)}`;
  return playWords(text, you);
}

/** The side of a seat (0: the first seat and the one opposite). */
const sideOf = (seat) => seat % 2;

/** A finished hand in words (`name` names a seat, `side` a side). */
function endWords(h, name, side) {
  const winners = sideOf(h.order[0]);
  const parts = [
    `Out in the order ${h.order.map(name).join(', ')}.`,
    `${side(winners)} gain ${plural(h.gained[winners], 'level')}`
      + ` (levels now: ${[0, 1].map((s) => `${side(s)} ${h.levels[s]}`).join(', ')}).`,
  ];
  if (h.failed_at_ace) {
    parts.push(`${side(h.declarers)} declared at A and failed${h.dropped ? ', and drop back to 2' : ''}.`);
  } else if (h.dropped) {
    parts.push(`${side(h.declarers)} drop back to 2.`);
  }
  return parts.join(' ');
}

export function mount(root, shell) {
  // The board and the hand: the selection, the plays it may be, the keys.
  const climb = climbingHand(root, shell, {
    prefix: 'gd',
    update: (answer) => update(answer),
    // Two decks: a card's name is no id, its place in the hand is.
    cardId: (c, i) => `gd-card-${i}`,
    cardFace: handFace,
    cardWords: handWords,
    match,
    pick,
    selectionWords: (sel) => sel.map((c) => (c.wild ? `${c.card} (wild)` : c.card)).join(' '),
    playWords: (play) => play.move.label.replace(/^play /, ''),
    send: (play) => shell.play(play.move),
    enterElse: '(one of several: Enter goes to their Play buttons; none: it selects the card)',
  });
  const { board, upper, lower } = climb;

  function update(answer) {
    const v = answer.view;
    const me = v.seat;
    const legal = answer.your_turn && !shell.busy ? answer.legal : [];
    const name = (seat) => answer.seats[seat].name;
    const mine = answer.you !== null && answer.you !== undefined;
    const side = (s) => `${name(s)} and ${name(s + 2)}`;
    const of = (kind) => legal.filter((m) => actionKind(m.action) === kind);
    // Each legal play with its ranks (low to high), their counts, its suit.
    const plays = of('play').map((move) => {
      const play = actionArg(move.action);
      const ranks = comboRanks(play.combo.cards, v.rank_names);
      return { move, ranks, counts: tally(ranks), suit: SUITS[play.suit] ?? null };
    });
    const pass = of('pass')[0] ?? null;
    const gives = [...of('tribute'), ...of('return')];
    const playing = v.phase === 'play' && (plays.length > 0 || pass !== null);
    climb.begin(answer, v.hand, plays, pass);
    const you = (seat) => seat === me && mine;

    // The status: the hand, its level and wild card, who declares, the phase.
    const phaseWords = {
      deal: 'dealing',
      first_leader: 'drawing the first leader',
      tribute: 'the tribute',
      return: 'giving back',
      play: v.to_move !== null ? `${you(v.to_move) ? 'you' : name(v.to_move)} to play` : 'play',
      over: 'the match is over',
    }[v.phase] ?? v.phase;
    const status = [
      `Hand ${v.hand_no}`,
      `level ${v.level} (${v.level_card} wild)`,
      v.declarers === null ? 'nobody declares (the first hand)' : `${side(v.declarers)} declare`,
      phaseWords,
    ].join(' · ');
    const levels = el('p', { class: 'gd-levels', id: 'gd-levels' }, 'Levels: ',
      ...[0, 1].flatMap((s) => [
        s ? ' · ' : null,
        el('span', { class: `gd-side${v.declarers === s ? ' gd-declaring' : ''}`, dataset: { side: String(s) } },
          `${side(s)}${sideOf(me) === s && mine ? ' (you)' : ''} `,
          el('strong', { class: 'gd-level' }, v.levels[s]),
          v.declarers === s ? ' (declaring)' : ''),
      ]));

    // Each seat: its marks, its count, what it did last in the trick.
    const marks = (seat) => {
      const out = v.out.indexOf(seat);
      return [
        you(seat) ? 'you' : null,
        seat === (me + 2) % 4 ? 'partner' : null,
        out >= 0 ? `out ${ORDINALS[out]}` : null,
        v.to_move === seat && !v.over ? 'to play' : null,
      ].filter(Boolean);
    };
    const title = (seat) => {
      const m = marks(seat);
      return `${name(seat)}${m.length ? ` (${m.join(', ')})` : ''}`;
    };
    // A trick everyone passed on stays shown until the next lead.
    const ended = v.phase === 'play' && !v.last && v.trick.some((t) => t.cards.length || t.passed);
    const trickRow = (seat) => {
      const t = v.trick[seat];
      const cards = byRank(t.cards, v.rank_names);
      let what;
      if (cards.length) what = faces(cards, `${name(seat)} played ${cards.map(words).join(', ')}`);
      else if (t.passed) what = el('strong', { class: 'gd-passed' }, 'pass');
      else what = el('span', { class: 'muted' }, 'nothing yet');
      return el('div', { class: 'gd-trick', dataset: { seat: String(seat) } },
        el('span', { class: 'gr-label' }, ended ? 'Last trick: ' : 'This trick: '), what);
    };
    const seatBox = (seat, place) => el('section', {
      class: `hc-seat hc-${place} gd-seat${v.to_move === seat && !v.over ? ' gd-turn' : ''}`,
      'aria-label': title(seat),
      dataset: { seat: String(seat) },
    },
    el('h3', {}, title(seat)),
    el('p', { class: 'muted gd-count' }, plural(v.counts[seat], 'card')),
    trickRow(seat));

    // The middle: the combination to beat and who played it, the wild card.
    let toBeat;
    const who = (seat) => (you(seat) ? 'you' : name(seat));
    if (v.phase !== 'play') {
      toBeat = {
        over: 'The match is over.',
        tribute: 'The tribute is being given.',
        return: 'The cards are being given back.',
      }[v.phase] ?? 'The cards are being dealt.';
    } else if (!v.last) {
      toBeat = `${you(v.to_move) ? 'You lead' : `${name(v.to_move)} leads`}: any combination.`;
    } else {
      toBeat = el('span', {},
        'To beat: ', el('strong', { id: 'gd-to-beat' }, v.last.text),
        `, played by ${who(v.last.seat)}`,
        v.passes ? ` (${plural(v.passes, 'pass', 'passes')} since)` : '', '.');
    }
    const wild = handFace({ card: v.level_card, wild: true });
    const center = el('div', { class: 'hc-center gd-center', id: 'gd-last', role: 'group', 'aria-label': 'The combination to beat' },
      el('p', { class: 'gd-beat' }, toBeat),
      el('p', { class: 'gd-wild-line', id: 'gd-level-card' }, `Level ${v.level}, wild: `, wild));

    const table = el('div', { class: 'hc-table gd-table', role: 'group', 'aria-label': 'The table', dataset: { region: 'centre' } },
      seatBox((me + 2) % 4, 'top'), seatBox((me + 3) % 4, 'left'), center, seatBox((me + 1) % 4, 'right'));

    // Your hand: toggle buttons while you play, faces otherwise.
    const mineBox = el('section', {
      class: `hc-seat gd-mine${v.to_move === me && !v.over ? ' gd-turn' : ''}`,
      'aria-label': mine ? 'Your hand' : title(me),
      dataset: { seat: String(me) },
    },
    el('h3', {}, mine ? 'Your hand · ' : '', title(me), ' · ', el('span', { class: 'gd-count' }, plural(v.counts[me], 'card')),
      v.hand.some((c) => c.wild) ? el('span', { class: 'gd-wild-note' }, ' · ★ wild') : null),
    climb.handRow(playing),
    trickRow(me));

    // What you may do: give a card, or play, pass and hint.
    const actions = [];
    if (gives.length) {
      const tribute = actionKind(gives[0].action) === 'tribute';
      // The seat a card goes back to: the one whose tribute you received.
      const payer = v.tributes.find((t) => t.receiver === me && t.returned === null)?.payer;
      const to = tribute ? '' : payer !== undefined ? ` to ${name(payer)}` : '';
      const row = el('div', { class: 'gd-gives', role: 'group', 'aria-label': tribute ? 'Your tribute' : `The card you give back${to}` },
        ...gives.map((m) => {
          const card = m.label.replace(/^(tribute|return) /, '');
          return el('button', {
            type: 'button',
            class: 'btn gd-give',
            dataset: { action: m.label, card },
            // The words shown come first (speech input says them; the
            // card's face reads as its name).
            'aria-label': `${tribute ? 'Give' : 'Give back'} ${words(card)}${tribute ? ' as tribute' : to}`,
            onclick: () => shell.play(m),
          }, tribute ? 'Give ' : 'Give back ', face(card));
        }));
      arrowKeys(row);
      actions.push(el('p', { class: 'muted gd-give-hint', id: 'gd-give-hint' }, tribute
        ? 'Tribute: give your highest card (a wild heart excepted) to the last hand’s winners.'
        : `Give back a card${to} for the tribute you received.`), row);
    }
    if (playing) actions.push(...climb.controls());
    climb.selection(playing);

    // The tributes as they happen, or resisted.
    let tributes = null;
    if (v.tributes.length || v.resisted) {
      const settled = v.phase !== 'tribute';
      const line = (t) => {
        const given = t.card
          ? `${who(t.payer)} ${you(t.payer) ? 'give' : 'gives'} ${t.card}${settled ? ` to ${who(t.receiver)}` : ''}`
          : `${who(t.payer)} ${you(t.payer) ? 'owe' : 'owes'} a tribute`;
        const back = t.returned
          ? `, ${settled ? 'who gives back' : 'given back'} ${t.returned}`
          : settled && t.card ? `; ${who(t.receiver)} ${you(t.receiver) ? 'give' : 'gives'} a card back` : '';
        const words = `${given}${back}.`;
        return el('li', { dataset: { payer: String(t.payer) } }, words.charAt(0).toUpperCase() + words.slice(1));
      };
      tributes = el('section', { class: 'gd-tributes', id: 'gd-tributes', 'aria-labelledby': 'gd-tributes-title' },
        el('h3', { id: 'gd-tributes-title' }, 'Tribute this hand'),
        v.resisted
          ? el('p', { id: 'gd-resisted' }, 'Resisted: the givers hold both big jokers, so no tribute is paid.')
          : el('ul', {}, ...v.tributes.map(line)));
    }

    // The finishing order so far.
    const out = v.out.length
      ? el('p', { class: 'gd-out', id: 'gd-out' }, 'Out: ',
        v.out.map((s, k) => `${ORDINALS[k]} ${name(s)}`).join(', '), '.')
      : null;

    // The last hand's end, and the sheet of levels.
    const lh = v.last_hand;
    const lastBox = lh
      ? el('section', { class: 'gr-last', id: 'gd-last-hand', 'aria-labelledby': 'gd-last-hand-title' },
        el('h3', { id: 'gd-last-hand-title' }, `The last hand (at level ${lh.level})`),
        el('p', { class: 'gr-ending', id: 'gd-ending' }, endWords(lh, name, side)))
      : null;
    const sheet = el('table', { class: 'hc-scores', id: 'gd-sheet' },
      el('caption', {}, `Levels (hand ${v.hand_no}): a side wins at its level A`),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Side'), el('th', { scope: 'col' }, 'Level'),
        el('th', { scope: 'col' }, 'Hands at A not won'),
        lh ? el('th', { scope: 'col' }, 'Last hand') : null)),
      el('tbody', {}, ...[0, 1].map((s) => el('tr', { dataset: { side: String(s) } },
        el('th', { scope: 'row' }, `${side(s)}${sideOf(me) === s && mine ? ' (you)' : ''}`),
        el('td', {}, `${v.levels[s]}${v.declarers === s ? ' (declaring)' : ''}`),
        el('td', {}, String(v.failures[s])),
        lh ? el('td', {}, lh.gained[s] ? `+${lh.gained[s]}` : '–') : null))));
    const winner = v.winner !== null
      ? el('p', { class: 'gr-ending', id: 'gd-winner' }, `${side(v.winner)} win the match at A.`)
      : null;

    upper.replaceChildren(
      el('p', { class: 'hc-status', id: 'gd-status' }, status),
      levels,
      table,
      mineBox,
    );
    lower.replaceChildren(...[...actions, tributes, out, winner, lastBox, sheet].filter(Boolean));
  }

  return {
    update,
    sentence: moveSentence(moveWords),
    result(answer) {
      const v = answer.view;
      const name = (s) => answer.seats[s].name;
      const side = (s) => `${name(s)} and ${name(s + 2)}`;
      const parts = [];
      if (v.winner !== null) parts.push(el('p', { id: 'gd-result' }, `${side(v.winner)} win the match at A, after ${plural(v.hand_no, 'hand')}.`));
      if (v.last_hand) parts.push(el('p', {}, `The last hand: ${endWords(v.last_hand, name, side)}`));
      return parts;
    },
    focus() {
      board.querySelector('.gd-gives button, .gd-hand button, #gd-pass')?.focus();
    },
  };
}
