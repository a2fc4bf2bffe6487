//! The one-word path against hand-made hands and against a brute force:
//! every collection of disjoint melds of a hand, each meld checked card by
//! card from the ids (suit `id / 13`, rank `id % 13`, ace low) rather than
//! by the plugin's bit tricks; and the layoffs against every subset of the
//! defender's cards that can be laid off.

use proptest::prelude::*;
use tabula_cards::melds::layout::{self as cards, DECK, names, parse};
use tabula_cards::melds::{Layoff, MAX_HAND, Meld, MeldKind, Partition, meldable};
use tabula_cards::{CardId, CardSet};
use tabula_search::Rng;

use super::{MELDS, draw, h};

/// Whether the cards of `bits` are a set or a run, from the ranks and suits.
fn valid(bits: u64) -> bool {
    let ids: Vec<u64> = (0..52).filter(|i| bits >> i & 1 == 1).collect();
    let n = ids.len() as u64;
    if n < 3 {
        return false;
    }
    let same_rank = ids.iter().all(|i| i % 13 == ids[0] % 13);
    let same_suit = ids.iter().all(|i| i / 13 == ids[0] / 13);
    let (lo, hi) = (ids[0] % 13, ids[ids.len() - 1] % 13);
    (same_rank && n <= 4) || (same_suit && hi - lo + 1 == n)
}

/// The deadwood value of card `i`, from its rank (Gin Rummy's values).
fn worth(i: u64) -> u32 {
    match i % 13 {
        r @ 0..=9 => r as u32 + 1,
        _ => 10,
    }
}

fn points_of(bits: u64) -> u32 {
    (0..52).filter(|i| bits >> i & 1 == 1).map(worth).sum()
}

/// Every meld within `hand`: every subset that is one.
fn all_melds(hand: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut sub = hand;
    while sub != 0 {
        if sub.count_ones() >= 3 && valid(sub) {
            out.push(sub);
        }
        sub = (sub - 1) & hand;
    }
    out
}

/// The comparison `best_partition` documents: deadwood points, deadwood
/// cards, the deadwood's bits, the number of melds.
type Order = (u32, u32, u64, u32);

fn order_of(hand: u64, used: u64, melds: u32) -> Order {
    let dead = hand & !used;
    (points_of(dead), dead.count_ones(), dead, melds)
}

/// The least order over every collection of pairwise disjoint melds.
fn brute(hand: u64) -> Order {
    fn go(hand: u64, melds: &[u64], used: u64, count: u32, best: &mut Order) {
        *best = (*best).min(order_of(hand, used, count));
        for (j, &m) in melds.iter().enumerate() {
            if m & used == 0 {
                go(hand, &melds[j + 1..], used | m, count + 1, best);
            }
        }
    }
    let melds = all_melds(hand);
    let mut best = order_of(hand, 0, 0);
    go(hand, &melds, 0, 0, &mut best);
    best
}

/// Checks `p` is a partition of `hand` into valid disjoint melds in order
/// of their lowest card, with its points right, and that it is the best
/// by the documented order.
fn check(hand: CardSet, p: &Partition) {
    let mut used = 0u64;
    let mut last_low = None;
    for m in p.melds() {
        assert!(valid(m.cards().0), "{hand:?}: {m} is not a meld");
        assert_eq!(
            m.kind() == MeldKind::Run,
            m.cards().0 >> m.cards().0.trailing_zeros() & 3 == 3
        );
        assert_eq!(m.cards().0 & used, 0, "{hand:?}: melds share a card");
        assert!(last_low < m.cards().lowest(), "melds out of order");
        last_low = m.cards().lowest();
        used |= m.cards().0;
    }
    assert_eq!(used & p.deadwood().0, 0);
    assert_eq!(used | p.deadwood().0, hand.0, "melds and deadwood make up the hand");
    assert_eq!(p.deadwood_points(), points_of(p.deadwood().0));
    let got = (
        p.deadwood_points(),
        p.deadwood().len() as u32,
        p.deadwood().0,
        p.melds().len() as u32,
    );
    assert_eq!(got, brute(hand.0), "{}: {p}", names(hand));
    assert_eq!(MELDS.deadwood(hand), p.deadwood_points());
}

