//! The tables as a browser reads them (`tablebase::web`), in a process of
//! their own: this test binary installs, like the browser's module, only
//! the index a server serves, then fetches manifests and chunks as
//! look-ups note them missing. Every answer then equals the whole tables';
//! a probe fetches a chunk per move at most, a trainer start one; a
//! chunk that is not its manifest's is refused.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use tabula_abalone::tablebase::web::{self, WEB_CHUNK};
use tabula_abalone::tablebase::{self, Class, Indexer, Solved, position_of, probe};
use tabula_abalone::{Abalone, trainer};
use tabula_contract::GameModule;
use tabula_search::Rng;

/// The tests share the process's tables and its note of missing keys: one
/// at a time.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// 2v2 and 3v2, solved whole: the server's side.
fn whole() -> &'static Solved {
    static WHOLE: OnceLock<Solved> = OnceLock::new();
    WHOLE.get_or_init(|| tablebase::solve_closure("3v2".parse().unwrap()))
}

/// The browser's side: the index installed from the server's, once.
fn fetched() -> &'static Solved {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        assert!(tablebase::installed_quietly().is_none());
        web::provide("tb/index", web::serve(Some(whole()), "tb/index").as_deref()).unwrap();
    });
    tablebase::installed_quietly().unwrap()
}

/// Calls `f` until the look-ups it makes find everything, fetching what
/// they lacked from the whole tables in between; answers its result and
/// the keys fetched.
fn with_fetching<T>(mut f: impl FnMut() -> T) -> (T, Vec<String>) {
    let mut fetched_keys = Vec::new();
    for _ in 0..4 {
        let out = f();
        let missing = Abalone::data_missing();
        if missing.is_empty() {
            return (out, fetched_keys);
        }
        for key in missing {
            Abalone::data_provide(&key, web::serve(Some(whole()), &key).as_deref()).unwrap();
            fetched_keys.push(key);
        }
    }
    panic!("look-ups still lacked data after four rounds of fetching");
}

/// Random positions of `class`, either side to move.
fn positions(class: Class, n: usize, seed: u64) -> Vec<tabula_abalone::Position> {
    let ix = Indexer::new(class);
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < n {
        if let Some(e) = ix.entry(rng.below(ix.size())) {
            out.push(position_of(&e));
        }
    }
    out
}

#[test]
fn fetched_tables_answer_what_whole_ones_do_fetching_only_what_a_position_needs() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let tables = fetched();
    let class: Class = "3v2".parse().unwrap();
    let chunks = class.size().div_ceil(WEB_CHUNK) as usize;
    let mut all = BTreeSet::new();
    for pos in positions(class, 30, 5) {
        let (value, keys) = with_fetching(|| tables.value(&pos));
        assert_eq!(value, whole().value(&pos), "{pos}");
        let moves = pos.legal_moves().len();
        let (probed, more) = with_fetching(|| probe::probe(tables, &pos));
        assert_eq!(probed, probe::probe(whole(), &pos), "{pos}");
        // The position's chunk, then one per move at most (and the
        // manifest once, the first time).
        let chunk_keys = keys.iter().chain(&more).filter(|k| !k.ends_with("manifest")).count();
        assert!(chunk_keys <= moves + 1, "{pos}: {chunk_keys} chunks for {moves} moves");
        all.extend(keys.into_iter().chain(more));
    }
    // Everything read so far answers without a fetch now.
    for pos in positions(class, 30, 5) {
        let (_, keys) = with_fetching(|| probe::probe(tables, &pos));
        assert!(keys.is_empty(), "{keys:?}");
    }
    eprintln!(
        "{} keys fetched of 3v2's {chunks} chunks and its smaller class",
        all.len()
    );
}

#[test]
fn a_trainer_start_reads_one_chunk_and_is_the_whole_tables_start() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let tables = fetched();
    let class: Class = "3v2".parse().unwrap();
    for seed in 0..8 {
        let (start, keys) = with_fetching(|| trainer::start(tables, class, seed));
        assert_eq!(start, trainer::start(whole(), class, seed), "seed {seed}");
        assert!(start.is_some());
        let chunks: Vec<&String> = keys.iter().filter(|k| !k.ends_with("manifest")).collect();
        assert!(chunks.len() <= 1, "seed {seed}: {keys:?}");
    }
}

#[test]
fn what_is_not_the_servers_table_is_refused() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let tables = fetched();
    let class: Class = "3v2".parse().unwrap();
    // The manifest first (a chunk of a class without it is refused).
    let _ = with_fetching(|| tables.won_per_chunk(class).map(<[u64]>::len));
    // A chunk not fetched yet (by this test or another).
    let k = (0..class.size().div_ceil(WEB_CHUNK))
        .rev()
        .find(|&k| tables.chunk(class, k).is_none())
        .expect("a chunk not fetched yet");
    let _ = Abalone::data_missing();
    let key = format!("tb/3v2/{k}");
    let good = web::serve(Some(whole()), &key).unwrap();
    let mut flipped = good.clone();
    flipped[100] ^= 1;
    assert!(web::provide(&key, Some(&flipped)).unwrap_err().contains("checksum"));
    assert!(web::provide(&key, Some(&good[..good.len() - 1])).is_err());
    assert!(web::provide(&key, None).is_err());
    assert!(web::provide("tb/3v2/999", Some(&good)).is_err());
    for key in [
        "tb/3v2/05",
        "tb/3v2/-1",
        "tb/9v9/0",
        "tb/3v2",
        "tb",
        "tables/3v2/0",
        "tb/3v2/0/1",
        "",
    ] {
        assert!(web::provide(key, Some(&good)).is_err(), "{key}");
        assert!(web::serve(Some(whole()), key).is_none(), "{key}");
    }
    assert!(
        web::provide("tb/4v2/manifest", Some(b"{}")).is_err(),
        "a class the index lacks"
    );
    assert!(web::provide("tb/3v2/manifest", Some(b"not json")).is_err());
    // The refused bytes were never installed: the real chunk still fetches.
    let pos = (0..)
        .map(|s| positions(class, 1, s).remove(0))
        .find(|p| Indexer::new(class).index(&tablebase::entry_of(p)) / WEB_CHUNK == k)
        .unwrap();
    let (value, keys) = with_fetching(|| tables.value(&pos));
    assert_eq!(keys, [key]);
    assert_eq!(value, whole().value(&pos));
}
