//! The API on the indexed demo, one behaviour per test. The tests that only read share one indexed demo
//! ([`shared_demo`]); user and staff content, which change the catalogue, and the replay that rebuilds it run
//! in order on a stack of their own.

use crate::helpers::{Stack, demo_config, shared_demo};

/// Stamp images by cpid: each cpid asked for, in order, with its image or `404`; bad lists are refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stamp_images_answer_each_cpid_in_order_and_404_for_the_unknown() {
    let demo = shared_demo();
    let services = &demo.services;
    let mut db = demo.stack.db().await;
    let cpids: Vec<String> =
        sqlx::query_scalar("SELECT cpid FROM catalogue.stamps ORDER BY stamp DESC LIMIT 3")
            .fetch_all(&mut db)
            .await
            .expect("stamps");
    assert_eq!(cpids.len(), 3, "the demo has stamps");
    let asked = [
        cpids[2].as_str(),
        "A1",
        cpids[0].as_str(),
        cpids[1].as_str(),
        cpids[0].as_str(),
    ];
    let (status, body) = services
        .get_json(&format!("/api/stamp/images/{}", asked.join(",")))
        .await;
    assert_eq!(status, 200, "{body}");
    let answered: Vec<(String, String)> = body
        .as_array()
        .expect("a list")
        .iter()
        .map(|i| {
            (
                i["cpid"].as_str().expect("cpid").into(),
                i["url"].as_str().expect("url").into(),
            )
        })
        .collect();
    let expected: Vec<(String, String)> = asked
        .iter()
        .map(|c| {
            let url = if *c == "A1" {
                String::from("404")
            } else {
                format!("/s/{c}")
            };
            ((*c).to_owned(), url)
        })
        .collect();
    assert_eq!(answered, expected);
    let (status, _, _) = services
        .get_text(&format!("/api/stamp/images/{}", vec!["A1"; 101].join(",")))
        .await;
    assert_eq!(status, 400, "more than 100 cpids");
}