fn kinds(p: &Partition) -> Vec<MeldKind> {
    p.melds().iter().map(|m| m.kind()).collect()
}

#[test]
fn meld_validity() {
    let meld = |t: &str| Meld::new(h(t));
    assert_eq!(meld("Ac 2c 3c").map(Meld::kind), Some(MeldKind::Run));
    assert_eq!(meld("9h 9d 9s").map(Meld::kind), Some(MeldKind::Set));
    assert_eq!(meld("9h 9d 9s 9c").map(Meld::kind), Some(MeldKind::Set));
    assert_eq!(meld("Jc Qc Kc").map(Meld::kind), Some(MeldKind::Run));
    assert_eq!(meld("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc").map(Meld::len), Some(13));
    // The ace is low only, and a run stays in its suit (K♣ A♦ 2♦ are ids 12–14).
    for not in [
        "Qc Kc Ac", "Ks As 2s", "Kc Ad 2d", "Qc Kc Ad", "9h 9d", "2c 3c 5c", "2c 3d 4c", "9h 9d 8h",
    ] {
        assert_eq!(meld(not), None, "{not}");
        assert_eq!(MELDS.deadwood(h(not)), MELDS.points(h(not)), "{not}");
    }
    let run = meld("5h 6h 7h").unwrap();
    assert!(run.extended(parse("4h").unwrap()).is_some());
    assert!(run.extended(parse("8h").unwrap()).is_some());
    assert!(run.extended(parse("9h").unwrap()).is_none());
    assert!(run.extended(parse("5h").unwrap()).is_none());
    let set = meld("9h 9d 9s").unwrap();
    assert_eq!(set.extended(parse("9c").unwrap()).map(Meld::len), Some(4));
    assert_eq!(meldable(h("Kc Ad 2d 3d 8s 8h 8c 5s")), h("Ad 2d 3d 8s 8h 8c"));
}

#[test]
fn the_shared_card_goes_where_it_saves_most() {
    // 7♠ in the set leaves 5♠ 6♠ (11); in a run 5-6-7♠ it would leave 7♥ 7♦ (14).
    let p = MELDS.best_partition(h("7s 7h 7d 5s 6s"));
    assert_eq!((p.deadwood_points(), kinds(&p)), (11, vec![MeldKind::Set]));
    // With 8♠ the run 5-8♠ leaves 14; the set would leave 5♠ 6♠ 8♠ (19).
    let p = MELDS.best_partition(h("7s 7h 7d 5s 6s 8s"));
    assert_eq!((p.deadwood_points(), kinds(&p)), (14, vec![MeldKind::Run]));
    assert_eq!(p.deadwood(), h("7h 7d"));
    // With 4♠ instead, 4-5-6♠ and the set of sevens meld everything.
    let p = MELDS.best_partition(h("7s 7h 7d 4s 5s 6s"));
    assert_eq!(
        (p.deadwood_points(), kinds(&p)),
        (0, vec![MeldKind::Set, MeldKind::Run])
    );
    assert_eq!(p.melds()[0].cards(), h("7s 7h 7d"));
}

#[test]
fn four_of_a_kind_or_three_and_a_run() {
    let p = MELDS.best_partition(h("5c 5d 5h 5s 6s 7s"));
    assert_eq!(p.deadwood_points(), 0);
    assert_eq!(p.melds()[0].cards(), h("5c 5d 5h"));
    assert_eq!(p.melds()[1].cards(), h("5s 6s 7s"));
    let p = MELDS.best_partition(h("5c 5d 5h 5s 6s Kd"));
    assert_eq!((p.deadwood_points(), p.melds()[0].len()), (16, 4));
}

#[test]
fn gin_with_ten_and_eleven_cards() {
    let p = MELDS.best_partition(h("As 2s 3s 4s 7c 7d 7h Jd Qd Kd"));
    assert!(p.is_gin());
    assert_eq!(p.melds().len(), 3);
    check(h("As 2s 3s 4s 7c 7d 7h Jd Qd Kd"), &p);
    let hand = h("As 2s 3s 4s 7c 7d 7h 7s Jd Qd Kd");
    let p = MELDS.best_partition(hand);
    assert!(p.is_gin() && p.melded() == hand);
    assert_eq!(p.melds().iter().map(|m| m.len()).collect::<Vec<_>>(), vec![4, 3, 4]);
}

