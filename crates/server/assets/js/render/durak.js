// Durak's renderer for the page shell (see ../table.js): the other players
// at the top in turn order from your left (each with its cards in hand,
// the cards everyone saw go into its hand, face up, whether it is out of
// the deal, its duraks, and whether it attacks, defends or is your
// partner), the table in the middle (the stock with the trump card turned
// up under it and its count, "trumps ♥" alone once the stock is drawn,
// the beaten-off cards' count, and the bout: each attacking card with the
// card that beat it laid across it, "takes" once the defender said so),
// your hand at the bottom as the view sorts it (plain suits first, trumps
// last), the last deal's end, the winners at the end of the match, and
// the score sheet of duraks.
//
// On your turn the cards you may play are buttons (the arrow keys move
// along them): a card to attack or throw in plays at once; a card that
// beats one attacking card only beats it; a card that could beat more
// than one asks which (a button for each), and the unbeaten attacking
// cards on the table are toggles too, to pick the card to beat first (the
// hand then offers the cards that beat it); with perevodnoy a card that
// can only pass the attack on transfers it. Take, Pass and each transfer
// are buttons of their own too; T takes and P passes from anywhere on
// the board, Escape drops a choice.
//
// Everything comes from your observation: another hand is a count and
// the cards it is known to hold. The moves are the answer's legal moves,
// read by their actions: `{"attack": id}`, `{"defend": {"attack", "with"}}`,
// `"take"`, `"pass"`, `{"transfer": id}` (ids 0..35: the 36-card deck
// from the six, suit by suit ♣ ♦ ♥ ♠).

import { el, actionArg, actionKind, moveSentence } from '../common.js';
import { arrowKeys, fan, card, cardWords, frenchCard } from './cardface.js';

/** The name of a card of Durak's actions (6♣ is 0, A♠ 35). */
const cardName = (id) => frenchCard(id, 6);

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The suits' words, by symbol. */
const SUIT_WORDS = { '♣': 'clubs', '♦': 'diamonds', '♥': 'hearts', '♠': 'spades' };

/** Seats in words: "South", "South and West", "South, West and North". */
function names(seats, name) {
  const n = seats.map(name);
  return n.length > 1 ? `${n.slice(0, -1).join(', ')} and ${n[n.length - 1]}` : (n[0] ?? '');
}

/** A move in words, for a third person (`West takes`) or for you. */
function moveWords(text, you) {
  const verb = (third, second) => (you ? second : third);
  if (text === 'take') return verb('takes', 'take');
  if (text === 'pass') return verb('passes', 'pass');
  if (text.startsWith('attack ')) return `${verb('plays', 'play')} ${text.slice(7)}`;
  if (text.startsWith('beat ')) return `${verb('beats', 'beat')} ${text.slice(5)}`;
  if (text.startsWith('transfer ')) return `${verb('passes', 'pass')} the attack on with ${text.slice(9)}`;
  return null;
}

/** A row of faces, as one group named `label`. */
function faces(cards, label) {
  return el('div', { class: 'gr-cards', role: 'group', 'aria-label': label }, ...cards.map((c) => card(c)));
}

/** The deals finished: those before the one in hand, or all at the end. */
const finished = (v) => (v.phase === 'over' ? v.deal_no : v.deal_no - 1);

/** The match's end in words. */
function winnersWords(v, name) {
  const w = v.winners ?? [];
  const least = w.length ? v.seats[w[0]].duraks : 0;
  const verb = w.length > 1 ? 'win' : 'wins';
  return `${names(w, name)} ${verb}, with ${plural(least, 'durak')}${w.length > 1 ? ' each' : ''}.`;
}