/// A stamp's detail: holders with open dispensers' escrow and without closed ones', dispensers with their
/// closed flag, sales newest first, the current supply.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stamp_detail_shows_its_holders_dispensers_and_sales_as_the_ledger_has_them() {
    let demo = shared_demo();
    let services = &demo.services;
    let mut db = demo.stack.db().await;

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
    let amount = |v: &serde_json::Value| v.as_str().and_then(|q| q.parse::<u64>().ok());
    let buyable: Vec<&serde_json::Value> = listed
        .iter()
        .filter(|d| {
            d["closed"] == false && amount(&d["give_remaining"]) >= amount(&d["give_quantity"])
        })
        .collect();
    assert_eq!(body["on_sale"].is_string(), !buyable.is_empty());
    if let Some(floor) = body["floor_price"].as_u64() {
        // Non-divisible here: the floor is the cheapest buyable dispenser's price per unit, rounded up.
        let cheapest = buyable
            .iter()
            .filter_map(|d| {
                Some(
                    d["satoshi_price"]
                        .as_u64()?
                        .div_ceil(amount(&d["give_quantity"])?),
                )
            })
            .min();
        assert_eq!(Some(floor), cheapest);
    }

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
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_finder_filters_and_sorts_stamps_as_their_tables_say() {
    let demo = shared_demo();
    finder_filters_and_sorts(&demo.services, &mut demo.stack.db().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fairminter_list_shows_each_fairminter_with_its_mints() {
    let demo = shared_demo();
    fairminter_list(&demo.stack, &demo.services, &mut demo.stack.db().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_activity_of_addresses_is_their_counterparty_history() {
    let demo = shared_demo();
    activity(&demo.stack, &demo.services).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_xcp_site_finds_every_asset_and_ranks_its_collectors() {
    let demo = shared_demo();
    xcp_assets(&demo.services, &mut demo.stack.db().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_src20_holdings_stream_follows_its_balances() {
    let demo = shared_demo();
    src20_live(&demo.services, &mut demo.stack.db().await).await;
}

/// The screens that user and staff content change (leaderboard, home, profiles, wishlists, collections,
/// curation, live values), in order on a stack of their own; then `stamps replay catalogue` rebuilds from the
/// streams (chain, users, collections, curation) a catalogue equal to the one built live, table by table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn user_and_staff_content_show_on_their_screens_and_a_replay_rebuilds_the_same_catalogue() {
    let stack = Stack::start_with("contentapi", demo_config()).await;
    let services = stack.services_with(100).await;
    stack.wait_for_chain(180).await;
    let mut db = stack.db().await;
    leaderboard(&services, &mut db).await;
    home(&services, &mut db).await;
    profile(&services, &mut db).await;
    wishlist(&stack, &services).await;
    crate::api_collections::collections(&services, &mut db).await;
    crate::api_collections::curation(&stack, &services).await;
    crate::api_collections::live_values(&stack, &services).await;
    services.stop().await;

    let live = stack.table_digests().await;
    assert!(live.keys().any(|t| t == "catalogue.collection_stats"));
    let applied = stamps_catalogue::replay(
        &stack.postgres,
        &stack.nats,
        stamps_platform::shutdown::Shutdown::new(),
    )
    .await
    .expect("replay");
    assert!(applied > 0);
    let replayed = stack.table_digests().await;
    for (table, digest) in &live {
        assert_eq!(replayed.get(table), Some(digest), "{table} after a replay");
    }
    assert_eq!(replayed.len(), live.len());
    stack.finish().await;
}

/// The stamp finder's type and show-only filters and market sorts against the tables they come from.
async fn finder_filters_and_sorts(
    services: &crate::helpers::Services,
    db: &mut sqlx::PgConnection,
) {
    let total = |body: &serde_json::Value| body["estimatedTotalHits"].as_i64().expect("total");
    let hits = |body: &serde_json::Value| body["hits"].as_array().expect("hits").clone();
    let count = async |db: &mut sqlx::PgConnection, sql: &str| -> i64 {
        sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_owned()))
            .fetch_one(db)
            .await
            .expect(sql)
    };

    // With no condition the total is read off the number index: it is still every stamp, cursed included.
    let (_, everything) = services.get_json("/api/search?limit=1").await;
    let all = count(db, "SELECT count(*) FROM indexer.stamps").await;
    assert!(count(db, "SELECT count(*) FROM indexer.stamps WHERE is_cursed").await > 0);
    assert_eq!(total(&everything), all);
    let (_, last) = services
        .get_json(&format!("/api/search?limit=10&offset={}", all - 3))
        .await;
    assert_eq!(
        hits(&last)
            .iter()
            .map(|h| h["stamp"].as_i64())
            .collect::<Vec<_>>(),
        vec![
            count(db, "SELECT min(stamp) + 2 FROM indexer.stamps").await,
            count(db, "SELECT min(stamp) + 1 FROM indexer.stamps").await,
            count(db, "SELECT min(stamp) FROM indexer.stamps").await,
        ]
        .into_iter()
        .map(Some)
        .collect::<Vec<_>>(),
        "the last page holds the lowest numbers, in order"
    );
    let (_, oldest) = services
        .get_json("/api/search?sort=stamp:asc&limit=2&offset=1")
        .await;
    assert_eq!(
        hits(&oldest)
            .iter()
            .map(|h| h["stamp"].as_i64())
            .collect::<Vec<_>>(),
        vec![
            Some(count(db, "SELECT min(stamp) + 1 FROM indexer.stamps").await),
            Some(count(db, "SELECT min(stamp) + 2 FROM indexer.stamps").await),
        ],
        "oldest first, from the second"
    );
    let (_, middle) = services
        .get_json(&format!("/api/search?limit=3&offset={}", all / 2))
        .await;
    let expected: Vec<i64> = sqlx::query_scalar(
        "SELECT stamp FROM indexer.stamps ORDER BY stamp DESC OFFSET $1 LIMIT 3",
    )
    .bind(all / 2)
    .fetch_all(&mut *db)
    .await
    .expect("middle");
    assert_eq!(
        hits(&middle)
            .iter()
            .map(|h| h["stamp"].as_i64().expect("stamp"))
            .collect::<Vec<_>>(),
        expected
    );
    let (status, png) = services.get_json("/api/search?types=png&limit=100").await;
    assert_eq!(status, 200, "{png}");
    let pngs = count(
        db,
        "SELECT count(*) FROM indexer.stamps WHERE mimetype = 'image/png'",
    )
    .await;
    assert!(pngs > 0);
    assert_eq!(total(&png), pngs);
    assert!(hits(&png).iter().all(|h| h["file_suffix"] == "png"));
    let (_, two) = services.get_json("/api/search?types=png,svg&limit=1").await;
    let svgs = count(
        db,
        "SELECT count(*) FROM indexer.stamps WHERE mimetype = 'image/svg+xml'",
    )
    .await;
    assert_eq!(total(&two), pngs + svgs, "types add up");
    let (_, cursed) = services.get_json("/api/search?types=cursed_stamp").await;
    assert_eq!(
        total(&cursed),
        count(db, "SELECT count(*) FROM indexer.stamps WHERE is_cursed").await
    );
    for (filter, field, value) in [
        ("types=bmn", "file_suffix", "bmn"),
        ("only=olga", "encoding", "olga"),
    ] {
        let (_, body) = services
            .get_json(&format!("/api/search?{filter}&limit=100"))
            .await;
        assert!(total(&body) > 0, "{filter}");
        assert!(hits(&body).iter().all(|h| h[field] == value), "{filter}");
    }

    // On sale, cheapest first: every stamp with a buyable dispenser, and no other.
    let (_, on_sale) = services
        .get_json("/api/search?only=on_sale&sort=floor_price:asc&limit=100")
        .await;
    let buyable = count(
        db,
        "SELECT count(DISTINCT d.asset) FROM catalogue.dispensers d JOIN catalogue.stamps s ON s.cpid = d.asset
         WHERE d.status NOT IN (10, 11) AND d.give_quantity > 0 AND d.give_remaining >= d.give_quantity",
    )
    .await;
    assert!(buyable > 0);
    assert_eq!(total(&on_sale), buyable);
    let floors: Vec<u64> = hits(&on_sale)
        .iter()
        .map(|h| h["floor_price"].as_u64().expect("a floor"))
        .collect();
    assert!(floors.windows(2).all(|w| w[0] <= w[1]), "{floors:?}");

    // By volume: the top stamp's volume is the largest sum of its sales.
    let (_, by_volume) = services
        .get_json("/api/search?sort=total_volume&limit=3")
        .await;
    let top = count(
        db,
        "SELECT COALESCE(max(v), 0)::BIGINT FROM (SELECT sum(btc_amount) AS v FROM catalogue.dispenses d
         JOIN catalogue.stamps s ON s.cpid = d.asset GROUP BY d.asset) x",
    )
    .await;
    assert!(top > 0);
    assert_eq!(hits(&by_volume)[0]["total_volume"].as_i64(), Some(top));

    for (query, names) in [
        ("sort=rarity", "rarity"),
        ("types=tiff", "tiff"),
        ("only=cheap", "cheap"),
        ("sort=stamp:sideways", "sideways"),
    ] {
        let (status, body) = services.get_json(&format!("/api/search?{query}")).await;
        assert_eq!(status, 400, "{query}");
        assert!(
            body["error"].as_str().is_some_and(|m| m.contains(names)),
            "{query}: {body}"
        );
    }
}

/// The fairminter list against the scenario's intended fairminters.
async fn fairminter_list(
    stack: &Stack,
    services: &crate::helpers::Services,
    db: &mut sqlx::PgConnection,
) {
    let total = |body: &serde_json::Value| body["estimatedTotalHits"].as_u64().expect("total");
    let (status, all) = services.get_json("/api/fairminter/search").await;
    assert_eq!(status, 200, "{all}");
    assert!(!stack.book.fairminters.is_empty());
    assert_eq!(total(&all), stack.book.fairminters.len() as u64);
    assert_eq!(all["limit"], 24, "the spec's page size");
    let hits = all["hits"].as_array().expect("hits");
    let times: Vec<u64> = hits
        .iter()
        .map(|h| h["timestamp"].as_u64().expect("timestamp"))
        .collect();
    assert!(
        times.windows(2).all(|w| w[0] >= w[1]),
        "newest first: {times:?}"
    );
    // Each fairminted asset is described by enhanced asset information: its picture, read by the site, is the
    // one the document names.
    for hit in hits {
        let cpid = hit["cpid"].as_str().expect("cpid");
        let picture = format!("/api/asset/{cpid}/image");
        assert_eq!(hit["image"], picture.as_str(), "{hit}");
        let (_, asset) = services.get_json(&format!("/api/asset/{cpid}")).await;
        assert_eq!(asset["xcp_image_url"], picture.as_str());
        let document: serde_json::Value =
            reqwest::get(asset["xcp_json_url"].as_str().expect("document"))
                .await
                .expect("the devnet serves the document")
                .json()
                .await
                .expect("JSON");
        let original = reqwest::get(document["image"].as_str().expect("image"))
            .await
            .expect("the devnet serves the image")
            .bytes()
            .await
            .expect("bytes");
        let response = reqwest::get(format!("{}{picture}", services.base))
            .await
            .expect("request");
        assert_eq!(response.status(), 200);
        assert_eq!(
            response.headers()[reqwest::header::CONTENT_TYPE],
            "image/png"
        );
        assert_eq!(response.bytes().await.expect("bytes"), original);
    }
    let plain: String = sqlx::query_scalar(
        "SELECT asset FROM catalogue.assets WHERE description NOT LIKE 'http%' ORDER BY asset LIMIT 1",
    )
    .fetch_one(&mut *db)
    .await
    .expect("an asset without enhanced asset information");
    let (status, body) = services
        .get_json(&format!("/api/asset/{plain}/image"))
        .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (404, Some("This asset has no picture"))
    );
    for (only, status) in [("completed", "closed"), ("in_progress", "open")] {
        let (_, body) = services
            .get_json(&format!("/api/fairminter/search?only={only}"))
            .await;
        let intended = stack
            .book
            .fairminters
            .values()
            .filter(|s| *s == status)
            .count();
        assert_eq!(total(&body), intended as u64, "{only}");
        assert!(
            body["hits"]
                .as_array()
                .expect("hits")
                .iter()
                .all(|h| h["status"] == status)
        );
    }
    // Each card's mints are its valid fairmints.
    for h in hits {
        let mints: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM catalogue.fairmints WHERE fairminter_tx_hash = $1 AND status = 'valid'",
        )
        .bind(h["tx_hash"].as_str().expect("tx"))
        .fetch_one(&mut *db)
        .await
        .expect("fairmints");
        assert_eq!(h["minted_count"].as_i64(), Some(mints));
    }
    let (_, by_mints) = services
        .get_json("/api/fairminter/search?sort=minted_count")
        .await;
    let counts: Vec<u64> = by_mints["hits"]
        .as_array()
        .expect("hits")
        .iter()
        .map(|h| h["minted_count"].as_u64().expect("count"))
        .collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
    for (query, names) in [
        ("only=completed,in_progress", "exclude"),
        ("sort=price", "price"),
        ("only=cheap", "cheap"),
    ] {
        let (status, body) = services
            .get_json(&format!("/api/fairminter/search?{query}"))
            .await;
        assert_eq!(status, 400, "{query}");
        assert!(
            body["error"].as_str().is_some_and(|m| m.contains(names)),
            "{query}: {body}"
        );
    }
}

/// The leaderboard against the indexer's balances and stamps.
async fn leaderboard(services: &crate::helpers::Services, db: &mut sqlx::PgConnection) {
    let count = async |db: &mut sqlx::PgConnection, sql: &str| -> i64 {
        sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_owned()))
            .fetch_one(db)
            .await
            .expect(sql)
    };
    let (status, board) = services.get_json("/api/leaderboard?limit=5").await;
    assert_eq!(status, 200, "{board}");
    let everyone = count(
        db,
        "SELECT count(*) FROM (
             SELECT b.holder FROM indexer.balances b JOIN indexer.stamps s ON s.cpid = b.asset
             WHERE b.quantity > 0 AND b.holder NOT LIKE '%:%'
             UNION SELECT creator FROM indexer.stamps
             UNION SELECT d.source FROM catalogue.destructions d JOIN indexer.stamps s ON s.cpid = d.asset
             WHERE d.status = 'valid') a",
    )
    .await;
    assert_eq!(board["estimatedTotalHits"].as_i64(), Some(everyone));
    let most = count(
        db,
        "SELECT max(n) FROM (SELECT count(*) AS n FROM indexer.balances b JOIN indexer.stamps s ON s.cpid = b.asset
                             WHERE b.quantity > 0 AND b.holder NOT LIKE '%:%' GROUP BY b.holder) x",
    )
    .await;
    assert_eq!(board["hits"][0]["stamp_count"].as_i64(), Some(most));
    assert_eq!(board["hits"][0]["rank"], 1);
    let (_, second) = services.get_json("/api/leaderboard?limit=5&page=2").await;
    assert_eq!(second["hits"][0]["rank"], 6);
    let (_, creators) = services
        .get_json("/api/leaderboard?sort=stamp_created_count")
        .await;
    let created = count(
        db,
        "SELECT max(n) FROM (SELECT count(*) AS n FROM indexer.stamps GROUP BY creator) x",
    )
    .await;
    assert_eq!(
        creators["hits"][0]["stamp_created_count"].as_i64(),
        Some(created)
    );
    assert_eq!(creators["limit"], 20, "the spec's page size");
    let (_, valued) = services
        .get_json("/api/leaderboard?sort=floor_valuation")
        .await;
    let values: Vec<u64> = valued["hits"]
        .as_array()
        .expect("hits")
        .iter()
        .map(|h| h["floor_valuation"].as_u64().expect("valuation"))
        .collect();
    assert!(values.first().is_some_and(|v| *v > 0), "{values:?}");
    assert!(values.windows(2).all(|w| w[0] >= w[1]), "{values:?}");
    // A project's entries rank by the stamps held, whatever known sort is asked.
    let (_, collections) = services.get_json("/api/collections?limit=1").await;
    let project = collections["hits"][0]["collection_id"]
        .as_str()
        .unwrap_or("frogs")
        .to_owned();
    let (status, by_value) = services
        .get_json(&format!(
            "/api/leaderboard?sort=floor_valuation&project={project}"
        ))
        .await;
    assert_eq!(status, 200, "{by_value}");
    let (_, by_count) = services
        .get_json(&format!(
            "/api/leaderboard?sort=stamp_count&project={project}"
        ))
        .await;
    assert_eq!(by_value, by_count, "{project}");
    for query in ["sort=wealth", "sort=wealth&project=frogs", "colour=red"] {
        let (status, _) = services
            .get_json(&format!("/api/leaderboard?{query}"))
            .await;
        assert_eq!(status, 400, "{query}");
    }
}