#[test]
fn no_melds_and_ties() {
    let hand = h("Ac 3d 5h 7s 9c Jd Kh 2s 4c 6d");
    let p = MELDS.best_partition(hand);
    assert!(p.melds().is_empty());
    assert_eq!((p.deadwood(), p.deadwood_points()), (hand, 57));
    // One run of six rather than two of three.
    assert_eq!(MELDS.best_partition(h("As 2s 3s 4s 5s 6s")).melds().len(), 1);
    // Three runs or three sets of the same nine cards: runs, tried first.
    let p = MELDS.best_partition(h("Ac 2c 3c Ad 2d 3d Ah 2h 3h"));
    assert_eq!(kinds(&p), vec![MeldKind::Run; 3]);
    // Equal points, fewer cards: two runs leave 3♠ 5♠ (8), where the set of
    // threes and 4-5-6♦ would leave A♣ 2♣ 5♠ (8).
    let hand = h("Ac 2c 3c 3d 4d 5d 6d 3s 5s");
    let p = MELDS.best_partition(hand);
    assert_eq!(p.deadwood(), h("3s 5s"));
    check(hand, &p);
    assert_eq!(MELDS.best_partition(CardSet::EMPTY).deadwood_points(), 0);
}

#[test]
fn thirteen_cards_and_no_more() {
    let hand = h("Ac 2c 3c 4c 5c Ad Ah As 9d 9h 9s Kc Kd");
    assert_eq!(hand.len(), MAX_HAND);
    check(hand, &MELDS.best_partition(hand));
    assert!(std::panic::catch_unwind(|| MELDS.best_partition(hand | h("Ks"))).is_err());
}

#[test]
fn every_hand_of_a_dense_pool() {
    // Every subset of fours, fives and sixes (3^12 meld checks in all).
    let pool = h("4c 5c 6c 4d 5d 6d 4h 5h 6h 4s 5s 6s").0;
    let mut sub = pool;
    loop {
        check(CardSet(sub), &MELDS.best_partition(CardSet(sub)));
        if sub == 0 {
            break;
        }
        sub = (sub - 1) & pool;
    }
}

/// `n` cards of a pool of a few neighbouring ranks in three or four suits,
/// or of six to eight ranks in two: hands thick with melds.
fn rich_hand(rng: &mut Rng, n: usize) -> CardSet {
    let (ranks, suits) = if rng.below(2) == 0 {
        (5, 3 + rng.below(2))
    } else {
        (6 + rng.below(3), 2)
    };
    let low = rng.below(14 - ranks);
    let first_suit = rng.below(5 - suits);
    let mut pool = CardSet::EMPTY;
    for s in first_suit..first_suit + suits {
        for r in low..low + ranks {
            pool.insert(CardId((s * 13 + r) as u16));
        }
    }
    // Plus a card or two from anywhere.
    let pool = pool | draw(DECK - pool, 2, rng);
    draw(pool, n, rng)
}

#[test]
fn random_hands_match_the_brute_force() {
    let mut rng = Rng::new(0x6172_6d79);
    for i in 0..2_000 {
        let hand = draw(DECK, 7 + i % 5, &mut rng);
        check(hand, &MELDS.best_partition(hand));
    }
    let mut melded = 0;
    for i in 0..400 {
        let hand = rich_hand(&mut rng, 7 + i % 5);
        let p = MELDS.best_partition(hand);
        check(hand, &p);
        melded += p.melds().len();
    }
    // The rich hands do exercise the search.
    assert!(melded > 400, "{melded}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn any_hand_matches_the_brute_force(ids in proptest::collection::btree_set(0u16..52, 0..=11)) {
        let hand: CardSet = ids.into_iter().map(CardId).collect();
        check(hand, &MELDS.best_partition(hand));
    }
}

// ---- Layoffs ----