export function mount(root, shell) {
  // The attacking card picked on the table, and the card of the hand
  // whose choice of attacks is open, for one position.
  let target = null;
  let picked = null;
  let ply = -1;
  let current = null;
  const board = el('div', { class: 'hc-board dk-board' });
  root.replaceChildren(board);

  /** Draws again after a choice, the focus on `id` (or where it was). */
  function redraw(id = document.activeElement?.id) {
    update(current.answer);
    const to = (id && document.getElementById(id)) || board.querySelector('.dk-hand button');
    to?.focus({ preventScroll: true });
  }

  function pickTarget(attack) {
    target = target === attack ? null : attack;
    picked = null;
    redraw(`dk-target-${attack}`);
  }

  function pickCard(c) {
    picked = picked === c ? null : c;
    target = null;
    update(current.answer);
    const first = board.querySelector('.dk-choices button');
    (picked && first ? first : document.getElementById(`dk-card-${c}`))?.focus({ preventScroll: true });
  }

  function drop() {
    const back = picked ? `dk-card-${picked}` : target ? `dk-target-${target}` : undefined;
    target = null;
    picked = null;
    redraw(back);
  }

  // The board's keys (said on the page): T takes, P passes, Escape drops
  // a choice.
  board.addEventListener('keydown', (e) => {
    if (!current || e.ctrlKey || e.metaKey || e.altKey) return;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (key === 't' && current.take) {
      e.preventDefault();
      shell.play(current.take);
    } else if (key === 'p' && current.pass) {
      e.preventDefault();
      shell.play(current.pass);
    } else if (key === 'Escape' && (target || picked)) {
      e.preventDefault();
      drop();
    }
  });

  function update(answer) {
    const v = answer.view;
    const me = v.seat;
    const n = v.players;
    const mine = answer.you !== null && answer.you !== undefined;
    const legal = answer.your_turn && !shell.busy ? answer.legal : [];
    if (ply !== answer.ply) {
      target = null;
      picked = null;
      ply = answer.ply;
    }
    const name = (seat) => answer.seats[seat]?.name ?? `Seat ${seat + 1}`;
    const over = v.phase === 'over';
    const inPlay = v.attacker !== null && v.defender !== null && !over;

    // The legal moves, by what they do.
    const of = (kind) => legal.filter((m) => actionKind(m.action) === kind);
    const take = of('take')[0] ?? null;
    const pass = of('pass')[0] ?? null;
    const attacks = new Map(of('attack').map((m) => [cardName(actionArg(m.action)), m]));
    const defends = of('defend').map((m) => {
      const a = actionArg(m.action);
      return { attack: cardName(a.attack), with: cardName(a.with), move: m };
    });
    const transfers = of('transfer').map((m) => ({ card: cardName(actionArg(m.action)), move: m }));
    // The attacks a defence may go on; a pick that is none of them is dropped.
    const targets = [...new Set(defends.map((d) => d.attack))];
    if (target && !targets.includes(target)) target = null;
    if (picked && defends.filter((d) => d.with === picked).length < 2) picked = null;
    current = { answer, take, pass };
    const moving = legal.length > 0;

    // The status line: the deal, who attacks whom, the phase in words.
    const unbeaten = v.table.filter((p) => !p.beaten_by).length;
    const phaseWords = {
      deal: 'dealing',
      lead: inPlay ? `${name(v.attacker)} to lead` : 'the lead',
      defend: inPlay ? `${name(v.defender)} to beat ${plural(unbeaten, 'card')} or take` : 'defending',
      throw: v.taking
        ? `${name(v.defender)} takes: throw-ins for it to pick up`
        : 'every attack beaten: throw-ins of a rank on the table',
      over: 'the match is over',
    }[v.phase] ?? v.phase;
    const status = [
      `Deal ${v.deal_no} of ${v.deals}`,
      inPlay ? `${name(v.attacker)} attacks ${name(v.defender)}` : null,
      phaseWords,
      v.draws ? plural(v.draws, 'deal drawn', 'deals drawn') : null,
    ].filter(Boolean).join(' · ');

    // Each seat's marks: you, your partner, its part in the bout, its turn.
    const partner = v.teams ? (me + n / 2) % n : null;
    const marks = (seat) => [
      seat === me && mine ? 'you' : null,
      seat === partner ? (mine ? 'your partner' : `${name(me)}’s partner`) : null,
      inPlay && seat === v.attacker ? 'attacks' : null,
      inPlay && seat === v.defender ? (v.taking ? 'defends, takes' : 'defends') : null,
      v.to_move === seat && !over ? 'to play' : null,
      v.seats[seat].in_game ? null : 'out of the deal',
    ].filter(Boolean);
    // At the end of the match the view holds no deal: its duraks only.
    const line = (seat) => {
      const p = v.seats[seat];
      return [over ? null : plural(p.count, 'card'), plural(p.duraks, 'durak')].filter(Boolean).join(' · ');
    };
    const seatClass = (seat) => [
      'hc-seat dk-seat',
      v.to_move === seat && !over ? 'dk-turn' : '',
      v.seats[seat].in_game ? '' : 'dk-out',
      inPlay && seat === v.defender ? 'dk-defender' : '',
      inPlay && seat === v.attacker ? 'dk-attacker' : '',
    ].filter(Boolean).join(' ');

    // The other players, in turn order from your left.
    const others = Array.from({ length: n - 1 }, (_, k) => (me + 1 + k) % n);
    const seats = el('div', { class: 'dk-seats', role: 'group', 'aria-label': 'The other players' },
      ...others.map((seat) => {
        const m = marks(seat);
        const p = v.seats[seat];
        return el('section', { class: seatClass(seat), 'aria-label': name(seat), dataset: { seat: String(seat) } },
          el('h3', {}, name(seat), m.length ? el('span', { class: 'dk-marks' }, ` (${m.join(', ')})`) : null),
          el('p', { class: 'dk-line' }, line(seat)),
          p.known.length
            ? el('div', { class: 'gr-known dk-known' }, el('span', { class: 'gr-label' }, 'Known to hold:'),
              faces(p.known, `${name(seat)} is known to hold ${p.known.map(cardWords).join(', ')}`))
            : null);
      }));

    // The stock with the trump card under it, the beaten-off cards.
    const trumpSuit = v.trump_suit;
    const stock = el('div', { class: 'dk-pile', id: 'dk-stock' },
      el('span', { class: 'dk-stack', 'aria-hidden': 'true' },
        v.trump && v.stock > 0 ? el('span', { class: 'dk-trump-card' }, card(v.trump)) : null,
        v.stock > 0 ? el('span', { class: 'hc-card gr-back' }) : el('span', { class: 'hc-card gr-empty' })),
      el('span', { class: 'dk-pile-words' },
        'Stock: ', el('strong', { id: 'dk-stock-count' }, v.stock > 0 ? plural(v.stock, 'card') : 'empty'),
        el('br'),
        trumpSuit
          ? el('span', { id: 'dk-trump' }, 'Trumps: ', el('strong', { class: `dk-suit dk-${SUIT_WORDS[trumpSuit]}` }, trumpSuit),
            v.stock > 0 ? ` (${v.trump} under the stock)` : ` (${v.trump} turned up)`)
          : el('span', { id: 'dk-trump' }, 'Trumps: not turned up yet')));
    if (trumpSuit) {
      stock.setAttribute('aria-label', `Stock: ${v.stock > 0 ? plural(v.stock, 'card') : 'empty'}. Trumps: ${SUIT_WORDS[trumpSuit]}, the ${cardWords(v.trump)} turned up${v.stock > 0 ? ' under the stock' : ''}.`);
      stock.setAttribute('role', 'group');
    }
    const discard = el('div', { class: 'dk-pile', id: 'dk-discard' },
      el('span', { class: `hc-card ${v.discard > 0 ? 'gr-back' : 'gr-empty'}`, 'aria-hidden': 'true' }),
      el('span', {}, 'Beaten off: ', el('strong', { id: 'dk-discard-count' }, plural(v.discard, 'card'))));

    // The bout: each attacking card with the card that beat it across it;
    // the unbeaten ones toggles while you choose the card to beat.
    const choosing = targets.length > 1;
    const pairs = v.table.map((p, i) => {
      const beaten = p.beaten_by;
      const pickable = choosing && !beaten && targets.includes(p.attack);
      const on = target === p.attack;
      const attack = pickable
        ? el('button', {
          type: 'button',
          class: `hc-card-button dk-target${on ? ' selected' : ''}`,
          id: `dk-target-${p.attack}`,
          'aria-pressed': on ? 'true' : 'false',
          'aria-label': `Beat the ${cardWords(p.attack)}: pick it, then the card to beat it with`,
          onclick: () => pickTarget(p.attack),
        }, card(p.attack))
        : card(p.attack);
      return el('li', {
        class: `dk-pair${beaten ? ' dk-beaten' : ''}`,
        dataset: { attack: p.attack, ...(beaten ? { beaten: beaten } : {}) },
        'aria-label': beaten
          ? `Attack ${i + 1}: ${cardWords(p.attack)}, beaten by the ${cardWords(beaten)}`
          : `Attack ${i + 1}: ${cardWords(p.attack)}, not beaten yet`,
      },
      attack,
      beaten ? el('span', { class: 'dk-beat' }, card(beaten)) : null);
    });
    const boutTitle = inPlay
      ? `${name(v.attacker)} attacks ${name(v.defender)} · ${v.table.length} of at most ${plural(v.limit, 'attack')}`
      : over ? 'The match is over' : `Deal ${v.deal_no}: the cards are being dealt`;
    const bout = el('section', { class: 'dk-bout', id: 'dk-bout', 'aria-labelledby': 'dk-bout-title' },
      el('h3', { id: 'dk-bout-title' }, boutTitle,
        v.taking && inPlay ? el('span', { class: 'dk-taking', id: 'dk-taking' }, `${name(v.defender)} takes`) : null),
      pairs.length
        ? el('ol', { class: 'dk-pairs', id: 'dk-pairs' }, ...pairs)
        : over && v.winners
          ? el('p', { class: 'gr-ending', id: 'dk-winners' }, winnersWords(v, name))
          : el('p', { class: 'muted', id: 'dk-pairs-empty' }, inPlay ? 'No card on the table yet.' : 'No bout in play.'));
    if (choosing) arrowKeys(bout);
    const middle = el('div', { class: 'dk-middle', role: 'group', 'aria-label': 'The table', dataset: { region: 'centre' } },
      over ? null : el('div', { class: 'dk-piles' }, stock, discard),
      bout);

    // Your hand: the cards you may play are buttons.
    const seen = new Set(v.seats[me]?.known ?? []);
    const cardButton = (c, words, play, extra = {}) => el('button', {
      type: 'button',
      class: 'hc-card-button',
      id: `dk-card-${c}`,
      'aria-label': words,
      onclick: play,
      ...extra,
    }, face(c));
    // A card's words: "king of diamonds", and ", seen by everyone" for
    // one everyone saw go into your hand (a button's name holds them).
    const words = (c) => `${cardWords(c)}${seen.has(c) ? ', seen by everyone' : ''}`;
    const face = (c, idle = false) => {
      const f = card(c, idle);
      if (seen.has(c)) {
        f.classList.add('dk-seen');
        f.setAttribute('aria-label', words(c));
      }
      return f;
    };
    const handCard = (c) => {
      const a = attacks.get(c);
      if (a) {
        const verb = v.phase === 'lead' ? 'Attack with' : 'Throw in';
        return cardButton(c, `${verb} the ${words(c)}`, () => shell.play(a), { dataset: { action: a.label } });
      }
      const fits = defends.filter((d) => d.with === c && (!target || d.attack === target));
      if (fits.length === 1) {
        const d = fits[0];
        return cardButton(c, `Beat the ${cardWords(d.attack)} with the ${words(c)}`, () => shell.play(d.move), { dataset: { action: d.move.label } });
      }
      if (fits.length > 1) {
        return cardButton(c, `The ${words(c)}: beats ${fits.map((d) => `the ${cardWords(d.attack)}`).join(' or ')}, choose which`,
          () => pickCard(c), { 'aria-expanded': picked === c ? 'true' : 'false', class: `hc-card-button${picked === c ? ' selected' : ''}` });
      }
      // A card that only passes the attack on: the transfer, as its button below.
      const t = transfers.find((x) => x.card === c);
      if (t) {
        return cardButton(c, `Transfer with the ${words(c)}: pass the attack on to the next player`, () => shell.play(t.move), { dataset: { action: t.move.label } });
      }
      return face(c, moving);
    };
    const hand = el('div', {
      class: 'hc-hand dk-hand',
      role: 'group',
      'aria-label': target ? `Your hand: the cards that beat the ${cardWords(target)}` : 'Your hand',
      dataset: { region: 'hand' },
    }, ...v.hand.map(handCard));
    arrowKeys(hand);
    fan(hand);

    // What to do, in words; the choice of attacks; Take, Pass, transfers.
    let hint = null;
    if (moving) {
      if (picked) hint = `Beat which card with ${picked}? Pick it below (Escape to choose again).`;
      else if (target) hint = `Beat ${target}: click a card of your hand that beats it, or ${target} again to choose another.`;
      else if (v.phase === 'defend') {
        hint = choosing
          ? 'Beat the cards on the table: click the card you beat with; when it could beat more than one, click the card on the table first. Or take (T).'
          : 'Beat the card on the table: click the card you beat with, or take (T).';
        if (transfers.length) hint += ' A transfer passes the whole attack on to the next player.';
      } else if (v.phase === 'lead') hint = 'Attack: click any card to lead with it.';
      else if (v.taking) hint = `${name(v.defender)} takes: throw in more cards of a rank on the table for it to pick up, or pass (P).`;
      else hint = 'Throw in a card of a rank on the table, or pass (P): the attack is then beaten off once everyone has passed.';
    }
    const choices = picked
      ? el('div', { class: 'dk-choices', role: 'group', 'aria-label': `Beat which card with the ${cardWords(picked)}` },
        ...defends.filter((d) => d.with === picked).map((d) => el('button', {
          type: 'button',
          class: 'btn dk-choice',
          id: `dk-choice-${d.attack}`,
          dataset: { action: d.move.label },
          'aria-label': `Beat ${d.attack} (the ${cardWords(d.attack)}) with ${picked}`,
          onclick: () => shell.play(d.move),
        }, `Beat ${d.attack}`)),
        el('button', { type: 'button', class: 'btn secondary', id: 'dk-choice-cancel', onclick: drop }, 'Cancel'))
      : null;
    if (choices) arrowKeys(choices);
    const controls = [];
    if (take) {
      controls.push(el('button', {
        type: 'button', class: 'btn', id: 'dk-take', dataset: { action: take.label },
        'aria-keyshortcuts': 'T', 'aria-label': 'Take: pick up every card on the table (T)', onclick: () => shell.play(take),
      }, 'Take'));
    }
    for (const t of transfers) {
      controls.push(el('button', {
        type: 'button', class: 'btn dk-transfer', id: `dk-transfer-${t.card}`, dataset: { action: t.move.label },
        'aria-label': `Transfer with ${t.card}: add the ${cardWords(t.card)} and pass the attack on to the next player`,
        onclick: () => shell.play(t.move),
      }, `Transfer with ${t.card}`));
    }
    if (pass) {
      controls.push(el('button', {
        type: 'button', class: 'btn secondary', id: 'dk-pass', dataset: { action: pass.label },
        'aria-keyshortcuts': 'P', 'aria-label': `Pass: ${v.taking ? 'no more cards for the taker' : 'throw in nothing more'} (P)`, onclick: () => shell.play(pass),
      }, 'Pass'));
    }
    const controlRow = controls.length
      ? el('div', { class: 'dk-controls', role: 'group', 'aria-label': 'Your move' }, ...controls)
      : null;
    if (controlRow) arrowKeys(controlRow);
    const m = marks(me);
    const mineBox = el('section', {
      class: `${seatClass(me)} dk-mine`,
      'aria-label': mine ? 'Your hand' : name(me),
      dataset: { seat: String(me) },
    },
    el('h3', {}, mine ? 'Your hand · ' : '', name(me), m.length ? el('span', { class: 'dk-marks' }, ` (${m.join(', ')})`) : null,
      el('span', { class: 'dk-line' }, ` · ${line(me)}`)),
    hint ? el('p', { class: 'muted dk-hint', id: 'dk-hint' }, hint) : null,
    controlRow,
    choices,
    hand,
    seen.size ? el('p', { class: 'muted dk-seen-note' }, `Everyone saw ${[...seen].join(' ')} go into your hand.`) : null);

    // The last deal, the winners, the score sheet.
    const lastBox = v.last
      ? el('p', { class: 'gr-ending', id: 'dk-last' }, `The last deal: ${v.last}.`)
      : null;
    const team = (s) => (v.teams ? `${name(s % (n / 2))} and ${name(s % (n / 2) + n / 2)}` : null);
    const sheet = el('table', { class: 'hc-scores', id: 'dk-scores' },
      el('caption', {}, `Score sheet: duraks, the fewest win (${finished(v)} of ${plural(v.deals, 'deal')} played)`),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Player'),
        v.teams ? el('th', { scope: 'col' }, 'Team') : null,
        el('th', { scope: 'col' }, 'Duraks'))),
      el('tbody', {}, ...v.seats.map((p, s) => el('tr', { dataset: { seat: String(s) } },
        el('th', { scope: 'row' }, `${name(s)}${s === me && mine ? ' (you)' : ''}`),
        v.teams ? el('td', {}, team(s)) : null,
        el('td', {}, String(p.duraks))))),
      v.draws ? el('tfoot', {}, el('tr', {}, el('th', { scope: 'row' }, 'Drawn deals'),
        v.teams ? el('td', {}) : null, el('td', {}, String(v.draws)))) : null);
    const keys = moving
      ? el('p', { class: 'muted dk-keys', id: 'dk-keys' },
        'Keys: ← and → (Home, End) move along your hand and the cards on the table; Enter or Space plays the card (or asks which attack it beats); T takes, P passes, Escape drops a choice.')
      : null;

    if (keys) mineBox.append(keys);
    board.replaceChildren(...[
      el('p', { class: 'hc-status', id: 'dk-status' }, status),
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
      if (v.last) parts.push(el('p', {}, `The last deal: ${v.last}.`));
      parts.push(el('p', { class: 'muted' }, `Duraks after ${plural(finished(v), 'deal')}: ${v.seats.map((p, s) => `${name(s)} ${p.duraks}`).join(', ')}.`));
      return parts;
    },
    focus() {
      // A card that plays at once, else a choice, Take or Pass, a card
      // that asks which attack it beats, an attack to pick.
      const first = ['.dk-choices button', '.dk-hand button[data-action]', '.dk-controls button', '.dk-hand button', '.dk-target']
        .map((s) => board.querySelector(s)).find(Boolean);
      first?.focus();
    },
  };
}
