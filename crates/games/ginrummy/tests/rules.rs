//! The rules of Gin Rummy, each a test: the cards' names and values, the
//! melds as Gin Rummy reads them, the deal and the first upcard, the pile
//! card that may not go straight back, the knock's limit, every way a
//! hand is scored, the dead hand, the next dealer and the match's totals;
//! then conservation and the hash over random matches.

use tabula_cards::{CardId, CardSet};
use tabula_ginrummy::cards::{self, DECK, names, parse, parse_hand, value};
use tabula_ginrummy::*;
use tabula_search::{Game, Hidden, Rng, Seen, Turn};

use crate::common;

use common::dealt;

fn c(name: &str) -> CardId {
    parse(name).unwrap()
}

fn set(names: &str) -> CardSet {
    parse_hand(names).unwrap()
}

#[test]
fn cards_read_and_count() {
    assert_eq!(parse("Ac"), Ok(CardId(0)));
    assert_eq!(parse("Td"), Ok(CardId(13 + 9)));
    assert_eq!(parse("10h"), Ok(CardId(26 + 9)));
    assert_eq!(parse("ks"), Ok(CardId(51)));
    assert_eq!(parse("A♣"), parse("aC"));
    assert!(parse("1h").is_err() && parse("Kx").is_err() && parse("").is_err());
    assert!(parse_hand("7s 7h 7s").is_err());
    assert_eq!(names(set("Ks 10h, Ac Jd")), "A♣ J♦ 10♥ K♠");
    let v = |t: &str| value(c(t));
    assert_eq!(
        [v("Ah"), v("2c"), v("9d"), v("10s"), v("Jc"), v("Qh"), v("Kd")],
        [1, 2, 9, 10, 10, 10, 10]
    );
    assert_eq!(cards::points(set("As Ts Js Qs Ks")), 41);
}

#[test]
fn melds_are_sets_and_ace_low_runs_counted_at_gin_values() {
    // The plugin's one-word path with Gin Rummy's values: Q-K-A is no run,
    // and the deadwood counts the ace 1 and the king 10.
    assert_eq!(deadwood(set("Qc Kc Ac")), 21);
    let p = best_partition(set("Ac 2c 3c 9h 9d 9s Kd 5s"));
    assert_eq!(p.melds().len(), 2);
    assert_eq!((p.deadwood(), p.deadwood_points()), (set("5s Kd"), 15));
    assert_eq!(Meld::new(set("Qc Kc Ac")), None);
}

fn legal(game: &GinRummy, s: &State) -> Vec<Action> {
    let mut out = Vec::new();
    game.legal_actions(s, &mut out);
    out
}

fn with(options: GinOptions) -> GinRummy {
    GinRummy::new(options).unwrap()
}

fn standard() -> GinRummy {
    with(GinOptions::default())
}

/// Seat 1: A-4♠, 5-7♦, 9♣ 9♥ and 2♣; a 9♦ or 9♠ upcard makes it gin.
const RUNS_AND_NINES: &str = "As 2s 3s 4s 5d 6d 7d 9c 9h 2c";
/// Seat 0: nothing melds; 77 deadwood.
const NOTHING: &str = "Kc Kd Qh Js 10c 8h 8s 6c 4h Ah";

