//! The experiment behind the daily game's design: greedy against a search,
//! 120 grids, each played twice with the seats swapped, with traps and
//! without; every choice of the search can be changed, one at a time.
//!
//! `cargo run --release -p tabula-diagonal --example experiment -- [FLAGS]`
//!
//! - `--grids N` (120), `--seed S` (1: the arena's grids of seed 1),
//!   `--size N` (5), `--traps on|off|both` (both);
//! - `--rule pass|alternate|end`: a side with nothing in reach passes (the
//!   standard rule), plays anywhere itself, or the game ends;
//! - `--computer`: the search is the daily computer at `--depth` (the
//!   arena's `alphabeta:D`: iterative deepening, exact at 14 free cells);
//!   otherwise the plain search of `tabula_diagonal::experiment`:
//! - `--depth D` (7), `--eval difference|own|reach|playout` (difference),
//!   `--tie first|last|random|big` (first), `--endgame N` (0: none),
//!   `--pass-blind` (a negamax that negates at passes too), `--model
//!   pass|alternate|end` (the pass rule the search believes in; the
//!   game's own by default);
//! - `--greedy-tie first|last|random` (first); `--ties first|last|random`
//!   sets both players' tie-break;
//! - `--json`: one JSON object per line instead of a table row.
//!
//! Prints one row per traps setting: the mean margin (search − greedy)
//! with its 95% interval, games and grids won by greedy / drawn / won by
//! the search, moves per game, games per hundred where a side had nothing
//! in reach, free cells left at the end, and the seconds taken.

use std::time::Instant;

use tabula_diagonal::experiment::{Contestant, Eval, PassRule, SearchConfig, Setting, TieBreak, run};

fn value<'a>(args: &'a [String], i: usize, flag: &str) -> &'a str {
    args.get(i + 1).unwrap_or_else(|| panic!("{flag} needs a value"))
}

fn tie(text: &str) -> TieBreak {
    match text {
        "first" => TieBreak::First,
        "last" => TieBreak::Last,
        "random" => TieBreak::Random,
        "big" => TieBreak::Big,
        _ => panic!("--tie is first, last, random or big, not {text}"),
    }
}

fn rule(text: &str) -> PassRule {
    match text {
        "pass" => PassRule::Pass,
        "alternate" => PassRule::Alternate,
        "end" => PassRule::End,
        _ => panic!("a pass rule is pass, alternate or end, not {text}"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut setting = Setting {
        grids: 120,
        seed: 1,
        size: 5,
        traps: true,
        rule: PassRule::Pass,
    };
    let mut traps = vec![true, false];
    let mut search = SearchConfig::default();
    let (mut computer, mut json, mut greedy_tie) = (false, false, TieBreak::First);
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        let mut takes = true;
        match flag {
            "--grids" => setting.grids = value(&args, i, flag).parse().expect("--grids N"),
            "--seed" => setting.seed = value(&args, i, flag).parse().expect("--seed S"),
            "--size" => setting.size = value(&args, i, flag).parse().expect("--size N"),
            "--traps" => {
                traps = match value(&args, i, flag) {
                    "on" => vec![true],
                    "off" => vec![false],
                    "both" => vec![true, false],
                    t => panic!("--traps is on, off or both, not {t}"),
                }
            }
            "--rule" => setting.rule = rule(value(&args, i, flag)),
            "--model" => search.model = Some(rule(value(&args, i, flag))),
            "--depth" => search.depth = value(&args, i, flag).parse().expect("--depth D"),
            "--eval" => {
                search.eval = match value(&args, i, flag) {
                    "difference" => Eval::Difference,
                    "own" => Eval::Own,
                    "reach" => Eval::Reach,
                    "playout" => Eval::Playout,
                    t => panic!("--eval is difference, own, reach or playout, not {t}"),
                }
            }
            "--tie" => search.tie = tie(value(&args, i, flag)),
            "--greedy-tie" => greedy_tie = tie(value(&args, i, flag)),
            "--ties" => {
                search.tie = tie(value(&args, i, flag));
                greedy_tie = search.tie;
            }
            "--endgame" => search.endgame_cells = value(&args, i, flag).parse().expect("--endgame N"),
            "--pass-blind" => (search.pass_blind, takes) = (true, false),
            "--computer" => (computer, takes) = (true, false),
            "--json" => (json, takes) = (true, false),
            _ => panic!("unknown flag {flag}; see the example's documentation"),
        }
        i += if takes { 2 } else { 1 };
    }
    let a = Contestant::Greedy(greedy_tie);
    let b = if computer {
        Contestant::Computer(search.depth)
    } else {
        Contestant::Search(search)
    };
    if !json {
        println!("# {}", args.join(" "));
        println!("# A = {a:?}, B = {b:?}, rule {:?}", setting.rule);
        println!(
            "| traps | mean margin, search − greedy | 95% CI | games greedy / drawn / search | grids greedy / drawn / search | moves | stuck per 100 games | cells left | seconds |"
        );
        println!("|---|---|---|---|---|---|---|---|---|");
    }
    for t in traps {
        setting.traps = t;
        let start = Instant::now();
        let s = run(&setting, &a, &b);
        let secs = start.elapsed().as_secs_f64();
        if json {
            println!(
                "{{\"traps\":{t},\"grids\":{},\"mean_margin\":{:.4},\"ci95\":[{:.4},{:.4}],\"games\":{:?},\"grid_results\":{:?},\"mean_moves\":{:.3},\"stuck_per_100\":{:.2},\"mean_left\":{:.3},\"seconds\":{secs:.2}}}",
                s.grids,
                s.mean_margin,
                s.ci95[0],
                s.ci95[1],
                s.games,
                s.grid_results,
                s.mean_moves,
                s.stuck_per_100,
                s.mean_left
            );
        } else {
            println!(
                "| {} | {:+.2} | [{:.2}, {:.2}] | {} / {} / {} | {} / {} / {} | {:.1} | {:.0} | {:.2} | {secs:.1} |",
                if t { "with" } else { "without" },
                s.mean_margin,
                s.ci95[0],
                s.ci95[1],
                s.games[0],
                s.games[1],
                s.games[2],
                s.grid_results[0],
                s.grid_results[1],
                s.grid_results[2],
                s.mean_moves,
                s.stuck_per_100,
                s.mean_left
            );
        }
    }
}
