//! The cards at every level and a hand's plays: the plays against every
//! reading of every sub-hand of small hands, the plays that beat as the
//! leads filtered, the cards a play takes, and the rules' cases by hand.

use proptest::prelude::*;
use tabula_cards::CardId;
use tabula_cards::climbing::ComboKind;
use tabula_guandan::cards::{
    BIG_JOKER, DECK, HandView, LEVEL_RANK, NATURALS, SMALL_JOKER, is_wild, natural, natural_of, parse_cards, rank,
    rank_of,
};
use tabula_guandan::moves::{Kind, Play, Scratch, plays, readings, take};
use tabula_guandan::{Cards, Combo};
use tabula_search::Rng;

/// `n` cards of the deck, drawn with `rng`.
fn draw(rng: &mut Rng, n: usize) -> Cards {
    draw_from(rng, DECK, n)
}

/// `n` cards of `from`, drawn with `rng`.
fn draw_from(rng: &mut Rng, from: Cards, n: usize) -> Cards {
    let mut all: Vec<CardId> = from.iter().collect();
    rng.shuffle(&mut all);
    all[..n].iter().fold(Cards::EMPTY, |mut h, &c| {
        h.insert(c);
        h
    })
}

fn leads(hand: Cards, level: u8) -> Vec<Play> {
    let (mut scratch, mut out) = (Scratch::default(), Vec::new());
    plays(&HandView::of(hand, level), level, None, &mut scratch, &mut out);
    out
}

#[test]
fn every_level_puts_its_rank_above_the_ace_and_its_hearts_wild() {
    for level in 0..NATURALS {
        let mut wild = 0;
        for c in DECK.iter() {
            let r = rank(c, level);
            match natural(c) {
                Some(n) => {
                    assert_eq!(natural_of(r, level), n);
                    assert_eq!(r == LEVEL_RANK, n == level);
                    assert!(r < SMALL_JOKER);
                }
                None => assert!(r == SMALL_JOKER || r == BIG_JOKER),
            }
            wild += usize::from(is_wild(c, level));
        }
        assert_eq!(wild, 2, "two wild hearts at level {level}");
        // The ranks keep the natural order around the level's.
        let order: Vec<u8> = (0..NATURALS)
            .filter(|&n| n != level)
            .map(|n| rank_of(n, level))
            .collect();
        assert_eq!(order, (0..12).collect::<Vec<_>>());
    }
    let small = DECK.iter().filter(|&c| rank(c, 0) == SMALL_JOKER).count();
    assert_eq!(small, 2);
}

#[test]
fn a_wild_card_alone_is_a_single_of_the_level_rank() {
    // Level 7: the heart seven alone.
    let hand = parse_cards("7h", DECK).unwrap();
    let p = leads(hand, 5);
    assert_eq!(p.len(), 1);
    assert_eq!((p[0].combo.kind, p[0].combo.rank), (Kind::Single, LEVEL_RANK));
    // With a three: the pair of threes takes it; no single three from it.
    let hand = parse_cards("7h 3s", DECK).unwrap();
    let kinds: Vec<(Kind, u8)> = leads(hand, 5).iter().map(|p| (p.combo.kind, p.combo.rank)).collect();
    assert_eq!(kinds, [(Kind::Single, 1), (Kind::Single, LEVEL_RANK), (Kind::Pair, 1)]);
}