#[test]
fn the_deal_gives_ten_each_and_offers_the_upcard_to_the_non_dealer_first() {
    let game = standard();
    let s = dealt(&game, RUNS_AND_NINES, NOTHING, "5c");
    assert_eq!(s.hands()[1], set(RUNS_AND_NINES));
    assert_eq!(s.hands()[0], set(NOTHING));
    assert_eq!(s.pile(), &[c("5c")]);
    assert_eq!(s.stock().len(), 31);
    assert_eq!(game.to_move(&s), Turn::Seat(1));
    assert_eq!(legal(&game, &s), vec![Action::Take, Action::Pass]);
    // Seat 1 passes, then the dealer is offered it; both pass: seat 1
    // draws, from the stock only.
    let mut t = s.clone();
    game.apply(&mut t, Action::Pass);
    assert_eq!(game.to_move(&t), Turn::Seat(0));
    assert_eq!(legal(&game, &t), vec![Action::Take, Action::Pass]);
    game.apply(&mut t, Action::Pass);
    assert_eq!(game.to_move(&t), Turn::Seat(1));
    assert_eq!(legal(&game, &t), vec![Action::DrawStock]);
    game.apply(&mut t, Action::DrawStock);
    assert_eq!(game.to_move(&t), Turn::Chance);
    // The drawn card is the drawer's secret.
    assert_eq!(
        game.view_action(&t, Action::Deal(c("Qs")), 0),
        Seen::Hidden(Hidden::Deal)
    );
    assert_eq!(
        game.view_action(&t, Action::Deal(c("Qs")), 1),
        Seen::Action(Action::Deal(c("Qs")))
    );
    game.apply(&mut t, Action::Deal(c("Qs")));
    assert_eq!(t.hands()[1].len(), 11);
    // A card drawn from the stock may go straight back; then the dealer
    // may take it.
    assert!(legal(&game, &t).contains(&Action::Discard(c("Qs"))));
    game.apply(&mut t, Action::Discard(c("Qs")));
    assert_eq!(game.to_move(&t), Turn::Seat(0));
    assert_eq!(legal(&game, &t), vec![Action::Take, Action::DrawStock]);
    // The dealer takes the upcard when the non-dealer passes it.
    let mut u = s;
    game.apply(&mut u, Action::Pass);
    game.apply(&mut u, Action::Take);
    assert_eq!(u.hands()[0].len(), 11);
    assert!(u.pile().is_empty());
}

#[test]
fn the_card_taken_from_the_pile_may_not_be_discarded_at_once_and_is_known() {
    let game = standard();
    let mut s = dealt(&game, RUNS_AND_NINES, NOTHING, "5c");
    game.apply(&mut s, Action::Take);
    let actions = legal(&game, &s);
    assert!(!actions.contains(&Action::Discard(c("5c"))));
    assert!(!actions.contains(&Action::Knock(c("5c"))));
    assert_eq!(actions.iter().filter(|a| matches!(a, Action::Discard(_))).count(), 10);
    assert_eq!(game.observation(&s, 0).other_known, CardSet::of(c("5c")));
    game.apply(&mut s, Action::Discard(c("2c")));
    assert_eq!(game.observation(&s, 0).other_known, CardSet::of(c("5c")), "still held");
    assert_eq!(s.top(), Some(c("2c")));
}

#[test]
fn a_knock_needs_ten_or_less_deadwood_after_the_discard() {
    let game = standard();
    let mut s = dealt(&game, RUNS_AND_NINES, NOTHING, "9d");
    game.apply(&mut s, Action::Take);
    let knocks: Vec<Action> = legal(&game, &s)
        .into_iter()
        .filter(|a| matches!(a, Action::Knock(_)))
        .collect();
    // 2♣ out: gin. A♠ or 4♠ out: the other three spades still run, 2♣
    // left (2). 2♠ out: A♠ 3♠ 4♠ 2♣ (10); 3♠ out: A♠ 2♠ 4♠ 2♣ (9). A
    // diamond out: the other two and 2♣ (13 or more); a nine out: two
    // nines and 2♣ (20).
    let expected: Vec<Action> = ["2c", "As", "2s", "3s", "4s"]
        .iter()
        .map(|n| Action::Knock(c(n)))
        .collect();
    assert_eq!(knocks, expected);
}

