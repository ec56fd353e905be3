//! The SRC-20 API on the indexed demo: exact totals against the indexer's own tables, each filter's meaning,
//! sort orders over pages, the canonical tick spelling, trending, and bad input.

use serde_json::Value;

use stamps_protocol::src20;

use crate::helpers::Stack;

fn hits(body: &Value) -> &Vec<Value> {
    body["hits"].as_array().expect("hits")
}

fn total(body: &Value) -> i64 {
    body["estimatedTotalHits"].as_i64().expect("total")
}

fn number(v: &Value) -> f64 {
    v.as_str()
        .and_then(|s| s.parse::<f64>().ok())
        .or_else(|| v.as_f64())
        .expect("a number")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn src20_finder_tick_and_trending_match_the_indexed_operations() {
    let stack = Stack::start_with(
        "src20api",
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
    let count = async |db: &mut sqlx::PgConnection, sql: &str| -> i64 {
        sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_owned()))
            .fetch_one(db)
            .await
            .expect(sql)
    };

    // Every operation, newest stamp first, across two pages.
    let (status, first) = services.get_json("/api/src20/search?limit=50").await;
    assert_eq!(status, 200, "{first}");
    let all = count(&mut db, "SELECT count(*) FROM indexer.src20_ops").await;
    assert!(all > 20, "the demo has SRC-20 operations");
    assert_eq!(total(&first), all);
    let (_, second) = services.get_json("/api/src20/search?limit=50&page=2").await;
    let stamps: Vec<i64> = hits(&first)
        .iter()
        .chain(hits(&second))
        .map(|h| h["stamp"].as_i64().expect("every operation is a stamp"))
        .collect();
    assert!(stamps.windows(2).all(|w| w[0] > w[1]), "{stamps:?}");
    assert!(hits(&first).iter().any(|h| h["isInvalid"] == true));
    // Amounts are plain decimals, never the reference's scientific notation ("5E+3"), and equal the indexer's
    // figures read as numbers.
    for h in hits(&first).iter().chain(hits(&second)) {
        for field in ["amount", "max", "limit", "minted"] {
            if let Some(v) = h[field].as_str() {
                assert!(
                    !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit() || b == b'.'),
                    "{field} {v:?} in {h}"
                );
            }
        }
    }
    let mints_amount: Option<(String, String)> =
        sqlx::query_as("SELECT tx_hash, amt FROM indexer.src20_ops WHERE amt ILIKE '%E%' LIMIT 1")
            .fetch_optional(&mut db)
            .await
            .expect("amounts");
    if let Some((tx, amt)) = mints_amount {
        let (_, found) = services.get_json(&format!("/api/src20/search/{tx}")).await;
        let plain = found["hits"][0]["amount"]
            .as_str()
            .expect("amount")
            .to_owned();
        let (m, e) = amt
            .to_uppercase()
            .split_once('E')
            .map(|(m, e)| (m.to_owned(), e.to_owned()))
            .expect("E");
        let value = m.parse::<f64>().expect("mantissa") * 10f64.powi(e.parse().expect("exponent"));
        assert!(
            (plain.parse::<f64>().expect("plain") - value).abs() < 1e-6,
            "{amt} read {plain}"
        );
    }

    // Valid mints only.
    let (_, mints) = services
        .get_json("/api/src20/search?types=mint&only=valid&limit=100")
        .await;
    let valid_mints = count(
        &mut db,
        "SELECT count(*) FROM indexer.src20_ops WHERE op = 'MINT' AND valid",
    )
    .await;
    assert_eq!(total(&mints), valid_mints);
    assert!(
        hits(&mints)
            .iter()
            .all(|h| h["op"] == "MINT" && h["isInvalid"] == false)
    );

    // Minted out: the valid deploys whose balances add up to their max.
    let minted_out = count(
        &mut db,
        "SELECT count(*) FROM indexer.src20_ops d
         WHERE d.op = 'DEPLOY' AND d.valid
           AND (SELECT COALESCE(sum(b.balance::NUMERIC), 0) FROM indexer.src20_balances b WHERE b.tick = d.tick)
               >= d.max::NUMERIC",
    )
    .await;
    let (_, out) = services
        .get_json("/api/src20/search?only=minted_out&types=mint&limit=100")
        .await;
    assert_eq!(total(&out), minted_out, "types forced to deploy");
    assert!(
        hits(&out)
            .iter()
            .all(|h| h["op"] == "DEPLOY" && h["progress"] == "100.00")
    );
    let (_, going) = services
        .get_json("/api/src20/search?only=in_progress&limit=100")
        .await;
    let deploys = count(
        &mut db,
        "SELECT count(*) FROM indexer.src20_ops WHERE op = 'DEPLOY' AND valid",
    )
    .await;
    assert_eq!(total(&going) + total(&out), deploys);

    // By holders: deploys only, most first, each count as the indexer's balances say.
    let (_, by_holders) = services
        .get_json("/api/src20/search?sort=holdersCount&only=valid&limit=100")
        .await;
    assert_eq!(total(&by_holders), deploys);
    let counts: Vec<i64> = hits(&by_holders)
        .iter()
        .map(|h| h["holdersCount"].as_i64().expect("figures"))
        .collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
    let top = &hits(&by_holders)[0];
    let tick = top["tick"].as_str().expect("tick").to_owned();
    let holders: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM indexer.src20_balances WHERE tick = $1 AND balance::NUMERIC > 0",
    )
    .bind(src20::normalize_tick(&tick))
    .fetch_one(&mut db)
    .await
    .expect("holders");
    assert_eq!(counts[0], holders);
    let (_, ascending) = services
        .get_json("/api/src20/search?sort=holdersCount:asc&only=valid&limit=100")
        .await;
    assert_eq!(
        hits(&ascending)[0]["holdersCount"].as_i64(),
        counts.last().copied()
    );

    // The tick's page, asked for in capitals: the canonical spelling comes back; holders largest first, no
    // more than the supply minted; the history lists every operation of the tick.
    let (status, page) = services
        .get_json(&format!("/api/src20/tick/{}", tick.to_uppercase()))
        .await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["tick"], tick.as_str());
    let minted = number(&page["deploy"]["minted"]);
    let amounts: Vec<f64> = page["holders"]
        .as_array()
        .expect("holders")
        .iter()
        .map(|h| number(&h["amount"]))
        .collect();
    assert!(amounts.windows(2).all(|w| w[0] >= w[1]), "{amounts:?}");
    assert!(amounts.iter().sum::<f64>() <= minted + 1e-9);
    let mints: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM indexer.src20_ops WHERE tick = $1 AND op = 'MINT' AND valid",
    )
    .bind(src20::normalize_tick(&tick))
    .fetch_one(&mut db)
    .await
    .expect("mints");
    assert_eq!(page["deploy"]["mintedCount"].as_i64(), Some(mints));
    let history = page["mintHistory"].as_array().expect("history");
    assert_eq!(
        history
            .iter()
            .map(|p| p["mints"].as_i64().unwrap_or(0))
            .sum::<i64>(),
        mints
    );
    let (_, activity) = services
        .get_json(&format!("/api/src20/tick/{tick}/history?limit=5"))
        .await;
    let of_tick: i64 = sqlx::query_scalar("SELECT count(*) FROM indexer.src20_ops WHERE tick = $1")
        .bind(src20::normalize_tick(&tick))
        .fetch_one(&mut db)
        .await
        .expect("ops");
    assert_eq!(total(&activity), of_tick);
    assert!(hits(&activity).iter().all(|h| h["tick"] == tick.as_str()));

    // A tick of emoji is named by its characters; the reference's escaped spelling is an alias of it.
    let escaped: String = sqlx::query_scalar(
        "SELECT tick FROM indexer.src20_ops WHERE op = 'DEPLOY' AND valid AND tick LIKE '%\\\\U%' LIMIT 1",
    )
    .fetch_one(&mut db)
    .await
    .expect("the demo deploys a tick of emoji");
    let characters = src20::tick_text(&escaped);
    assert!(!characters.contains('\\'), "{escaped} reads {characters}");
    let encode = |t: &str| {
        t.bytes()
            .map(|b| {
                if b.is_ascii_alphanumeric() {
                    char::from(b).to_string()
                } else {
                    format!("%{b:02X}")
                }
            })
            .collect::<String>()
    };
    for spelling in [&characters, &escaped, &escaped.to_uppercase()] {
        let (status, page) = services
            .get_json(&format!("/api/src20/tick/{}", encode(spelling)))
            .await;
        assert_eq!(status, 200, "{spelling}: {page}");
        assert_eq!(page["tick"], characters.as_str(), "{spelling}");
        assert_eq!(page["deploy"]["tick"], characters.as_str(), "{spelling}");
    }
    let (_, found) = services
        .get_json(&format!(
            "/api/src20/search?tick={}&limit=5",
            encode(&escaped)
        ))
        .await;
    assert!(
        !hits(&found).is_empty()
            && hits(&found)
                .iter()
                .all(|h| h["tick"] == characters.as_str()),
        "{found}"
    );

    // Trending: per tick, its share of the latest 1,000 valid mints.
    let (_, trending) = services.get_json("/api/src20/trending").await;
    assert_eq!(
        trending["mint"]["columns"],
        serde_json::json!(["tick", "count"])
    );
    let expected: Vec<(String, i64)> = sqlx::query_as::<_, (String, i64)>(
        "SELECT tick, count(*) FROM (SELECT tick FROM indexer.src20_ops WHERE op = 'MINT' AND valid
                                     ORDER BY block_index DESC, tx_index DESC LIMIT 1000) l
         GROUP BY tick ORDER BY count(*) DESC, tick LIMIT 20",
    )
    .fetch_all(&mut db)
    .await
    .expect("trending")
    .into_iter()
    .map(|(tick, n)| (src20::tick_text(&tick), n))
    .collect();
    let served: Vec<(String, i64)> = trending["mint"]["tuple"]
        .as_array()
        .expect("tuple")
        .iter()
        .map(|t| {
            (
                t[0].as_str().expect("tick").to_owned(),
                t[1].as_i64().expect("count"),
            )
        })
        .collect();
    // Most mints first (ticks with as many in the order of their characters, which the indexer's escaped
    // spelling does not share).
    assert!(served.windows(2).all(|w| w[0].1 >= w[1].1), "{served:?}");
    let sorted = |mut list: Vec<(String, i64)>| {
        list.sort();
        list
    };
    assert_eq!(sorted(served), sorted(expected));

    // An address's activity: every operation it sent or received.
    let deployer = page["deploy"]["creator"]
        .as_str()
        .expect("deployer")
        .to_owned();
    let (_, mine) = services
        .get_json(&format!("/api/src20/activity/{deployer}?limit=100"))
        .await;
    let theirs: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM indexer.src20_ops WHERE creator = $1 OR destination = $1",
    )
    .bind(&deployer)
    .fetch_one(&mut db)
    .await
    .expect("activity");
    assert_eq!(total(&mine), theirs);
    assert!(
        hits(&mine)
            .iter()
            .all(|h| h["creator"] == deployer.as_str() || h["destination"] == deployer.as_str())
    );

    // Autocomplete: ticks by prefix whatever the case, the exact one first.
    let prefix: String = tick.chars().take(2).collect();
    let (_, typed) = services
        .get_json(&format!("/api/autocomplete/{}", prefix.to_uppercase()))
        .await;
    let ticks: Vec<&str> = typed["src20Hits"]
        .as_array()
        .expect("src20 hits")
        .iter()
        .map(|h| h["tick"].as_str().expect("tick"))
        .collect();
    assert!(
        !ticks.is_empty() && ticks.iter().all(|t| t.starts_with(&prefix)),
        "{ticks:?}"
    );
    let (_, exact) = services
        .get_json(&format!("/api/autocomplete/{tick}"))
        .await;
    assert_eq!(exact["src20Hits"][0]["tick"], tick.as_str());
    let (status, _) = services
        .get_json(&format!("/api/autocomplete/{}", "x".repeat(101)))
        .await;
    assert_eq!(status, 400);

    // Bad input names what is wrong; a page past the end is empty with the true total.
    for (path, names) in [
        ("/api/src20/search?sort=price", "price"),
        ("/api/src20/search?types=burn", "burn"),
        ("/api/src20/search?only=minted_out,in_progress", "exclude"),
        ("/api/src20/search?colour=red", "colour"),
        ("/api/src20/search?page=0", "page"),
    ] {
        let (status, body) = services.get_json(path).await;
        assert_eq!(status, 400, "{path}");
        assert!(
            body["error"].as_str().is_some_and(|m| m.contains(names)),
            "{path}: {body}"
        );
    }
    let (status, body) = services.get_json("/api/src20/tick/nosuchtick").await;
    assert_eq!(
        (status, body["error"].as_str()),
        (404, Some("SRC-20 tick not found"))
    );
    let (status, beyond) = services.get_json("/api/src20/search?page=100000").await;
    assert_eq!(status, 200);
    assert!(hits(&beyond).is_empty());
    assert_eq!(total(&beyond), all);

    services.stop().await;
    stack.finish().await;
}