#[test]
fn a_straight_flush_takes_its_suit_and_a_wild_card_fills_its_gap() {
    // Level 2: 3♠ 4♠ 6♠ 7♠ and a wild 2♥ make 3-7 of spades; the 5♣ would
    // make a plain straight instead.
    let level = 0;
    let hand = parse_cards("3s 4s 6s 7s 2h 5c", DECK).unwrap();
    let p = leads(hand, level);
    let flushes: Vec<&Play> = p.iter().filter(|p| p.combo.kind == Kind::StraightFlush).collect();
    assert_eq!(flushes.len(), 1);
    assert_eq!(flushes[0].suit, 3);
    assert_eq!(
        take(hand, level, flushes[0]),
        Some(parse_cards("3s 4s 6s 7s 2h", DECK).unwrap())
    );
    // The plain straight 3-7 takes the five of clubs and no wild card;
    // another, with the wild card for the five.
    let straights: Vec<&Play> = p.iter().filter(|p| p.combo.kind == Kind::Straight).collect();
    let taken: Vec<Cards> = straights.iter().map(|s| take(hand, level, s).unwrap()).collect();
    assert!(taken.contains(&parse_cards("3s 4s 5c 6s 7s", DECK).unwrap()));
    // A straight flush beats five of a kind and loses to six.
    let five = Combo {
        kind: Kind::Bomb5,
        rank: 11,
        len: 1,
        cards: tabula_cards::climbing::Counts::of_rank(11, 5),
    };
    assert!(flushes[0].combo.beats(&five));
    let six = Combo {
        kind: Kind::Bomb6,
        rank: 0,
        len: 1,
        cards: tabula_cards::climbing::Counts::of_rank(0, 6),
    };
    assert!(!flushes[0].combo.beats(&six) && six.beats(&flushes[0].combo));
    // Its cards, read back, are the straight flush (and a straight).
    let mut read = Vec::new();
    readings(take(hand, level, flushes[0]).unwrap(), level, &mut read);
    assert!(read.contains(flushes[0]), "{read:?}");
}

#[test]
fn the_table_takes_the_copy_held_twice_and_keeps_straight_flushes_in_reach() {
    // Level 2. Two 9♦, one 9♠ beside 8♠ 10♠ J♠: a single nine takes a
    // 9♦ (a spare: held twice).
    let level = 0;
    let hand = parse_cards("9d 9d 9s 8s 10s Js", DECK).unwrap();
    let single = Play::plain(
        Combo {
            kind: Kind::Single,
            rank: rank_of(7, level),
            len: 1,
            cards: tabula_cards::climbing::Counts::of_rank(rank_of(7, level), 1),
        },
        level,
    );
    assert_eq!(take(hand, level, &single), Some(parse_cards("9d", DECK).unwrap()));
    let pair = Play::plain(
        Combo {
            kind: Kind::Pair,
            rank: rank_of(7, level),
            len: 1,
            cards: tabula_cards::climbing::Counts::of_rank(rank_of(7, level), 2),
        },
        level,
    );
    // The spare 9♦ first, then the suit with fewer cards near the nine:
    // diamonds (none) before spades (three), so 9♠ stays with its run.
    assert_eq!(take(hand, level, &pair), Some(parse_cards("9d 9d", DECK).unwrap()));
    // A play the hand cannot make takes nothing.
    let triple_tens = Play::plain(
        Combo {
            kind: Kind::Triple,
            rank: rank_of(8, level),
            len: 1,
            cards: tabula_cards::climbing::Counts::of_rank(rank_of(8, level), 3),
        },
        level,
    );
    assert_eq!(take(hand, level, &triple_tens), None);
}

