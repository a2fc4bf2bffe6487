//! Hand-made rule tests of the general path: wild cards completing sets
//! and filling runs, Canasta's two natural cards and three wild cards at
//! most, Indian Rummy's declaration (two sequences, one pure), the ace
//! high or low, and the rules that send a game to the one-word path.

use tabula_cards::melds::{
    Aces, Declaration, FaceHand, MeldKind, MeldRules, MeldSolver, Melding, RulesError, RunRules, SetRules, WildRules,
};

use super::GIN;

fn f(text: &str) -> FaceHand {
    FaceHand::parse(text).unwrap()
}

/// Indian Rummy's points (aces and faces 10), the cut rank worth 0.
fn indian(cut: Option<u8>) -> MeldRules {
    let mut values = [10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10];
    if let Some(c) = cut {
        values[usize::from(c)] = 0;
    }
    MeldRules::indian_rummy(values, cut)
}

/// Indian Rummy's melds with no declaration asked: the best melding of
/// any hand.
fn indian_melds(cut: Option<u8>) -> MeldRules {
    MeldRules {
        declaration: None,
        ..indian(cut)
    }
}

/// Canasta's values (pagat): jokers 50, twos and aces 20, eight to king
/// 10, four to seven and black threes 5.
fn canasta() -> MeldRules {
    MeldRules::canasta([20, 20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10], 50)
}

fn solve(rules: MeldRules, hand: &str) -> Option<Melding> {
    MeldSolver::new(rules).unwrap().solve(&f(hand))
}

fn shown(m: &Melding) -> Vec<String> {
    m.melds().iter().map(|x| x.to_string()).collect()
}

#[test]
fn faces_read_and_show() {
    let hand = f("8h 8h, 9h jk *");
    assert_eq!(hand.to_string(), "8♥ 8♥ 9♥ Jk Jk");
    assert_eq!((hand.len(), hand.jokers()), (5, 2));
    assert!(hand.contains_all(&f("8h 9h Jk")) && !hand.contains_all(&f("8h 8h 8h")));
    assert_eq!(hand.minus(&f("8h Jk")), f("8h 9h Jk"));
    assert!(FaceHand::parse("8h 1x").is_err());
}

#[test]
fn a_joker_completes_a_set() {
    let m = solve(indian_melds(None), "7h 7s Jk Kc").unwrap();
    assert_eq!((shown(&m), m.deadwood_points()), (vec!["7♥ 7♠ Jk".to_string()], 10));
    assert_eq!(m.melds()[0].kind(), MeldKind::Set);
    // Two 7♥ (two decks) are no set where suits must differ; in Canasta they are.
    let m = solve(indian_melds(None), "7h 7h Jk").unwrap();
    assert_eq!((m.melds().len(), m.deadwood_points()), (0, 14));
    let m = solve(canasta(), "7h 7h Jk").unwrap();
    assert_eq!((m.melds().len(), m.deadwood_points()), (1, 0));
    // A set of different suits holds four cards at most, wild cards included.
    assert!(indian_melds(None).meld_of(&f("7h 7s 7d Jk")).is_some());
    assert!(indian_melds(None).meld_of(&f("7h 7s 7d 7c Jk")).is_none());
}

#[test]
fn a_wild_card_fills_the_gap_in_a_run() {
    let m = solve(indian_melds(None), "5h 7h Jk").unwrap();
    assert_eq!(shown(&m), ["5♥ Jk 7♥"]);
    assert!(!m.melds()[0].is_pure());
    // The cut joker's rank (nines, rank 8) is wild: 9♣ fills the gap.
    let m = solve(indian_melds(Some(8)), "5h 7h 9c").unwrap();
    assert_eq!((shown(&m), m.deadwood_points()), (vec!["5♥ 9♣ 7♥".to_string()], 0));
    // A set shows its natural cards, then its wild cards.
    let m = solve(indian_melds(Some(8)), "7h 7s 9c").unwrap();
    assert_eq!(shown(&m), ["7♥ 7♠ 9♣"]);
    // Without a wild card the gap stays.
    assert_eq!(solve(indian_melds(None), "5h 7h 9c").unwrap().deadwood_points(), 21);
}

