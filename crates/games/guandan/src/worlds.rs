//! The worlds that fit a seat's observation ([`Worlds`]): the unseen
//! cards dealt by the card layer's [`FaceDealProblem`] under what the
//! tribute told, then numbered into a [`State`]; and the swap of unseen
//! cards that keeps to the same limits ([`swap_unseen`]).

use tabula_cards::{CardId, FaceCounts, FaceDealProblem, FaceDealSampler, HolderSet};
use tabula_search::{Rng, Seat};

use crate::cards::{Cards, DECK, FACES, Face, face_of, instance_in, rank};
use crate::observation::{Faces, Observation};
use crate::state::{Phase, SEATS, State};

/// The worlds that fit an observation: every card the seat cannot place
/// dealt among the other hands (and the stock, in the deal) to their
/// counts, each physical arrangement equally likely among those the seat
/// cannot rule out (the card layer's [`FaceDealProblem`]). A pass tells
/// nothing in Guandan (a seat may pass holding a card that beats); what
/// the tribute tells is kept:
///
/// - the tributes and cards given back are pinned to their holders;
/// - a seat that gave a tribute held no card above it (its highest but a
///   wild heart), so its hidden cards hold none; a big joker given means
///   the givers held no other (both would have resisted);
/// - a tribute resisted means the givers hold both big jokers between
///   them (those not played);
/// - a tribute not yet given: the givers do not hold both big jokers
///   (drawn again when they do).
#[derive(Clone, Debug)]
pub struct Worlds {
    /// The observation.
    observation: Observation,
    /// The deal of the unseen cards, prepared.
    sampler: FaceDealSampler,
    /// The copies pinned to each holder.
    pinned: [Faces; SEATS + 1],
    /// The seats that owe a tribute not yet given, and must not hold both
    /// big jokers between them (one bit each).
    owing: u8,
    /// The draw's buffer.
    drawn: [FaceCounts; SEATS + 1],
}

/// The stock, as a holder of worlds.
const STOCK: usize = SEATS;

impl Worlds {
    /// The worlds of `o`.
    ///
    /// # Errors
    /// When no position shows `o` (its cards do not add up).
    pub fn new(o: &Observation) -> Result<Worlds, String> {
        let mut pinned = [Faces::EMPTY; SEATS + 1];
        let mut room = [0usize; SEATS + 1];
        for (s, (pin, r)) in pinned.iter_mut().zip(room.iter_mut()).take(SEATS).enumerate() {
            *pin = o.known_in(s);
            *r = usize::from(o.counts[s])
                .checked_sub(pin.total())
                .ok_or("a seat holds more known cards than its count")?;
        }
        // Every copy of every face, less what is seen or pinned.
        let mut pool = Vec::with_capacity(108);
        let in_tribute = o.in_tribute();
        for f in 0..FACES as Face {
            let seen = o.played.iter().map(|p| usize::from(p.get(f))).sum::<usize>()
                + pinned.iter().map(|p| usize::from(p.get(f))).sum::<usize>()
                + usize::from(in_tribute.get(f));
            let left = 2usize
                .checked_sub(seen)
                .ok_or("a card is seen more often than it is in the deck")?;
            pool.extend(std::iter::repeat_n(f, left));
        }
        // What the hands do not take is in the stock: the undealt cards
        // in the deal, the cards a set-up left out of play.
        room[STOCK] = pool
            .len()
            .checked_sub(room.iter().sum::<usize>())
            .ok_or("the unseen cards do not fill the hands")?;
        let barred = barred(o);
        let mut problem = FaceDealProblem::new(room.to_vec());
        let everywhere: HolderSet = ((1 << (SEATS + 1)) - 1) & !(1 << o.seat);
        for copies in pool.chunk_by(|a, b| a == b) {
            let f = copies[0];
            let allowed = (0..=STOCK)
                .filter(|&k| barred[k].get(f) > 0)
                .fold(everywhere, |a, k| a & !(1 << k));
            problem.add_face(usize::from(f), copies.len(), allowed);
        }
        let sampler = FaceDealSampler::new(&problem).map_err(|e| format!("no deal fits: {e}"))?;
        Ok(Worlds {
            observation: o.clone(),
            sampler,
            pinned,
            owing: owing(o),
            drawn: [FaceCounts::EMPTY; SEATS + 1],
        })
    }

