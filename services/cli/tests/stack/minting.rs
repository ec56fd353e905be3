//! Minting through the gateway: fairmints, SRC-20 operations, new stamps and launchpad mints built by the wallet
//! service, signed by the devnet's wallet for the minter, broadcast through the API, mined and indexed (and sends
//! of an asset and of bitcoin the same way); and each refusal with its text and nothing built.

use std::time::{Duration, Instant};

use base64::Engine;
use serde_json::{Value, json};

use crate::accounts::{Browser, Format};
use crate::helpers::{
    PROMO_ADDRESS, Stack, WALLET_FEE_ADDRESS, actor, demo_config, mine, published_version, sats,
};

/// A Counterparty balance of `holder`.
async fn balance(db: &mut sqlx::PgConnection, holder: &str, asset: &str) -> i64 {
    sqlx::query_scalar(
        "SELECT COALESCE((SELECT quantity::BIGINT FROM catalogue.balances WHERE holder = $1 AND asset = $2), 0)",
    )
    .bind(holder)
    .bind(asset)
    .fetch_one(db)
    .await
    .expect("balance")
}

/// An SRC-20 balance of `address`, as the catalogue writes it.
async fn src20_balance(db: &mut sqlx::PgConnection, address: &str, tick: &str) -> String {
    sqlx::query_scalar(
        "SELECT COALESCE((SELECT balance::TEXT FROM catalogue.src20_balances WHERE address = $1 AND tick = $2), '0')",
    )
    .bind(address)
    .bind(tick)
    .fetch_one(db)
    .await
    .expect("balance")
}

/// Signs every PSBT of a create answer with the devnet's wallet (as a browser wallet would), broadcasts each
/// through the API in order, and mines them: their txids.
async fn sign_send_mine(stack: &Stack, browser: &mut Browser, answer: &Value) -> Vec<String> {
    let mut txids = Vec::new();
    for tx in answer["result"]["psbts"].as_array().expect("psbts") {
        let psbt = hex::decode(tx["txHex"].as_str().expect("psbt")).expect("hex");
        let b64 = base64::engine::general_purpose::STANDARD.encode(&psbt);
        let signed = stack.rpc("walletprocesspsbt", json!([b64])).await;
        assert_eq!(signed["complete"], json!(true), "{signed}");
        let sent = browser
            .post(
                "/api/wallet/broadcast",
                json!({"txHex": signed["psbt"], "info": "mint", "isPsbt": true}),
            )
            .await;
        assert_eq!(sent.status, 200, "{}", sent.body);
        txids.push(sent.json()["result"][0].as_str().expect("txid").to_owned());
    }
    mine(stack).await;
    txids
}

/// The outputs of a sent transaction: (address or type, satoshis).
async fn outputs(stack: &Stack, txid: &str) -> Vec<(String, u64)> {
    let tx = stack.rpc("getrawtransaction", json!([txid, true])).await;
    tx["vout"]
        .as_array()
        .expect("outputs")
        .iter()
        .map(|o| {
            let to = o["scriptPubKey"]["address"].as_str().map_or_else(
                || o["scriptPubKey"]["type"].as_str().unwrap_or("").to_owned(),
                str::to_owned,
            );
            (to, sats(&o["value"]))
        })
        .collect()
}

/// Posts a create call that must be refused: its error text (nothing built). A build that comes back is asked
/// again for a few seconds: the wallet learns of a new catalogue version (a block, a curation) from its own watch
/// of the live value, a moment after the test has seen it.
async fn refused(browser: &mut Browser, path: &str, body: Value) -> String {
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut answer = browser.post(path, body.clone()).await;
    while answer.status == 200 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
        answer = browser.post(path, body.clone()).await;
    }
    assert_eq!(answer.status, 400, "{}", answer.body);
    let json = answer.json();
    assert!(json.get("result").is_none(), "{json}");
    json["error"].as_str().expect("an error text").to_owned()
}

/// A collector of the demo holding at least `xcp` XCP: its index.
async fn collector_with_xcp(db: &mut sqlx::PgConnection, xcp: i64) -> u32 {
    for collector in 9..19u32 {
        let held: i64 = sqlx::query_scalar(
            "SELECT COALESCE((SELECT quantity::BIGINT FROM catalogue.balances WHERE holder = $1 AND asset = 'XCP'), 0)",
        )
        .bind(actor(collector).address().to_string())
        .fetch_one(&mut *db)
        .await
        .expect("XCP");
        if held >= xcp {
            return collector;
        }
    }
    panic!("no collector holds {xcp} XCP");
}