#[test]
fn every_play_of_a_small_hand_is_a_reading_of_one_of_its_sub_hands() {
    let mut rng = Rng::new(7);
    let mut read = Vec::new();
    let (mut checked, mut seen) = (0, Vec::new());
    for round in 0..40 {
        let level = (round % 13) as u8;
        // Every other hand from six neighbouring ranks (the ace low too),
        // the wild hearts and the jokers: rich in chains, bombs and
        // straight flushes.
        let low = rng.below(10) as i16 - 1;
        let near = |c: CardId| match natural(c) {
            Some(n) => (low..low + 5).any(|x| (x + 13) % 13 == i16::from(n)) || is_wild(c, level),
            None => true,
        };
        let window = DECK
            .iter()
            .filter(|&c| round % 2 == 0 || near(c))
            .fold(Cards::EMPTY, |mut d, c| {
                d.insert(c);
                d
            });
        let hand = draw_from(&mut rng, window, 9 + round % 4);
        // Every sub-hand's readings: what the hand can lead.
        let cards: Vec<CardId> = hand.iter().collect();
        let mut expected = Vec::new();
        for mask in 1u32..1 << cards.len() {
            let sub =
                cards
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| mask >> i & 1 == 1)
                    .fold(Cards::EMPTY, |mut s, (_, &c)| {
                        s.insert(c);
                        s
                    });
            readings(sub, level, &mut read);
            expected.extend(read.iter().copied());
        }
        expected.sort();
        expected.dedup();
        let got = leads(hand, level);
        assert_eq!(got, expected, "{} at level {level}", tabula_guandan::cards::names(hand));
        checked += got.len();
        seen.extend(got.iter().map(|p| p.combo.kind));
    }
    assert!(checked > 600, "{checked} plays");
    for kind in [
        Kind::Single,
        Kind::Pair,
        Kind::Triple,
        Kind::FullHouse,
        Kind::Straight,
        Kind::Tube,
        Kind::Plate,
        Kind::Bomb4,
    ] {
        assert!(seen.contains(&kind), "no {kind:?}");
    }
}

#[test]
fn plays_that_beat_are_the_leads_that_beat_and_each_takes_its_own_cards() {
    let mut rng = Rng::new(8);
    let (mut scratch, mut beating, mut read) = (Scratch::default(), Vec::new(), Vec::new());
    let mut targets: Vec<Combo> = Vec::new();
    for round in 0..60 {
        let level = (round % 13) as u8;
        let hand = draw(&mut rng, 27);
        let view = HandView::of(hand, level);
        let all = leads(hand, level);
        assert!(all.windows(2).all(|w| w[0] < w[1]), "sorted, no duplicate");
        for t in &targets {
            plays(&view, level, Some(t), &mut scratch, &mut beating);
            let expected: Vec<Play> = all.iter().filter(|p| p.combo.beats(t)).copied().collect();
            assert_eq!(beating, expected, "on {t:?}");
        }
        for p in all.iter().step_by(5) {
            let cards = take(hand, level, p).expect("a play the hand can make");
            assert!(hand.contains_all(cards) && cards.len() as u32 == p.size(), "{p:?}");
            readings(cards, level, &mut read);
            assert!(read.contains(p), "{p:?} reads as {read:?}");
        }
        targets = all.iter().step_by(11).map(|p| p.combo).collect();
    }
}

proptest! {
    #[test]
    fn a_view_keeps_every_card(seed in any::<u64>(), n in 0usize..=27, level in 0u8..13) {
        let hand = draw(&mut Rng::new(seed), n);
        let v = HandView::of(hand, level);
        prop_assert_eq!(v.len() as usize, n);
        prop_assert_eq!(usize::from(v.wilds), hand.iter().filter(|&c| is_wild(c, level)).count());
        let in_suits: u32 = v.suits.iter().map(|s| s.count_ones()).sum();
        prop_assert!(in_suits <= v.counts.total());
        let kinds: Vec<u8> = leads(hand, level).iter().map(|p| p.combo.kind.tier()).collect();
        prop_assert_eq!(kinds.is_empty(), n == 0);
    }
}

/// The plays of `text` at `level` of `kind`, each as (its main rank or
/// place, the cards it takes).
fn of_kind(text: &str, level: u8, kind: Kind) -> Vec<(u8, Cards)> {
    let hand = parse_cards(text, DECK).unwrap();
    leads(hand, level)
        .into_iter()
        .filter(|p| p.combo.kind == kind)
        .map(|p| (p.combo.rank, take(hand, level, &p).unwrap()))
        .collect()
}

