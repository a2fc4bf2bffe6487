//! Tests of every rule, on states arranged by swapping cards (which keeps
//! conservation).

use tabula_contract::GameModule;
use tabula_search::{Game, Hidden, Seen, Turn, play};

use crate::game::Skyjo;
use crate::rules::*;
use crate::state::{CardPlace, State};

const NONE: u8 = u8::MAX;

fn game(players: usize) -> Skyjo {
    Skyjo::with_players(players).unwrap()
}

/// Puts a card of value `v` at `place`, taken from the draw pile.
fn put(s: &mut State, place: CardPlace, v: i8) {
    let k = s
        .draw
        .as_slice()
        .iter()
        .position(|&c| value_of(c) == v && CardPlace::Draw(0) != place)
        .expect("a card of that value in the draw pile");
    s.swap_cards(place, CardPlace::Draw(k));
}

fn set_grid(s: &mut State, seat: usize, values: [i8; CELLS]) {
    for (i, &v) in values.iter().enumerate() {
        if value_of(s.cells[seat][i]) != v {
            put(s, CardPlace::Cell(seat, i), v);
        }
    }
}

/// Sets the draw pile's top card to `v`.
fn set_draw_top(s: &mut State, v: i8) {
    let top = s.draw.len() - 1;
    if value_of(s.draw.as_slice()[top]) != v {
        let k = s.draw.as_slice()[..top].iter().position(|&c| value_of(c) == v).unwrap();
        s.swap_cards(CardPlace::Draw(top), CardPlace::Draw(k));
    }
}

fn set_discard_top(s: &mut State, v: i8) {
    let top = s.discard.len() - 1;
    let k = s.draw.as_slice().iter().position(|&c| value_of(c) == v).unwrap();
    s.swap_cards(CardPlace::Discard(top), CardPlace::Draw(k));
}

/// Finishes setup by revealing cells 0 and 1 of every seat.
fn finish_setup(g: &Skyjo, s: &mut State) {
    while s.phase == Phase::Setup {
        let seat = usize::from(s.seat);
        let c = if s.up[seat] & 1 == 0 { 0 } else { 1 };
        play(g, s, Action::Reveal(c)).unwrap();
    }
}

fn legal(g: &Skyjo, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(s, &mut v);
    v
}

#[test]
fn the_deck_has_150_cards_with_the_right_counts_and_mean() {
    let d = deck();
    assert_eq!(d.len(), 150);
    assert_eq!(d.count_of(-2), 5);
    assert_eq!(d.count_of(-1), 10);
    assert_eq!(d.count_of(0), 15);
    for v in 1..=12 {
        assert_eq!(d.count_of(v), 10);
    }
    let sum: i32 = d.faces().iter().map(|&v| i32::from(v)).sum();
    assert_eq!(sum, 760);
    assert_eq!(card_value(149), 12);
}

#[test]
fn setup_deals_twelve_each_one_discard_and_the_rest_to_draw() {
    for players in 2..=8 {
        let g = game(players);
        let s = g.new_game(players as u64);
        s.check_conservation().unwrap();
        assert_eq!(s.discard.len(), 1);
        assert_eq!(s.draw.len(), 150 - 12 * players - 1);
        assert!((0..players).all(|p| s.hidden_count(p) == 12));
        assert_eq!(g.to_move(&s), Turn::Seat(0));
        assert_eq!(legal(&g, &s).len(), 12);
    }
    assert!(Skyjo::with_players(1).is_err());
    assert!(Skyjo::with_players(9).is_err());
}

