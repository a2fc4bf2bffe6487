//! A hand's score: contracts, overtricks and their penalty, nil and blind
//! nil, ten for two hundred.

use serde::{Deserialize, Serialize};

use crate::options::SpadesOptions;
use crate::seats::{SEATS, SIDES};

/// One side's hand, as [`score_hand`] reads it and explains it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SideScore {
    /// The side's contract: its bids other than nil.
    pub contract: u8,
    /// Tricks its seats that did not bid nil took.
    pub tricks: u8,
    /// Points for the contract (+10 or +20 a trick bid when made, −10 a
    /// trick when set).
    pub contract_points: i32,
    /// Points for nil bids (±100, blind ±200).
    pub nil_points: i32,
    /// Overtricks this hand (each 1 point), the failed nil's tricks included.
    pub bags: u8,
    /// −100 for each ten bags the side's count reached this hand.
    pub bag_penalty: i32,
    /// The hand's total.
    pub total: i32,
}

/// A hand's score for both sides: `bids[s]` (0 nil), `blind[s]`, the
/// tricks each seat took, and the bags each side carried in; answers each
/// side's score and its bags carried out (below ten).
pub fn score_hand(
    bids: &[u8; SEATS],
    blind: &[bool; SEATS],
    tricks: &[u8; SEATS],
    bags_before: [u8; SIDES],
    options: &SpadesOptions,
) -> ([SideScore; SIDES], [u8; SIDES]) {
    let mut out = [SideScore::default(); SIDES];
    let mut bags_after = bags_before;
    for side in 0..SIDES {
        let o = &mut out[side];
        let mut nil_tricks = 0;
        for seat in [side, side + 2] {
            if bids[seat] == 0 {
                let worth = if blind[seat] { 200 } else { 100 };
                o.nil_points += if tricks[seat] == 0 { worth } else { -worth };
                nil_tricks += tricks[seat];
            } else {
                o.contract += bids[seat];
                o.tricks += tricks[seat];
            }
        }
        let mut bags = nil_tricks;
        if o.contract > 0 {
            if o.tricks >= o.contract {
                let per = if options.ten_for_two_hundred && o.contract >= 10 {
                    20
                } else {
                    10
                };
                o.contract_points = per * i32::from(o.contract);
                bags += o.tricks - o.contract;
            } else {
                o.contract_points = -10 * i32::from(o.contract);
            }
        } else {
            bags += o.tricks;
        }
        o.bags = bags;
        let mut count = bags_before[side] + bags;
        while count >= 10 {
            o.bag_penalty -= 100;
            count -= 10;
        }
        bags_after[side] = count;
        o.total = o.contract_points + o.nil_points + i32::from(bags) + o.bag_penalty;
    }
    (out, bags_after)
}