/// Whether the cards of `laid` can all be laid off onto `melds`, found by
/// laying them off one at a time in every way that fits (a card fits a
/// meld when the two together are still a meld).
fn can_lay_off(melds: &mut [u64], laid: u64) -> bool {
    if laid == 0 {
        return true;
    }
    // A card that fits now fits whenever it is laid (melds only grow, and
    // what extends a meld at one end is one card), so laying off the first
    // card that fits anywhere loses nothing; only where it goes is a choice.
    for i in (0..52).filter(|i| laid >> i & 1 == 1) {
        let mut fitted = false;
        for j in 0..melds.len() {
            let m = melds[j];
            if valid(m | 1 << i) {
                fitted = true;
                melds[j] = m | 1 << i;
                let ok = can_lay_off(melds, laid & !(1 << i));
                melds[j] = m;
                if ok {
                    return true;
                }
            }
        }
        if fitted {
            return false;
        }
    }
    false
}

/// The documented order of layoffs: the order of what is left, then the
/// most cards laid off, then the laid-off set's bits.
type LayoffOrder = (Order, std::cmp::Reverse<u32>, u64);

/// The least order over every subset of the defender's cards that can be
/// laid off, each with the brute-force best partition of the rest.
fn brute_layoff(knocker: &[u64], defender: u64) -> LayoffOrder {
    let mut best = None;
    let mut laid = defender;
    loop {
        if can_lay_off(&mut knocker.to_vec(), laid) {
            let o = (brute(defender & !laid), std::cmp::Reverse(laid.count_ones()), laid);
            best = Some(best.map_or(o, |b: LayoffOrder| b.min(o)));
        }
        if laid == 0 {
            break;
        }
        laid = (laid - 1) & defender;
    }
    best.unwrap()
}

/// The brute force's answer when the defender first takes its own best
/// melds and then lays off what it can of that deadwood.
fn greedy_layoff(knocker: &[u64], defender: u64) -> u32 {
    let dead = MELDS.best_partition(CardSet(defender)).deadwood().0;
    let mut best = points_of(dead);
    let mut laid = dead;
    while laid != 0 {
        if can_lay_off(&mut knocker.to_vec(), laid) {
            best = best.min(points_of(dead & !laid));
        }
        laid = (laid - 1) & dead;
    }
    best
}

/// Checks a layoff against the rules and the brute force.
fn check_layoff(knocker: &[Meld], defender: CardSet) -> Layoff {
    let l = MELDS.best_layoff(knocker, defender);
    let kept = defender - l.laid_off();
    check(kept, l.partition());
    assert_eq!(l.onto().len(), knocker.len());
    let mut all = CardSet::EMPTY;
    for (m, &o) in knocker.iter().zip(l.onto()) {
        assert!((all & o).is_empty());
        all = all | o;
        assert!(o.is_empty() || valid((m.cards() | o).0), "{m} cannot take {}", names(o));
    }
    assert_eq!(all, l.laid_off());
    assert!(defender.contains_all(all));
    let bits: Vec<u64> = knocker.iter().map(|m| m.cards().0).collect();
    let p = l.partition();
    let got = (
        (
            p.deadwood_points(),
            p.deadwood().len() as u32,
            p.deadwood().0,
            p.melds().len() as u32,
        ),
        std::cmp::Reverse(all.len() as u32),
        all.0,
    );
    assert_eq!(got, brute_layoff(&bits, defender.0), "{knocker:?} {}", names(defender));
    l
}

fn melds_of(text: &[&str]) -> Vec<Meld> {
    text.iter().map(|t| Meld::new(h(t)).unwrap()).collect()
}

