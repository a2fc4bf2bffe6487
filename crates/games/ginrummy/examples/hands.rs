//! Points per hand between two Gin Rummy players, the measure of issue 28:
//! each deal is one hand, played twice with the seats swapped on the same
//! cards (the same chance stream), scored as the rules score a hand (the
//! deadwood difference, gin 25, undercut 25; no box or game bonus; a dead
//! hand 0). Prints A's mean points per hand with a 95% interval over the
//! deals (each deal's two hands one paired sample), how the hands ended
//! for each side, and A's decision times (median and 90th percentile, per
//! kind of decision).
//!
//! A player is `level:N` (0 to 4), or a hybrid `mix:D:S:K` that draws as
//! level D, discards as level S and decides whether to knock as level K
//! (a knock only when K's choice is a knock; otherwise S's card, as a
//! discard): the hybrids put one kind of decision of a stronger level
//! into a weaker one, to find where the points are won or lost. A spec
//! ending in `+oracle` is handed the other hand (as if every card of it
//! had been taken from the pile): a bound on what reading the other hand
//! could gain, never a fair player. With `--regret`, each of A's
//! decisions is also put to level 4 handed the other hand (the oracle):
//! per kind of decision, how often A chose otherwise and how many points
//! a hand that cost by the oracle's estimate (both choices played out on
//! the same 200 worlds of the oracle's knowledge).
//!
//! ```text
//! cargo run --release -p tabula-ginrummy --example hands -- \
//!     --a level:4 --b level:0 --deals 500 --seed 1 [--threads 2] [--regret]
//! ```

use std::time::Instant;

use tabula_ginrummy::{Action, Ending, GinAi, GinOptions, GinRummy, Phase, State};
use tabula_search::rng::derive_seed;
use tabula_search::{Game, Player, Rng, Seat, Turn};

/// A player of the measure: one level, or one level per kind of decision.
#[derive(Clone, Copy, Debug)]
struct Spec {
    draw: u8,
    discard: u8,
    knock: u8,
    /// Sees the other hand (an upper bound, never a fair player).
    oracle: bool,
}

impl Spec {
    fn parse(text: &str) -> Result<Spec, String> {
        if let Some(fair) = text.strip_suffix("+oracle") {
            return Ok(Spec {
                oracle: true,
                ..Spec::parse(fair)?
            });
        }
        let level = |t: &str| match t.parse::<u8>() {
            Ok(n) if n <= 4 => Ok(n),
            _ => Err(format!("not a level 0 to 4: {t}")),
        };
        if let Some(n) = text.strip_prefix("level:") {
            let n = level(n)?;
            return Ok(Spec {
                draw: n,
                discard: n,
                knock: n,
                oracle: false,
            });
        }
        if let Some(rest) = text.strip_prefix("mix:") {
            let parts: Vec<&str> = rest.split(':').collect();
            if let [d, s, k] = parts[..] {
                return Ok(Spec {
                    draw: level(d)?,
                    discard: level(s)?,
                    knock: level(k)?,
                    oracle: false,
                });
            }
        }
        Err(format!("not a player: {text} (level:N or mix:D:S:K)"))
    }
}

/// A seated player: one AI per level it uses.
struct Seated {
    spec: Spec,
    ais: Vec<(u8, GinAi)>,
}

impl Seated {
    fn new(spec: Spec, seed: u64) -> Seated {
        let mut levels = vec![spec.draw, spec.discard, spec.knock];
        levels.sort_unstable();
        levels.dedup();
        Seated {
            spec,
            ais: levels.into_iter().map(|l| (l, GinAi::new(l, seed))).collect(),
        }
    }

    fn ask(&mut self, level: u8, game: &GinRummy, s: &State, seat: Seat) -> Action {
        let ai = &mut self.ais.iter_mut().find(|(l, _)| *l == level).expect("a level").1;
        let mut o = game.observation(s, seat);
        if self.spec.oracle {
            o.other_known = s.hands()[1 - seat];
        }
        ai.choose(game, &o, seat).action.expect("an action")
    }

