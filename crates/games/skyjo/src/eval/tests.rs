//! The estimate's and the move scorer's numbers, checked by hand.

use super::*;

fn flat_ctx(mean: f64, h: usize) -> Ctx {
    Ctx {
        hidden_value: mean + RISK_BASE + RISK_URGENCY / (1.0 + h as f64),
        mean,
        align_p: [0.3; NUM_VALUES],
        prob: [1.0 / NUM_VALUES as f64; NUM_VALUES],
    }
}

#[test]
fn risk_premium_matches_the_spec_points() {
    // h = 6 → u = 1/7 ≈ 0.14; h = 1 → u = 0.5.
    let c6 = flat_ctx(5.0, 6);
    assert!((c6.hidden_value - (5.0 + 0.4 + 1.6 / 7.0)).abs() < 1e-12);
    let c1 = flat_ctx(5.0, 1);
    assert!((c1.hidden_value - (5.0 + 0.4 + 0.8)).abs() < 1e-12);
}

#[test]
fn columns_follow_the_rules_of_the_estimate() {
    let ctx = flat_ctx(5.0, 6);
    let hv = ctx.hidden_value;
    // Removed, and three equal revealed: 0.
    assert_eq!(column_value(&ctx, Slot::Removed, Slot::Removed, Slot::Removed), 0.0);
    assert_eq!(column_value(&ctx, Slot::Up(12), Slot::Up(12), Slot::Up(12)), 0.0);
    assert_eq!(column_value(&ctx, Slot::Up(1), Slot::Up(2), Slot::Up(3)), 6.0);
    // Two equal visible, one hidden: discounted, not 0.
    let two = column_value(&ctx, Slot::Up(12), Slot::Up(12), Slot::Hidden);
    let base = 24.0 + hv;
    assert!((two - (base - 0.9 * 0.3 * base)).abs() < 1e-12);
    assert!(two > 0.0);
    // One visible, two hidden: p squared.
    let one = column_value(&ctx, Slot::Up(12), Slot::Hidden, Slot::Hidden);
    let base1 = 12.0 + 2.0 * hv;
    assert!((one - (base1 - 0.9 * 0.09 * base1)).abs() < 1e-12);
    // Different visible values: no discount.
    let mixed = column_value(&ctx, Slot::Up(3), Slot::Up(4), Slot::Hidden);
    assert!((mixed - (7.0 + hv)).abs() < 1e-12);
    // A negative column keeps its value (positive part only).
    let neg_ctx = Ctx {
        hidden_value: -1.5,
        ..ctx
    };
    let neg = column_value(&neg_ctx, Slot::Up(-2), Slot::Up(-2), Slot::Hidden);
    assert!((neg - (-5.5)).abs() < 1e-12);
}

#[test]
fn alignment_probability_is_capped_and_uses_the_horizon() {
    let mut obs_sit = Situation {
        players: 2,
        me: 0,
        grids: [EMPTY_GRID; MAX_SEATS],
        unseen: VALUE_COUNTS,
        discard_top: None,
        hand: None,
        next_draw: None,
        phase: Phase::Turn,
        closer: None,
    };
    let hidden = NormGrid {
        slots: [Slot::Hidden; CELLS],
    };
    obs_sit.grids[0] = hidden;
    obs_sit.grids[1] = hidden;
    let ctx = obs_sit.context(0);
    // 10 twelves of 150, 1.5 per turn, horizon min(12, 7) = 7: 0.7 → 0.6.
    assert!((ctx.align_p[14] - 0.6).abs() < 1e-12);
    // 5 of −2: 5/150·1.5·7 = 0.35.
    assert!((ctx.align_p[0] - 0.35).abs() < 1e-12);
    assert!((ctx.mean - 760.0 / 150.0).abs() < 1e-12);
    obs_sit.closer = Some(1);
    assert_eq!(obs_sit.context(0).align_p[14], 0.0);
}

#[test]
fn closing_risk_doubles_positive_scores_only() {
    assert_eq!(closing_risk(0.0, -5.0), 0.0);
    assert_eq!(closing_risk(-3.0, 10.0), 0.0);
    assert!(closing_risk(20.0, 5.0) > 19.0);
    assert!(closing_risk(5.0, 20.0) < 0.05);
    assert!((closing_risk(10.0, 10.0) - 5.0).abs() < 1e-12);
}