#[test]
fn the_highest_revealed_total_starts_ties_to_the_lowest_seat() {
    let g = game(3);
    let mut s = g.new_game(1);
    set_grid(&mut s, 0, [5, 5, 1, 2, 3, 4, 6, 7, 8, 10, 11, 12]);
    set_grid(&mut s, 1, [7, 3, 1, 2, 3, 4, 6, 7, 8, 10, 11, 12]);
    set_grid(&mut s, 2, [9, 2, 1, 2, 3, 4, 6, 7, 8, 10, 11, 12]);
    finish_setup(&g, &mut s);
    // 10, 10, 11: seat 2.
    assert_eq!(g.to_move(&s), Turn::Seat(2));
    let mut t = g.new_game(1);
    set_grid(&mut t, 0, [5, 5, 1, 2, 3, 4, 6, 7, 8, 10, 11, 12]);
    set_grid(&mut t, 1, [7, 3, 1, 2, 3, 4, 6, 7, 8, 10, 11, 12]);
    set_grid(&mut t, 2, [1, 2, 1, 2, 3, 4, 6, 7, 8, 10, 11, 12]);
    finish_setup(&g, &mut t);
    assert_eq!(g.to_move(&t), Turn::Seat(0));
}

#[test]
fn taking_the_discard_replaces_a_cell_and_discards_the_old_card_face_up() {
    let g = game(2);
    let mut s = g.new_game(2);
    finish_setup(&g, &mut s);
    let seat = usize::from(s.seat);
    set_discard_top(&mut s, 7);
    let old = s.cells[seat][5];
    play(&g, &mut s, Action::TakeDiscard(5)).unwrap();
    assert_eq!(value_of(s.cells[seat][5]), 7);
    assert!(s.up[seat] & (1 << 5) != 0);
    assert_eq!(s.discard.top(), Some(old));
    assert_eq!(usize::from(s.seat), 1 - seat);
    s.check_conservation().unwrap();
}

#[test]
fn drawing_then_placing_or_discarding_and_revealing() {
    let g = game(2);
    let mut s = g.new_game(3);
    finish_setup(&g, &mut s);
    let seat = usize::from(s.seat);
    set_draw_top(&mut s, -2);
    play(&g, &mut s, Action::Draw).unwrap();
    assert_eq!(g.to_move(&s), Turn::Chance);
    let mut outcomes = Vec::new();
    g.chance_outcomes(&s, &mut outcomes);
    assert_eq!(outcomes, vec![(Action::Drawn(-2), 1.0)]);
    assert_eq!(
        g.view_action(&s, Action::Drawn(-2), seat),
        Seen::Action(Action::Drawn(-2))
    );
    assert_eq!(
        g.view_action(&s, Action::Drawn(-2), 1 - seat),
        Seen::Hidden(Hidden::Draw)
    );
    play(&g, &mut s, Action::Drawn(-2)).unwrap();
    assert_eq!(s.hand_value(), Some(-2));
    // Place on any present cell; discard-and-reveal only face-down cells.
    let l = legal(&g, &s);
    assert!(l.contains(&Action::Place(0)) && !l.contains(&Action::DiscardFlip(0)));
    assert!(l.contains(&Action::DiscardFlip(4)));
    play(&g, &mut s, Action::DiscardFlip(4)).unwrap();
    assert_eq!(s.discard.top().map(value_of), Some(-2));
    assert!(s.up[seat] & (1 << 4) != 0);
    assert_eq!(s.hand, NONE);
    // Next player draws and places.
    let other = usize::from(s.seat);
    set_draw_top(&mut s, 3);
    play(&g, &mut s, Action::Draw).unwrap();
    play(&g, &mut s, Action::Drawn(3)).unwrap();
    let old = s.cells[other][7];
    play(&g, &mut s, Action::Place(7)).unwrap();
    assert_eq!(value_of(s.cells[other][7]), 3);
    assert_eq!(s.discard.top(), Some(old));
    s.check_conservation().unwrap();
}