/// The home page's chain lists against the indexer's stamps and the catalogue's sales.
async fn home(services: &crate::helpers::Services, db: &mut sqlx::PgConnection) {
    let (status, home) = services.get_json("/api/home").await;
    assert_eq!(status, 200, "{home}");
    for (list, ident) in [("classic", "STAMP"), ("src721", "SRC-721")] {
        let newest: i64 = sqlx::query_scalar(
            "SELECT max(stamp) FROM indexer.stamps WHERE ident = $1 AND NOT is_cursed",
        )
        .bind(ident)
        .fetch_one(&mut *db)
        .await
        .expect("newest");
        let items = home[list].as_array().expect(list);
        assert_eq!(items.len(), 20, "{list}");
        assert_eq!(items[0]["stamp"].as_i64(), Some(newest), "{list}");
        assert!(
            items
                .iter()
                .all(|s| s["ident"] == ident && s["is_cursed"] == false)
        );
    }
    let sales = home["lastSales"].as_array().expect("sales");
    let latest: String = sqlx::query_scalar(
        "SELECT d.tx_hash FROM catalogue.dispenses d JOIN indexer.stamps s ON s.cpid = d.asset
         ORDER BY d.block_index DESC, d.seq DESC LIMIT 1",
    )
    .fetch_one(&mut *db)
    .await
    .expect("latest sale");
    assert_eq!(sales[0]["tx_hash"], latest.as_str());
    let times: Vec<u64> = sales
        .iter()
        .map(|s| s["timestamp"].as_u64().expect("time"))
        .collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "{times:?}");
    assert!(
        home["newDispenser"]
            .as_array()
            .expect("dispensers")
            .iter()
            .all(|d| d["give_remaining"].as_str() != Some("0"))
    );
    // The SRC-721 collections: only those, as many as the catalogue holds up to 11 (more than 10: see all).
    let deploys: i64 = sqlx::query_scalar("SELECT count(*) FROM catalogue.src721_collections")
        .fetch_one(&mut *db)
        .await
        .expect("deploys");
    let collections = home["src721Collections"]
        .as_array()
        .expect("src721Collections");
    assert!(deploys > 0, "the demo deploys SRC-721 collections");
    assert_eq!(
        i64::try_from(collections.len()).expect("len"),
        deploys.min(11)
    );
    assert!(
        collections.iter().all(|c| c["type"] == "src721"),
        "{collections:?}"
    );
    let (status, listed) = services
        .get_json("/api/collections?only=src721&limit=100")
        .await;
    assert_eq!(status, 200, "{listed}");
    assert_eq!(listed["estimatedTotalHits"].as_i64(), Some(deploys));
}