    fn choose(&mut self, game: &GinRummy, s: &State, seat: Seat) -> Action {
        let spec = self.spec;
        if s.phase() != Phase::Discard {
            return self.ask(spec.draw, game, s, seat);
        }
        let knock = self.ask(spec.knock, game, s, seat);
        if matches!(knock, Action::Knock(_) | Action::BigGin) || spec.knock == spec.discard {
            return knock;
        }
        match self.ask(spec.discard, game, s, seat) {
            Action::Knock(c) => Action::Discard(c),
            other => other,
        }
    }
}

/// One hand's outcome from A's seat.
#[derive(Clone, Copy, Default)]
struct Hand {
    points: f64,
    ending: Option<(Ending, bool)>,
    plies: u32,
}

/// Times of A's decisions, in seconds, per kind: draw, discard.
type Times = [Vec<f64>; 2];

/// The kinds of decision the regret is counted by.
const KINDS: [&str; 3] = [
    "take the pile's card or not",
    "knock or play on",
    "which card to discard",
];

/// A's decisions against an oracle's (level 4 handed the other hand), per
/// kind: decisions, disagreements, and the oracle's estimate of the points
/// A's choices gave away (its choice against A's, on the same worlds).
#[derive(Clone, Copy, Default)]
struct Regret {
    decisions: [u32; 3],
    differ: [u32; 3],
    points: [f64; 3],
    /// Of the discards unlike the oracle's: A's card melds with the other
    /// hand and the oracle's does not (feeding), and the points of those.
    fed: u32,
    fed_points: f64,
    /// Of the rest: A's discard leaves more deadwood than the oracle's.
    higher: u32,
    higher_points: f64,
}

/// How well the search's worlds guess the other hand at A's decisions:
/// the mean, over the decisions, of the share of the other seat's hidden
/// cards a world holds (200 worlds each), against what uniform worlds hold.
#[derive(Clone, Copy, Default)]
struct Guess {
    decisions: u32,
    hit: f64,
    uniform: f64,
}

fn guess(game: &GinRummy, s: &State, seat: Seat, g: &mut Guess) {
    use tabula_ginrummy::ai::INFERENCE;
    use tabula_search::Determinize;
    let o = game.observation(s, seat);
    let hidden = s.hands()[1 - seat] - o.other_known;
    if hidden.is_empty() {
        return;
    }
    let model = game.inferring(INFERENCE);
    let mut sampler = model.sampler(&o, seat);
    let mut rng = Rng::new(g.decisions.into());
    let worlds = 200;
    let mut hit = 0.0;
    for _ in 0..worlds {
        let w = sampler.sample(&mut rng);
        hit += (w.hands()[1 - seat] & hidden).len() as f64 / hidden.len() as f64;
    }
    g.decisions += 1;
    g.hit += hit / f64::from(worlds);
    g.uniform += hidden.len() as f64 / o.unseen().len() as f64;
}

/// The oracle's judgement of A's `chosen` action in `s` (see [`Regret`]).
fn judge(game: &GinRummy, s: &State, seat: Seat, chosen: Action, regret: &mut Regret) {
    use tabula_ginrummy::ai::{INFERENCE, Root, play_roots};
    let mut o = game.observation(s, seat);
    o.other_known = s.hands()[1 - seat];
    let mut legal = Vec::new();
    game.legal_actions(s, &mut legal);
    let knock_legal = legal.iter().any(|a| matches!(a, Action::Knock(_)));
    let oracle = GinAi::new(4, 99).choose(game, &o, seat).action.expect("an action");
    let is_knock = |a: Action| matches!(a, Action::Knock(_) | Action::BigGin);
    let kind = match s.phase() {
        Phase::Discard if knock_legal && (is_knock(oracle) || is_knock(chosen)) => 1,
        Phase::Discard => 2,
        _ => 0,
    };
    regret.decisions[kind] += 1;
    if oracle == chosen {
        return;
    }
    regret.differ[kind] += 1;
    let roots = [Root::single(oracle), Root::single(chosen)];
    let mut values = Vec::new();
    let worlds = 200;
    let model = game.inferring(INFERENCE);
    play_roots(
        &model,
        &o,
        seat,
        &roots,
        worlds,
        5,
        &mut Default::default(),
        &mut values,
    );
    let gap: f64 = values.chunks(2).map(|v| v[0] - v[1]).sum::<f64>() / worlds as f64;
    regret.points[kind] += gap;
    if let (Action::Discard(mine), Action::Discard(theirs)) = (chosen, oracle) {
        use tabula_ginrummy::{best_partition, deadwood};
        let other = s.hands()[1 - seat];
        let melds = |c| {
            !best_partition(other | tabula_cards::CardSet::of(c))
                .deadwood()
                .contains(c)
        };
        let hand = s.hands()[seat];
        let left = |c| deadwood(hand - tabula_cards::CardSet::of(c));
        if melds(mine) && !melds(theirs) {
            regret.fed += 1;
            regret.fed_points += gap;
        } else if left(mine) > left(theirs) {
            regret.higher += 1;
            regret.higher_points += gap;
        }
    }
}