#[test]
fn the_free_flip_is_on_by_default_and_an_option() {
    let g = game(2);
    let mut s = g.new_game(4);
    finish_setup(&g, &mut s);
    assert!(legal(&g, &s).contains(&Action::FreeFlip(5)));
    assert!(!legal(&g, &s).contains(&Action::FreeFlip(0)), "cell 0 is face up");
    let mut rules = Rules::new(2).unwrap();
    rules.free_flip = false;
    let g2 = Skyjo::new(rules).unwrap();
    assert!(legal(&g2, &s).iter().all(|a| !matches!(a, Action::FreeFlip(_))));
    let seat = usize::from(s.seat);
    play(&g, &mut s, Action::FreeFlip(5)).unwrap();
    assert!(s.up[seat] & (1 << 5) != 0);
    assert_eq!(usize::from(s.seat), 1 - seat);
}

#[test]
fn a_column_of_three_equal_cards_is_removed_swapped_card_first() {
    let g = game(2);
    let mut s = g.new_game(5);
    // Seat 0: column 1 (cells 1, 5, 9) will hold 8, 8 and a 4 to replace.
    set_grid(&mut s, 0, [0, 8, 1, 1, 2, 8, 2, 2, 3, 4, 3, 3]);
    s.phase = Phase::Turn;
    s.seat = 0;
    s.up[0] = (1 << 1) | (1 << 5) | (1 << 9);
    s.up[1] = 0b11;
    set_discard_top(&mut s, 8);
    let before = s.discard.len();
    let cleared = [s.cells[0][1], s.cells[0][5], s.cells[0][9]];
    play(&g, &mut s, Action::TakeDiscard(9)).unwrap();
    assert_eq!([s.cells[0][1], s.cells[0][5], s.cells[0][9]], [NONE; 3]);
    // Discard: the swapped-out 4, then the three 8s (top row first) on top.
    let d = s.discard.as_slice();
    assert_eq!(d.len(), before - 1 + 1 + 3);
    assert_eq!(value_of(d[d.len() - 4]), 4);
    assert_eq!(&d[d.len() - 3..d.len() - 1], &cleared[..2]);
    assert_eq!(
        d[d.len() - 3..].iter().map(|&c| value_of(c)).collect::<Vec<_>>(),
        vec![8, 8, 8]
    );
    s.check_conservation().unwrap();
    // Removed cells are no longer legal targets.
    s.seat = 0;
    s.phase = Phase::Turn;
    assert!(!legal(&g, &s).contains(&Action::TakeDiscard(1)));
}

#[test]
fn a_flip_can_clear_a_column() {
    let g = game(2);
    let mut s = g.new_game(6);
    set_grid(&mut s, 0, [5, 0, 1, 1, 5, 8, 2, 2, 5, 4, 3, 3]);
    s.phase = Phase::Turn;
    s.seat = 0;
    s.up[0] = 1 | (1 << 4);
    play(&g, &mut s, Action::FreeFlip(8)).unwrap();
    assert_eq!([s.cells[0][0], s.cells[0][4], s.cells[0][8]], [NONE; 3]);
    s.check_conservation().unwrap();
}

#[test]
fn an_exhausted_draw_pile_is_rebuilt_from_the_discards() {
    for all in [false, true] {
        let mut rules = Rules::new(2).unwrap();
        rules.reshuffle_all = all;
        let g = Skyjo::new(rules).unwrap();
        let mut s = g.new_game(7);
        finish_setup(&g, &mut s);
        // Move all but one draw card onto the discard pile.
        while s.draw.len() > 1 {
            let c = s.draw.pop().unwrap();
            s.discard.push(c);
        }
        s.check_conservation().unwrap();
        let discards = s.discard.len();
        let top = s.discard.top();
        play(&g, &mut s, Action::Draw).unwrap();
        let drawn = g.sample_chance(&s, &mut tabula_search::Rng::new(0));
        play(&g, &mut s, drawn).unwrap();
        assert_eq!(s.draw.len(), 0);
        play(&g, &mut s, Action::Place(0)).unwrap();
        // The placement discarded one more card; then the pile was rebuilt.
        if all {
            assert_eq!(s.discard.len(), 1);
            assert_eq!(s.draw.len(), discards);
        } else {
            assert_eq!(s.discard.len(), 1);
            assert_eq!(s.draw.len(), discards);
            assert_ne!(s.discard.top(), top, "the new top is the card just discarded");
        }
        s.check_conservation().unwrap();
    }
}

