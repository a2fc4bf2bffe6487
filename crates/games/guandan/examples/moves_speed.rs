//! Speed of Guandan's move generation, one core: `plays` calls per second
//! for a lead over fixed seeded random hands of 27 cards (and of 10, late
//! in a hand) at random levels, wild cards and straight flushes included,
//! and for an answer to a random lead of another hand; and `take` calls
//! per second (the cards a play takes, run by every play in a search),
//! with the mean cards taken.
//! Each figure is the fastest of three passes, with the mean number of
//! plays listed per call beside it.
//!
//! ```text
//! cargo run --release -p tabula-guandan --example moves_speed -- [HANDS]
//! ```

use tabula_conformance::speed::fastest_pass;
use tabula_guandan::cards::{Cards, DECK, HandView};
use tabula_guandan::moves::{Play, Scratch, plays, take};
use tabula_search::Rng;

/// `n` cards of the deck.
fn deal(rng: &mut Rng, n: usize) -> Cards {
    let mut all: Vec<_> = DECK.iter().collect();
    rng.shuffle(&mut all);
    all[..n].iter().copied().collect()
}

/// Prints the work, the fastest of three passes' time, its rate and the
/// mean of what `f` returns.
fn time<T>(what: &str, unit: &str, items: &[T], f: impl FnMut(&T) -> u64) {
    let (secs, sum) = fastest_pass(items, 3, f);
    println!(
        "{what:<40} {:>8} in {:>7.3} s: {:>10.0} /s  (mean {:.1} {unit})",
        items.len(),
        secs,
        items.len() as f64 / secs,
        sum as f64 / items.len() as f64
    );
}

fn main() {
    let hands = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20_000usize);
    let mut rng = Rng::new(2026);
    let full: Vec<(Cards, u8)> = (0..hands).map(|_| (deal(&mut rng, 27), rng.below(13) as u8)).collect();
    let late: Vec<(Cards, u8)> = (0..hands).map(|_| (deal(&mut rng, 10), rng.below(13) as u8)).collect();
    let (mut scratch, mut out): (Scratch, Vec<Play>) = (Scratch::default(), Vec::with_capacity(1 << 14));
    time("plays, a lead of 27 cards", "plays", &full, |(h, l)| {
        plays(&HandView::of(*h, *l), *l, None, &mut scratch, &mut out);
        out.len() as u64
    });
    time("plays, a lead of 10 cards", "plays", &late, |(h, l)| {
        plays(&HandView::of(*h, *l), *l, None, &mut scratch, &mut out);
        out.len() as u64
    });
    // A target for each hand: a random lead of the next hand.
    let cases: Vec<(Cards, u8, Play)> = full
        .windows(2)
        .map(|w| {
            let ((hand, level), (next, _)) = (w[0], w[1]);
            plays(&HandView::of(next, level), level, None, &mut scratch, &mut out);
            (hand, level, out[rng.below(out.len() as u64) as usize])
        })
        .collect();
    time("plays, 27 cards on a random lead", "plays", &cases, |(h, l, t)| {
        plays(&HandView::of(*h, *l), *l, Some(&t.combo), &mut scratch, &mut out);
        out.len() as u64
    });
    // The cards of a random lead of each hand.
    let picks: Vec<(Cards, u8, Play)> = full
        .iter()
        .map(|&(h, l)| {
            plays(&HandView::of(h, l), l, None, &mut scratch, &mut out);
            (h, l, out[rng.below(out.len() as u64) as usize])
        })
        .collect();
    time("take, a random lead of 27 cards", "cards", &picks, |(h, l, p)| {
        take(*h, *l, p).map_or(0, |c| c.len() as u64)
    });
}
