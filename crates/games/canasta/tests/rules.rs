//! A rule test for each rule of the crate's "Rules as implemented".

use tabula_canasta::cards::{instance_in, parse_face};
use tabula_canasta::state::Permission;
use tabula_canasta::{Action, Canasta, CanastaOptions, Ending, MeldMove, Phase};
use tabula_search::{Game, Turn};

use crate::common::{dealt, draw, game, legal};

/// Hands of fives, sixes, eights, tens, jacks and queens (both copies of
/// each card but 8s, Qh, Qs), for the seats a test does not set.
const FILL: [&str; 4] = [
    "5c 5d 5h 5s 6c 6d 6h 6s 8c 8d 8h",
    "8s 10c 10d 10h 10s Jc Jd Jh Js Qc Qd",
    "5c 5d 5h 5s 6c 6d 6h 6s 8c 8d 8h",
    "8s 10c 10d 10h 10s Jc Jd Jh Js Qc Qd",
];

fn meld(rank: u8, naturals: u8, twos: u8, jokers: u8) -> Action {
    Action::Meld(MeldMove {
        rank,
        naturals,
        twos,
        jokers,
    })
}

#[test]
fn the_deal_gives_eleven_each_and_lays_out_red_threes_with_replacements() {
    let g = game();
    let mut hands = FILL;
    hands[2] = "3h 3d 4c 4d 4h 4s 9c 9d 9h 9s Kc";
    let s = dealt(&g, hands, "7c", "9h 7d");
    assert_eq!(s.phase(), Phase::Draw);
    assert_eq!(s.to_act(), 1, "the dealer's left plays first");
    assert_eq!(s.reds()[2].len(), 2);
    assert!(s.hands().iter().all(|h| h.len() == 11));
    assert_eq!(s.stock().len(), 108 - 44 - 1 - 2);
}

#[test]
fn a_wild_card_or_red_three_turned_up_is_covered_and_freezes_the_pile() {
    let g = game();
    let s = dealt(&g, FILL, "Jk 3h 7c", "");
    assert_eq!(s.pile().len(), 3);
    assert!(s.frozen());
}

#[test]
fn an_unopened_side_takes_the_pile_only_with_a_pair_and_the_minimum_in_reach() {
    let g = game();
    let mut hands = FILL;
    // West holds two sevens and three kings: 7+7+7 = 15, kings 30: 45 < 50.
    hands[1] = "7h 7s Kh Ks Kd 4h 9h Qh Qs Ah 9s";
    let s = dealt(&g, hands, "7c", "");
    assert!(!legal(&g, &s).contains(&Action::Take), "45 is short of 50");
    // With three aces instead of the kings: 15 + 60.
    hands[1] = "7h 7s Ah As Ad 4h 9h Qh Qs Kh 9s";
    let mut s = dealt(&g, hands, "7c", "");
    assert!(legal(&g, &s).contains(&Action::Take));
    g.apply(&mut s, Action::Take);
    assert_eq!(s.phase(), Phase::Opening, "the minimum is not met yet: the pile waits");
    assert!(!legal(&g, &s).iter().any(|a| matches!(a, Action::Discard(_))));
    g.apply(&mut s, meld(0, 3, 0, 0));
    assert_eq!(s.phase(), Phase::Play);
    assert!(s.opened(1));
    assert_eq!(s.melds(1)[6].len(), 3);
    assert!(s.pile().is_empty());
}

#[test]
fn a_black_three_or_a_wild_card_on_top_cannot_be_taken() {
    let g = game();
    let mut hands = FILL;
    hands[1] = "7h 7s Ah As Ad 4h 9h Qh Qs Kh 9s";
    let mut s = dealt(&g, hands, "7c", "");
    draw(&g, &mut s, "Jk");
    let jk = instance_in(s.hands()[1], parse_face("Jk").unwrap()).unwrap();
    g.apply(&mut s, Action::Discard(jk));
    assert!(s.frozen());
    // North cannot take a joker.
    assert!(!legal(&g, &s).contains(&Action::Take));
    draw(&g, &mut s, "3c");
    let three = instance_in(s.hands()[2], parse_face("3c").unwrap()).unwrap();
    g.apply(&mut s, Action::Discard(three));
    assert!(!legal(&g, &s).contains(&Action::Take), "a black three stops East");
}