/// A collector's profile and its stamp lists against the indexer's balances and stamps.
async fn profile(services: &crate::helpers::Services, db: &mut sqlx::PgConnection) {
    let (_, board) = services.get_json("/api/leaderboard?limit=1").await;
    let top = &board["hits"][0];
    let address = top["user_id"].as_str().expect("address").to_owned();
    let (status, profile) = services.get_json(&format!("/api/profile/{address}")).await;
    assert_eq!(status, 200, "{profile}");
    assert_eq!(profile["addresses"], serde_json::json!([address]));
    assert_eq!(profile["stamp_count"], top["stamp_count"]);
    assert_eq!(profile["floor_valuation"], top["floor_valuation"]);
    let tokens: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM indexer.src20_balances WHERE address = $1 AND balance::NUMERIC > 0",
    )
    .bind(&address)
    .fetch_one(&mut *db)
    .await
    .expect("src20");
    assert_eq!(
        profile["src20"].as_array().map(Vec::len),
        Some(tokens as usize)
    );
    let (_, held) = services
        .get_json(&format!(
            "/api/stamps/holders_addresses?addresses={address}&limit=100"
        ))
        .await;
    assert_eq!(held["estimatedTotalHits"], top["stamp_count"]);
    let creator: String = sqlx::query_scalar(
        "SELECT creator FROM indexer.stamps GROUP BY creator ORDER BY count(*) DESC, creator LIMIT 1",
    )
    .fetch_one(&mut *db)
    .await
    .expect("creator");
    let created: i64 = sqlx::query_scalar("SELECT count(*) FROM indexer.stamps WHERE creator = $1")
        .bind(&creator)
        .fetch_one(&mut *db)
        .await
        .expect("created");
    let (_, minted) = services
        .get_json(&format!("/api/stamps/creator?addresses={creator}&limit=1"))
        .await;
    assert_eq!(minted["estimatedTotalHits"].as_i64(), Some(created));
    let (status, body) = services.get_json("/api/profile/bc1qnobodyatall").await;
    assert_eq!(
        (status, body["error"].as_str()),
        (404, Some("profile not found"))
    );
    let (status, _) = services.get_json("/api/stamps/owner").await;
    assert_eq!(status, 400, "addresses are required");
}

