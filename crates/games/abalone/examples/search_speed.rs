//! Alpha-beta speed and depth from a layout within a time budget:
//! `cargo run --release -p tabula-abalone --example search_speed -- [layout] [seconds]`.

use std::time::Duration;

use tabula_abalone::*;
use tabula_search::Budget;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let layout = args.get(1).map_or("belgian", String::as_str);
    let seconds: f64 = args.get(2).and_then(|d| d.parse().ok()).unwrap_or(20.0);
    let pos: Position = layout.parse().expect("a layout or position");
    let config = SearchConfig {
        max_nodes: None,
        max_depth: 64,
        noise: 0,
        ..SearchConfig::default()
    };
    let mut engine = Engine::new(config, 0);
    let out = engine.search(&pos, &Budget::time(Duration::from_secs_f64(seconds)));
    let pv: Vec<String> = out.pv.iter().map(|m| m.to_string()).collect();
    println!(
        "depth {} in {:.2} s, {} nodes, {:.2} M nodes/s, best {}, score {}, pv {}",
        out.depth,
        out.elapsed.as_secs_f64(),
        out.nodes,
        out.nodes as f64 / out.elapsed.as_secs_f64() / 1e6,
        out.best.map_or("-".into(), |m| m.to_string()),
        out.score,
        pv.join(" ")
    );
}