async fn fund(stack: &Stack, address: &str) {
    let funded = stack.rpc("sendtoaddress", json!([address, 0.05])).await;
    assert!(funded.is_string(), "the bank pays: {funded}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fairmints_src20_operations_and_stamps_are_built_signed_mined_and_indexed() {
    let stack = Stack::start_with("mints", demo_config()).await;
    let services = stack.services_with(100).await;
    stack.wait_for_chain(180).await;
    let mut db = stack.db().await;

    // A paid fairminter (priced in XCP), the free one, and a closed one, as the demo left them.
    let (paid, price, lot): (String, i64, i64) = sqlx::query_as(
        "SELECT asset, price::BIGINT, quantity_by_price::BIGINT FROM catalogue.fairminters
         WHERE status = 'open' AND price > 0 AND hard_cap = 0 ORDER BY asset LIMIT 1",
    )
    .fetch_one(&mut db)
    .await
    .expect("an open paid fairminter");
    let (free, per_tx): (String, i64) = sqlx::query_as(
        "SELECT asset, max_mint_per_tx::BIGINT FROM catalogue.fairminters WHERE status = 'open' AND price = 0
         ORDER BY asset LIMIT 1",
    )
    .fetch_one(&mut db)
    .await
    .expect("the free fairminter");
    let closed: String = sqlx::query_scalar(
        "SELECT asset FROM catalogue.fairminters WHERE status = 'closed' ORDER BY asset LIMIT 1",
    )
    .fetch_one(&mut db)
    .await
    .expect("a closed fairminter");

    let who = collector_with_xcp(&mut db, price).await;
    let minter = actor(who);
    let address = minter.address().to_string();
    fund(&stack, &address).await;
    mine(&stack).await;
    let mut browser = Browser::new(&services);
    let fairmint = |asset: &str, quantity: i64| {
        json!({"source": address, "asset": asset, "quantity": quantity.to_string(), "desiredFeeRate": 2,
               "isPsbt": true})
    };
    // Signed out: 401.
    assert_eq!(
        browser
            .post("/api/wallet/create/fairmint", fairmint(&paid, lot))
            .await
            .status,
        401
    );
    assert_eq!(
        browser.sign_in(&minter, Format::Bip322).await.body,
        "success"
    );

    // A paid fairmint of one lot: the message, the service fee, the change.
    let (paid_before, xcp_before) = (
        balance(&mut db, &address, &paid).await,
        balance(&mut db, &address, "XCP").await,
    );
    let answer = browser
        .post("/api/wallet/create/fairmint", fairmint(&paid, lot))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let answer = answer.json();
    assert_eq!(answer["assets"], json!([paid]));
    assert_eq!(answer["result"]["walletFee"], json!(2230));
    let txid = sign_send_mine(&stack, &mut browser, &answer)
        .await
        .remove(0);
    let outs = outputs(&stack, &txid).await;
    assert_eq!(outs[0].0, "nulldata");
    assert_eq!(outs[1], (WALLET_FEE_ADDRESS.to_owned(), 2230));
    assert_eq!(outs[2].0, address);
    assert_eq!(outs.len(), 3);
    let (earned, status): (i64, String) = sqlx::query_as(
        "SELECT earn_quantity::BIGINT, status FROM catalogue.fairmints WHERE tx_hash = $1",
    )
    .bind(&txid)
    .fetch_one(&mut db)
    .await
    .expect("the fairmint is indexed");
    assert_eq!((earned, status.as_str()), (lot, "valid"));
    assert_eq!(balance(&mut db, &address, &paid).await, paid_before + lot);
    assert_eq!(balance(&mut db, &address, "XCP").await, xcp_before - price);

    // A free fairmint takes the fairminter's lot per mint, for nothing.
    let free_before = balance(&mut db, &address, &free).await;
    let answer = browser
        .post("/api/wallet/create/fairmint", fairmint(&free, 0))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let txid = sign_send_mine(&stack, &mut browser, &answer.json())
        .await
        .remove(0);
    let earned: i64 =
        sqlx::query_scalar(
            "SELECT earn_quantity::BIGINT FROM catalogue.fairmints WHERE tx_hash = $1 AND status = 'valid'",
        )
            .bind(&txid)
            .fetch_one(&mut db)
            .await
            .expect("the free fairmint is indexed");
    assert_eq!(earned, per_tx);
    assert_eq!(
        balance(&mut db, &address, &free).await,
        free_before + per_tx
    );

    // Refused, with nothing built: a closed fairminter, a quantity that is no whole lot, a quantity for a free one.
    let text = refused(
        &mut browser,
        "/api/wallet/create/fairmint",
        fairmint(&closed, lot),
    )
    .await;
    assert!(text.contains("is not open"), "{text}");
    if lot > 1 {
        let text = refused(
            &mut browser,
            "/api/wallet/create/fairmint",
            fairmint(&paid, lot + 1),
        )
        .await;
        assert!(text.contains("multiple of"), "{text}");
    }
    let text = refused(
        &mut browser,
        "/api/wallet/create/fairmint",
        fairmint(&free, 5),
    )
    .await;
    assert!(text.contains("free fairmint"), "{text}");

    // SRC-20: a tick of the demo mid-mint, minted at its limit.
    let (tick, lim): (String, String) = sqlx::query_as(
        "SELECT tick, lim::TEXT FROM catalogue.src20_ticks
         WHERE progress > 0 AND progress < 100 AND max - minted >= lim AND tick ~ '^[a-z]+$'
         ORDER BY tick LIMIT 1",
    )
    .fetch_one(&mut db)
    .await
    .expect("a tick mid-mint");
    let minted_before: String =
        sqlx::query_scalar("SELECT minted::TEXT FROM catalogue.src20_ticks WHERE tick = $1")
            .bind(&tick)
            .fetch_one(&mut db)
            .await
            .expect("minted");
    let src20 = |op: &str, tick: &str, amount: &str| {
        json!({"source": address, "type": op, "tick": tick, "amount": amount, "desiredFeeRate": 2, "promo": false,
               "isPsbt": true})
    };
    let answer = browser
        .post(
            "/api/wallet/create/src20-issuance",
            src20("mint", &tick, &lim),
        )
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let answer = answer.json();
    // The service fee: 12230, plus 2222 (the deploy names no royalty).
    assert_eq!(answer["result"]["walletFee"], json!(12_230 + 2222));
    let txid = sign_send_mine(&stack, &mut browser, &answer)
        .await
        .remove(0);
    let outs = outputs(&stack, &txid).await;
    assert_eq!(outs[0], (address.clone(), 546));
    let data: Vec<&(String, u64)> = outs
        .iter()
        .filter(|o| o.0.starts_with("bc1q") && o.0.len() == 62)
        .collect();
    let as_number = |t: &str| t.parse::<f64>().map(|f| f as i64).expect("a number");
    let payload = format!(
        r#"stamp:{{"p":"src-20","op":"mint","tick":"{tick}","amt":"{}"}}"#,
        as_number(&lim)
    );
    assert_eq!(data.len(), (payload.len() + 2).div_ceil(32));
    assert!(data.iter().all(|o| o.1 == 330));
    let fee_at = 1 + data.len();
    assert_eq!(outs[fee_at], (WALLET_FEE_ADDRESS.to_owned(), 12_230 + 2222));
    assert_eq!(outs[fee_at + 1].0, address);
    let (minted_after, valid): (String, bool) = sqlx::query_as(
        "SELECT (SELECT minted::TEXT FROM catalogue.src20_ticks WHERE tick = $1),
                (SELECT valid FROM catalogue.src20_ops WHERE tx_hash = $2)",
    )
    .bind(&tick)
    .bind(&txid)
    .fetch_one(&mut db)
    .await
    .expect("the mint is indexed");
    assert!(valid);
    assert_eq!(
        as_number(&minted_after) - as_number(&minted_before),
        as_number(&lim)
    );
    assert_eq!(
        as_number(&src20_balance(&mut db, &address, &tick).await),
        as_number(&lim)
    );

    // An amount over the limit, an undeployed tick: refused.
    let over = (as_number(&lim) + 1).to_string();
    let text = refused(
        &mut browser,
        "/api/wallet/create/src20-issuance",
        src20("mint", &tick, &over),
    )
    .await;
    assert!(text.contains("over the limit"), "{text}");
    let text = refused(
        &mut browser,
        "/api/wallet/create/src20-issuance",
        src20("mint", "zzzq", "1"),
    )
    .await;
    assert!(text.contains("not deployed"), "{text}");

    // A deploy at the promotional price: the promotion's address takes 10990, the house 2222.
    let promo: Value = browser.get("/api/wallet/promo").await.json();
    assert_eq!(
        (promo["left"].as_u64(), promo["price"].as_u64()),
        (Some(1000), Some(10_990))
    );
    let mut deploy = src20("deploy", "mtest", "");
    deploy["max"] = json!("1000");
    deploy["lim"] = json!("1000");
    deploy["dec"] = json!(0);
    deploy["promo"] = json!(true);
    let answer = browser
        .post("/api/wallet/create/src20-issuance", deploy.clone())
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let answer = answer.json();
    assert_eq!(answer["result"]["walletFee"], json!(10_990 + 2222));
    let txid = sign_send_mine(&stack, &mut browser, &answer)
        .await
        .remove(0);
    let outs = outputs(&stack, &txid).await;
    assert!(
        outs.contains(&(PROMO_ADDRESS.to_owned(), 10_990)),
        "{outs:?}"
    );
    assert!(
        outs.contains(&(WALLET_FEE_ADDRESS.to_owned(), 2222)),
        "{outs:?}"
    );
    let max: String =
        sqlx::query_scalar("SELECT max::TEXT FROM catalogue.src20_ticks WHERE tick = 'mtest'")
            .fetch_one(&mut db)
            .await
            .expect("the deploy is indexed");
    assert_eq!(as_number(&max), 1000);
    // The count is read again once the one kept is old enough.
    tokio::time::sleep(stamps_wallet::mint_grpc::PROMO_KEPT).await;
    let promo: Value = browser.get("/api/wallet/promo").await.json();
    assert_eq!(promo["left"].as_u64(), Some(999), "{promo}");
    let text = refused(&mut browser, "/api/wallet/create/src20-issuance", deploy).await;
    assert!(text.contains("already deployed"), "{text}");

    // Minted out in one mint, then refused; a transfer moves 400 of it; one over the balance is refused.
    let answer = browser
        .post(
            "/api/wallet/create/src20-issuance",
            src20("mint", "mtest", "1000"),
        )
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    sign_send_mine(&stack, &mut browser, &answer.json()).await;
    assert_eq!(src20_balance(&mut db, &address, "mtest").await, "1000");
    let text = refused(
        &mut browser,
        "/api/wallet/create/src20-issuance",
        src20("mint", "mtest", "1"),
    )
    .await;
    assert!(text.contains("minted out"), "{text}");
    let recipient = actor(9 + (who - 8) % 10).address().to_string();
    let mut transfer = src20("transfer", "mtest", "400");
    transfer["destination"] = json!(recipient);
    let answer = browser
        .post("/api/wallet/create/src20-issuance", transfer.clone())
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let txid = sign_send_mine(&stack, &mut browser, &answer.json())
        .await
        .remove(0);
    assert_eq!(outputs(&stack, &txid).await[0], (recipient.clone(), 546));
    assert_eq!(src20_balance(&mut db, &address, "mtest").await, "600");
    transfer["amount"] = json!("601");
    let text = refused(&mut browser, "/api/wallet/create/src20-issuance", transfer).await;
    assert!(text.contains("over your balance"), "{text}");

    // A new stamp: its file comes back byte for byte.
    // A picture no stamp of the demo has (its art is numbered apart).
    let png = stamps_devnet::stamp_files::png(7, 999_999);
    let b64 = base64::engine::general_purpose::STANDARD.encode(&png);
    let stamp = json!({"source": address, "file": b64, "quantity": 1, "locked": true, "divisible": false,
                       "desiredFeeRate": 2, "isPsbt": true});
    let answer = browser.post("/api/wallet/create/stamp", stamp).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let answer = answer.json();
    let cpid = answer["assets"][0].as_str().expect("a cpid").to_owned();
    sign_send_mine(&stack, &mut browser, &answer).await;
    let number: i64 = sqlx::query_scalar("SELECT stamp FROM catalogue.stamps WHERE cpid = $1")
        .bind(&cpid)
        .fetch_one(&mut db)
        .await
        .expect("the stamp is indexed");
    let row: Value =
        sqlx::query_scalar("SELECT row_to_json(s) FROM catalogue.stamps s WHERE cpid = $1")
            .bind(&cpid)
            .fetch_one(&mut db)
            .await
            .expect("row");
    assert!(number > 0, "{row}");
    let bytes = reqwest::get(format!("{}/s/{cpid}", services.base))
        .await
        .expect("file")
        .bytes()
        .await
        .expect("bytes");
    assert_eq!(bytes.as_ref(), &png[..], "the stamp's file is the payload");
    let big = base64::engine::general_purpose::STANDARD.encode(vec![1u8; 64_001]);
    let text = refused(
        &mut browser,
        "/api/wallet/create/stamp",
        json!({"source": address, "file": big, "quantity": 1, "desiredFeeRate": 2, "isPsbt": true}),
    )
    .await;
    assert!(text.contains("at most 64000"), "{text}");

    // Sends (the wallet app's: no session needed to build them, the source's key signs; broadcasting needs one,
    // which the wallet app opens with the same key): the new stamp to another actor by an enhanced send, and
    // bitcoin to a fresh address.
    let mut wallet_app = Browser::new(&services);
    assert_eq!(
        wallet_app.sign_in(&actor(who), Format::Bip322).await.body,
        "success"
    );
    let friend = actor(who + 1).address().to_string();
    let send = |asset: &str, quantity: &str, destination: &str| {
        json!({"source": address, "destination": destination, "asset": asset, "quantity": quantity,
               "desiredFeeRate": 2})
    };
    let answer = wallet_app
        .post("/api/wallet/create/send", send(&cpid, "1", &friend))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let answer = answer.json();
    assert_eq!(answer["result"]["walletFee"], json!(0));
    let txid = sign_send_mine(&stack, &mut wallet_app, &answer)
        .await
        .remove(0);
    assert_eq!(outputs(&stack, &txid).await[0].0, "nulldata");
    assert_eq!(
        (
            balance(&mut db, &address, &cpid).await,
            balance(&mut db, &friend, &cpid).await
        ),
        (0, 1),
        "the stamp moved"
    );
    let answer = wallet_app
        .post(
            "/api/wallet/create/send",
            send("BTC", "20000", PROMO_ADDRESS),
        )
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let txid = sign_send_mine(&stack, &mut wallet_app, &answer.json())
        .await
        .remove(0);
    let outs = outputs(&stack, &txid).await;
    assert_eq!(outs[0], (PROMO_ADDRESS.to_owned(), 20_000));
    assert_eq!(outs.len(), 2, "the payment and the change: {outs:?}");
    for (body, says) in [
        (send(&cpid, "1", &friend), "You hold 0 of"),
        (send("NOSUCHASSET", "1", &friend), "No asset NOSUCHASSET"),
        (send("BTC", "545", &friend), "At least 546 satoshis"),
        (
            send("BTC", "1000", "1notanaddress"),
            "Invalid destination address",
        ),
        (send("XCP", "0", &friend), "at least 1"),
    ] {
        let text = refused(&mut wallet_app, "/api/wallet/create/send", body).await;
        assert!(text.contains(says), "{text} names {says:?}");
    }

    services.stop().await;
    stack.finish().await;
}

/// Imports the devnet's curation with its first launchpad changed by `change`, as version `version`, and waits
/// until the catalogue has it and has published a new version (what the wallet keeps of the catalogue's answers
/// follows it). The launchpad's collection id.
async fn curate(stack: &Stack, version: u64, change: impl FnOnce(&mut Value)) -> Value {
    curate_one(stack, version, None, change).await
}

/// As [`curate`], for the launchpad of collection `id` (the first when `None`).
async fn curate_one(
    stack: &Stack,
    version: u64,
    id: Option<&str>,
    change: impl FnOnce(&mut Value),
) -> Value {
    let mut document: Value =
        reqwest::get(stack.bootstrap.replace("bootstrap.json", "curation.json"))
            .await
            .expect("the devnet serves its curation")
            .json()
            .await
            .expect("JSON");
    document["version"] = json!(version);
    let at = id.map_or(0, |id| {
        document["launchpads"]
            .as_array()
            .and_then(|l| l.iter().position(|p| p["collection_id"] == json!(id)))
            .expect("the launchpad is curated")
    });
    change(&mut document["launchpads"][at]);
    let pad = document["launchpads"][at].clone();
    let file = stamps_catalogue::curation::CurationFile::parse(&document.to_string())
        .expect("a curation file");
    let live = stack.live_values().await;
    let before = published_version(&live).await;
    let nats = stamps_platform::nats::Nats::connect(&stack.nats)
        .await
        .expect("NATS");
    stamps_catalogue::curation::import(&nats, &file)
        .await
        .expect("imported");
    let mut db = stack.db().await;
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let config: Option<Value> =
            sqlx::query_scalar("SELECT config FROM catalogue.launchpads WHERE collection_id = $1")
                .bind(pad["collection_id"].as_str().expect("id"))
                .fetch_optional(&mut db)
                .await
                .expect("launchpads");
        if config.as_ref().map(|c| &c["public_mint"]) == Some(&pad["public_mint"]) {
            break;
        }
        assert!(Instant::now() < deadline, "the curation is not applied");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    while published_version(&live).await == before {
        assert!(
            Instant::now() < deadline,
            "the catalogue published no version for the curation"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    pad
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn launchpad_mints_draw_new_stamps_pay_the_owner_and_keep_the_whitelist() {
    let stack = Stack::start_with("launchmint", demo_config()).await;
    let services = stack.services_with(100).await;
    stack.wait_for_chain(180).await;
    let mut db = stack.db().await;

    // The devnet's launchpad: its public window open and a whitelist round running, for holders of another
    // collection.
    let pad = curate(&stack, 1_000_001, |_| {}).await;
    let id = pad["collection_id"].as_str().expect("id").to_owned();
    let holders_of = pad["white_list_config"][0]["groups"][0][0]["id"]
        .as_str()
        .expect("a group")
        .to_owned();
    let owner: String = sqlx::query_scalar(
        "SELECT creator FROM catalogue.src721_collections WHERE collection_id = $1",
    )
    .bind(&id)
    .fetch_one(&mut db)
    .await
    .expect("an SRC-721 collection");
    // A collector holding one of the other collection's stamps, and one holding none.
    let mut holder = None;
    let mut stranger = None;
    for collector in 9..19u32 {
        let address = actor(collector).address().to_string();
        if address == owner {
            continue;
        }
        let holds: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM catalogue.balances WHERE holder = $1 AND quantity > 0
               AND asset IN (SELECT cpid FROM catalogue.collection_members WHERE collection_id = $2)",
        )
        .bind(&address)
        .bind(&holders_of)
        .fetch_one(&mut db)
        .await
        .expect("holds");
        match (holds, holder, stranger) {
            (1.., None, _) => holder = Some((collector, holds)),
            (0, _, None) => stranger = Some(collector),
            _ => {}
        }
    }
    let (holder, holds) = holder.expect("a collector holds a stamp of the whitelisted collection");
    let stranger = stranger.expect("a collector holds none");
    let (holder_address, stranger_address) = (
        actor(holder).address().to_string(),
        actor(stranger).address().to_string(),
    );
    fund(&stack, &holder_address).await;
    fund(&stack, &stranger_address).await;
    mine(&stack).await;

    // The whitelist check: listed with its share, not listed, no launchpad.
    let mut browser = Browser::new(&services);
    let listed = browser
        .get(&format!("/api/wallet/whitelist/{id}/{holder_address}"))
        .await
        .json();
    // Listed in the launchpad's one round (index 0), one mint per stamp held.
    assert_eq!(listed["result"], json!(0), "{listed}");
    assert_eq!(
        (listed["max"].as_i64(), listed["minted"].as_i64()),
        (Some(holds), Some(0))
    );
    let unlisted = browser
        .get(&format!("/api/wallet/whitelist/{id}/{stranger_address}"))
        .await
        .json();
    assert_eq!(unlisted["result"], json!(-1));
    let nothing = browser
        .get(&format!(
            "/api/wallet/whitelist/nosuchpad/{stranger_address}"
        ))
        .await
        .json();
    assert_eq!(nothing["result"], json!(-1));
    assert!(!nothing["error"].as_str().unwrap_or_default().is_empty());

    // The stranger mints in the public window: a new stamp of the collection, the owner's fee to its owner.
    assert_eq!(
        browser.sign_in(&actor(stranger), Format::Bip322).await.body,
        "success"
    );
    let launch = |source: &str, name: &str| {
        json!({"source": source, "name": name, "times": 1, "freeCode": "", "desiredFeeRate": 2,
               "isPsbt": true})
    };
    let answer = browser
        .post(
            "/api/wallet/create/launchpad-issuance",
            launch(&stranger_address, &id),
        )
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let answer = answer.json();
    assert_eq!(answer["result"]["walletFee"], json!(22_230));
    assert_eq!(answer["result"]["royalties"], pad["fee"]);
    let cpid = answer["assets"][0].as_str().expect("a cpid").to_owned();
    let txid = sign_send_mine(&stack, &mut browser, &answer)
        .await
        .remove(0);
    let outs = outputs(&stack, &txid).await;
    assert_eq!(outs[0].0, "nulldata");
    assert!(
        outs.contains(&(WALLET_FEE_ADDRESS.to_owned(), 22_230)),
        "{outs:?}"
    );
    assert!(
        outs.contains(&(owner.clone(), pad["fee"].as_u64().expect("fee"))),
        "{outs:?}"
    );
    // The drawn traits are the indexed mint's.
    let tx = stack.rpc("getrawtransaction", json!([txid])).await;
    let tx: bitcoin::Transaction =
        bitcoin::consensus::encode::deserialize_hex(tx.as_str().expect("hex"))
            .expect("a transaction");
    let file = stamps_protocol::stamp::olga_file(&tx).expect("an OLGA file");
    let mint: Value = serde_json::from_slice(&file).expect("SRC-721 JSON");
    assert_eq!(
        (mint["p"].as_str(), mint["c"].as_str()),
        (Some("src-721"), Some(id.as_str()))
    );
    let (collection, traits): (String, Value) =
        sqlx::query_as("SELECT collection_id, traits FROM catalogue.src721_mints WHERE cpid = $1")
            .bind(&cpid)
            .fetch_one(&mut db)
            .await
            .expect("the mint is indexed in the collection");
    assert_eq!(collection, id);
    let layers: Value = sqlx::query_scalar(
        "SELECT layers FROM catalogue.src721_collections WHERE collection_id = $1",
    )
    .bind(&id)
    .fetch_one(&mut db)
    .await
    .expect("layers");
    let drawn: Vec<Value> = mint["ts"]
        .as_array()
        .expect("ts")
        .iter()
        .enumerate()
        .map(|(k, i)| layers[k][i.as_u64().expect("index") as usize].clone())
        .collect();
    assert_eq!(traits, Value::Array(drawn));

    // The goose: a goose not issued yet, its six digits picking the curated fragments; the directory's fee to the
    // house.
    let document: Value = reqwest::get(stack.bootstrap.replace("bootstrap.json", "curation.json"))
        .await
        .expect("curation")
        .json()
        .await
        .expect("JSON");
    let art = &document["goose"];
    let prefix = art["prefix"].as_str().expect("the goose's prefix");
    let goose_fee = document["launchpads"]
        .as_array()
        .expect("launchpads")
        .iter()
        .find(|l| l["collection_id"] == json!("goose"))
        .expect("the goose's launchpad")["fee"]
        .as_u64()
        .expect("fee");
    let answer = browser
        .post(
            "/api/wallet/create/launchpad-issuance",
            launch(&stranger_address, "goose"),
        )
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let answer = answer.json();
    let goose = answer["assets"][0].as_str().expect("a goose").to_owned();
    let digits = goose.strip_prefix(prefix).expect("a goose asset");
    assert_eq!(digits.len(), 6);
    let issued: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM catalogue.assets WHERE asset = $1)")
            .bind(&goose)
            .fetch_one(&mut db)
            .await
            .expect("assets");
    assert!(!issued, "a goose not issued yet");
    let txid = sign_send_mine(&stack, &mut browser, &answer)
        .await
        .remove(0);
    let outs = outputs(&stack, &txid).await;
    assert!(
        outs.contains(&(WALLET_FEE_ADDRESS.to_owned(), 22_230)),
        "{outs:?}"
    );
    assert!(
        outs.contains(&(WALLET_FEE_ADDRESS.to_owned(), goose_fee)),
        "{outs:?}"
    );
    let mut drawing = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{}" shape-rendering="crispEdges">"#,
        art["viewBox"].as_str().expect("viewBox")
    );
    for (i, d) in digits.bytes().enumerate() {
        drawing.push_str(
            art["layers"][i][usize::from(d - b'0')]
                .as_str()
                .expect("a fragment"),
        );
    }
    drawing.push_str("</svg>");
    let file = reqwest::get(format!("{}/s/{goose}", services.base))
        .await
        .expect("file")
        .bytes()
        .await
        .expect("bytes");
    assert_eq!(String::from_utf8_lossy(&file), drawing);

    // The pixel-art directory's curated layers, open for the test: a stamp of each layer drawn by its weight, their
    // files stacked in one SVG.
    let art = curate_one(&stack, 1_000_002, Some("pixel-art"), |p| {
        p["public_mint"] = json!([0, 4_000_000_000_000u64]);
    })
    .await;
    let answer = browser
        .post(
            "/api/wallet/create/launchpad-issuance",
            launch(&stranger_address, "pixel-art"),
        )
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let answer = answer.json();
    assert_eq!(answer["result"]["royalties"], json!(0), "a free launchpad");
    let stacked = answer["assets"][0].as_str().expect("a stamp").to_owned();
    sign_send_mine(&stack, &mut browser, &answer).await;
    let file = reqwest::get(format!("{}/s/{stacked}", services.base))
        .await
        .expect("file")
        .bytes()
        .await
        .expect("bytes");
    let svg = String::from_utf8_lossy(&file).into_owned();
    assert!(svg.starts_with("<svg"), "{svg:.80}");
    let layers = art["layers"].as_array().expect("layers");
    let images: Vec<&str> = svg
        .split("base64,")
        .skip(1)
        .map(|p| p.split('"').next().unwrap_or(""))
        .collect();
    assert_eq!(images.len(), layers.len(), "one image per layer");
    for (image, layer) in images.iter().zip(layers) {
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(image)
            .expect("base64");
        let sha = stamps_platform::content::sha256_hex(&bytes);
        let cpids: Vec<&str> = layer
            .as_array()
            .expect("stamps")
            .iter()
            .filter_map(|o| o["cpid"].as_str())
            .collect();
        let drawn: Option<String> = sqlx::query_scalar(
            "SELECT cpid FROM catalogue.stamps WHERE file_sha256 = $1 AND cpid = ANY($2)",
        )
        .bind(&sha)
        .bind(&cpids)
        .fetch_optional(&mut db)
        .await
        .expect("stamps");
        assert!(
            drawn.is_some(),
            "each image is the file of one of its layer's stamps"
        );
    }

    // The whitelist round alone (the public mint opens after it): the holder mints its share free, then is
    // refused; the stranger is not eligible; a closed launchpad and one not open yet refuse.
    let pad = curate(&stack, 1_000_003, |p| {
        let round_end = p["white_list_config"][0]["time_range"][1].clone();
        p["public_mint"] = json!([round_end, round_end.as_u64().expect("end") + 86_400_000]);
        p["free_mint"] = Value::Null;
    })
    .await;
    assert!(pad["white_list_config"][0]["fee"] == json!(0));
    let text = refused(
        &mut browser,
        "/api/wallet/create/launchpad-issuance",
        launch(&stranger_address, &id),
    )
    .await;
    assert_eq!(
        text,
        "Your address is not eligible for this whitelist round"
    );
    let mut holder_browser = Browser::new(&services);
    assert_eq!(
        holder_browser
            .sign_in(&actor(holder), Format::Bip322)
            .await
            .body,
        "success"
    );
    for _ in 0..holds {
        let answer = holder_browser
            .post(
                "/api/wallet/create/launchpad-issuance",
                launch(&holder_address, &id),
            )
            .await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        let answer = answer.json();
        assert_eq!(answer["result"]["royalties"], json!(0));
        sign_send_mine(&stack, &mut holder_browser, &answer).await;
    }
    let text = refused(
        &mut holder_browser,
        "/api/wallet/create/launchpad-issuance",
        launch(&holder_address, &id),
    )
    .await;
    assert_eq!(text, "The whitelist limit is reached");
    tokio::time::sleep(stamps_gateway::routes::mint::WHITELIST_KEPT).await;
    let used = holder_browser
        .get(&format!("/api/wallet/whitelist/{id}/{holder_address}"))
        .await
        .json();
    assert_eq!(
        (
            used["result"].as_i64(),
            used["max"].as_i64(),
            used["minted"].as_i64()
        ),
        (Some(0), Some(holds), Some(holds)),
        "{used}"
    );

    // Before and after the public window, with no round: refused.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("now")
        .as_millis() as u64;
    const DAY: u64 = 86_400_000;
    for (version, window, text) in [
        (
            1_000_004,
            [now + DAY, now + 2 * DAY],
            "The mint has not started",
        ),
        (1_000_005, [now - 2 * DAY, now - DAY], "The mint is closed"),
    ] {
        curate(&stack, version, |p| {
            p["public_mint"] = json!(window);
            p["free_mint"] = Value::Null;
            p["white_list_config"] = json!([]);
        })
        .await;
        let refusal = refused(
            &mut browser,
            "/api/wallet/create/launchpad-issuance",
            launch(&stranger_address, &id),
        )
        .await;
        assert_eq!(refusal, text);
    }

    services.stop().await;
    stack.finish().await;
}