/// A profile's activity: every purchase the scenario made from a dispenser and every stamp it issued appears,
/// newest first, with the total the pages add up to.
async fn activity(stack: &crate::helpers::Stack, services: &crate::helpers::Services) {
    use stamps_devnet::scenario::Payload;
    let mut buys: std::collections::HashMap<&str, Vec<(String, String, u64)>> = Default::default();
    let mut issued: std::collections::HashMap<&str, Vec<String>> = Default::default();
    for i in &stack.intents {
        match &i.payload {
            Payload::Dispense {
                asset, quantity, ..
            } if *quantity > 0 => buys.entry(i.source.as_str()).or_default().push((
                i.txid.to_string(),
                asset.clone(),
                *quantity,
            )),
            Payload::Stamp(_) => issued
                .entry(i.source.as_str())
                .or_default()
                .push(i.txid.to_string()),
            _ => {}
        }
    }
    let (&address, bought) = buys
        .iter()
        .max_by_key(|(a, b)| (b.len(), *a))
        .expect("the demo buys from dispensers");
    let mut items: Vec<serde_json::Value> = Vec::new();
    let mut total = None;
    for page in 1.. {
        let (status, body) = services
            .get_json(&format!(
                "/api/activity?addresses={address}&limit=100&page={page}"
            ))
            .await;
        assert_eq!(status, 200, "{body}");
        total = body["estimatedTotalHits"].as_u64();
        let hits = body["hits"].as_array().expect("hits").clone();
        if hits.is_empty() {
            break;
        }
        items.extend(hits);
    }
    assert_eq!(total, Some(items.len() as u64));
    let heights: Vec<u64> = items
        .iter()
        .map(|i| i["block_index"].as_u64().expect("height"))
        .collect();
    assert!(heights.windows(2).all(|w| w[0] >= w[1]), "newest first");
    assert!(items.iter().all(|i| i["timestamp"].as_u64() > Some(0)));
    for (txid, asset, quantity) in bought {
        assert!(
            items.iter().any(|i| i["tx_hash"] == txid.as_str()
                && i["tx_type"] == "buy"
                && i["asset"] == asset.as_str()
                && i["quantity"] == quantity.to_string().as_str()),
            "the purchase {txid} of {quantity} {asset} is in {address}'s activity"
        );
    }
    for txid in issued.get(address).into_iter().flatten() {
        assert!(
            items
                .iter()
                .any(|i| i["tx_hash"] == txid.as_str() && i["tx_type"] == "issuance"),
            "the issuance {txid} is in {address}'s activity"
        );
    }
    let (status, _) = services.get_json("/api/activity").await;
    assert_eq!(status, 400, "addresses are required");
    let (status, body) = services
        .get_json("/api/activity?addresses=bc1qnobodyatall")
        .await;
    assert_eq!(
        (status, body["estimatedTotalHits"].as_u64()),
        (200, Some(0))
    );
}