/// A thread's deals, each with its two hands (A in seat 0, then seat 1).
type Deals = Vec<(u64, [Hand; 2])>;

/// What one thread counts of A's decisions: their times, and when asked
/// the oracle's regret and the worlds' guess.
#[derive(Default)]
struct Tally {
    times: Times,
    regret: Option<Regret>,
    guess: Option<Guess>,
}

fn play_hand(game: &GinRummy, specs: [Spec; 2], a: usize, seed: u64, deal: u64, tally: &mut Tally) -> Hand {
    let mut seats = [
        Seated::new(specs[0], derive_seed(seed, 2 * deal)),
        Seated::new(specs[1], derive_seed(seed, 2 * deal + 1)),
    ];
    if a == 1 {
        seats.swap(0, 1);
    }
    let mut chance = Rng::new(derive_seed(seed ^ 0xD1A1, deal));
    let mut s = game.initial_state();
    let mut plies = 0;
    while s.hand_no() == 0 && !s.is_over() {
        let action = match game.to_move(&s) {
            Turn::Seat(seat) => {
                let start = Instant::now();
                let act = seats[seat].choose(game, &s, seat);
                if seat == a {
                    let kind = usize::from(s.phase() == Phase::Discard);
                    tally.times[kind].push(start.elapsed().as_secs_f64());
                    if let Some(g) = tally.guess.as_mut() {
                        guess(game, &s, seat, g);
                    }
                    if let Some(r) = tally.regret.as_mut() {
                        judge(game, &s, seat, act, r);
                    }
                }
                plies += 1;
                act
            }
            _ => game.sample_chance(&s, &mut chance),
        };
        game.apply(&mut s, action);
    }
    let r = s.last().expect("a finished hand");
    let sign = |w: u8| if usize::from(w) == a { 1.0 } else { -1.0 };
    Hand {
        points: r.winner.map_or(0.0, |w| sign(w) * f64::from(r.points)),
        ending: r.knocker.map(|k| (r.ending, usize::from(k) == a)),
        plies,
    }
}

