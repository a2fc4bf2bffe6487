// Dou Dizhu's renderer for the page shell (see ../table.js): the two
// other seats (their card counts, bids, the landlord marked, the cards
// each played this deal), the kitty once the landlord has it, the
// multiplier and the bombs, the combination to beat and who played it,
// your hand at the bottom sorted by rank, the score sheet and the last
// deal's result (who won, the stake, spring or anti-spring, the cards left
// in each hand). In the bidding: a button for each bid offered. In the
// play: your cards are toggle buttons (the arrow keys move along them,
// Space selects), Play is enabled only when the selected ranks are one of
// the legal plays (the page compares the selection's ranks with those of
// each play of `answer.legal`, it computes no rule) and plays the very
// cards you selected (it sends their names, `play 6♥ 6♠`, a move typed in
// the game's notation: which of your cards of a rank leave is your
// choice), Pass when passing is legal, and Hint selects the legal plays
// one after another (the hand, its controls and keys are the climbing
// games' own: render/climbing.js). Everything comes from your observation: the other
// hands are counts. The legal moves are read by their actions:
// `{"bid": n}` (0 no bid), `"pass"`, `{"play": {"kind", "rank", "len",
// "cards"}}` with `cards` the play's rank counts, four bits a rank from
// the three up (a BigInt when wider than a number holds: see readJson).

import { el, actionArg, actionKind, moveSentence } from '../common.js';
import { arrowKeys } from './cardface.js';
import {
  climbingHand, comboRanks, face as cardFace, faces as cardRow, playWords, plural, words,
} from './climbing.js';

/** The ranks, low to high, as the view names them. */
const RANKS = ['3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A', '2', 'SJ', 'BJ'];


/** A card's face (the jokers drawn as `SJ` and `BJ`). */
const face = (name) => cardFace(name, 'dd');

/** A row of cards, as one group. */
const faces = (names, label) => cardRow(names, label, 'dd');

/** A seat's bid in words. */
function bidWords(bid, bidding) {
  if (bid === null || bid === undefined) return bidding ? 'waiting to bid' : 'did not bid';
  return bid === 0 ? 'passed (no bid)' : `bid ${bid}`;
}

/** How a deal ended, in words (`name` names a seat). */
function dealWords(d, name) {
  const who = d.landlord_won
    ? `${name(d.landlord)}, the landlord, won`
    : `The peasants beat ${name(d.landlord)}, the landlord`;
  const extra = [
    `bid ${d.bid}`,
    d.bombs ? plural(d.bombs, 'bomb or rocket', 'bombs or rockets') : null,
    d.spring ? 'a spring (the peasants played no card)' : null,
    d.anti_spring ? 'an anti-spring (the landlord played only its first lead)' : null,
  ].filter(Boolean);
  return `${who}: stake ${d.stake} (${extra.join(', ')}).`;
}

/** The landlord's mark beside its name (the name says "landlord" too). */
const crown = () => el('span', { 'aria-hidden': 'true' }, '♛ ');

/** A number with a true minus sign; `signed` adds a plus. */
const minus = (n) => (n < 0 ? `−${-n}` : String(n));
const signed = (n) => (n > 0 ? `+${n}` : minus(n));

/** A move in words, for a third person (`East passes`) or for you. */
function moveWords(text, you) {
  const verb = (third, second) => (you ? second : third);
  if (text === 'no bid') return verb('does not bid', 'do not bid');
  if (text.startsWith('bid ')) return `${verb('bids', 'bid')} ${text.slice(4)}`;
  return playWords(text, you);
}

/** A selection's (or a hand's) ranks, low to high: `3 3 4`. */
const ranksOf = (cards) => cards.map((c) => c.rank).join(' ');

