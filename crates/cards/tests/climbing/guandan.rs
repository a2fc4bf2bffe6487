//! What Guandan adds to the plugin, on Guandan's own shapes at three
//! levels: the chain order (the ace low and high, the level rank in its
//! natural place in a chain and above the ace elsewhere), wild cards
//! (against the reference on random hands, and by hand), bombs of four to
//! ten, and straight flushes from the suits.

use tabula_cards::climbing::{
    Combo, ComboKind, Counts, Rules, Shape, all_plays, all_plays_wild, can_play_out_wild, classify_wild, flush_plays,
    plays_beating_wild, reference, wilds_needed,
};
use tabula_search::Rng;

use crate::climbing::deal;
use crate::climbing::rulesets::{GD_DECK, Gw, LEVEL, RULES, SMALL_JOKER, WILD, game_rank};

/// Cards by natural rank (0 the two … 12 the ace; 13, 14 the jokers) as
/// counts at the level `level` (a natural rank).
fn hand(level: u8, naturals: &[u8]) -> Counts {
    naturals.iter().fold(Counts::EMPTY, |c, &n| {
        let r = if n >= SMALL_JOKER { n } else { game_rank(n, level) };
        c.plus(r, 1)
    })
}

/// A suit's natural cards (natural ranks) as one bit per game rank.
fn suit(level: u8, naturals: &[u8]) -> u16 {
    naturals.iter().fold(0, |m, &n| m | 1 << game_rank(n, level))
}

fn kinds(plays: &[Combo<Gw>], kind: Gw) -> Vec<(u8, Counts)> {
    plays
        .iter()
        .filter(|c| c.kind == kind)
        .map(|c| (c.rank, c.cards))
        .collect()
}

#[test]
fn the_rulesets_check() {
    for rules in &RULES {
        assert_eq!(rules.check(), Ok(()));
    }
}

