//! Speed of move generation, one core: `all_plays` calls per second over
//! fixed seeded random hands of 17 and of 20 cards (200,000 of each unless
//! `HANDS` says otherwise), without and with the four with two, and
//! `plays_beating` calls per second for a 17-card hand against a random
//! lead of another hand. Each figure is the fastest of three passes, with
//! the mean number of combinations generated per call beside it.
//!
//! ```text
//! cargo run --release -p tabula-doudizhu --example moves_speed -- [HANDS]
//! ```

use tabula_cards::CardSet;
use tabula_conformance::speed::fastest_pass;
use tabula_doudizhu::cards::{Counts, counts_of};
use tabula_doudizhu::combo::Combo;
use tabula_doudizhu::moves::{all_plays, plays_beating};
use tabula_search::Rng;

/// `n` cards drawn from the 54-card deck.
fn deal(rng: &mut Rng, n: usize) -> Counts {
    let mut deck: Vec<u64> = (0..54).collect();
    rng.shuffle(&mut deck);
    counts_of(CardSet(deck[..n].iter().fold(0, |s, &c| s | 1 << c)))
}

/// Prints the work, the fastest of three passes' time, its rate and the
/// mean of what `f` returns (the combinations generated).
fn time<T>(what: &str, items: &[T], f: impl FnMut(&T) -> u64) {
    let (secs, sum) = fastest_pass(items, 3, f);
    println!(
        "{what:<46} {:>8} in {:>7.3} s: {:>12.0} /s  (mean {:.1} combinations)",
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
        .unwrap_or(200_000usize);
    let mut rng = Rng::new(2024);
    let seventeen: Vec<Counts> = (0..hands).map(|_| deal(&mut rng, 17)).collect();
    let twenty: Vec<Counts> = (0..hands).map(|_| deal(&mut rng, 20)).collect();
    let mut out: Vec<Combo> = Vec::with_capacity(4096);
    for four_with_two in [false, true] {
        time(
            &format!("all_plays, 17 cards, four_with_two = {four_with_two}"),
            &seventeen,
            |&h| {
                all_plays(h, four_with_two, &mut out);
                out.len() as u64
            },
        );
        time(
            &format!("all_plays, 20 cards, four_with_two = {four_with_two}"),
            &twenty,
            |&h| {
                all_plays(h, four_with_two, &mut out);
                out.len() as u64
            },
        );
    }
    // A target for each hand: a random lead of the next hand.
    let cases: Vec<(Counts, Combo)> = seventeen
        .iter()
        .zip(seventeen.iter().cycle().skip(1))
        .map(|(&h, &other)| {
            all_plays(other, true, &mut out);
            (h, out[rng.below(out.len() as u64) as usize])
        })
        .collect();
    time("plays_beating, 17 cards on a random lead", &cases, |(h, t)| {
        plays_beating(*h, t, true, &mut out);
        out.len() as u64
    });
}