#[test]
fn a_canasta_meld_holds_two_natural_cards_and_three_wild_at_most() {
    let r = canasta();
    assert!(r.meld_of(&f("8h 8s 2c 2d Jk")).is_some());
    assert!(r.meld_of(&f("8h 8s 2c 2d Jk Jk")).is_none(), "four wild cards");
    assert!(r.meld_of(&f("8h 2c Jk")).is_none(), "one natural card");
    assert!(r.meld_of(&f("8h 8s 8d 8c 8h 2c")).is_some(), "suits are free");
    assert!(r.meld_of(&f("2c 2d 2h")).is_none(), "twos are never natural");
    // The jokers (50) go into the meld before the twos (20), three at most:
    // a two is left with the king.
    let m = solve(r, "8h 8s 2c 2d Jk Jk Kc").unwrap();
    assert_eq!(
        (m.deadwood().to_string(), m.deadwood_points()),
        ("K♣ 2♦".to_string(), 30)
    );
    assert_eq!(m.melds()[0].wilds(), &f("2c Jk Jk"));
    assert_eq!(solve(r, "2c 2d 2h").unwrap().deadwood_points(), 60);
}

#[test]
fn one_canasta_meld_of_a_rank() {
    // Six eights and four jokers: one meld takes three jokers at most, and
    // a second meld of eights is not allowed, so a joker is left.
    let hand = "8h 8s 8d 8c 8h 8s Jk Jk Jk Jk";
    let m = solve(canasta(), hand).unwrap();
    assert_eq!((m.melds().len(), m.deadwood_points()), (1, 50));
    let mut two_melds = canasta();
    two_melds.sets = two_melds.sets.map(|s| SetRules {
        one_per_rank: false,
        ..s
    });
    let m = solve(two_melds, hand).unwrap();
    assert_eq!((m.melds().len(), m.deadwood_points()), (2, 0));
}

#[test]
fn a_declaration_needs_two_sequences_one_pure() {
    let r = indian(None);
    let m = solve(r, "Ah 2h 3h 4s 5s Jk 7c 7d 7s 9d 9c 9h Kd").unwrap();
    assert_eq!((m.runs(), m.pure_runs(), m.deadwood_points()), (2, 1, 10));
    // Two sequences, both with a joker: no declaration.
    assert_eq!(solve(r, "Ah 2h Jk 4s 5s Jk 7c 7d 7s 9d 9c 9h Kd"), None);
    // One pure sequence and sets: no second sequence.
    assert_eq!(solve(r, "Ah 2h 3h 7c 7d 7s 9d 9c 9h Kd Ks Qc 5d"), None);
    // Without the rule the same hand melds its run and its sets.
    let m = solve(indian_melds(None), "Ah 2h 3h 7c 7d 7s 9d 9c 9h Kd Ks Qc 5d").unwrap();
    assert_eq!((m.melds().len(), m.deadwood_points()), (3, 35));
}

#[test]
fn the_declaration_changes_the_best_partition() {
    // Alone, the sevens' set and 2-3-4♣ leave 5♥ 6♥ (11); a declaration
    // needs 5-6-7♥ as a second sequence and leaves 7♠ 7♦ (14).
    let hand = "5h 6h 7h 7s 7d 2c 3c 4c";
    assert_eq!(solve(indian_melds(None), hand).unwrap().deadwood_points(), 11);
    let m = solve(indian(None), hand).unwrap();
    assert_eq!(
        (m.deadwood().to_string(), m.deadwood_points()),
        ("7♦ 7♠".to_string(), 14)
    );
}

