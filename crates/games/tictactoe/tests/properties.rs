//! Invariants on random positions: every fast search returns plain
//! minimax's value, and the rules' fast paths match their definitions.

use proptest::prelude::*;
use tabula_search::*;
use tabula_tictactoe::*;

/// A legal position: a random sequence of moves from the empty board.
fn position() -> impl Strategy<Value = Board> {
    proptest::collection::vec(0u8..9, 0..9).prop_map(|picks| {
        let mut b = Board::new();
        let mut legal = Vec::new();
        for p in picks {
            TicTacToe.legal_actions(&b, &mut legal);
            if legal.is_empty() {
                break;
            }
            b.play_unchecked(legal[p as usize % legal.len()]);
        }
        b
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn alphabeta_equals_minimax_at_every_depth(b in position(), depth in 1u32..10) {
        let minimax = Minimax::new().search(&TicTacToe, &b, Some(depth), &OpenLines, &Budget::unlimited(), false);
        let mut plain = AlphaBeta::new(AlphaBetaConfig::plain());
        let ab = plain.search(&TicTacToe, &b, Some(depth), &OpenLines, &CentreFirst, &Budget::unlimited());
        prop_assert_eq!(ab.value, minimax.result.value);
        prop_assert!(ab.stats.nodes <= minimax.result.stats.nodes);
        let mut with_table = AlphaBeta::new(AlphaBetaConfig { tt_bytes: 1 << 16, quiescence_plies: 0 });
        let id = with_table.iterative_deepening(&TicTacToe, &b, Some(depth), &OpenLines, &CentreFirst, &Budget::unlimited());
        prop_assert_eq!(id.value, minimax.result.value);
        // The best action really has the value claimed.
        if let Some(a) = id.action {
            let mut child = b;
            child.play_unchecked(a);
            let after = Minimax::new().search(&TicTacToe, &child, Some(depth - 1), &OpenLines, &Budget::unlimited(), false);
            prop_assert_eq!(f64::from(after.score) * if b.side_to_move() == Mark::X { 1.0 } else { -1.0 }, id.value);
        }
    }

    #[test]
    fn the_principal_variation_is_legal_and_reaches_the_value(b in position()) {
        let mut ab = AlphaBeta::new(AlphaBetaConfig { tt_bytes: 1 << 20, quiescence_plies: 0 });
        let r = ab.iterative_deepening(&TicTacToe, &b, None, &Utility, &NaturalOrder, &Budget::unlimited());
        let mut end = b;
        for &s in &r.stats.pv {
            prop_assert!(end.play(s).is_ok(), "pv move {} illegal in {}", s, end);
        }
        if !b.is_over() {
            prop_assert!(end.is_over(), "a solved pv ends the game: {:?} from {}", r.stats.pv, b);
            let score = f64::from(TicTacToe.payoffs(&end).get(0) as i32);
            prop_assert_eq!(score * if b.side_to_move() == Mark::X { 1.0 } else { -1.0 }, r.value);
        }
    }

    #[test]
    fn text_and_hash_round_trip(b in position()) {
        let back: Board = b.to_string().parse().unwrap();
        prop_assert_eq!(back, b);
        prop_assert_eq!(TicTacToe.hash(&b), TicTacToe.hash_from_scratch(&b));
    }

    #[test]
    fn searches_are_deterministic_by_seed(b in position(), seed in any::<u64>()) {
        prop_assume!(!b.is_over());
        let run = |s| Mcts::new(MctsConfig::default()).search(&TicTacToe, &b, &mut RandomRollout::new(), &NoPrior, &Budget::iterations(300), s);
        let (x, y) = (run(seed), run(seed));
        prop_assert_eq!((x.action, x.value, x.stats.nodes, &x.stats.root), (y.action, y.value, y.stats.nodes, &y.stats.root));
        let ismcts = |s| Ismcts::new(IsmctsConfig::default()).search(&TicTacToe, &b, b.side_to_move().seat(), &mut RandomRollout::new(), &Budget::iterations(300), s);
        let (x, y) = (ismcts(seed), ismcts(seed));
        prop_assert_eq!((x.action, x.stats.nodes, &x.stats.root), (y.action, y.stats.nodes, &y.stats.root));
    }
}

#[test]
fn rejected_moves_change_nothing() {
    let mut b: Board = "xx.oo....".parse().unwrap();
    let before = b;
    assert_eq!(b.play(0), Err(MoveError::Taken(0)));
    assert_eq!(b.play(9), Err(MoveError::NoSuchSquare(9)));
    assert_eq!(b, before);
    b.play(2).unwrap();
    assert_eq!(b.play(5), Err(MoveError::GameOver));
    assert!(play(&TicTacToe, &mut b, 5).is_err());
}

#[test]
fn unreachable_boards_are_refused_with_a_reason() {
    for (text, reason) in [
        ("xxxooo...", "both sides"),
        ("xxxoo.o..", "O moved after X had won"),
        ("ooo.xxxx.", "X moved after O had won"),
        ("xx.......", "X has 2 marks and O 0"),
        ("x.x.o.x.?", "square 8 holds '?'"),
        ("x.x", "9 squares"),
    ] {
        let err = text.parse::<Board>().unwrap_err().to_string();
        assert!(err.contains(reason), "{text}: {err}");
    }
}

#[test]
fn a_cancelled_search_returns_at_once_with_a_legal_move() {
    let flag = CancelFlag::new();
    flag.cancel();
    let budget = Budget::unlimited().with_cancel(flag);
    let mut ab = AlphaBeta::new(AlphaBetaConfig::plain());
    let r = ab.iterative_deepening(&TicTacToe, &Board::new(), None, &Utility, &NaturalOrder, &budget);
    assert_eq!(r.stats.stop, Stop::Cancelled);
    assert!(r.action.is_some());
    assert!(r.stats.nodes <= 300, "{}", r.stats.nodes);
    let r = Mcts::new(MctsConfig::default()).search(
        &TicTacToe,
        &Board::new(),
        &mut RandomRollout::new(),
        &NoPrior,
        &budget,
        1,
    );
    assert_eq!(r.stats.stop, Stop::Cancelled);
}

#[test]
fn a_node_budget_stops_the_search() {
    let mut ab = AlphaBeta::new(AlphaBetaConfig::plain());
    let r = ab.search(
        &TicTacToe,
        &Board::new(),
        None,
        &Utility,
        &NaturalOrder,
        &Budget::nodes(1000),
    );
    assert_eq!(r.stats.stop, Stop::Nodes);
    assert_eq!(r.stats.nodes, 1000);
    let r = Minimax::new().search(&TicTacToe, &Board::new(), None, &Utility, &Budget::nodes(5000), false);
    assert_eq!(r.result.stats.stop, Stop::Nodes);
}