#[test]
fn chains_take_the_ace_low_or_high_and_never_round_the_corner() {
    let level = 5; // 7s
    let c = |t: &str| parse_cards(t, DECK).unwrap();
    // Places: 0 the ace low, 1 the two … 13 the ace high.
    assert_eq!(
        of_kind("Ac 2d 3h 4s 5c", level, Kind::Straight),
        [(0, c("Ac 2d 3h 4s 5c"))]
    );
    assert_eq!(
        of_kind("10c Jd Qh Ks Ac", level, Kind::Straight),
        [(9, c("10c Jd Qh Ks Ac"))]
    );
    assert_eq!(
        of_kind("5c 6d 7s 8s 9c", level, Kind::Straight),
        [(4, c("5c 6d 7s 8s 9c"))],
        "the level's 7 in its place"
    );
    assert!(of_kind("Jc Qd Ks Ac 2c", level, Kind::Straight).is_empty());
    assert_eq!(
        of_kind("Ac Ad 2c 2d 3c 3d", level, Kind::Tube),
        [(0, c("Ac Ad 2c 2d 3c 3d"))]
    );
    assert_eq!(
        of_kind("Qc Qd Kc Kd Ac Ad", level, Kind::Tube),
        [(11, c("Qc Qd Kc Kd Ac Ad"))]
    );
    assert_eq!(
        of_kind("Ac Ad As 2c 2d 2s", level, Kind::Plate),
        [(0, c("Ac Ad As 2c 2d 2s"))]
    );
    assert_eq!(
        of_kind("Kc Kd Ks Ac Ad As", level, Kind::Plate),
        [(12, c("Kc Kd Ks Ac Ad As"))]
    );
    assert!(of_kind("Kc Kd Ac Ad 2c 2d", level, Kind::Tube).is_empty());
}

#[test]
fn the_level_bomb_is_the_highest_of_its_size_and_the_four_jokers_beat_all() {
    let level = 5; // 7s
    let hand = parse_cards("7c 7d 7s 7c Ac Ad As Ac SJ SJ BJ BJ", DECK).unwrap();
    let p = leads(hand, level);
    let bombs: Vec<(Kind, u8)> = p
        .iter()
        .filter(|p| p.combo.kind.tier() > 0)
        .map(|p| (p.combo.kind, p.combo.rank))
        .collect();
    assert_eq!(
        bombs,
        [
            (Kind::Bomb4, 11),
            (Kind::Bomb4, LEVEL_RANK),
            (Kind::FourJokers, SMALL_JOKER)
        ]
    );
    let (aces, sevens) = (
        p.iter()
            .find(|p| p.combo.rank == 11 && p.combo.kind == Kind::Bomb4)
            .unwrap(),
        p.iter()
            .find(|p| p.combo.rank == LEVEL_RANK && p.combo.kind == Kind::Bomb4)
            .unwrap(),
    );
    assert!(sevens.combo.beats(&aces.combo));
    let jokers = p.last().unwrap();
    assert!(p.iter().all(|q| q == jokers || jokers.combo.beats(&q.combo)));
    // A full house may take a pair of jokers; the jokers make no triple.
    let full: Vec<(u8, Cards)> = of_kind("9c 9d 9s SJ SJ", level, Kind::FullHouse);
    assert_eq!(full.len(), 1);
}

#[test]
fn two_wild_cards_alone_are_a_pair_of_the_level_rank_only() {
    // Level 2: the two 2♥ and a king.
    let level = 0;
    let hand = parse_cards("2h 2h Ks", DECK).unwrap();
    let pairs: Vec<u8> = leads(hand, level)
        .iter()
        .filter(|p| p.combo.kind == Kind::Pair)
        .map(|p| p.combo.rank)
        .collect();
    assert_eq!(
        pairs,
        [rank_of(11, level), LEVEL_RANK],
        "K K with a wild card, and the wild pair itself"
    );
    // A king triple with both wild cards is a triple, never a full house
    // with a pair of wild cards standing for another rank.
    let hand = parse_cards("2h 2h Ks Kd Kc", DECK).unwrap();
    let full: Vec<(u8, Cards)> = of_kind("2h 2h Ks Kd Kc", level, Kind::FullHouse);
    assert!(full.iter().all(|&(_, cards)| cards == hand), "{full:?}");
    assert_eq!(full.len(), 1, "the king triple with the level pair");
}