#[test]
fn the_initial_meld_must_reach_the_minimum_and_a_short_turn_cannot_discard() {
    let g = game();
    let mut hands = FILL;
    hands[1] = "Kh Ks Kd 9h 9s 9c 4h Qh Qs Ah 7c";
    let mut s = dealt(&g, hands, "7c", "");
    draw(&g, &mut s, "Kc");
    let l = legal(&g, &s);
    // Kings (30) then nines (30) reach 50; the kings alone may start it.
    assert!(l.contains(&meld(12, 3, 0, 0)));
    g.apply(&mut s, meld(12, 3, 0, 0));
    assert!(!s.opened(1));
    assert!(
        !legal(&g, &s).iter().any(|a| matches!(a, Action::Discard(_))),
        "30 of 50: keep melding"
    );
    g.apply(&mut s, meld(8, 3, 0, 0));
    assert!(s.opened(1));
    assert!(legal(&g, &s).iter().any(|a| matches!(a, Action::Discard(_))));
    // A meld needs two natural cards and at most three wild cards.
    assert!(!legal(&g, &s).contains(&meld(3, 1, 0, 0)));
}

#[test]
fn going_out_needs_a_canasta_and_the_count_is_exact() {
    let g = game();
    let mut hands = FILL;
    // West: seven kings with a joker make a mixed canasta at once; 9♠ the discard.
    hands[1] = "Kh Ks Kd Kc Kh Ks Kd Jk 9s 4h 4s";
    let mut s = dealt(&g, hands, "7c", "");
    draw(&g, &mut s, "4d");
    // Without a canasta, 4s could not all go; with one they can.
    g.apply(&mut s, meld(12, 7, 0, 1));
    assert_eq!(s.phase(), Phase::Play);
    g.apply(&mut s, meld(3, 3, 0, 0));
    let nine = instance_in(s.hands()[1], parse_face("9s").unwrap()).unwrap();
    assert_eq!(legal(&g, &s), vec![Action::Discard(nine)]);
    g.apply(&mut s, Action::Discard(nine));
    let r = s.last().expect("the hand ended");
    assert_eq!(r.ending, Ending::Concealed);
    let w = r.sides[1];
    // 300 mixed canasta + 200 concealed + kings 70 + joker 50 + fours 15;
    // East's hand counted against the side.
    let east: i32 = r.hands[3].iter().map(|c| tabula_canasta::cards::value(c) as i32).sum();
    assert_eq!((w.mixed, w.going_out, w.melded, w.in_hand), (1, 200, 135, east));
    assert_eq!(w.total, 300 + 200 + 135 - east);
    assert_eq!(s.scores()[1], w.total);
    // The other side melded nothing: its hands count minus.
    assert_eq!(r.sides[0].melded, 0);
    assert!(r.sides[0].total < 0);
}

#[test]
fn with_permission_the_partner_answers_and_the_answer_binds() {
    let g = Canasta::new(CanastaOptions {
        permission: true,
        ..CanastaOptions::default()
    })
    .unwrap();
    let mut hands = FILL;
    hands[1] = "Kh Ks Kd Kc Kh Ks Kd Jk 9s 4h 4s";
    let mut s = dealt(&g, hands, "7c", "");
    draw(&g, &mut s, "4d");
    // Going out is not allowed unasked: the whole canasta plus the fours leave one card.
    assert!(legal(&g, &s).contains(&Action::Ask));
    g.apply(&mut s, Action::Ask);
    assert_eq!(g.to_move(&s), Turn::Seat(3), "the partner answers");
    assert_eq!(legal(&g, &s), vec![Action::Yes, Action::No]);
    g.apply(&mut s, Action::No);
    assert_eq!(g.to_move(&s), Turn::Seat(1));
    assert_eq!(s.last().map(|r| r.ending), None);
    // No: every discard is legal but none may empty the hand this turn.
    g.apply(&mut s, meld(12, 7, 0, 1));
    assert!(
        !legal(&g, &s).contains(&meld(3, 3, 0, 0)),
        "melding down to one card would go out"
    );
    let mut s2 = dealt(&g, hands, "7c", "");
    draw(&g, &mut s2, "4d");
    g.apply(&mut s2, Action::Ask);
    g.apply(&mut s2, Action::Yes);
    // Yes: it must go out; a discard that keeps cards is not legal.
    assert!(!legal(&g, &s2).iter().any(|a| matches!(a, Action::Discard(_))));
    assert_eq!(s2.asked(), Permission::Yes);
}

