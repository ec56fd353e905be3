//! However the indexed chain got where it is (reorgs while running, a reorg while stopped), the indexer's
//! tables and the catalogue's read models end equal to those of a fresh index of the final chain.

use crate::helpers::Stack;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_reorgs_every_table_equals_a_fresh_index_of_the_final_chain() {
    // The whole demo: its last blocks carry ledger activity, so the reorgs below undo and replace some of it.
    let stack = Stack::start_with(
        "reorgdemo",
        stamps_devnet::DevnetConfig {
            scenario: stamps_devnet::ScenarioKind::Demo,
            scale: 1.0,
            ..stamps_devnet::DevnetConfig::default()
        },
    )
    .await;
    let services = stack.services_with(100).await;
    stack.wait_for_chain(180).await;
    let before = stack.table_digests().await;

    for depth in [1usize, 2, 6, 20] {
        let branch = stack.rpc("reorg", serde_json::json!([depth])).await;
        assert_eq!(branch.as_array().map(Vec::len), Some(depth + 1));
        stack.wait_for_chain(60).await;
    }
    services.stop().await;
    // A reorg the indexer only sees when it starts again.
    let branch = stack.rpc("reorg", serde_json::json!([4])).await;
    assert_eq!(branch.as_array().map(Vec::len), Some(5));
    let services = stack.services_with(100).await;
    stack.wait_for_chain(60).await;
    services.stop().await;
    let after = stack.table_digests().await;

    let fresh = stack.fresh_index("reorgfresh");
    let fresh_services = fresh.services_with(100).await;
    fresh.wait_for_chain(180).await;
    fresh_services.stop().await;
    let expected = fresh.table_digests().await;

    let differing: Vec<&String> = expected
        .keys()
        .chain(after.keys())
        .filter(|t| expected.get(*t) != after.get(*t))
        .collect();
    assert!(
        differing.is_empty(),
        "tables differing from a fresh index of the final chain: {differing:?}"
    );
    // The comparison covers the ledger, not empty tables, and the reorgs changed what the ledger holds.
    for table in [
        "indexer.stamps",
        "indexer.balances",
        "indexer.src20_balances",
        "indexer.cp_transactions",
        "catalogue.stamps",
        "catalogue.balances",
        "catalogue.dispensers",
        "catalogue.dispenses",
        "catalogue.src20_balances",
        "catalogue.fairminters",
    ] {
        assert!(
            expected.get(table).is_some_and(|d| d.0 > 0),
            "{table} is empty"
        );
    }
    let changed: Vec<&String> = before
        .keys()
        .filter(|t| t.ends_with("balances") && before.get(*t) != after.get(*t))
        .collect();
    assert!(
        !changed.is_empty(),
        "the reorgs replaced transactions that moved balances"
    );
    fresh.finish().await;
    stack.finish().await;
}
