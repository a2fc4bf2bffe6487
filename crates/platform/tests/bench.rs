//! `tabula bench` over every registered game: each declares bench
//! searches, each search counts exactly what its game declares, and the
//! whole bench decides and counts the same twice.

use tabula_platform::bench;

#[test]
fn every_game_declares_bench_searches_that_count_what_they_declare() {
    let report = bench::run(tabula_registry::games());
    for g in tabula_registry::games() {
        let name = g.info().name;
        assert!(
            report.entries.iter().any(|e| e.game == name),
            "{name} declares no bench search"
        );
    }
    assert!(report.mismatches.is_empty(), "{:#?}", report.mismatches);
    let declared: u64 = report.entries.iter().map(|e| e.declared).sum();
    assert_eq!(report.nodes_searched, declared);

    let again = bench::run(tabula_registry::games());
    assert_eq!(again.fingerprint, report.fingerprint);
    for (x, y) in report.entries.iter().zip(&again.entries) {
        assert_eq!(
            (&x.name, &x.action, x.value, x.nodes, x.iterations, &x.root_visits),
            (&y.name, &y.action, y.value, y.nodes, y.iterations, &y.root_visits)
        );
    }
}

#[test]
fn a_search_that_counts_other_than_declared_is_reported() {
    use tabula_contract::capability::BenchSearch;
    use tabula_search::{Budget, Utility, expectiminimax};
    use tabula_testgames::DiceDuel;

    let search = |declared| {
        BenchSearch::new("dice duel expectiminimax", declared, || {
            expectiminimax(
                &DiceDuel,
                &DiceDuel.initial_state(),
                None,
                &Utility,
                &Budget::unlimited(),
            )
        })
    };
    // 33 nodes, as the bench has counted from its first version.
    let count = bench::measure("testgames", search(0)).count();
    assert_eq!(count, 33);
    let report = bench::summarize(vec![
        bench::measure("testgames", search(count)),
        bench::measure("testgames", search(count + 1)),
    ]);
    assert_eq!(report.nodes_searched, 2 * count);
    assert_eq!(
        report.mismatches,
        [format!(
            "dice duel expectiminimax: counted {count}, declared {}",
            count + 1
        )]
    );
}
