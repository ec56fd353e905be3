//! Collections on the indexed demo: every SRC-721 deploy is a collection of its mints, with figures that agree
//! with the ledger's tables; sorts hold over the pages; its stamps, collectors, destroyers and SRC-721 layers;
//! bad input.

use serde_json::Value;

use crate::helpers::Services;

fn total(body: &Value) -> i64 {
    body["estimatedTotalHits"].as_i64().expect("total")
}

fn hits(body: &Value) -> Vec<Value> {
    body["hits"].as_array().expect("hits").clone()
}

async fn scalar(db: &mut sqlx::PgConnection, sql: &str, bind: &str) -> i64 {
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_owned()))
        .bind(bind)
        .fetch_one(db)
        .await
        .expect(sql)
}

/// The mints of each deploy, read off the stamps' own JSON (not the collection tables).
const MINTS: &str = "SELECT cpid FROM catalogue.stamps
    WHERE ident = 'SRC-721' AND src_data <> '' AND src_data::jsonb ->> 'op' ILIKE 'mint'
      AND src_data::jsonb ->> 'c' = $1";

pub async fn collections(services: &Services, db: &mut sqlx::PgConnection) {
    let deploys: Vec<String> = sqlx::query_scalar(
        "SELECT cpid FROM catalogue.stamps
         WHERE ident = 'SRC-721' AND src_data <> '' AND src_data::jsonb ->> 'op' ILIKE 'deploy'
         ORDER BY cpid",
    )
    .fetch_all(&mut *db)
    .await
    .expect("deploys");
    assert!(!deploys.is_empty(), "the demo deploys SRC-721 collections");

    // Every deploy is listed, as an SRC-721 collection (the demo has no user collections).
    let (status, all) = services.get_json("/api/collections?limit=100").await;
    assert_eq!(status, 200, "{all}");
    assert_eq!(total(&all), deploys.len() as i64);
    let mut listed: Vec<String> = hits(&all)
        .iter()
        .map(|c| c["collection_id"].as_str().expect("id").to_owned())
        .collect();
    listed.sort();
    assert_eq!(listed, deploys);
    assert!(hits(&all).iter().all(|c| c["type"] == "src721"));

    // Each sort orders the pages (page size 2, so that several pages are walked).
    for (sort, field) in [
        ("stamp_count:asc", "stamp_count"),
        ("stamp_count:desc", "stamp_count"),
        ("collector_count:desc", "collector_count"),
        ("total_volume:desc", "total_volume"),
        ("highest_stamp_number:asc", "highest_stamp_number"),
    ] {
        let mut values = Vec::new();
        for page in 1..=deploys.len().div_ceil(2) {
            let (status, body) = services
                .get_json(&format!("/api/collections?sort={sort}&limit=2&page={page}"))
                .await;
            assert_eq!(status, 200, "{body}");
            values.extend(
                hits(&body)
                    .iter()
                    .map(|c| c[field].as_i64().unwrap_or(i64::MAX)),
            );
        }
        assert_eq!(values.len(), deploys.len(), "{sort}");
        let ordered = if sort.ends_with(":asc") {
            values.windows(2).all(|w| w[0] <= w[1])
        } else {
            values.windows(2).all(|w| w[0] >= w[1])
        };
        assert!(ordered, "{sort}: {values:?}");
    }

    // The collection with the most mints: its figures against the ledger's tables.
    let mut biggest = (String::new(), -1);
    for d in &deploys {
        let n = scalar(db, &format!("SELECT count(*) FROM ({MINTS}) m"), d).await;
        if n > biggest.1 {
            biggest = (d.clone(), n);
        }
    }
    let (id, mints) = biggest;
    assert!(mints > 0, "the demo mints its collections");
    let (status, c) = services.get_json(&format!("/api/collection/{id}")).await;
    assert_eq!(status, 200, "{c}");
    assert_eq!(c["stamp_count"].as_i64(), Some(mints));
    let holders = scalar(
        db,
        &format!(
            "SELECT count(DISTINCT holder) FROM indexer.balances
             WHERE asset IN ({MINTS}) AND quantity > 0 AND holder NOT LIKE '%:%'"
        ),
        &id,
    )
    .await;
    assert_eq!(c["collector_count"].as_i64(), Some(holders));
    let volume = scalar(
        db,
        &format!(
            "SELECT COALESCE(sum(btc_amount), 0)::BIGINT FROM catalogue.dispenses WHERE asset IN ({MINTS})"
        ),
        &id,
    )
    .await;
    assert_eq!(c["total_volume"].as_i64(), Some(volume));
    for window in ["day_volume", "week_volume", "month_volume"] {
        let v = c[window]["volume"].as_i64().expect(window);
        assert!(
            (0..=volume).contains(&v),
            "{window} {v} within the total {volume}"
        );
    }
    assert_eq!(c["is_launchpad"], false);
    let images = c["stamp_images"].as_array().expect("images");
    assert_eq!(images.len(), c["stamp_ids"].as_array().expect("ids").len());

    // Its stamps through the finder.
    let (status, stamps) = services
        .get_json(&format!("/api/search?collection={id}&limit=100"))
        .await;
    assert_eq!(status, 200, "{stamps}");
    assert_eq!(total(&stamps), mints);
    assert!(hits(&stamps).iter().all(|s| s["ident"] == "SRC-721"));

    // Every stamp id for the edit form, and the finder by cpids (a JSON list or commas).
    let (status, full) = services
        .get_json(&format!("/api/collection/{id}?with_stamp_ids=true"))
        .await;
    assert_eq!(status, 200, "{full}");
    let all_ids = full["stamp_ids"].as_array().expect("ids").clone();
    assert_eq!(all_ids.len() as i64, mints);
    assert!(c["stamp_ids"].as_array().expect("ids").len() <= 12);
    let two: Vec<&str> = all_ids.iter().take(2).filter_map(Value::as_str).collect();
    for list in [serde_json::to_string(&two).expect("json"), two.join(",")] {
        let (status, picked) = services
            .get_json(&format!("/api/search?cpids={list}"))
            .await;
        assert_eq!(status, 200, "{picked}");
        let mut got: Vec<String> = hits(&picked)
            .iter()
            .filter_map(|h| h["cpid"].as_str().map(str::to_owned))
            .collect();
        got.sort_unstable();
        let mut want: Vec<String> = two.iter().map(|c| (*c).to_owned()).collect();
        want.sort_unstable();
        assert_eq!(got, want);
    }
    let (status, _) = services
        .get_json(&format!("/api/collection/{id}?with_stamp_ids=maybe"))
        .await;
    assert_eq!(status, 400);

    // Traits: the mints that chose a given stamp in layer 0, read off the stamps' own JSON.
    let (chosen, with_trait): (String, i64) = sqlx::query_as(
        "SELECT t, count(*) FROM (
             SELECT d.src_data::jsonb -> 't0' ->> (m.src_data::jsonb -> 'ts' ->> 0)::INT AS t
             FROM catalogue.stamps m JOIN catalogue.stamps d ON d.cpid = m.src_data::jsonb ->> 'c'
             WHERE m.ident = 'SRC-721' AND m.src_data <> '' AND m.src_data::jsonb ->> 'c' = $1) x
         WHERE t IS NOT NULL GROUP BY t ORDER BY count(*) DESC, t LIMIT 1",
    )
    .bind(&id)
    .fetch_one(&mut *db)
    .await
    .expect("a trait");
    let traits = format!("[[\"{chosen}\"]]");
    let (status, by_trait) = services
        .get_json(&format!(
            "/api/search?collection={id}&src721cpids={traits}&limit=100"
        ))
        .await;
    assert_eq!(status, 200, "{by_trait}");
    assert_eq!(total(&by_trait), with_trait);
    let (status, none) = services
        .get_json(&format!(
            "/api/search?src721cpids=[[\"{chosen}\"],[\"A1\"]]"
        ))
        .await;
    assert_eq!(
        (status, total(&none)),
        (200, 0),
        "every list must be matched"
    );
    let (status, body) = services.get_json("/api/search?src721cpids=oops").await;
    assert_eq!(status, 400);
    assert!(
        body["error"]
            .as_str()
            .expect("error")
            .contains("src721cpids")
    );

    layers_and_rarity(services, db, &id, mints).await;

    // Collectors: most stamps first, one per holder, the counts add up to the holdings.
    let (status, people) = services
        .get_json(&format!("/api/collection/{id}/collectors?limit=100"))
        .await;
    assert_eq!(status, 200, "{people}");
    assert_eq!(total(&people), holders);
    let counts: Vec<i64> = hits(&people)
        .iter()
        .map(|p| p["stamp_count"].as_i64().expect("count"))
        .collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
    let held = scalar(
        db,
        &format!(
            "SELECT count(*) FROM indexer.balances
             WHERE asset IN ({MINTS}) AND quantity > 0 AND holder NOT LIKE '%:%'"
        ),
        &id,
    )
    .await;
    if holders <= 100 {
        assert_eq!(counts.iter().sum::<i64>(), held);
    }
    assert_eq!(
        hits(&people).first().map(|p| p["rank"].clone()),
        (holders > 0).then(|| 1.into())
    );

    // Burned: who destroyed its stamps.
    let destroyers = scalar(
        db,
        &format!(
            "SELECT count(DISTINCT source) FROM catalogue.destructions
             WHERE asset IN ({MINTS}) AND status = 'valid'"
        ),
        &id,
    )
    .await;
    let (status, burned) = services
        .get_json(&format!("/api/collection/{id}/burned"))
        .await;
    assert_eq!(status, 200, "{burned}");
    assert_eq!(total(&burned), destroyers);

    // SRC-721: the deploy's layers and mints, a mint's parent and one stamp per layer.
    let (status, deploy) = services.get_json(&format!("/api/stamp/src721/{id}")).await;
    assert_eq!(status, 200, "{deploy}");
    assert_eq!(deploy["op"], "deploy");
    assert!(!deploy["layers"].as_array().expect("layers").is_empty());
    assert_eq!(total(&deploy["mints"]), mints);
    let mint = deploy["mints"]["hits"][0]["cpid"]
        .as_str()
        .expect("a mint")
        .to_owned();
    let (status, minted) = services
        .get_json(&format!("/api/stamp/src721/{mint}"))
        .await;
    assert_eq!(status, 200, "{minted}");
    assert_eq!(minted["op"], "mint");
    assert_eq!(minted["parent"]["cpid"], id.as_str());
    assert_eq!(minted["collection_id"], id.as_str());
    let (_, detail) = services.get_json(&format!("/api/stamp/{mint}")).await;
    assert_eq!(
        detail["collection_id"],
        serde_json::json!([id]),
        "the stamp page names its collection"
    );
    let chosen = minted["layers"].as_array().expect("layers");
    // Its image: the chosen layers stacked, each the layer stamp's own file.
    let (status, kind, svg) = services.get_text(&format!("/s/{mint}")).await;
    assert_eq!((status, kind.as_str()), (200, "image/svg+xml"));
    assert_eq!(svg.matches("<image ").count(), chosen.len(), "{svg:.300}");
    assert!(svg.contains("href=\"data:image/"));
    let ts: Vec<Value> = sqlx::query_scalar(
        "SELECT jsonb_array_elements(src_data::jsonb -> 'ts') FROM catalogue.stamps WHERE cpid = $1",
    )
    .bind(&mint)
    .fetch_all(&mut *db)
    .await
    .expect("ts");
    assert_eq!(chosen.len(), ts.len());
    for (k, (layer, index)) in chosen.iter().zip(&ts).enumerate() {
        let index = index.as_u64().expect("index") as usize;
        assert_eq!(
            layer[0]["cpid"], deploy["layers"][k][index]["cpid"],
            "layer {k}: the mint's index into the deploy's layer"
        );
    }

    // An SRC-20 stamp's image is the card of its operation.
    let (card, tick): (String, String) = sqlx::query_as(
        "SELECT s.cpid, o.tick FROM catalogue.src20_ops o JOIN catalogue.stamps s ON s.tx_hash = o.tx_hash
         WHERE s.file_sha256 = '' ORDER BY s.stamp DESC LIMIT 1",
    )
    .fetch_one(&mut *db)
    .await
    .expect("an SRC-20 stamp");
    let (status, kind, svg) = services.get_text(&format!("/s/{card}")).await;
    assert_eq!((status, kind.as_str()), (200, "image/svg+xml"), "{svg}");
    assert!(
        svg.contains(&format!("&quot;tick&quot;: &quot;{tick}&quot;")),
        "{svg}"
    );

    // Downloads: a PNG stamp resized to a size, as base64 PNG; sizes out of range and non-raster stamps refused.
    let png: String = sqlx::query_scalar(
        "SELECT cpid FROM catalogue.stamps WHERE mimetype = 'image/png' AND file_sha256 <> '' ORDER BY stamp LIMIT 1",
    )
    .fetch_one(&mut *db)
    .await
    .expect("a PNG stamp");
    let (status, kind, text) = services
        .get_text(&format!("/api/assets/resize/{png}/400"))
        .await;
    assert_eq!((status, kind.as_str()), (200, "text/plain"), "{text}");
    use base64::Engine as _;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(text.trim())
        .expect("base64");
    assert_eq!(&bytes[1..4], b"PNG");
    let side = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    assert_eq!(
        side(16).max(side(20)),
        400,
        "the longer side is the size asked for"
    );
    for size in ["7", "1281", "big"] {
        let (status, body) = services
            .get_json(&format!("/api/assets/resize/{png}/{size}"))
            .await;
        assert_eq!(status, 400);
        assert_eq!(body["error"], "Size must be between 8 and 1280");
    }
    let (status, _) = services
        .get_json(&format!("/api/assets/resize/{card}/400"))
        .await;
    assert_eq!(status, 415, "an SRC-20 card is no raster image");

    // By ids, by creator, by name prefix, and a page past the end.
    let (_, by_ids) = services
        .get_json(&format!("/api/collections?ids={},{}", deploys[0], id))
        .await;
    assert_eq!(total(&by_ids), if deploys[0] == id { 1 } else { 2 });
    let creator = c["user_id"].as_str().expect("creator");
    let (_, by_creator) = services
        .get_json(&format!("/api/collections?user_id={creator}"))
        .await;
    assert!(hits(&by_creator).iter().all(|h| h["user_id"] == creator));
    assert!(total(&by_creator) >= 1);
    let name = c["name"].as_str().expect("name");
    let prefix: String = name.chars().take(3).collect::<String>().to_lowercase();
    let (_, by_name) = services
        .get_json(&format!("/api/collections/{prefix}"))
        .await;
    assert!(
        hits(&by_name)
            .iter()
            .any(|h| h["collection_id"] == id.as_str())
    );
    let (status, beyond) = services.get_json("/api/collections?page=1000").await;
    assert_eq!(status, 200);
    assert!(hits(&beyond).is_empty());
    assert_eq!(total(&beyond), deploys.len() as i64);

    // Bad input: named in a 400; an unknown collection is a 404.
    for (path, named) in [
        ("/api/collections?sort=hype", "hype"),
        ("/api/collections?only=cheap", "cheap"),
        ("/api/collections?colour=red", "colour"),
        ("/api/collection/x/collectors?page=zero", "page"),
    ] {
        let (status, body) = services.get_json(path).await;
        assert_eq!(status, 400, "{path}: {body}");
        assert!(
            body["error"].as_str().expect("error").contains(named),
            "{path}: {body}"
        );
    }
    let (status, body) = services.get_json("/api/collection/nope").await;
    assert_eq!(status, 404);
    assert_eq!(body["error"], "Collection not found");
    let (status, _) = services.get_json("/api/collection/nope/collectors").await;
    assert_eq!(status, 404);
    let (status, _) = services.get_json("/api/stamp/src721/A1").await;
    assert_eq!(status, 404);
}

