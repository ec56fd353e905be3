//! The stamp detail on the indexed demo: holders with open dispensers' escrow and without closed ones',
//! dispensers with their closed flag, sales newest first, the current supply.

use crate::helpers::Stack;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stamp_detail_shows_its_holders_dispensers_and_sales_as_the_ledger_has_them() {
    let stack = Stack::start_with(
        "detailapi",
        stamps_devnet::DevnetConfig {
            scenario: stamps_devnet::ScenarioKind::Demo,
            scale: 0.2,
            ..stamps_devnet::DevnetConfig::default()
        },
    )
    .await;
    let services = stack.services_with(100).await;
    stack.wait_for_chain(180).await;
    let mut db = stack.db().await;

    // The stamp with the most dispensers (and sales).
    let (cpid, dispensers): (String, i64) = sqlx::query_as(
        "SELECT d.asset, count(*) FROM catalogue.dispensers d JOIN catalogue.stamps s ON s.cpid = d.asset
         GROUP BY d.asset
         ORDER BY count(*) DESC, (SELECT count(*) FROM catalogue.dispenses x WHERE x.asset = d.asset) DESC, d.asset
         LIMIT 1",
    )
    .fetch_one(&mut db)
    .await
    .expect("a stamp sold from dispensers");
    let (status, body) = services.get_json(&format!("/api/stamp/{cpid}")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["cpid"], cpid.as_str());

    // Holders: the indexer's balances, plus what open dispensers still hold for their address.
    let expected: Vec<(String, String)> = sqlx::query_as(
        "SELECT holder, sum(q)::TEXT FROM (
             SELECT holder, quantity AS q FROM indexer.balances WHERE asset = $1 AND quantity > 0
             UNION ALL
             SELECT source, give_remaining FROM catalogue.dispensers
             WHERE asset = $1 AND status NOT IN (10, 11) AND give_remaining > 0) h
         GROUP BY holder ORDER BY sum(q) DESC, holder",
    )
    .bind(&cpid)
    .fetch_all(&mut db)
    .await
    .expect("holders");
    let served: Vec<(String, String)> = body["holders"]
        .as_array()
        .expect("holders")
        .iter()
        .map(|h| {
            let holder = h["address"].as_str().or(h["utxo_address"].as_str());
            (
                holder.expect("a holder").to_owned(),
                h["quantity"].as_str().expect("quantity").to_owned(),
            )
        })
        .collect();
    assert!(!served.is_empty());
    assert_eq!(served, expected);
    let supply: String =
        sqlx::query_scalar("SELECT supply::TEXT FROM catalogue.assets WHERE asset = $1")
            .bind(&cpid)
            .fetch_one(&mut db)
            .await
            .expect("asset");
    assert_eq!(body["supply"], supply.as_str());
    let first: f64 = served[0].1.parse().expect("quantity");
    let share = (first * 10_000.0 / supply.parse::<f64>().expect("supply")).floor() / 100.0;
    assert_eq!(
        body["holders"][0]["percentage"]
            .as_str()
            .and_then(|p| p.parse::<f64>().ok()),
        Some(share)
    );

    // Dispensers: every one, open first, closed (10) and closing (11) flagged.
    let listed = body["dispensers"].as_array().expect("dispensers");
    assert_eq!(listed.len() as i64, dispensers);
    let closed: Vec<bool> = listed
        .iter()
        .map(|d| d["closed"].as_bool().expect("closed"))
        .collect();
    assert!(
        closed.windows(2).all(|w| !w[0] || w[1]),
        "open first: {closed:?}"
    );
    for d in listed {
        let status = d["status"].as_u64().expect("status");
        assert_eq!(d["closed"], status == 10 || status == 11);
    }
    assert_eq!(
        body["on_sale"].is_string(),
        listed
            .iter()
            .any(|d| d["closed"] == false && d["give_remaining"] != "0")
    );

    // Sales: the dispenses of the stamp, newest first.
    let sales: i64 =
        sqlx::query_scalar("SELECT count(*) FROM catalogue.dispenses WHERE asset = $1")
            .bind(&cpid)
            .fetch_one(&mut db)
            .await
            .expect("sales");
    let served = body["dispenses"].as_array().expect("dispenses");
    assert_eq!(served.len() as i64, sales.min(100));
    let heights: Vec<u64> = served
        .iter()
        .map(|s| s["block_index"].as_u64().expect("height"))
        .collect();
    assert!(heights.windows(2).all(|w| w[0] >= w[1]), "{heights:?}");

    services.stop().await;
    stack.finish().await;
}