/// A user's wishlist, as the user events set it: found by user id or display name.
async fn wishlist(stack: &crate::helpers::Stack, services: &crate::helpers::Services) {
    use prost::Message;
    use stamps_proto::events::v1::{UserProfileUpdated, WishlistItemAdded};
    let nats = stamps_platform::nats::Nats::connect(&stack.nats)
        .await
        .expect("nats");
    nats.ensure_stream(stamps_platform::nats::Stream::Users)
        .await
        .expect("users stream");
    let user = stack.stamps[0].creator.clone();
    let wished: Vec<String> = stack
        .stamps
        .iter()
        .take(3)
        .map(|s| s.cpid.clone())
        .collect();
    let mut events: Vec<(&str, Vec<u8>)> = vec![(
        "users.profile.updated",
        UserProfileUpdated {
            user_id: user.clone(),
            display_name: "Wisher".into(),
            twitter: String::new(),
            version: 1,
        }
        .encode_to_vec(),
    )];
    for (i, cpid) in wished.iter().enumerate() {
        events.push((
            "users.wishlist.added",
            WishlistItemAdded {
                user_id: user.clone(),
                cpid: cpid.clone(),
                version: i as u64 + 2,
            }
            .encode_to_vec(),
        ));
    }
    for (subject, payload) in events {
        nats.js
            .publish(nats.subject(subject), payload.into())
            .await
            .expect("publish")
            .await
            .expect("stored");
    }
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let (status, body) = services.get_json("/api/user/wishlist/wisher").await;
        assert_eq!(status, 200, "{body}");
        let mut listed: Vec<String> = body["hits"]
            .as_array()
            .expect("hits")
            .iter()
            .map(|h| h["cpid"].as_str().expect("cpid").to_owned())
            .collect();
        listed.sort();
        let mut expected = wished.clone();
        expected.sort();
        if listed == expected {
            assert_eq!(body["estimatedTotalHits"], 3);
            break;
        }
        assert!(std::time::Instant::now() < deadline, "{body}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let (_, by_id) = services
        .get_json(&format!("/api/user/wishlist/{user}?limit=1"))
        .await;
    assert_eq!(by_id["estimatedTotalHits"], 3);
    // The stamp page names its creator's profile.
    let (_, page) = services
        .get_json(&format!("/api/stamp/{}", stack.stamps[0].cpid))
        .await;
    assert_eq!(page["creator_name"], "Wisher");
    let (_, nobody) = services.get_json("/api/user/wishlist/nobody").await;
    assert_eq!(nobody["estimatedTotalHits"], 0);
    let (status, _) = services
        .get_json("/api/user/wishlist/wisher?addresses=x")
        .await;
    assert_eq!(status, 400, "unknown parameters are refused");
}

/// The XCP site's catalogue: every Counterparty asset the ledger issued, newest first; an asset that is no
/// stamp has its own page; the projects are the directories.
async fn xcp_assets(services: &crate::helpers::Services, db: &mut sqlx::PgConnection) {
    let issued: i64 = sqlx::query_scalar(
        "SELECT count(DISTINCT asset) FROM indexer.issuances WHERE status = 'valid' AND asset IS NOT NULL",
    )
    .fetch_one(&mut *db)
    .await
    .expect("issued");
    let (status, all) = services.get_json("/api/xcp/search?limit=100").await;
    assert_eq!(status, 200, "{all}");
    assert_eq!(all["estimatedTotalHits"].as_i64(), Some(issued));
    let heights: Vec<u64> = all["hits"]
        .as_array()
        .expect("hits")
        .iter()
        .map(|h| h["block_index"].as_u64().expect("height"))
        .collect();
    assert!(heights.windows(2).all(|w| w[0] >= w[1]), "newest first");
    let stamped: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM catalogue.stamps WHERE cpid IN (
             SELECT asset FROM indexer.issuances WHERE status = 'valid')",
    )
    .fetch_one(&mut *db)
    .await
    .expect("stamps");
    let (_, stamps) = services
        .get_json("/api/xcp/search?only=stamps&limit=1")
        .await;
    assert_eq!(stamps["estimatedTotalHits"].as_i64(), Some(stamped));
    assert!(
        stamped < issued,
        "the demo issues assets that are no stamps"
    );

    // An asset with enhanced asset information and holders, which is no stamp: its page.
    let (asset, description): (String, String) = sqlx::query_as(
        "SELECT asset, description FROM indexer.issuances i
         WHERE status = 'valid' AND description LIKE 'http%.json'
           AND asset NOT IN (SELECT cpid FROM indexer.stamps)
           AND EXISTS (SELECT 1 FROM indexer.balances b WHERE b.asset = i.asset AND b.quantity > 0)
         ORDER BY block_index DESC LIMIT 1",
    )
    .fetch_one(&mut *db)
    .await
    .expect("the demo describes assets with enhanced asset information");
    let (status, page) = services.get_json(&format!("/api/asset/{asset}")).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["xcp_json_url"], description.as_str());
    assert!(page["stamp"].is_null());
    let holders: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM indexer.balances WHERE asset = $1 AND quantity > 0",
    )
    .bind(&asset)
    .fetch_one(&mut *db)
    .await
    .expect("holders");
    assert!(holders > 0);
    assert!(!page["holders"].as_array().expect("holders").is_empty());
    let (_, found) = services.get_json(&format!("/api/xcp/search/{asset}")).await;
    assert!(
        found["hits"]
            .as_array()
            .expect("hits")
            .iter()
            .any(|h| h["cpid"] == asset.as_str() && h["holders"].as_i64() == Some(holders))
    );
    // A stamp's asset page carries its stamp and the stamp page's blocks.
    let (_, newest) = services.get_json("/api/search?limit=1").await;
    let cpid = newest["hits"][0]["cpid"].as_str().expect("cpid").to_owned();
    let (_, as_asset) = services.get_json(&format!("/api/asset/{cpid}")).await;
    let (_, as_stamp) = services.get_json(&format!("/api/stamp/{cpid}")).await;
    assert_eq!(as_asset["stamp"]["stamp"], as_stamp["stamp"]);
    assert_eq!(as_asset["holders"], as_stamp["holders"]);
    let (status, body) = services.get_json("/api/asset/NOSUCHASSETX").await;
    assert_eq!(
        (status, body["error"].as_str()),
        (404, Some("Asset not found"))
    );
    let (status, _) = services.get_json("/api/xcp/search?only=cheap").await;
    assert_eq!(status, 400);
    let (status, _) = services.get_json("/api/xcp/search?types=mp3").await;
    assert_eq!(status, 400);

    // The stamp finder's types and sorts apply to the assets that are stamps: as many PNG assets as PNG
    // stamps; by floor price, the stamps on sale first, cheapest first, the same figures as their stamp cards.
    let pngs: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM catalogue.stamps WHERE file_suffix = 'png'
           AND cpid IN (SELECT asset FROM catalogue.assets)",
    )
    .fetch_one(&mut *db)
    .await
    .expect("png stamps");
    let (_, png) = services.get_json("/api/xcp/search?types=png&limit=1").await;
    assert!(pngs > 0);
    assert_eq!(png["estimatedTotalHits"].as_i64(), Some(pngs), "{png}");
    let (status, cheapest) = services
        .get_json("/api/xcp/search?sort=floor_price:asc&only=on_sale&limit=100")
        .await;
    assert_eq!(status, 200, "{cheapest}");
    let hits = cheapest["hits"].as_array().expect("hits");
    assert!(!hits.is_empty(), "the demo has stamps on sale");
    let floors: Vec<u64> = hits
        .iter()
        .map(|h| {
            h["floor_price"]
                .as_u64()
                .expect("an asset on sale has a floor")
        })
        .collect();
    assert!(floors.windows(2).all(|w| w[0] <= w[1]), "{floors:?}");
    let first = &hits[0];
    assert!(first["on_sale"].is_string());
    let (_, card) = services
        .get_json(&format!(
            "/api/stamp/{}",
            first["cpid"].as_str().expect("cpid")
        ))
        .await;
    assert_eq!(card["floor_price"], first["floor_price"]);
    let (_, by_volume) = services
        .get_json("/api/xcp/search?sort=total_volume:desc&limit=3")
        .await;
    let volumes: Vec<u64> = by_volume["hits"]
        .as_array()
        .expect("hits")
        .iter()
        .map(|h| h["total_volume"].as_u64().expect("volume"))
        .collect();
    assert!(
        volumes[0] > 0 && volumes.windows(2).all(|w| w[0] >= w[1]),
        "{volumes:?}"
    );

    // The XCP leaderboard: every address holding an asset other than XCP, most assets first, each count as
    // the indexer's balances have it.
    let holders: i64 = sqlx::query_scalar(
        "SELECT count(DISTINCT holder) FROM indexer.balances
         WHERE quantity > 0 AND asset <> 'XCP' AND holder NOT LIKE '%:%'",
    )
    .fetch_one(&mut *db)
    .await
    .expect("holders");
    let (status, board) = services.get_json("/api/xcp/leaderboard?limit=100").await;
    assert_eq!(status, 200, "{board}");
    let rows = board["hits"].as_array().expect("hits");
    assert!(board["estimatedTotalHits"].as_i64() >= Some(holders));
    let counts: Vec<i64> = rows
        .iter()
        .map(|r| r["xcp_count"].as_i64().expect("count"))
        .collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
    let top = &rows[0];
    let held: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM indexer.balances WHERE holder = $1 AND quantity > 0 AND asset <> 'XCP'",
    )
    .bind(top["user_id"].as_str().expect("address"))
    .fetch_one(&mut *db)
    .await
    .expect("held");
    assert_eq!(top["xcp_count"].as_i64(), Some(held));
    assert_eq!(top["rank"], 1);
    let (status, _) = services
        .get_json("/api/xcp/leaderboard?sort=stamp_count")
        .await;
    assert_eq!(status, 400);
    // By the value of the stamps held: the stamps leaderboard's figures of the same addresses, most first; the
    // assets held as previews, stamps with their file.
    let (status, rich) = services
        .get_json("/api/xcp/leaderboard?sort=floor_valuation&limit=5")
        .await;
    assert_eq!(status, 200, "{rich}");
    let rows = rich["hits"].as_array().expect("hits");
    let values: Vec<u64> = rows
        .iter()
        .map(|r| r["floor_valuation"].as_u64().expect("valuation"))
        .collect();
    assert!(
        values[0] > 0 && values.windows(2).all(|w| w[0] >= w[1]),
        "{values:?}"
    );
    let richest: i64 =
        sqlx::query_scalar("SELECT floor_valuation FROM catalogue.collectors WHERE address = $1")
            .bind(rows[0]["user_id"].as_str().expect("address"))
            .fetch_one(&mut *db)
            .await
            .expect("the richest is a collector");
    assert_eq!(rows[0]["floor_valuation"].as_i64(), Some(richest));
    let previews = rows[0]["stamps"].as_array().expect("previews");
    assert_eq!(
        previews.len(),
        rows[0]["xcp_ids"].as_array().expect("ids").len()
    );
    for p in previews {
        let cpid = p["cpid"].as_str().expect("cpid");
        let is_stamp: bool =
            sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM catalogue.stamps WHERE cpid = $1)")
                .bind(cpid)
                .fetch_one(&mut *db)
                .await
                .expect("stamp");
        assert_eq!(p["url"].as_str().is_some(), is_stamp, "{p}");
        if is_stamp {
            assert_eq!(p["url"], format!("/s/{cpid}").as_str());
        }
    }
}