/// The devnet's staff content, imported as the CLI imports it: the schema accepts it, and every curated
/// endpoint serves it in its order with the catalogue's figures.
pub async fn curation(stack: &crate::helpers::Stack, services: &Services) {
    // The file the devnet serves beside its bootstrap snapshot.
    let document: serde_json::Value =
        reqwest::get(stack.bootstrap.replace("bootstrap.json", "curation.json"))
            .await
            .expect("the devnet serves its curation")
            .json()
            .await
            .expect("JSON");
    let file = stamps_catalogue::curation::CurationFile::parse(&document.to_string())
        .expect("the devnet's curation file follows the schema");
    let nats = stamps_platform::nats::Nats::connect(&stack.nats)
        .await
        .expect("NATS");
    assert_eq!(
        stamps_catalogue::curation::import(&nats, &file)
            .await
            .expect("imported"),
        stamps_catalogue::curation::KINDS.len()
    );
    // The projection applies it shortly, kind after kind: the directories come last.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let (status, body) = services.get_json("/api/directories").await;
        assert_eq!(status, 200, "{body}");
        if body["estimatedTotalHits"].as_u64() == Some(file.directories.len() as u64) {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "curation not applied");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let announcement = loop {
        let (status, body) = services.get_json("/api/announcement").await;
        assert_eq!(status, 200, "{body}");
        if !body["announcement"].is_null() {
            break body["announcement"].clone();
        }
        assert!(std::time::Instant::now() < deadline, "curation not applied");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    let curated = file.announcement.as_ref().expect("an announcement");
    assert_eq!(announcement["content"], curated.content.as_str());
    assert_eq!(
        announcement["moreLink"].as_str(),
        curated.more_link.as_deref()
    );

    let ids = |list: &Value| -> Vec<String> {
        list.as_array()
            .expect("list")
            .iter()
            .map(|c| c["collection_id"].as_str().expect("id").to_owned())
            .collect()
    };
    let banner_ids: Vec<String> = file
        .banners
        .iter()
        .map(|b| b.collection_id.clone())
        .collect();
    assert!(!banner_ids.is_empty());
    // A home answer kept from before may be served until the catalogue publishes its new version.
    let home = loop {
        let (_, home) = services.get_json("/api/home").await;
        if !ids(&home["mainBanner"]).is_empty() {
            break home;
        }
        assert!(std::time::Instant::now() < deadline, "banners not applied");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    assert_eq!(
        ids(&home["mainBanner"]),
        banner_ids,
        "banners in their curated order"
    );
    let first = &home["mainBanner"][0];
    let (_, card) = services
        .get_json(&format!("/api/collection/{}", banner_ids[0]))
        .await;
    assert_eq!(
        first["name"], card["name"],
        "a banner's name defaults to its collection's"
    );
    assert_eq!(first["stamp_count"], card["stamp_count"]);
    assert_eq!(first["image"], card["stamp_images"][0]);
    // The featured collections, directories aside (those are the XCP site's).
    let not_directories: Vec<String> = file
        .featured
        .iter()
        .filter(|id| !file.directories.iter().any(|d| d.collection_id == **id))
        .cloned()
        .collect();
    assert!(
        not_directories.len() < file.featured.len(),
        "a directory is featured"
    );
    assert_eq!(ids(&home["featured"]), not_directories);
    let (_, featured) = services
        .get_json("/api/collections/featured?limit=1&page=2")
        .await;
    assert_eq!(total(&featured), not_directories.len() as i64);
    assert_eq!(ids(&featured["hits"]), not_directories[1..2].to_vec());

    let feat = file.feat.as_ref().expect("a featured list");
    let (status, page) = services.get_json("/api/feat?limit=5&page=2").await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["title"], feat.title.as_str());
    assert_eq!(total(&page), feat.cpids.len() as i64);
    let served: Vec<String> = hits(&page)
        .iter()
        .map(|s| s["cpid"].as_str().expect("cpid").to_owned())
        .collect();
    assert_eq!(served, feat.cpids[5..10].to_vec(), "in their curated order");

    let (status, advent) = services.get_json("/api/advent").await;
    assert_eq!(status, 200, "{advent}");
    let days = advent["days"].as_array().expect("days");
    assert_eq!(days.len(), file.advent.as_ref().expect("advent").days.len());
    assert!(
        days.iter()
            .any(|d| d["src"].is_string() && d["author"].is_string()),
        "open doors"
    );
    assert!(
        days.iter()
            .any(|d| d["presale_cpid"].is_string() && d["src"].is_null()),
        "presale doors"
    );

    // The directory: listed among directories only, with its figures, and under the collection routes.
    let directory = file.directories.first().expect("a directory");
    let (status, dirs) = services.get_json("/api/directories").await;
    assert_eq!(status, 200, "{dirs}");
    let mut listed = ids(&dirs["hits"]);
    listed.sort_unstable();
    let mut curated: Vec<String> = file
        .directories
        .iter()
        .map(|d| d.collection_id.clone())
        .collect();
    curated.sort_unstable();
    assert_eq!(listed, curated);
    let card = hits(&dirs)
        .into_iter()
        .find(|d| d["collection_id"] == directory.collection_id.as_str())
        .expect("the directory's card");
    assert_eq!(card["user_id"], "XCP");
    assert_eq!(
        card["stamp_count"].as_u64(),
        Some(directory.stamp_ids.len() as u64)
    );
    let (_, collections) = services.get_json("/api/collections?limit=100").await;
    assert!(hits(&collections).iter().all(|c| c["user_id"] != "XCP"));
    let (status, stamps) = services
        .get_json(&format!(
            "/api/search?collection={}&limit=100",
            directory.collection_id
        ))
        .await;
    assert_eq!(status, 200);
    assert_eq!(total(&stamps), directory.stamp_ids.len() as i64);
    let (status, _) = services.get_json("/api/directories?user_id=bob").await;
    assert_eq!(status, 400);
    // Featured: the directories among the curated list on /api/directories/featured, the others on
    // /api/collections/featured (and the home page).
    let (_, featured_dirs) = services.get_json("/api/directories/featured").await;
    assert_eq!(
        ids(&featured_dirs["hits"]),
        vec![directory.collection_id.clone()]
    );
    let (_, featured) = services.get_json("/api/collections/featured").await;
    let expected: Vec<String> = file
        .featured
        .iter()
        .filter(|id| **id != directory.collection_id)
        .cloned()
        .collect();
    assert_eq!(ids(&featured["hits"]), expected);

    // The XCP site's projects are the directories.
    let (status, projects) = services.get_json("/api/xcp/projects").await;
    assert_eq!(status, 200, "{projects}");
    let mut by_size: Vec<_> = file.directories.iter().collect();
    by_size.sort_by_key(|d| std::cmp::Reverse((d.stamp_ids.len(), d.collection_id.clone())));
    let expected: Vec<Value> = by_size
        .iter()
        .map(|d| {
            serde_json::json!({
                "collection_id": d.collection_id,
                "name": d.name,
                "count": d.stamp_ids.len(),
            })
        })
        .collect();
    assert_eq!(projects["projects"], Value::Array(expected));

    let (status, _) = services.get_json("/api/feat?colour=red").await;
    assert_eq!(status, 400);

    launchpads(&file, services).await;
}

/// The curated launchpads: listed by `only=launchpad` with their terms, what each minted read off its
/// collection's stamps, and the odds of curated layers.
async fn launchpads(file: &stamps_catalogue::curation::CurationFile, services: &Services) {
    let pad = file.launchpads.first().expect("a launchpad");
    let (status, listed) = services
        .get_json("/api/collections?only=launchpad&sort=highest_stamp_number:desc")
        .await;
    assert_eq!(status, 200, "{listed}");
    // Directories are listed only when asked for by owner or id: the users' launchpads are the ones listed.
    let directories: Vec<&str> = file
        .directories
        .iter()
        .map(|d| d.collection_id.as_str())
        .collect();
    let launchpad_ids: Vec<&str> = file
        .launchpads
        .iter()
        .map(|l| l.collection_id.as_str())
        .collect();
    let of_users = launchpad_ids
        .iter()
        .filter(|id| !directories.contains(id))
        .count();
    assert_eq!(total(&listed), of_users as i64, "{listed}");
    let listed_hits = hits(&listed);
    let card = listed_hits
        .iter()
        .find(|c| c["collection_id"] == pad.collection_id.as_str())
        .expect("the first launchpad is listed");
    // The home page lists both, highest stamp numbers first.
    let (_, home) = services.get_json("/api/home").await;
    let (_, in_directories) = services
        .get_json("/api/directories?only=launchpad&sort=highest_stamp_number:desc")
        .await;
    let mut both: Vec<serde_json::Value> = hits(&listed)
        .iter()
        .chain(hits(&in_directories).iter())
        .cloned()
        .collect();
    both.sort_by_key(|c| std::cmp::Reverse(c["highest_stamp_number"].as_i64()));
    assert!(both.len() > of_users, "a directory's launchpad too");
    assert_eq!(
        home["launchpads"],
        serde_json::Value::Array(both),
        "the home page lists the launchpads"
    );
    assert_eq!(card["is_launchpad"], true);
    assert_eq!(card["fee"], pad.fee);
    assert_eq!(card["max"], pad.max);
    assert_eq!(card["quantity_per_mint"], pad.quantity_per_mint);
    assert_eq!(card["public_mint"], serde_json::json!(pad.public_mint));
    assert_eq!(card["free_mint"], serde_json::json!(pad.free_mint));
    assert_eq!(
        card["white_list_config"].as_array().map(Vec::len),
        Some(pad.white_list_config.len())
    );
    let (_, plain) = services.get_json("/api/collections?limit=100").await;
    assert!(
        hits(&plain)
            .iter()
            .filter(|c| !launchpad_ids.iter().any(|id| c["collection_id"] == *id))
            .all(|c| c["is_launchpad"] == false && c.get("fee").is_none())
    );

    let (status, info) = services
        .get_json(&format!("/api/launchpad/{}", pad.collection_id))
        .await;
    assert_eq!(status, 200, "{info}");
    let (_, stamps) = services
        .get_json(&format!(
            "/api/search?collection={}&limit=100",
            pad.collection_id
        ))
        .await;
    let minted = hits(&stamps);
    let mut minters: Vec<&str> = minted
        .iter()
        .map(|s| s["creator"].as_str().expect("creator"))
        .collect();
    minters.sort_unstable();
    minters.dedup();
    assert_eq!(info["totalMinters"].as_u64(), Some(minters.len() as u64));
    let history = info["history"].as_array().expect("history");
    assert_eq!(
        history.last().map(|p| p[1].clone()),
        Some(total(&stamps).into()),
        "the history ends with every stamp minted"
    );
    assert!(
        history
            .windows(2)
            .all(|w| w[0][0].as_u64() < w[1][0].as_u64())
    );
    assert_eq!(info["firstMintDate"], card["lowest_timestamp"]);
    assert_eq!(info["lastMintDate"], card["highest_timestamp"]);
    let top: u64 = info["topMinters"]
        .as_array()
        .expect("top")
        .iter()
        .map(|m| m["count"].as_u64().expect("count"))
        .sum();
    assert!(top <= total(&stamps) as u64 && top > 0);
    assert_eq!(info["stamps"][0]["cpid"], minted[0]["cpid"], "newest first");
    assert_eq!(info["fee"], pad.fee);
    let (status, _) = services
        .get_json(&format!("/api/launchpad/odds-config/{}", pad.collection_id))
        .await;
    assert_eq!(status, 404, "an SRC-721 launchpad's odds are its layers'");

    // The directory's launchpad: its curated layers and their odds.
    let layered = file
        .launchpads
        .iter()
        .find(|l| !l.layers.is_empty())
        .expect("a launchpad with layers");
    let (status, odds) = services
        .get_json(&format!(
            "/api/launchpad/odds-config/{}",
            layered.collection_id
        ))
        .await;
    assert_eq!(status, 200, "{odds}");
    let result = odds["result"].as_array().expect("result");
    assert_eq!(result.len(), layered.layers.len());
    for (layer, curated) in result.iter().zip(&layered.layers) {
        let mut seen = 0;
        let mut last_weight = u64::MAX;
        for group in layer.as_array().expect("weights") {
            let weight = group[0].as_u64().expect("weight");
            assert!(weight < last_weight, "heaviest first");
            last_weight = weight;
            for item in group[1].as_array().expect("items") {
                let i = item["imageIndex"].as_u64().expect("index") as usize;
                assert_eq!(item["cpid"], curated[i].cpid.as_str());
                assert_eq!(u64::from(curated[i].weight), weight);
                seen += 1;
            }
        }
        assert_eq!(seen, curated.len());
    }
    let (status, layers) = services
        .get_json(&format!("/api/collection/layers/{}", layered.collection_id))
        .await;
    assert_eq!(status, 200, "{layers}");
    assert_eq!(
        layers["layers"][0]["items"][0]["weight"].as_u64(),
        Some(u64::from(layered.layers[0][0].weight))
    );
    assert!(layers["layers"][0]["items"][0].get("count").is_none());
    // Its preview: 100 combinations of its layers' stamps, each a PNG, the same on every call.
    let (status, preview) = services
        .get_json(&format!(
            "/api/wallet/mint/preview/{}",
            layered.collection_id
        ))
        .await;
    assert_eq!(status, 200, "{preview}");
    let samples = preview["samples"].as_array().expect("samples");
    assert_eq!(samples.len(), 100);
    for sample in samples {
        let chosen = sample["layers"].as_array().expect("layers");
        assert_eq!(chosen.len(), layered.layers.len());
        for (cpid, layer) in chosen.iter().zip(&layered.layers) {
            assert!(layer.iter().any(|o| *cpid == o.cpid.as_str()));
        }
        let png = base64::Engine::decode(
            &base64::engine::general_purpose::STANDARD,
            sample["b64"].as_str().expect("b64"),
        )
        .expect("base64");
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    }
    let (_, again) = services
        .get_json(&format!(
            "/api/wallet/mint/preview/{}",
            layered.collection_id
        ))
        .await;
    assert_eq!(again, preview);
    let (status, _) = services
        .get_json(&format!("/api/wallet/mint/preview/{}", pad.collection_id))
        .await;
    assert_eq!(status, 404, "an SRC-721 launchpad has no preview");

    // The goose: its launchpad lists the geese minted, and the data script holds the curated art, from which
    // each minted goose's file is drawn (six digits, one fragment of each layer).
    let goose = file.goose.as_ref().expect("the devnet curates the goose");
    let (status, info) = services.get_json("/api/launchpad/goose").await;
    assert_eq!(status, 200, "{info}");
    let geese = info["stamps"].as_array().expect("stamps");
    assert!(!geese.is_empty(), "{info}");
    let (status, kind, script) = services.get_text("/goose/data.js").await;
    assert_eq!(
        (status, kind.as_str()),
        (200, "text/javascript; charset=utf-8")
    );
    let art: serde_json::Value = serde_json::from_str(
        script
            .strip_prefix("window.stampsGoose = ")
            .and_then(|s| s.trim_end().strip_suffix(';'))
            .expect("one assignment"),
    )
    .expect("JSON");
    assert_eq!(art, serde_json::json!(goose));
    for g in geese {
        let cpid = g["cpid"].as_str().expect("cpid");
        let digits = cpid
            .strip_prefix(goose.prefix.as_str())
            .expect("a goose asset");
        assert_eq!(digits.len(), 6, "{cpid}");
        let (status, _, svg) = services.get_text(&format!("/s/{cpid}")).await;
        assert_eq!(status, 200);
        let mut drawn = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{}" shape-rendering="crispEdges">"#,
            goose.view_box
        );
        for (layer, d) in goose.layers.iter().zip(digits.bytes()) {
            drawn.push_str(&layer[usize::from(d - b'0')]);
        }
        drawn.push_str("</svg>");
        assert_eq!(svg, drawn, "{cpid} is the goose its digits draw");
    }
}