#[test]
fn the_ace_starts_and_ends_a_chain_and_the_level_keeps_its_place_in_one() {
    // Level 7: A 2 3 4 5 and 10 J Q K A, and 5 6 7 8 9 with the level
    // rank in its natural place; the level's 7 is above the ace as a
    // single.
    let rules = &RULES[1];
    let h = hand(5, &[12, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    let mut plays = Vec::new();
    all_plays(h, rules, &mut plays);
    assert_eq!(plays, reference::all_plays(h, rules));
    let straights = kinds(&plays, Gw::Straight);
    // Every run of five places of fourteen: ten straights.
    assert_eq!(straights.len(), 10);
    assert_eq!(straights[0], (0, hand(5, &[12, 0, 1, 2, 3])));
    assert_eq!(straights[4], (4, hand(5, &[3, 4, 5, 6, 7])));
    assert_eq!(straights[9], (9, hand(5, &[8, 9, 10, 11, 12])));
    let singles = kinds(&plays, Gw::Single);
    assert_eq!(
        singles.last(),
        Some(&(LEVEL, hand(5, &[5]))),
        "the level's 7 is the top single"
    );
    // No chain wraps round the ace: J Q K A 2 is no straight.
    let wrap = hand(5, &[9, 10, 11, 12, 0]);
    let mut read = Vec::new();
    tabula_cards::climbing::classify(wrap, rules, &mut read);
    assert!(read.is_empty(), "{read:?}");
    // A A 2 2 3 3 is a tube from the ace's low place; Q Q K K A A from the
    // queen's.
    for (cards, place) in [(&[12, 12, 0, 0, 1, 1], 0), (&[10, 10, 11, 11, 12, 12], 11)] {
        tabula_cards::climbing::classify(hand(5, cards), rules, &mut read);
        assert_eq!(kinds(&read, Gw::Tube), [(place, hand(5, cards))]);
    }
    // The level ace: its ace is the top rank as a single and both ends of
    // a chain.
    let rules = &RULES[2];
    tabula_cards::climbing::classify(hand(12, &[12, 0, 1, 2, 3]), rules, &mut read);
    assert_eq!(kinds(&read, Gw::Straight), [(0, hand(12, &[12, 0, 1, 2, 3]))]);
    tabula_cards::climbing::classify(hand(12, &[8, 9, 10, 11, 12]), rules, &mut read);
    assert_eq!(kinds(&read, Gw::Straight), [(9, hand(12, &[8, 9, 10, 11, 12]))]);
}

#[test]
fn a_rank_twice_in_a_chain_is_refused() {
    // An order with the ace at places 0 and 3 and straights of five.
    static BAD: [u8; 6] = [4, 0, 1, 4, 2, 3];
    const S: [Shape<Gw>; 1] = [Shape::chain(Gw::Straight, 1, 0, 5, 5, 5)];
    let bad = std::panic::catch_unwind(|| Rules::new(5, &S, 0).with_order(&BAD));
    assert!(bad.is_err(), "an order that repeats a rank within a chain's reach");
    const F: [Shape<Gw>; 1] = [Shape::flush(Gw::StraightFlush, 0, 4, 5, 5).bomb(3)];
    assert!(Rules::new(5, &F, 0).check().is_ok());
    let mut pair_flush = F;
    pair_flush[0].main = match F[0].main {
        tabula_cards::climbing::Main::Flush(r) => {
            tabula_cards::climbing::Main::Flush(tabula_cards::climbing::Run { each: 2, ..r })
        }
        m => m,
    };
    let leaked: &'static [Shape<Gw>] = Box::leak(Box::new(pair_flush));
    assert!(
        std::panic::catch_unwind(|| Rules::new(5, leaked, 0)).is_err(),
        "a flush of pairs"
    );
}

#[test]
fn wild_cards_fill_what_the_naturals_lack_but_never_a_joker() {
    let rules = &RULES[1];
    let mut plays = Vec::new();
    // Two fives, four nines, the small joker and one wild card (at level
    // 7, a heart seven): the triple of fives takes it, and so does the
    // bomb of five nines.
    let h = hand(5, &[3, 3, 7, 7, 7, 7, SMALL_JOKER]);
    all_plays_wild(h, 1, rules, &mut plays);
    assert_eq!(plays, reference::all_plays_wild(h, 1, rules));
    assert_eq!(kinds(&plays, Gw::SmallBomb(5)), [(game_rank(7, 5), hand(5, &[7; 5]))]);
    assert!(kinds(&plays, Gw::Triple).contains(&(game_rank(3, 5), hand(5, &[3, 3, 3]))));
    // A wild card is no joker: the small joker makes no pair with it.
    assert!(!kinds(&plays, Gw::Pair).iter().any(|&(r, _)| r == SMALL_JOKER));
    // The wild card alone is the level rank (it stands for itself).
    assert!(kinds(&plays, Gw::Single).contains(&(LEVEL, Counts::of_rank(LEVEL, 1))));
    // Each play takes the fewest wild cards: the bomb of five one, the
    // bomb of four none.
    let bomb5 = plays.iter().find(|c| c.kind == Gw::SmallBomb(5)).unwrap();
    assert_eq!(wilds_needed(h, bomb5.cards), 1);
    let bomb4 = plays.iter().find(|c| c.kind == Gw::SmallBomb(4)).unwrap();
    assert_eq!(wilds_needed(h, bomb4.cards), 0);
    // Two wild cards close a straight with two gaps, and read a pair of
    // fives with a single five as a triple and a bomb of four.
    let gaps = hand(5, &[0, 2, 4]);
    classify_wild(gaps, 2, rules, &mut plays);
    assert_eq!(kinds(&plays, Gw::Straight), [(1, hand(5, &[0, 1, 2, 3, 4]))]);
    classify_wild(hand(5, &[3]), 2, rules, &mut plays);
    assert_eq!(kinds(&plays, Gw::Triple), [(game_rank(3, 5), hand(5, &[3, 3, 3]))]);
    assert_eq!(
        can_play_out_wild(hand(5, &[3, 3]), 2, rules).map(|c| c.kind),
        Some(Gw::SmallBomb(4))
    );
    assert_eq!(can_play_out_wild(hand(5, &[3, SMALL_JOKER]), 1, rules), None);
}

#[test]
fn wild_plays_match_the_reference_on_random_hands() {
    // Two wild cards out: six natural cards of the level rank.
    let mut deck = GD_DECK;
    deck[usize::from(LEVEL)] = 6;
    let mut rng = Rng::new(90);
    let (mut plays, mut beating, mut read) = (Vec::new(), Vec::new(), Vec::new());
    let mut targets: Vec<Combo<Gw>> = Vec::new();
    let (mut done, mut wild_used) = (0, 0);
    while done < 60 {
        let rules = &RULES[done % 3];
        // A window of neighbouring ranks (chains, bombs) with the level
        // and the jokers, or any cards.
        let low = rng.below(8) as u8;
        let keep = if done % 2 == 0 {
            0b1_1111u32 << low | 0b111 << 12
        } else {
            (1 << 15) - 1
        };
        let window = crate::climbing::only(&deck, keep);
        let h = deal(&mut rng, &window, 3, 9);
        if reference::sub_multisets(h) > 1 << 9 {
            continue;
        }
        done += 1;
        let wilds = 1 + (done % 2) as u8;
        all_plays_wild(h, wilds, rules, &mut plays);
        assert_eq!(plays, reference::all_plays_wild(h, wilds, rules), "{h:?} with {wilds}");
        wild_used += plays.iter().filter(|c| wilds_needed(h, c.cards) > 0).count();
        for t in &targets {
            plays_beating_wild(h, wilds, t, rules, &mut beating);
            let expected: Vec<_> = plays.iter().filter(|c| c.beats(t)).copied().collect();
            assert_eq!(beating, expected, "{h:?} with {wilds} on {t:?}");
        }
        // Every lead reads as itself from the cards it takes.
        for c in &plays {
            let used = wilds_needed(h, c.cards) as u8;
            classify_wild(c.cards.meet(h), used, rules, &mut read);
            assert!(read.contains(c), "{c:?} from {h:?}");
            assert_eq!(read, reference::readings_wild(c.cards.meet(h), used, rules), "{c:?}");
        }
        assert_eq!(
            can_play_out_wild(h, wilds, rules),
            reference::readings_wild(h, wilds, rules).first().copied()
        );
        targets = plays.iter().step_by(7).copied().collect();
    }
    assert!(wild_used > 500, "{wild_used} plays took a wild card");
}

#[test]
fn bombs_go_by_their_cards_and_the_straight_flush_sits_between_five_and_six() {
    let rules = &RULES[1];
    let mut plays = Vec::new();
    // Ten 3s: bombs of four to ten, each beating the one with fewer
    // cards whatever the rank.
    let h = Counts::of_rank(1, 10);
    all_plays(h, rules, &mut plays);
    let bombs: Vec<Gw> = plays.iter().filter(|c| c.kind.tier() > 0).map(|c| c.kind).collect();
    assert_eq!(
        bombs,
        [
            Gw::SmallBomb(4),
            Gw::SmallBomb(5),
            Gw::BigBomb(6),
            Gw::BigBomb(7),
            Gw::BigBomb(8),
            Gw::BigBomb(9),
            Gw::BigBomb(10)
        ]
    );
    let four_aces = Combo {
        kind: Gw::SmallBomb(4),
        rank: game_rank(12, 5),
        len: 1,
        cards: Counts::of_rank(game_rank(12, 5), 4),
    };
    let five_twos = Combo {
        kind: Gw::SmallBomb(5),
        rank: 0,
        len: 1,
        cards: Counts::of_rank(0, 5),
    };
    assert!(five_twos.beats(&four_aces) && !four_aces.beats(&five_twos));
    // A straight flush (3 4 5 6 7 of the second suit, the level's 7 in
    // its place) beats five of a kind and loses to six.
    let mut flushes = Vec::new();
    let suits = [0, suit(5, &[1, 2, 3, 4, 5]), 0, 0];
    flush_plays(&suits, 0, rules, Some(&five_twos), &mut flushes);
    assert_eq!(flushes.len(), 1);
    let (flush, s) = flushes[0];
    assert_eq!((flush.kind, flush.rank, s), (Gw::StraightFlush, 2, 1));
    assert_eq!(flush.cards, hand(5, &[1, 2, 3, 4, 5]));
    assert!(flush.beats(&five_twos));
    let six = Combo {
        kind: Gw::BigBomb(6),
        rank: 0,
        len: 1,
        cards: Counts::of_rank(0, 6),
    };
    flush_plays(&suits, 0, rules, Some(&six), &mut flushes);
    assert!(flushes.is_empty());
    // A wild card fills a straight flush's gap (4 5 _ 7 8 of the third
    // suit): the one found beats the first.
    flush_plays(&[0, 0, suit(5, &[2, 3, 5, 6]), 0], 1, rules, Some(&flush), &mut flushes);
    assert_eq!(flushes.iter().map(|&(c, s)| (c.rank, s)).collect::<Vec<_>>(), [(3, 2)]);
    // The four jokers beat everything.
    let jokers = Counts(2 << 52 | 2 << 56);
    all_plays(jokers, rules, &mut plays);
    let top = *plays.last().unwrap();
    assert_eq!(top.kind, Gw::FourJokers);
    assert!(top.beats(&six) && top.beats(&flush));
}

#[test]
fn straight_flushes_match_the_reference() {
    let mut rng = Rng::new(91);
    let mut out = Vec::new();
    let mut found = 0;
    for i in 0..400 {
        let rules = &RULES[i % 3];
        // Each suit holds each rank with probability one half.
        let suits: [u16; 4] = std::array::from_fn(|_| (rng.next_u64() & u64::from(WILD)) as u16);
        let wilds = (i % 3) as u8;
        flush_plays(&suits, wilds, rules, None, &mut out);
        assert_eq!(
            out,
            reference::flush_plays(&suits, wilds, rules),
            "{suits:?} with {wilds}"
        );
        found += out.len();
    }
    assert!(found > 1000, "{found} flushes");
}