#[test]
fn gin_scores_25_and_all_the_defenders_deadwood() {
    // A longer match, so that the 102 points do not end it.
    let game = with(GinOptions {
        end_score: 500,
        ..GinOptions::default()
    });
    let mut s = dealt(&game, RUNS_AND_NINES, NOTHING, "9d");
    game.apply(&mut s, Action::Take);
    game.apply(&mut s, Action::Knock(c("2c")));
    let r = *s.last().unwrap();
    assert_eq!(r.ending, Ending::Gin);
    assert_eq!((r.knocker, r.winner), (Some(1), Some(1)));
    assert_eq!(r.deadwood, [77, 0]);
    assert_eq!(r.points, 25 + 77);
    assert_eq!(r.hands[1], set("As 2s 3s 4s 5d 6d 7d 9c 9h 9d"));
    assert_eq!(s.scores(), [0, 102]);
    assert_eq!(s.boxes(), [0, 1]);
    // The winner deals the next hand.
    assert_eq!(s.hand_no(), 1);
    assert_eq!(s.dealer(), 1);
    assert_eq!(s.stock(), DECK);
    assert_eq!(game.to_move(&s), Turn::Chance);
}

/// Seat 0: 9♠ would lay off on a set of nines, 4♦ and 8♦ on a run of
/// 5-7♦; nothing else melds or lays off: 79 deadwood.
const LAYS_OFF: &str = "9s 8d 4d Kd Qh Js 10c 8h 6c 4h";

#[test]
fn on_gin_cards_that_would_lay_off_count_as_deadwood_and_on_a_knock_they_are_laid_off() {
    let game = with(GinOptions {
        end_score: 500,
        ..GinOptions::default()
    });
    // Gin: A-4♠, 5-7♦ and three nines.
    let mut s = dealt(&game, RUNS_AND_NINES, LAYS_OFF, "9d");
    game.apply(&mut s, Action::Take);
    game.apply(&mut s, Action::Knock(c("2c")));
    let r = *s.last().unwrap();
    assert_eq!(r.ending, Ending::Gin);
    // Against those melds the defender could lay off three cards …
    let gin = best_partition(r.hands[1]);
    assert_eq!(best_layoff(gin.melds(), set(LAYS_OFF)).laid_off(), set("9s 8d 4d"));
    // … but gin takes no layoffs: all 79 count.
    assert_eq!(r.laid_off, CardSet::EMPTY);
    assert_eq!(r.deadwood, [79, 0]);
    assert_eq!((r.winner, r.points), (Some(1), 25 + 79));

    // A knock with the same set and diamond run (A-3♠ for the spades, 2♣
    // left): the same three cards are laid off, 58 left.
    let mut t = dealt(&game, "As 2s 3s 5d 6d 7d 9c 9h 2c Kc", LAYS_OFF, "9d");
    game.apply(&mut t, Action::Take);
    game.apply(&mut t, Action::Knock(c("Kc")));
    let r = *t.last().unwrap();
    assert_eq!(r.ending, Ending::Knock);
    assert_eq!(r.laid_off, set("9s 8d 4d"));
    assert_eq!(r.deadwood, [79 - 9 - 8 - 4, 2]);
    assert_eq!((r.winner, r.points), (Some(1), 58 - 2));
}

/// Seat 1: A-3♠, 5-7♦, 9♣ 9♥ 9♠ and Q♣; with the 2♣ upcard taken and the
/// queen out it knocks with 2.
const KNOCKER: &str = "As 2s 3s 5d 6d 7d 9c 9h 9s Qc";

#[test]
fn a_knock_scores_the_difference_after_the_defenders_layoffs() {
    let game = standard();
    // 4♠ goes under… above A-3♠, 4♦ below 5-7♦, 8♦ 9♦ above it; K K K
    // melds; Q♥ J♥ 10♣ stay: 30.
    let mut s = dealt(&game, KNOCKER, "4s 4d 8d 9d Kc Kd Kh Qh Jh 10c", "2c");
    game.apply(&mut s, Action::Take);
    assert!(legal(&game, &s).contains(&Action::Knock(c("Qc"))));
    game.apply(&mut s, Action::Knock(c("Qc")));
    let r = *s.last().unwrap();
    assert_eq!(r.ending, Ending::Knock);
    assert_eq!(r.deadwood, [30, 2]);
    assert_eq!(r.laid_off, set("4s 4d 8d 9d"));
    assert_eq!((r.winner, r.points), (Some(1), 28));
    assert_eq!(s.scores(), [0, 28]);
}