/// An address's SRC-20 holdings as a live stream: the first event is its balances now.
async fn src20_live(services: &crate::helpers::Services, db: &mut sqlx::PgConnection) {
    let address: String = sqlx::query_scalar(
        "SELECT address FROM indexer.src20_balances WHERE balance::NUMERIC > 0
         GROUP BY address ORDER BY count(*) DESC, address LIMIT 1",
    )
    .fetch_one(&mut *db)
    .await
    .expect("an SRC-20 holder");
    let expected: Vec<(String, String)> = sqlx::query_as(
        "SELECT tick, balance::TEXT FROM catalogue.src20_balances WHERE address = $1 AND balance > 0 ORDER BY tick",
    )
    .bind(&address)
    .fetch_all(&mut *db)
    .await
    .expect("balances");
    let mut events = reqwest::get(format!(
        "{}/api/realtime/src20/holders/{address}",
        services.base
    ))
    .await
    .expect("stream");
    assert_eq!(
        events.headers()["content-type"].to_str().ok(),
        Some("text/event-stream")
    );
    let mut seen = String::new();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !seen.contains("\n\n") {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        let chunk = tokio::time::timeout(left, events.chunk())
            .await
            .expect("an event")
            .expect("stream")
            .expect("open");
        seen.push_str(&String::from_utf8_lossy(&chunk));
    }
    let data = seen
        .lines()
        .find_map(|l| l.strip_prefix("data: "))
        .expect("data");
    let holdings: Vec<serde_json::Value> = serde_json::from_str(data).expect("json");
    assert!(
        seen.contains(&format!("event: src20/holders/{address}")),
        "{seen}"
    );
    assert_eq!(
        holdings
            .iter()
            .map(|h| (
                h["tick"].as_str().expect("tick").to_owned(),
                h["balance"].as_str().expect("balance").to_owned()
            ))
            .collect::<Vec<_>>(),
        expected
    );
    let (status, _) = services
        .get_json("/api/realtime/src20/holders/not%20an%20address")
        .await;
    assert_eq!(status, 400);
}