fn arg(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let spec = |name: &str, default: &str| {
        Spec::parse(&arg(&args, name).unwrap_or_else(|| default.into())).unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2)
        })
    };
    let names = [
        arg(&args, "--a").unwrap_or_else(|| "level:4".into()),
        arg(&args, "--b").unwrap_or_else(|| "level:0".into()),
    ];
    let specs = [spec("--a", "level:4"), spec("--b", "level:0")];
    let number = |name: &str, default: u64| arg(&args, name).map_or(default, |v| v.parse().expect("a number"));
    let deals = number("--deals", 200);
    let seed = number("--seed", 1);
    let threads = number("--threads", 2).max(1);
    let judged = args.iter().any(|a| a == "--regret");
    let guessing = args.iter().any(|a| a == "--guess");
    let game = GinRummy::new(GinOptions::default()).expect("the default options");

    let started = Instant::now();
    let results: Vec<(Deals, Tally)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let game = &game;
                scope.spawn(move || {
                    let mut tally = Tally {
                        regret: judged.then(Regret::default),
                        guess: guessing.then(Guess::default),
                        ..Tally::default()
                    };
                    let mut out = Vec::new();
                    for deal in (t..deals).step_by(threads as usize) {
                        let hands = [0, 1].map(|a| play_hand(game, specs, a, seed, deal, &mut tally));
                        out.push((deal, hands));
                    }
                    (out, tally)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("a thread")).collect()
    });
    let mut pairs: Deals = Vec::new();
    let mut times: Times = [Vec::new(), Vec::new()];
    let mut regret = Regret::default();
    let mut guessed = Guess::default();
    for (p, t) in results {
        pairs.extend(p);
        for (all, some) in times.iter_mut().zip(&t.times) {
            all.extend(some);
        }
        if let Some(g) = t.guess {
            guessed.decisions += g.decisions;
            guessed.hit += g.hit;
            guessed.uniform += g.uniform;
        }
        if let Some(r) = t.regret {
            for k in 0..3 {
                regret.decisions[k] += r.decisions[k];
                regret.differ[k] += r.differ[k];
                regret.points[k] += r.points[k];
            }
            regret.fed += r.fed;
            regret.fed_points += r.fed_points;
            regret.higher += r.higher;
            regret.higher_points += r.higher_points;
        }
    }
    pairs.sort_by_key(|p| p.0);

    let n = pairs.len() as f64;
    let per_deal: Vec<f64> = pairs.iter().map(|(_, h)| (h[0].points + h[1].points) / 2.0).collect();
    let mean = per_deal.iter().sum::<f64>() / n;
    let var = per_deal.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    println!(
        "{} against {}: {} hands ({} deals, seats swapped), seed {seed}, {:.0} s",
        names[0],
        names[1],
        2 * pairs.len(),
        pairs.len(),
        started.elapsed().as_secs_f64()
    );
    println!(
        "A's points per hand: {mean:+.2} (95% [{:+.2}, {:+.2}])",
        mean - half,
        mean + half
    );
    let hands: Vec<Hand> = pairs.iter().flat_map(|(_, h)| *h).collect();
    let plies = hands.iter().map(|h| f64::from(h.plies)).sum::<f64>() / hands.len() as f64;
    println!("plies per hand (both seats' decisions): {plies:.1}");
    for (side, mine) in [("A", true), ("B", false)] {
        let count = |e: Ending| hands.iter().filter(|h| h.ending == Some((e, mine))).count();
        let points = |e: Ending| {
            hands
                .iter()
                .filter(|h| h.ending == Some((e, mine)))
                .map(|h| h.points.abs())
                .sum::<f64>()
        };
        println!(
            "{side} knocked and won {} hands ({:.0} points), went gin {} ({:.0}), was undercut {} ({:.0})",
            count(Ending::Knock),
            points(Ending::Knock),
            count(Ending::Gin),
            points(Ending::Gin),
            count(Ending::Undercut),
            points(Ending::Undercut)
        );
    }
    println!("dead hands: {}", hands.iter().filter(|h| h.ending.is_none()).count());
    if guessing {
        let n = f64::from(guessed.decisions.max(1));
        println!(
            "the worlds hold {:.1}% of the other hand's hidden cards ({} decisions); uniform worlds {:.1}%",
            100.0 * guessed.hit / n,
            guessed.decisions,
            100.0 * guessed.uniform / n
        );
    }
    if judged {
        let hands = 2.0 * pairs.len() as f64;
        for (k, kind) in KINDS.iter().enumerate() {
            println!(
                "{kind}: {} decisions, {} unlike the oracle's, {:.2} points a hand given away by the oracle's estimate",
                regret.decisions[k],
                regret.differ[k],
                regret.points[k] / hands
            );
        }
        println!(
            "of the discards unlike the oracle's: {} fed the other hand a card that melds where the oracle's did not ({:.2} points a hand), {} more kept more deadwood ({:.2}), the rest {:.2}",
            regret.fed,
            regret.fed_points / hands,
            regret.higher,
            regret.higher_points / hands,
            (regret.points[2] - regret.fed_points - regret.higher_points) / hands
        );
    }
    for (k, kind) in ["draw", "discard"].iter().enumerate() {
        let t = &mut times[k];
        t.sort_by(f64::total_cmp);
        if !t.is_empty() {
            println!(
                "A's {kind} decisions: {}, median {:.2} ms, 90th percentile {:.2} ms",
                t.len(),
                1e3 * t[t.len() / 2],
                1e3 * t[t.len() * 9 / 10]
            );
        }
    }
}