/// The live values the catalogue publishes: its version with the height projected, and the collections'
/// market figures (`stats`) as `/api/collections` gives them, most sold first.
pub async fn live_values(stack: &crate::helpers::Stack, services: &Services) {
    let nats = stamps_platform::nats::Nats::connect(&stack.nats)
        .await
        .expect("nats");
    let kv = nats.realtime().await.expect("realtime bucket");
    let read = async |key: &str| -> Value {
        let value = kv.get(key).await.expect("read").expect(key);
        serde_json::from_slice(&value).expect("json")
    };
    let mut db = stack.db().await;
    let height: i64 = sqlx::query_scalar("SELECT max(height) FROM catalogue.blocks")
        .fetch_one(&mut db)
        .await
        .expect("height");
    let version = read("catalogue").await;
    assert_eq!(version["height"], height, "{version}");
    assert_eq!(version["version"].as_str().map(str::len), Some(16));

    let stats = read("stats").await;
    let rows = stats.as_array().expect("a list");
    let (_, all) = services
        .get_json("/api/collections?limit=100&sort=total_volume:desc")
        .await;
    let with_stamps: Vec<&Value> = all["hits"]
        .as_array()
        .expect("hits")
        .iter()
        .filter(|c| c["stamp_count"].as_u64() > Some(0))
        .collect();
    assert!(!rows.is_empty(), "the demo's collections have figures");
    assert_eq!(rows.len(), with_stamps.len().min(50));
    let volumes: Vec<u64> = rows
        .iter()
        .map(|r| r["totalVolume"].as_u64().expect("volume"))
        .collect();
    assert!(volumes.windows(2).all(|w| w[0] >= w[1]), "{volumes:?}");
    for row in rows {
        let card = with_stamps
            .iter()
            .find(|c| c["collection_id"] == row["id"])
            .unwrap_or_else(|| panic!("{row} is a listed collection"));
        assert_eq!(row["name"], card["name"]);
        assert_eq!(row["holders"], card["collector_count"]);
        assert_eq!(row["uniqueFloorPrice"], card["floor_price"]);
        assert_eq!(row["totalVolume"], card["total_volume"]);
        assert_eq!(row["marketCap"], card["market_cap"]);
        assert_eq!(row["oneDayVolume"], card["day_volume"]);
        assert_eq!(row["oneWeekVolume"], card["week_volume"]);
        assert_eq!(row["oneMonthVolume"], card["month_volume"]);
    }
    // Collectors resell their SRC-721 mints in the demo's last days: the market table has figures.
    assert!(
        rows.iter()
            .any(|r| r["oneMonthVolume"]["volume"].as_u64() > Some(0)),
        "{stats}"
    );
    // The directories' figures, for the XCP site (the demo's curation is imported by now; its figures are
    // published within moments of its projection).
    let (_, directories) = services.get_json("/api/directories?limit=100").await;
    let listed = directories["hits"]
        .as_array()
        .expect("hits")
        .iter()
        .filter(|c| c["stamp_count"].as_u64() > Some(0))
        .count();
    assert!(listed > 0, "the demo curates directories of its stamps");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let xcp = read("xcp-stats").await;
        if xcp.as_array().map(Vec::len) == Some(listed.min(50)) {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "{xcp}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// A collection's layers with how many mints chose each stamp, and each mint's rarity rank, against the stamps'
/// own JSON: a mint scores the sum over its layers of 1 / (mints that chose the same stamp there), the highest
/// score ranking 1 and ties going to the lower number.
async fn layers_and_rarity(services: &Services, db: &mut sqlx::PgConnection, id: &str, mints: i64) {
    let deploy: String =
        sqlx::query_scalar("SELECT src_data FROM catalogue.stamps WHERE cpid = $1")
            .bind(id)
            .fetch_one(&mut *db)
            .await
            .expect("deploy");
    let deploy: Value = serde_json::from_str(&deploy).expect("deploy json");
    let layer_stamps: Vec<Vec<String>> = (0..)
        .map_while(|k| deploy[format!("t{k}")].as_array().cloned())
        .map(|l| {
            l.iter()
                .map(|c| c.as_str().expect("cpid").to_owned())
                .collect()
        })
        .collect();
    let minted: Vec<(String, i64, String)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT cpid, stamp, src_data FROM catalogue.stamps WHERE cpid IN ({MINTS}) ORDER BY stamp"
    )))
    .bind(id)
    .fetch_all(&mut *db)
    .await
    .expect("mints");
    // The stamp each mint chose per layer (an index out of range chooses nothing).
    let chosen: Vec<(String, i64, Vec<Option<String>>)> = minted
        .into_iter()
        .map(|(cpid, stamp, src)| {
            let ts: Value = serde_json::from_str::<Value>(&src).expect("mint json")["ts"].clone();
            let picks = (0..layer_stamps.len())
                .map(|k| {
                    let i = ts.get(k).and_then(|v| {
                        v.as_u64()
                            .or_else(|| v.as_str().and_then(|t| t.parse().ok()))
                    })?;
                    layer_stamps[k].get(usize::try_from(i).ok()?).cloned()
                })
                .collect();
            (cpid, stamp, picks)
        })
        .collect();
    let mut counts: std::collections::HashMap<(usize, String), u64> = Default::default();
    for (_, _, picks) in &chosen {
        for (k, p) in picks.iter().enumerate() {
            if let Some(p) = p {
                *counts.entry((k, p.clone())).or_default() += 1;
            }
        }
    }
    let (status, body) = services
        .get_json(&format!("/api/collection/layers/{id}"))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["stamp_count"].as_i64(), Some(mints));
    let layers = body["layers"].as_array().expect("layers");
    assert_eq!(layers.len(), layer_stamps.len());
    for (k, layer) in layers.iter().enumerate() {
        assert_eq!(layer["key"], format!("t{k}").as_str());
        let items = layer["items"].as_array().expect("items");
        assert_eq!(items.len(), layer_stamps[k].len());
        for item in items {
            let cpid = item["cpid"].as_str().expect("cpid").to_owned();
            assert_eq!(item["image_url"], format!("/s/{cpid}").as_str());
            assert_eq!(
                item["count"].as_u64(),
                Some(counts.get(&(k, cpid.clone())).copied().unwrap_or(0)),
                "t{k} {cpid}"
            );
        }
    }
    // Ranks: scored here in floating point; any two mints whose scores clearly differ are in that order.
    let mut scored: Vec<(f64, i64, String)> = chosen
        .iter()
        .filter(|(_, _, picks)| picks.iter().any(Option::is_some))
        .map(|(cpid, stamp, picks)| {
            let score = picks
                .iter()
                .enumerate()
                .filter_map(|(k, p)| Some(1.0 / counts[&(k, p.clone()?)] as f64))
                .sum();
            (score, *stamp, cpid.clone())
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let (status, ranked) = services
        .get_json(&format!(
            "/api/search?collection={id}&sort=rarity_rank:asc&limit=100"
        ))
        .await;
    assert_eq!(status, 200, "{ranked}");
    assert_eq!(total(&ranked), scored.len() as i64);
    let ranks: Vec<(u64, String)> = hits(&ranked)
        .iter()
        .map(|s| {
            (
                s["rarity_rank"].as_u64().expect("rank"),
                s["cpid"].as_str().expect("cpid").to_owned(),
            )
        })
        .collect();
    assert_eq!(
        ranks.iter().map(|r| r.0).collect::<Vec<_>>(),
        (1..=ranks.len() as u64).collect::<Vec<_>>(),
        "ranks 1, 2, 3, ... rarest first"
    );
    let score_of = |cpid: &str| scored.iter().find(|s| s.2 == cpid).expect("scored").0;
    for w in ranks.windows(2) {
        let (a, b) = (score_of(&w[0].1), score_of(&w[1].1));
        assert!(
            a >= b - 1e-9,
            "{} ({a}) ranks before {} ({b})",
            w[0].1,
            w[1].1
        );
    }
    // The rarity options.
    let (_, top) = services
        .get_json(&format!(
            "/api/search?collection={id}&rarity=top10&limit=100"
        ))
        .await;
    assert_eq!(total(&top), scored.len().min(10) as i64);
    let (_, sub) = services.get_json("/api/search?rarity=sub100&limit=1").await;
    let blessed: i64 =
        sqlx::query_scalar("SELECT count(*) FROM catalogue.stamps WHERE stamp BETWEEN 0 AND 99")
            .fetch_one(&mut *db)
            .await
            .expect("blessed");
    assert_eq!(total(&sub), blessed);
    let (status, body) = services.get_json("/api/search?rarity=top7").await;
    assert_eq!(status, 400);
    assert!(body["error"].as_str().expect("error").contains("top7"));
    let (status, _) = services.get_json("/api/collection/layers/A1").await;
    assert_eq!(status, 404);
}