#[test]
fn red_threes_count_for_a_side_that_melded_and_against_one_that_did_not() {
    let g = game();
    let mut hands = FILL;
    hands[0] = "3h 5c 5d 5h 5s 6c 6d 6h 6s 8c 8d";
    hands[1] = "Kh Ks Kd Kc Kh Ks Kd Jk 9s 4h 4s";
    let mut s = dealt(&g, hands, "7c", "7d");
    draw(&g, &mut s, "4d");
    g.apply(&mut s, meld(12, 7, 0, 1));
    g.apply(&mut s, meld(3, 3, 0, 0));
    let nine = instance_in(s.hands()[1], parse_face("9s").unwrap()).unwrap();
    g.apply(&mut s, Action::Discard(nine));
    let r = s.last().unwrap();
    assert_eq!((r.sides[0].reds, r.sides[0].red_bonus), (1, -100));
}

#[test]
fn a_red_three_in_a_taken_pile_is_laid_out_and_does_not_count_as_a_card_to_play_on() {
    let g = game();
    let mut hands = FILL;
    // The pile: a red three turned up, covered by a seven. West opens by
    // taking it with its two sevens (15) and its aces (60); the red three
    // comes to it, not into its hand.
    hands[1] = "7h 7s Ah As Ad 4h 9h Qh Qs Kh 9s";
    let mut s = dealt(&g, hands, "3h 7c", "");
    assert!(s.frozen());
    g.apply(&mut s, Action::Take);
    assert_eq!(s.phase(), Phase::Opening);
    // Melding down to one card would leave it nothing to play on: the red
    // three waiting in the pile is no card for the hand.
    g.apply(&mut s, meld(0, 3, 0, 0));
    assert_eq!(s.reds()[1].len(), 1);
    assert_eq!(s.hands()[1].len(), 6);
    assert!(legal(&g, &s).iter().any(|a| matches!(a, Action::Discard(_))));
    // Mid-opening, with only the red three waiting: aces that leave one
    // card would go out (no canasta): not legal.
    use tabula_canasta::legal::Situation;
    let options = CanastaOptions::default();
    let table = {
        let mut t = *s.melds(0);
        t[6] = tabula_canasta::cards::parse_cards("7h 7s 7d").unwrap();
        t
    };
    let pile = [instance_in(tabula_canasta::cards::DECK, parse_face("3h").unwrap()).unwrap()];
    let sit = Situation {
        options: &options,
        phase: Phase::Opening,
        hand: tabula_canasta::cards::parse_cards("Ah As Ad 5c").unwrap(),
        table: &table,
        pile: &pile,
        stock: 50,
        opened: false,
        minimum: 50,
        turn_value: 15,
        asked: Permission::None,
    };
    assert!(!sit.meld_legal(MeldMove {
        rank: 0,
        naturals: 3,
        twos: 0,
        jokers: 0
    }));
}

#[test]
fn with_the_stock_gone_a_player_must_take_a_discard_that_goes_onto_its_meld() {
    use tabula_canasta::legal::{Situation, TakeWith};
    let g = game();
    let s = dealt(&g, FILL, "7c", "");
    let table = {
        let mut t = *s.melds(1);
        t[6] = tabula_canasta::cards::parse_cards("7h 7s 7d").unwrap();
        t
    };
    let options = CanastaOptions::default();
    let hand = tabula_canasta::cards::parse_cards("Kh Ks Qd 9c").unwrap();
    let pile = [instance_in(tabula_canasta::cards::DECK, parse_face("7c").unwrap()).unwrap(); 1];
    let mut sit = Situation {
        options: &options,
        phase: Phase::Draw,
        hand,
        table: &table,
        pile: &pile,
        stock: 0,
        opened: true,
        minimum: 50,
        turn_value: 0,
        asked: Permission::None,
    };
    assert_eq!(sit.take_with(), Some(TakeWith::Onto));
    let mut out = Vec::new();
    sit.actions(&mut out);
    assert_eq!(out, vec![Action::Take], "must take: no end, no draw");
    // With stock left, drawing is the other choice.
    sit.stock = 5;
    sit.actions(&mut out);
    assert_eq!(out, vec![Action::Draw, Action::Take]);
}