/// A state where seat 0 is about to reveal its last card.
fn closing_state(g: &Skyjo, seed: u64) -> State {
    let mut s = g.new_game(seed);
    s.phase = Phase::Turn;
    s.seat = 0;
    s.setup = [2; 8];
    s.up[0] = 0b0111_1111_1111;
    s
}

#[test]
fn the_closer_triggers_one_more_turn_for_everyone_then_scoring() {
    let g = game(3);
    let mut s = closing_state(&g, 8);
    set_grid(&mut s, 0, [1, 2, 3, 4, 2, 3, 4, 1, 3, 4, 1, 2]);
    set_grid(&mut s, 1, [5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10]);
    set_grid(&mut s, 2, [0; 12]);
    play(&g, &mut s, Action::FreeFlip(11)).unwrap();
    assert_eq!(s.closer(), Some(0));
    assert_eq!(g.to_move(&s), Turn::Seat(1));
    play(&g, &mut s, Action::FreeFlip(0)).unwrap();
    assert_eq!(g.to_move(&s), Turn::Seat(2));
    assert_eq!(s.rounds_played(), 0);
    play(&g, &mut s, Action::FreeFlip(0)).unwrap();
    // Scored: seat 0 has 30, seat 1 90, seat 2's zeros clear (columns of
    // three 0s) to 0: seat 0 is not strictly lowest → doubled.
    assert_eq!(s.rounds_played(), 1);
    assert_eq!(s.last_round(), &[60, 90, 0]);
    assert_eq!(s.totals(), &[60, 90, 0]);
    // A new round is dealt; the closer starts it after setup.
    assert_eq!(s.phase, Phase::Setup);
    finish_setup(&g, &mut s);
    assert_eq!(g.to_move(&s), Turn::Seat(0));
    s.check_conservation().unwrap();
}

#[test]
fn closer_doubling_exceptions_tie_doubles_zero_and_negative_never() {
    // No column of either grid is three equal cards.
    let cases: [([i8; 12], [i8; 12], [i32; 2]); 4] = [
        // Strictly lowest: not doubled (13 against 78).
        (
            [1, 2, 1, 2, 1, 2, 1, 2, 0, 0, 0, 1],
            [5, 6, 7, 8, 6, 7, 8, 5, 7, 8, 5, 6],
            [13, 78],
        ),
        // A tie doubles (13 against 13).
        (
            [1, 2, 1, 2, 1, 2, 1, 2, 0, 0, 0, 1],
            [2, 1, 1, 2, 1, 2, 2, 1, 0, 1, 0, 0],
            [26, 13],
        ),
        // Zero is never doubled (0 against -6).
        (
            [1, -1, 1, -1, 1, -1, 1, -1, 0, 0, 0, 0],
            [-2, -1, 0, 1, -1, 0, 1, -2, 0, 1, -2, -1],
            [0, -6],
        ),
        // Negative is never doubled (-2 against -6).
        (
            [-1, 0, 1, 0, 0, -1, 0, 1, 0, 1, -1, -2],
            [-2, -1, 0, 1, -1, 0, 1, -2, 0, 1, -2, -1],
            [-2, -6],
        ),
    ];
    for (mine, theirs, expected) in cases {
        let g = game(2);
        let mut s = closing_state(&g, 9);
        set_grid(&mut s, 0, mine);
        set_grid(&mut s, 1, theirs);
        s.up[1] = 0b0111_1111_1111;
        play(&g, &mut s, Action::FreeFlip(11)).unwrap();
        assert_eq!(s.closer(), Some(0));
        play(&g, &mut s, Action::FreeFlip(11)).unwrap();
        assert_eq!(s.last_round(), &expected, "{mine:?} vs {theirs:?}");
    }
}

