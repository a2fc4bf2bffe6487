//! Quick tablebase run: `cargo run --release -p tabula-abalone --example tb_quick -- 3v2`.
use std::time::Instant;
use tabula_abalone::tablebase::*;

fn main() {
    let target: Class = std::env::args().nth(1).unwrap_or("2v2".into()).parse().unwrap();
    let mut solved = Solved::new();
    let mut order = vec![target];
    let mut i = 0;
    while i < order.len() {
        for d in order[i].dependencies() {
            if !order.contains(&d) {
                order.push(d);
            }
        }
        i += 1;
    }
    order.sort();
    for class in order {
        let t = Instant::now();
        let values = solve(class, &solved, &|r| {
            eprintln!(
                "  {class} {:.2}s level {} decided {} total {}/{}",
                t.elapsed().as_secs_f64(),
                r.level,
                r.decided,
                r.total,
                r.size
            )
        });
        let s = summarize(class, &values);
        println!(
            "{} {:.2}s {}",
            class,
            t.elapsed().as_secs_f64(),
            serde_json::to_string(&s).unwrap()
        );
        solved.insert(class, values);
    }
    if std::env::var("NOVERIFY").is_ok() {
        return;
    }
    let t = Instant::now();
    let r = verify::verify(target, &solved, 200, 1);
    println!(
        "verify {:.2}s ok={} {}",
        t.elapsed().as_secs_f64(),
        r.ok(),
        serde_json::to_string(&r).unwrap()
    );
}