#[test]
fn layoffs_at_both_ends_and_in_chains() {
    let run = melds_of(&["5h 6h 7h"]);
    let l = check_layoff(&run, h("4h 8h Kc"));
    assert_eq!((l.laid_off(), l.deadwood_points()), (h("4h 8h"), 10));
    // 3♥ goes on once 4♥ is on; 10♥ never reaches the run.
    let l = check_layoff(&run, h("3h 4h Th Qc"));
    assert_eq!((l.onto()[0], l.deadwood_points()), (h("3h 4h"), 20));
    // Ace low: A♣ below 2-3-4♣, not above J-Q-K♠.
    let l = check_layoff(&melds_of(&["2c 3c 4c", "Js Qs Ks"]), h("Ac As"));
    assert_eq!(
        (l.onto()[0], l.onto()[1], l.deadwood_points()),
        (h("Ac"), CardSet::EMPTY, 1)
    );
    // Cards the defender could meld itself go on the run as well.
    let l = check_layoff(&run, h("8h 9h Th"));
    assert_eq!(
        (l.laid_off().len(), l.partition().melds().len(), l.deadwood_points()),
        (3, 0, 0)
    );
}

#[test]
fn layoffs_onto_sets_and_between_runs() {
    let l = check_layoff(&melds_of(&["9c 9d 9h"]), h("9s 2d"));
    assert_eq!((l.laid_off(), l.deadwood_points()), (h("9s"), 2));
    assert_eq!(
        check_layoff(&melds_of(&["9c 9d 9h 9s"]), h("Tc 8d")).deadwood_points(),
        18
    );
    // 8♥ fits the set of eights and the run; on the run it carries 9♥.
    let l = check_layoff(&melds_of(&["8c 8d 8s", "5h 6h 7h"]), h("8h 9h"));
    assert_eq!(
        (l.onto()[0], l.onto()[1], l.deadwood_points()),
        (CardSet::EMPTY, h("8h 9h"), 0)
    );
    // The gap between two runs of a suit fills from the first.
    let l = check_layoff(&melds_of(&["2h 3h 4h", "7h 8h 9h"]), h("5h 6h Kd"));
    assert_eq!(
        (l.onto()[0], l.onto()[1], l.deadwood_points()),
        (h("5h 6h"), CardSet::EMPTY, 10)
    );
}

#[test]
fn the_defender_breaks_its_meld_when_that_lays_off_more() {
    // Alone, 6-7-8♠ is the defender's best meld (6♣ 6♦ left, 12); against
    // the knocker's eights it melds the sixes and lays off 8♠ (7♠ left, 7).
    let knocker = melds_of(&["8c 8d 8h"]);
    let defender = h("6s 7s 8s 6c 6d");
    assert_eq!(MELDS.best_partition(defender).deadwood_points(), 12);
    assert_eq!(greedy_layoff(&[knocker[0].cards().0], defender.0), 12);
    let l = check_layoff(&knocker, defender);
    assert_eq!((l.laid_off(), l.deadwood_points()), (h("8s"), 7));
    assert_eq!(l.partition().melds()[0].cards(), h("6c 6d 6s"));
}

#[test]
fn random_layoffs_match_the_brute_force() {
    let mut rng = Rng::new(0x6c61_7964);
    let (mut cases, mut laid, mut joint) = (0, 0, 0);
    while cases < 800 {
        let knocker_hand = rich_hand(&mut rng, 10);
        let melds = MELDS.best_partition(knocker_hand).melds().to_vec();
        if melds.is_empty() {
            continue;
        }
        let knocked = melds.iter().fold(CardSet::EMPTY, |s, m| s | m.cards());
        // Most of the defender's cards next to the knocker's melds, in
        // suit or in rank, so that it has layoffs and melds that compete.
        let mut near = CardSet::EMPTY;
        for m in &melds {
            for c in m.cards() {
                let r = cards::rank(c);
                for rr in r.saturating_sub(2)..(r + 3).min(13) {
                    near = near | cards::rank_cards(rr);
                }
            }
        }
        let n = 4 + cases % 6;
        let some = draw(near - knocked, n - 2, &mut rng);
        let defender = some | draw(DECK - knocked - some, 2, &mut rng);
        let l = check_layoff(&melds, defender);
        let bits: Vec<u64> = melds.iter().map(|m| m.cards().0).collect();
        laid += usize::from(!l.laid_off().is_empty());
        joint += usize::from(greedy_layoff(&bits, defender.0) > l.deadwood_points());
        cases += 1;
    }
    // Layoffs happen often, and melding first then laying off is sometimes worse.
    assert!(
        laid > 150 && joint > 0,
        "{laid} with layoffs, {joint} needing the joint choice"
    );
}