#[test]
fn final_reveal_clearing_is_an_option() {
    for clear in [true, false] {
        let mut rules = Rules::new(2).unwrap();
        rules.clear_on_final_reveal = clear;
        let g = Skyjo::new(rules).unwrap();
        let mut s = closing_state(&g, 10);
        // Seat 0: columns 0-2 are three equal cards, face up but never
        // checked in play (only an action's column is); col 3 is 4, 4, 5.
        set_grid(&mut s, 0, [1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 5]);
        // Seat 1: column 0 is three hidden 9s, revealed only at the end.
        set_grid(&mut s, 1, [9, 2, 3, 4, 9, 2, 3, 5, 9, 6, 7, 8]);
        s.up[1] = 0b10;
        play(&g, &mut s, Action::FreeFlip(11)).unwrap();
        play(&g, &mut s, Action::FreeFlip(5)).unwrap();
        let full: i32 = [9, 2, 3, 4, 9, 2, 3, 5, 9, 6, 7, 8].iter().sum();
        if clear {
            assert_eq!(s.last_round(), &[13, full - 27]);
        } else {
            assert_eq!(s.last_round(), &[31, full]);
        }
    }
}

#[test]
fn the_game_ends_at_100_and_the_lowest_total_wins() {
    let g = game(2);
    let mut s = closing_state(&g, 11);
    s.totals[0] = 50;
    s.totals[1] = 95;
    set_grid(&mut s, 0, [1, 2, 1, 2, 1, 2, 1, 2, 0, 0, 0, 1]);
    set_grid(&mut s, 1, [5, 6, 7, 8, 6, 7, 8, 5, 7, 8, 5, 6]);
    s.up[1] = 0;
    play(&g, &mut s, Action::FreeFlip(11)).unwrap();
    play(&g, &mut s, Action::FreeFlip(0)).unwrap();
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(g.to_move(&s), Turn::Terminal);
    assert!(s.totals()[1] >= 100);
    assert_eq!(g.payoffs(&s).as_slice(), &[1.0, 0.0]);
    assert!(legal(&g, &s).is_empty());
}

#[test]
fn ties_share_the_win() {
    let g = game(3);
    let mut s = closing_state(&g, 12);
    s.phase = Phase::Over;
    s.totals[..3].copy_from_slice(&[100, 40, 40]);
    assert_eq!(g.payoffs(&s).as_slice(), &[0.0, 0.5, 0.5]);
}

#[test]
fn later_rounds_start_by_reveal_when_the_closer_option_is_off() {
    let mut rules = Rules::new(2).unwrap();
    rules.closer_starts_next = false;
    let g = Skyjo::new(rules).unwrap();
    let mut s = g.new_game(13);
    s.round = 1;
    s.prev_closer = 1;
    set_grid(&mut s, 0, [9, 9, 1, 2, 3, 4, 6, 7, 8, 10, 11, 12]);
    set_grid(&mut s, 1, [1, 1, 1, 2, 3, 4, 6, 7, 8, 10, 11, 12]);
    finish_setup(&g, &mut s);
    assert_eq!(g.to_move(&s), Turn::Seat(0));
    let g2 = game(2);
    let mut t = g2.new_game(13);
    t.round = 1;
    t.prev_closer = 1;
    set_grid(&mut t, 0, [9, 9, 1, 2, 3, 4, 6, 7, 8, 10, 11, 12]);
    finish_setup(&g2, &mut t);
    assert_eq!(g2.to_move(&t), Turn::Seat(1));
}

/// Two players with a turn limit of 3 turns per seat (6 turns a round),
/// setup done.
fn limited(turn_limit: u16, end_score: i32, seed: u64) -> (Skyjo, State) {
    let mut rules = Rules::new(2).unwrap();
    rules.turn_limit = turn_limit;
    rules.end_score = end_score;
    let g = Skyjo::new(rules).unwrap();
    let mut s = g.new_game(seed);
    finish_setup(&g, &mut s);
    (g, s)
}