#[test]
fn a_cut_joker_in_its_own_place_keeps_a_sequence_pure() {
    // Sixes are wild (rank 5); 4♥ 5♥ 6♥ is the only pure sequence.
    let hand = "4h 5h 6h 9c Tc Jk 2s 2d 2c Kd Ks Kh Qd";
    let m = solve(indian(Some(5)), hand).unwrap();
    assert_eq!((m.pure_runs(), m.deadwood_points()), (1, 10));
    let pure = m
        .melds()
        .iter()
        .find(|x| x.is_pure() && x.kind() == MeldKind::Run)
        .unwrap();
    assert_eq!(pure.to_string(), "4♥ 5♥ 6♥");
    // Were the cut joker only ever wild, the hand would have no pure sequence.
    let mut only_wild = indian(Some(5));
    only_wild.wilds = WildRules {
        as_natural: false,
        ..only_wild.wilds
    };
    assert_eq!(solve(only_wild, hand), None);
}

#[test]
fn the_ace_is_high_or_low_as_the_rules_say() {
    let both = indian_melds(None);
    assert!(both.meld_of(&f("Qh Kh Ah")).is_some());
    assert!(both.meld_of(&f("Ah 2h 3h")).is_some());
    assert!(both.meld_of(&f("Kh Ah 2h")).is_none(), "no wrapping round");
    let gin = MeldRules::gin_rummy(GIN);
    assert!(gin.meld_of(&f("Qh Kh Ah")).is_none());
    let mut high = both;
    high.runs = Some(RunRules {
        min: 3,
        aces: Aces::High,
    });
    assert!(high.meld_of(&f("Ah 2h 3h")).is_none());
    // Q-K-A leaves 2♥ 3♥ (5) where A-2-3 would leave Q♥ K♥ (20).
    let m = solve(both, "Qh Kh Ah 2h 3h").unwrap();
    assert_eq!(m.deadwood_points(), 5);
    assert_eq!(m.melds()[0].run_span().map(|(_, lo, hi)| (lo, hi)), Some((11, 13)));
    // Two aces of hearts (two decks): one low, one high.
    assert_eq!(solve(both, "Ah Ah 2h 3h Qh Kh").unwrap().deadwood_points(), 0);
    // A joker stands for the ace above the king, or, ace low only, for
    // the jack below the queen.
    let span = |r: MeldRules| {
        solve(r, "Qh Kh Jk").unwrap().melds()[0]
            .run_span()
            .map(|(_, lo, hi)| (lo, hi))
    };
    assert_eq!(span(both), Some((11, 13)));
    assert_eq!(span(MeldRules::gin_rummy(GIN)), Some((10, 12)));
}

#[test]
fn a_melding_reads_its_wild_cards() {
    let r = indian_melds(None);
    // One natural card and two wild cards read as a run before a set.
    assert_eq!(r.meld_of(&f("5h Jk Jk")).map(|m| m.kind()), Some(MeldKind::Run));
    assert_eq!(r.meld_of(&f("5h 5s Jk")).map(|m| m.kind()), Some(MeldKind::Set));
    // A cut joker reads as itself first: 4♥ 5♥ 6♥ with sixes wild is pure.
    let m = indian_melds(Some(5)).meld_of(&f("4h 5h 6h")).unwrap();
    assert!(m.is_pure());
}

#[test]
fn rules_choose_the_one_word_path_or_the_solver() {
    assert!(MeldRules::gin_rummy(GIN).one_deck().is_some());
    assert!(indian(Some(3)).one_deck().is_none());
    assert!(canasta().one_deck().is_none());
    let mut r = indian(None);
    r.wilds.min_natural = 0;
    assert_eq!(r.check(), Err(RulesError::AllWild));
    let mut r = canasta();
    r.declaration = Some(Declaration { runs: 1, pure_runs: 0 });
    assert_eq!(r.check(), Err(RulesError::Declaration));
    r.sets = None;
    assert_eq!(r.check(), Err(RulesError::NoMelds));
    assert!(MeldSolver::new(r).is_err());
}