#[test]
fn the_defender_undercuts_when_its_deadwood_is_no_more_after_layoffs() {
    let game = standard();
    // Aces, 2-4♥, 5-7♣, and 4♠ laid off: the defender ends with none.
    let mut s = dealt(&game, KNOCKER, "Ah Ad Ac 2h 3h 4h 5c 6c 7c 4s", "2c");
    game.apply(&mut s, Action::Take);
    game.apply(&mut s, Action::Knock(c("Qc")));
    let r = *s.last().unwrap();
    assert_eq!(r.ending, Ending::Undercut);
    assert_eq!(r.deadwood, [0, 2]);
    assert_eq!((r.winner, r.points), (Some(0), 2 + 25));
    assert_eq!(s.boxes(), [1, 0]);
    // A tie is an undercut too: the defender keeps 2♦ … replaced by a
    // two-point deadwood card it cannot lay off.
    let mut t = dealt(&game, KNOCKER, "Ah Ad Ac 2h 3h 4h 5c 6c 7c 2d", "2c");
    game.apply(&mut t, Action::Take);
    game.apply(&mut t, Action::Knock(c("Qc")));
    let r = *t.last().unwrap();
    assert_eq!((r.ending, r.deadwood), (Ending::Undercut, [2, 2]));
    assert_eq!((r.winner, r.points), (Some(0), 25));
}

#[test]
fn big_gin_lays_down_eleven_for_31_under_the_option() {
    let ten = "As 2s 3s 4s 5d 6d 7d 9c 9h 9s";
    for big_gin in [false, true] {
        let game = with(GinOptions {
            big_gin,
            ..GinOptions::default()
        });
        let mut s = dealt(&game, ten, NOTHING, "8d");
        game.apply(&mut s, Action::Take);
        assert_eq!(legal(&game, &s).contains(&Action::BigGin), big_gin);
        if big_gin {
            game.apply(&mut s, Action::BigGin);
            let r = *s.last().unwrap();
            assert_eq!(r.ending, Ending::BigGin);
            assert_eq!(r.hands[1].len(), 11);
            assert_eq!(r.points, 31 + 77);
        }
    }
}

#[test]
fn oklahoma_sets_the_knock_limit_by_the_upcard_and_doubles_a_spade() {
    let game = with(GinOptions {
        oklahoma: true,
        ..GinOptions::default()
    });
    // A 2♣ upcard: knock with 2 or less.
    let s = dealt(&game, KNOCKER, "4s 4d 8d 9d Kc Kd Kh Qh Jh 10c", "2c");
    assert_eq!(game.knock_limit(&s), 2);
    // An ace: gin only.
    let mut a = dealt(&game, RUNS_AND_NINES, NOTHING, "Ad");
    assert_eq!(game.knock_limit(&a), 0);
    game.apply(&mut a, Action::Take);
    assert!(legal(&game, &a).iter().all(|x| !matches!(x, Action::Knock(_))));
    // 9♠ up, taken for the set of nines: the gin counts double.
    let mut g = dealt(&game, RUNS_AND_NINES, NOTHING, "9s");
    assert_eq!(game.knock_limit(&g), 9);
    game.apply(&mut g, Action::Take);
    game.apply(&mut g, Action::Knock(c("2c")));
    assert_eq!(g.last().unwrap().points, 2 * (25 + 77));
}