/// Takes the discard into cell 0 (face up after setup): a turn that
/// reveals nothing.
fn swap_face_up(g: &Skyjo, s: &mut State) {
    play(g, s, Action::TakeDiscard(0)).unwrap();
}

#[test]
fn a_round_nobody_closes_ends_at_exactly_the_turn_limit_undoubled() {
    let (g, mut s) = limited(3, 1_000, 14);
    assert_eq!(g.rules().round_turn_limit(), 6);
    for turn in 1..=5 {
        swap_face_up(&g, &mut s);
        assert_eq!(s.round_turns(), turn);
        assert_eq!(s.rounds_played(), 0, "the round goes on before the limit");
        s.check_conservation().unwrap();
    }
    // The sixth turn reaches the limit. Seat 0 will score 30 and seat 1
    // 24: a closer with 30 would be doubled; nobody closed, so nobody is.
    // Seat 1's column 0 is three hidden 9s: the final reveal clears it.
    let mover = usize::from(s.seat);
    set_grid(&mut s, 0, [1, 2, 3, 4, 2, 3, 4, 1, 3, 4, 1, 2]);
    set_grid(&mut s, 1, [9, 2, 3, 4, 9, 2, 3, 5, 9, 1, 2, 2]);
    let cell0 = value_of(s.cells[mover][0]);
    set_discard_top(&mut s, cell0);
    s.check_conservation().unwrap();
    let before = g.observation(&s, 0);
    swap_face_up(&g, &mut s);
    let note = GameModule::note(&g, &before, &g.observation(&s, 0), 0).unwrap();
    assert!(note.contains("nobody closed in 6 turns"), "{note}");
    assert_eq!(s.rounds_played(), 1);
    assert_eq!(s.last_closer(), None, "no closer: the limit ended the round");
    assert_eq!(s.last_round(), &[30, 24]);
    assert_eq!(s.totals(), &[30, 24]);
    s.check_conservation().unwrap();
    // The next round is dealt afresh, its turns counted from 0, and starts
    // by the highest revealed total, there being no closer to start it.
    assert_eq!(s.phase, Phase::Setup);
    assert_eq!(s.round_turns(), 0);
    assert_eq!(s.closer(), None);
    assert!((0..2).all(|p| s.hidden_count(p) == 12));
    set_grid(&mut s, 0, [1, 1, 1, 2, 3, 4, 6, 7, 8, 10, 11, 12]);
    set_grid(&mut s, 1, [9, 9, 1, 2, 3, 4, 6, 7, 8, 10, 11, 12]);
    finish_setup(&g, &mut s);
    assert_eq!(g.to_move(&s), Turn::Seat(1));
    s.check_conservation().unwrap();
}

#[test]
fn a_round_ended_by_the_turn_limit_can_end_the_game() {
    let (g, mut s) = limited(1, 20, 15);
    set_grid(&mut s, 0, [1, 2, 3, 4, 2, 3, 4, 1, 3, 4, 1, 2]);
    set_grid(&mut s, 1, [5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10]);
    let first = usize::from(s.seat);
    let v = value_of(s.cells[first][0]);
    set_discard_top(&mut s, v);
    swap_face_up(&g, &mut s);
    let second = usize::from(s.seat);
    let v = value_of(s.cells[second][0]);
    set_discard_top(&mut s, v);
    swap_face_up(&g, &mut s);
    assert_eq!(s.last_round(), &[30, 90]);
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(g.payoffs(&s).as_slice(), &[1.0, 0.0]);
    s.check_conservation().unwrap();
}