    /// A world: a state whose observation for the seat is the one given.
    pub fn sample(&mut self, rng: &mut Rng) -> State {
        // Seats owing a tribute hold both big jokers between them in few
        // deals (they would resist): those are drawn again, a bounded
        // number of times.
        let mut holding = self.pinned;
        for _ in 0..64 {
            self.sampler.sample_into(rng, &mut self.drawn);
            holding = self.pinned;
            for (h, drawn) in holding.iter_mut().zip(&self.drawn) {
                for (f, k) in drawn.iter() {
                    for _ in 0..k {
                        h.add(f as Face);
                    }
                }
            }
            let big: u8 = (0..SEATS)
                .filter(|&k| self.owing >> k & 1 == 1)
                .map(|k| holding[k].get(BIG_JOKER_FACE))
                .sum();
            if big < 2 {
                break;
            }
        }
        let o = &self.observation;
        // Instances: each face's copies numbered in the order of the
        // holders (the played cards first, then the hands, the stock, the
        // tribute waiting).
        let mut left = DECK;
        let mut take = |faces: &Faces| -> Cards {
            let mut out = Cards::EMPTY;
            for (f, k) in faces.iter() {
                for _ in 0..k {
                    let c = instance_in(left, f).expect("a copy left");
                    left.remove(c);
                    out.insert(c);
                }
            }
            out
        };
        let played: [Cards; SEATS] = std::array::from_fn(|s| take(&o.played[s]));
        let hands: [Cards; SEATS] = std::array::from_fn(|s| take(&holding[s]));
        let stock = take(&holding[STOCK]);
        let waiting = take(&o.in_tribute());
        let mut s = State::new(o.options).expect("the observation's options");
        s.hands = hands;
        s.stock = stock;
        s.played = played;
        s.on_table = match o.last {
            Some((by, _)) => instances_of(played[usize::from(by)], &o.on_table),
            None => Cards::EMPTY,
        };
        s.shown = std::array::from_fn(|k| instances_of(played[k], &o.shown[k]));
        s.passed = o.passed;
        s.trick.last = o.last;
        s.trick.passes = o.passes;
        s.levels = o.levels;
        s.failures = o.failures;
        s.level = o.level;
        s.declarers = o.declarers;
        s.hand_no = o.hand_no;
        s.phase = o.phase;
        s.to_act = o.to_act;
        s.dealt = o.dealt;
        for (i, &seat) in o.out.iter().enumerate() {
            s.out[i] = seat;
        }
        s.n_out = o.out.len() as u8;
        s.leader = o.leader;
        s.last_hand = o.last_hand;
        s.winner = o.winner;
        // The tributes, their copies: the one waiting, else a copy its
        // holder has (in hand or played); the card given back likewise.
        let mut waiting = waiting;
        let held =
            |s: &State, f: Face, seat: u8| instance_in(s.hands[usize::from(seat)] | s.played[usize::from(seat)], f);
        for (i, t) in o.tributes.iter().enumerate() {
            let card = t.card.and_then(|f| match instance_in(waiting, f) {
                Some(c) => {
                    waiting.remove(c);
                    Some(c)
                }
                None => held(&s, f, t.receiver),
            });
            let returned = t.returned.and_then(|f| held(&s, f, t.payer));
            s.tributes[i] = Some(crate::state::Tribute {
                payer: t.payer,
                receiver: t.receiver,
                card,
                returned,
            });
        }
        s
    }
}

/// The big joker's face.
const BIG_JOKER_FACE: Face = 53;