#[test]
fn a_hand_whose_stock_runs_down_to_two_cards_is_dead_and_redealt_by_the_same_dealer() {
    let game = standard();
    let mut s = dealt(&game, RUNS_AND_NINES, NOTHING, "5c");
    game.apply(&mut s, Action::Pass);
    game.apply(&mut s, Action::Pass);
    let stock: Vec<CardId> = s.stock().iter().collect();
    for (i, &card) in stock.iter().take(29).enumerate() {
        assert!(s.last().is_none(), "ended early at draw {i}");
        game.apply(&mut s, Action::DrawStock);
        game.apply(&mut s, Action::Deal(card));
        game.apply(&mut s, Action::Discard(card));
    }
    let r = *s.last().unwrap();
    assert_eq!(r.ending, Ending::Dead);
    assert_eq!((r.winner, r.points), (None, 0));
    assert_eq!((s.scores(), s.boxes()), ([0, 0], [0, 0]));
    assert_eq!((s.hand_no(), s.dealer()), (1, 0));
}

#[test]
fn the_match_ends_at_the_target_with_box_game_and_shutout_bonuses() {
    let game = with(GinOptions {
        end_score: 50,
        ..GinOptions::default()
    });
    let mut s = dealt(&game, RUNS_AND_NINES, NOTHING, "9d");
    game.apply(&mut s, Action::Take);
    game.apply(&mut s, Action::Knock(c("2c")));
    assert_eq!(game.to_move(&s), Turn::Terminal);
    // 102 points, a box of 25 and the game's 100, doubled: seat 0 won no
    // hand.
    assert_eq!(s.totals(), Some([0, 2 * (102 + 25 + 100)]));
    let p = game.payoffs(&s);
    assert_eq!((p.get(0), p.get(1)), (0.0, 1.0));
    assert_eq!(
        tabula_ginrummy::score::match_totals([30, 110], [1, 3], 1),
        [30 + 25, 110 + 75 + 100],
        "no shutout when the loser won a hand"
    );
}

/// Plays random matches, checking after every action that the cards are
/// where the ledger says, once each, and that the hash kept as the game
/// goes equals the one computed from scratch.
#[test]
fn random_matches_keep_every_card_once_and_the_hash() {
    let mut legal_buf = Vec::new();
    for (k, options) in [
        GinOptions::default(),
        GinOptions {
            big_gin: true,
            oklahoma: true,
            end_score: 60,
        },
    ]
    .into_iter()
    .enumerate()
    {
        let game = with(options);
        for seed in 0..6u64 {
            let mut rng = Rng::new(seed * 31 + k as u64);
            let mut s = game.initial_state();
            let mut plies = 0;
            while game.to_move(&s) != Turn::Terminal {
                let a = match game.to_move(&s) {
                    Turn::Chance => game.sample_chance(&s, &mut rng),
                    Turn::Seat(_) => {
                        game.legal_actions(&s, &mut legal_buf);
                        // Knock whenever allowed, so that matches end.
                        legal_buf
                            .iter()
                            .rev()
                            .find(|a| matches!(a, Action::Knock(_) | Action::BigGin))
                            .copied()
                            .unwrap_or(legal_buf[rng.below(legal_buf.len() as u64) as usize])
                    }
                    Turn::Terminal => unreachable!(),
                };
                game.apply(&mut s, a);
                let pile: CardSet = s.pile().iter().copied().collect();
                let parts = [s.stock(), s.hands()[0], s.hands()[1], pile];
                let total: usize = parts.iter().map(|p| p.len()).sum();
                let union = parts.iter().fold(CardSet::EMPTY, |u, &p| u | p);
                assert_eq!((total, union), (52, DECK), "every card once, seed {seed}");
                assert_eq!(game.hash(&s), game.hash_from_scratch(&s));
                for seat in 0..2 {
                    let o = game.observation(&s, seat);
                    assert!(s.hands()[1 - seat].contains_all(o.other_known));
                    o.check().unwrap();
                }
                plies += 1;
                assert!(plies < 100_000, "the match ends");
            }
            assert!(s.totals().is_some());
        }
    }
}