export function mount(root, shell) {
  // The board and the hand: the selection, its Play (the selection's very
  // ranks, a single play), the keys.
  const climb = climbingHand(root, shell, {
    prefix: 'dd',
    update: (answer) => update(answer),
    cardId: (c) => `dd-card-${c.card}`,
    cardFace: (c) => face(c.card),
    cardWords: (c) => words(c.card),
    match: (sel, plays) => {
      const ranks = ranksOf(sel);
      return plays.filter((p) => p.ranks === ranks).slice(0, 1);
    },
    // Of each rank of the play, the lowest suits first.
    pick: (play, hand) => {
      const left = hand.slice();
      const at = [];
      for (const r of play.ranks.split(' ')) {
        const i = left.findIndex((c) => c && c.rank === r);
        if (i >= 0) {
          at.push(i);
          left[i] = null;
        }
      }
      return at;
    },
    selectionWords: ranksOf,
    playWords: (play) => play.ranks,
    // The very cards selected, in the hand's order (a move typed in the
    // game's notation: which cards of a rank leave is the person's choice).
    send: (play, sel) => shell.act(`play ${sel.map((c) => c.card).join(' ')}`),
  });
  const { board, upper, lower } = climb;

  function update(answer) {
    const v = answer.view;
    const me = v.seat;
    const legal = answer.your_turn && !shell.busy ? answer.legal : [];
    const name = (seat) => answer.seats[seat].name;
    const mine = answer.you !== null && answer.you !== undefined;
    const bidding = v.phase === 'bid' || v.phase === 'deal';
    const of = (kind) => legal.filter((m) => actionKind(m.action) === kind);
    const bids = of('bid');
    // Each legal play with its ranks, low to high.
    const plays = of('play').map((move) => ({ move, ranks: comboRanks(actionArg(move.action).cards, RANKS).join(' ') }));
    const pass = of('pass')[0];
    const canPass = Boolean(pass);
    const playing = v.phase === 'play' && (plays.length > 0 || canPass);
    // The selection, and the play of its ranks (the hand is sorted low to high).
    climb.begin(answer, v.hand, plays, pass);

    const phaseWords = {
      deal: 'dealing',
      bid: `bidding (highest bid ${v.bid || 'none yet'})`,
      play: v.landlord === null ? 'play' : `${name(v.landlord)} is the landlord at ${v.bid}`,
      over: 'the match is over',
    }[v.phase] ?? v.phase;
    const status = [
      `Deal ${v.deal} of ${v.deals}`,
      phaseWords,
      `multiplier ${v.multiplier}`,
      plural(v.bombs, 'bomb or rocket', 'bombs or rockets'),
    ].join(' · ');

    // Each seat: its role, its count, its bid, what it played this deal.
    const marks = (seat) => [
      seat === me && mine ? 'you' : null,
      v.landlord === seat ? 'landlord' : v.landlord !== null ? 'peasant' : null,
      bidding && v.first === seat ? 'bids first' : null,
      v.to_move === seat && !v.over ? 'to play' : null,
    ].filter(Boolean);
    const title = (seat) => {
      const m = marks(seat);
      return `${name(seat)}${m.length ? ` (${m.join(', ')})` : ''}`;
    };
    const playedRow = (seat) => el('div', { class: 'dd-played', dataset: { seat: String(seat) } },
      el('span', { class: 'gr-label' }, 'Played this deal: '),
      v.played[seat].length
        ? faces(v.played[seat], `${name(seat)} played this deal: ${v.played[seat].map(words).join(', ')}`)
        : el('span', { class: 'muted' }, 'nothing yet.'));
    const seatBox = (seat, place) => el('section', {
      class: `hc-seat hc-${place}${v.landlord === seat ? ' dd-landlord' : ''}`,
      'aria-label': title(seat),
      dataset: { seat: String(seat) },
    },
    el('h3', {}, v.landlord === seat ? crown() : null, title(seat)),
    el('p', { class: 'muted' }, `${plural(v.counts[seat], 'card')} in hand · `,
      el('span', { class: 'dd-bid' }, bidWords(v.bids[seat], bidding))),
    playedRow(seat));

    // The middle: the combination to beat and who played it.
    let toBeat;
    if (v.phase !== 'play') {
      toBeat = v.phase === 'over' ? 'The match is over.' : 'The bidding decides the landlord.';
    } else if (!v.last) {
      toBeat = `${v.to_move === me && mine ? 'You lead' : `${name(v.to_move)} leads`}: any combination.`;
    } else if (v.last.seat === v.to_move) {
      toBeat = `${v.to_move === me && mine ? 'Your' : `${name(v.last.seat)}’s`} ${v.last.text} stands: both others passed, ${v.to_move === me && mine ? 'you lead' : `${name(v.to_move)} leads`} any combination.`;
    } else {
      toBeat = el('span', {},
        'To beat: ', el('strong', { id: 'dd-to-beat' }, v.last.text),
        `, played by ${v.last.seat === me && mine ? 'you' : name(v.last.seat)}`,
        v.passes ? ` (${name((v.last.seat + 1) % 3)} passed)` : '', '.');
    }
    const center = el('div', { class: 'hc-center dd-center', id: 'dd-last', role: 'group', 'aria-label': 'The combination to beat' }, toBeat);

    // The top: the kitty, the multiplier.
    const top = el('div', { class: 'hc-top dd-top' },
      v.kitty
        ? el('div', {}, el('span', { class: 'gr-label' }, v.landlord === null ? 'The kitty:' : `The kitty, taken by ${name(v.landlord)}:`),
          faces(v.kitty, `The kitty: ${v.kitty.map(words).join(', ')}`))
        : el('p', { class: 'muted' }, 'The kitty (3 cards) goes to the landlord once the bidding ends.'),
      el('p', { id: 'dd-multiplier' }, 'Multiplier: ', el('strong', {}, String(v.multiplier)),
        ` (bid ${v.bid || '–'}, doubled for each bomb or rocket: ${v.bombs} so far)`));

    const table = el('div', { class: 'hc-table dd-table', role: 'group', 'aria-label': 'The table', dataset: { region: 'centre' } },
      top, seatBox((me + 2) % 3, 'left'), center, seatBox((me + 1) % 3, 'right'));

    // Your hand: toggle buttons while you play, faces otherwise.
    const handRow = climb.handRow(playing);

    const mineBox = el('section', {
      class: `hc-seat hc-bottom dd-mine${v.landlord === me ? ' dd-landlord' : ''}`,
      'aria-label': mine ? 'Your hand' : title(me),
      dataset: { seat: String(me) },
    },
    el('h3', {}, v.landlord === me ? crown() : null, mine ? 'Your hand · ' : '', title(me),
      ` · ${plural(v.counts[me], 'card')} · `, el('span', { class: 'dd-bid' }, bidWords(v.bids[me], bidding))),
    handRow,
    playedRow(me));

    // What you may do: bid, or play, pass and hint.
    const actions = [];
    const rowStyle = 'display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 0.4rem 0;';
    if (bids.length) {
      const row = el('div', { class: 'dd-bids', role: 'group', 'aria-label': 'Your bid', style: rowStyle },
        ...bids.map((m) => {
          const n = actionArg(m.action);
          return el('button', {
            type: 'button',
            class: `btn${n === 0 ? ' secondary' : ''}`,
            dataset: { action: m.label },
            'aria-label': n === 0 ? 'No bid: pass the bidding' : `Bid ${n}: become the landlord at a stake of ${n} unless outbid`,
            onclick: () => shell.play(m),
          }, n === 0 ? 'No bid' : `Bid ${n}`);
        }));
      arrowKeys(row);
      actions.push(row);
    }
    if (playing) actions.push(...climb.controls());
    climb.selection(playing);

    // The score sheet.
    const ld = v.last_deal;
    const role = (s) => {
      if (v.landlord !== null) return v.landlord === s ? 'landlord' : 'peasant';
      return '–';
    };
    const sheet = el('table', { class: 'hc-scores', id: 'dd-scores' },
      el('caption', {}, `Score sheet (deal ${v.deal} of ${v.deals})`),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Seat'), el('th', { scope: 'col' }, 'Score'),
        el('th', { scope: 'col' }, 'Role this deal'),
        ld ? el('th', { scope: 'col' }, 'Last deal') : null)),
      el('tbody', {}, ...[0, 1, 2].map((s) => el('tr', { dataset: { seat: String(s) } },
        el('th', { scope: 'row' }, `${name(s)}${s === me && mine ? ' (you)' : ''}`),
        el('td', {}, minus(v.scores[s])),
        el('td', {}, role(s)),
        ld ? el('td', {}, signed(ld.points[s])) : null))));

    // The last deal: who won, the stake, the cards left in each hand.
    let lastBox = null;
    if (ld) {
      lastBox = el('section', { class: 'gr-last', id: 'dd-last-deal', 'aria-label': 'The last deal' },
        el('h3', {}, 'The last deal'),
        el('p', { class: 'gr-ending', id: 'dd-ending' }, dealWords(ld, name)),
        el('p', {}, `Points: ${[0, 1, 2].map((s) => `${name(s)} ${signed(ld.points[s])}`).join(', ')}.`),
        ...[0, 1, 2].map((s) => el('div', { class: 'dd-left', dataset: { seat: String(s) } },
          el('span', { class: 'gr-label' }, `${name(s)}${s === ld.landlord ? ' (landlord)' : ''}, cards left: `),
          ld.left[s].length
            ? faces(ld.left[s], `${name(s)} was left with ${ld.left[s].map(words).join(', ')}`)
            : el('strong', {}, 'none (went out)'))));
    }

    upper.replaceChildren(
      el('p', { class: 'hc-status', id: 'dd-status' }, status),
      table,
      mineBox,
    );
    lower.replaceChildren(...[...actions, lastBox, sheet].filter(Boolean));
  }

  return {
    update,
    sentence: moveSentence(moveWords),
    result(answer) {
      const v = answer.view;
      const name = (s) => answer.seats[s].name;
      const parts = [];
      if (v.last_deal) parts.push(el('p', {}, `The last deal: ${dealWords(v.last_deal, name)}`));
      parts.push(el('p', { class: 'muted' }, `Scores after ${plural(v.deals, 'deal')}: ${[0, 1, 2].map((s) => `${name(s)} ${minus(v.scores[s])}`).join(', ')}.`));
      return parts;
    },
    focus() {
      board.querySelector('.dd-bids button, .dd-hand button, #dd-pass')?.focus();
    },
  };
}