/// The faces each holder (the seats, then the stock) cannot hold hidden,
/// by what the tribute told: at a giver those ranked above the card it
/// gave (wild hearts aside), and the big joker once one gave a big joker;
/// where the tribute was resisted, the big jokers everywhere but at the
/// givers (the stock too: a set-up's cards out of play).
fn barred(o: &Observation) -> [Faces; SEATS + 1] {
    let mut out = [Faces::EMPTY; SEATS + 1];
    let level = o.level;
    let above = |g: Face| -> Faces {
        let gr = rank(CardId(u16::from(g) * 2), level);
        let mut f = Faces::EMPTY;
        for face in 0..FACES as Face {
            let c = CardId(u16::from(face) * 2);
            let wild_face =
                crate::cards::natural(c) == Some(level) && crate::cards::suit(c) == Some(crate::cards::HEARTS);
            if !wild_face && rank(c, level) > gr {
                f.set(face, 2);
            }
        }
        f
    };
    let big_given = o.tributes.iter().any(|t| t.card == Some(BIG_JOKER_FACE));
    for t in &o.tributes {
        let p = usize::from(t.payer);
        if let Some(g) = t.card {
            out[p] = above(g);
        }
        if big_given {
            out[p].set(BIG_JOKER_FACE, 2);
        }
    }
    if o.resisted() {
        let givers = givers(o);
        for (k, bar) in out.iter_mut().enumerate() {
            if givers >> k & 1 == 0 {
                bar.set(BIG_JOKER_FACE, 2);
            }
        }
    }
    out
}

/// The seats that owed this hand's tribute (one bit each): the last out
/// of the last hand, or both of a side that went out last and third.
fn givers(o: &Observation) -> u8 {
    let Some(h) = o.last_hand else { return 0 };
    let double = h.order[0] % 2 == h.order[1] % 2;
    let from = if double { 2 } else { 3 };
    h.order[from..].iter().fold(0, |m, &s| m | 1 << s)
}

/// The seats that owe a tribute not yet given: they do not hold both
/// big jokers between them.
fn owing(o: &Observation) -> u8 {
    if o.phase != Phase::Tribute {
        return 0;
    }
    o.tributes
        .iter()
        .filter(|t| t.card.is_none())
        .fold(0, |m, t| m | 1 << t.payer)
}

/// Instances of `faces` among `pool` (a seat's played cards: what is
/// on the table, or what it showed in the trick, was played by it).
fn instances_of(mut pool: Cards, faces: &Faces) -> Cards {
    let mut out = Cards::EMPTY;
    for (f, k) in faces.iter() {
        for _ in 0..k {
            if let Some(c) = instance_in(pool, f) {
                pool.remove(c);
                out.insert(c);
            }
        }
    }
    out
}

/// Exchanges two cards of different faces between two hands the observer
/// does not see, neither of them a tribute or a card given back (the
/// observer knows where those are), and neither going to a seat that
/// the tribute showed cannot hold it ([`Worlds`]' limits): a world the
/// observer cannot tell from the truth, one its worlds could draw.
/// Whether a pair was found.
pub fn swap_unseen(s: &mut State, observer: Seat) -> bool {
    let barred = barred(&Observation::of(s, observer));
    let known: Cards = s.tributes().flat_map(|t| [t.card, t.returned]).flatten().collect();
    let others: Vec<usize> = (0..SEATS).filter(|&k| k != observer).collect();
    for (i, &a) in others.iter().enumerate() {
        for &b in &others[i + 1..] {
            for ca in (s.hands[a] - known).iter().filter(|&c| barred[b].get(face_of(c)) == 0) {
                if let Some(cb) = (s.hands[b] - known)
                    .iter()
                    .find(|&cb| face_of(cb) != face_of(ca) && barred[a].get(face_of(cb)) == 0)
                {
                    s.swap_cards(a, ca, b, cb);
                    return true;
                }
            }
        }
    }
    false
}