#[test]
fn a_round_closed_on_the_limit_turn_still_plays_its_final_turns() {
    let (g, mut s) = limited(2, 1_000, 16);
    swap_face_up(&g, &mut s);
    swap_face_up(&g, &mut s);
    swap_face_up(&g, &mut s);
    // The fourth turn, the limit, reveals the mover's last card: it
    // closes the round, the other seat still has its final turn, and the
    // closer's score is doubled as usual.
    let closer = usize::from(s.seat);
    s.up[closer] = 0b0111_1111_1111;
    set_grid(&mut s, closer, [1, 2, 3, 4, 2, 3, 4, 1, 3, 4, 1, 2]);
    set_grid(&mut s, 1 - closer, [0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1]);
    play(&g, &mut s, Action::FreeFlip(11)).unwrap();
    assert_eq!(s.round_turns(), 4);
    assert_eq!(s.closer(), Some(closer));
    assert_eq!(s.rounds_played(), 0, "the other seat has its final turn");
    play(&g, &mut s, Action::FreeFlip(11)).unwrap();
    assert_eq!(s.rounds_played(), 1);
    assert_eq!(s.last_closer(), Some(closer));
    let mut expected = [0; 2];
    expected[closer] = 60;
    expected[1 - closer] = 18;
    assert_eq!(s.last_round(), &expected);
    s.check_conservation().unwrap();
}

#[test]
fn the_turn_limit_is_an_option_from_1_to_100_defaulting_to_100() {
    assert_eq!(Rules::default().turn_limit, DEFAULT_TURN_LIMIT);
    assert_eq!(DEFAULT_TURN_LIMIT, 100);
    for (limit, ok) in [
        (0, false),
        (1, true),
        (MAX_TURN_LIMIT, true),
        (MAX_TURN_LIMIT + 1, false),
    ] {
        let mut rules = Rules::new(8).unwrap();
        rules.turn_limit = limit;
        assert_eq!(rules.validate().is_ok(), ok, "{limit}");
    }
    // Rules written before the option (records) read as the default.
    let mut json = serde_json::to_value(Rules::new(3).unwrap()).unwrap();
    json.as_object_mut().unwrap().remove("turn_limit");
    let back: Rules = serde_json::from_value(json).unwrap();
    assert_eq!(back, Rules::new(3).unwrap());
}

#[test]
fn the_highest_turn_limit_ends_a_round_within_the_ply_guard() {
    // Eight seats that never reveal and spend three plies a turn (draw,
    // see, place on a face-up cell): the slowest round the rules allow.
    let mut rules = Rules::new(8).unwrap();
    rules.turn_limit = MAX_TURN_LIMIT;
    let g = Skyjo::new(rules).unwrap();
    let mut s = g.new_game(17);
    let mut plies = 0;
    while s.rounds_played() == 0 {
        let a = match s.phase {
            Phase::Drawing => g.sample_chance(&s, &mut tabula_search::Rng::new(0)),
            Phase::Setup => Action::Reveal(if s.up[usize::from(s.seat)] & 1 == 0 { 0 } else { 1 }),
            Phase::Turn => Action::Draw,
            Phase::Placing => Action::Place(0),
            Phase::Over => unreachable!("one round does not end this game"),
        };
        play(&g, &mut s, a).unwrap();
        plies += 1;
    }
    s.check_conservation().unwrap();
    assert_eq!(s.last_closer(), None);
    assert_eq!(plies, 16 + 3 * 800);
    assert!(plies + 3 * 7 < crate::MAX_ROUND_PLIES, "final turns included: {plies}");
}

#[test]
fn an_observation_at_or_past_the_turn_limit_without_a_closer_is_refused() {
    let (g, mut s) = limited(3, 1_000, 18);
    for _ in 0..5 {
        swap_face_up(&g, &mut s);
    }
    let mut obs = g.observation(&s, 0);
    assert_eq!(obs.round_turns, 5);
    obs.check(g.rules()).unwrap();
    obs.round_turns = 6;
    assert!(obs.check(g.rules()).unwrap_err().contains("turn limit is 6"));
    // With a closer, the other seats' final turns may pass the limit.
    obs.closer = Some(0);
    obs.final_left = 1;
    obs.check(g.rules()).unwrap();
    obs.round_turns = 8;
    assert!(obs.check(g.rules()).is_err());
}
