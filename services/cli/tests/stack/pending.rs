//! The pending view on the devnet: transactions waiting in the mempool, judged by the indexer, kept apart by the
//! catalogue and read by the wallet before anything is built or sent, so that nobody pays for what a transaction
//! still waiting for its block already took, and a just-bought stamp is never spent as bitcoin.

use std::str::FromStr;
use std::time::{Duration, Instant};

use base64::Engine;
use serde_json::{Value, json};

use crate::accounts::{Browser, Format};
use crate::buying::{held, send_message, signed_payment};
use crate::helpers::{Stack, WALLET_FEE_ADDRESS, actor, demo_config, mine};

/// The price of a lot in these tests.
const RATE: u64 = 10_000;

/// A stamp `who` (an artist of the demo) holds at least `at_least` of, not divisible.
async fn a_stamp_of(stack: &Stack, who: u32, at_least: i64) -> Option<String> {
    sqlx::query_scalar(
        "SELECT b.asset FROM catalogue.balances b JOIN catalogue.stamps s ON s.cpid = b.asset
         WHERE b.holder = $1 AND b.quantity >= $2 AND NOT s.divisible ORDER BY b.asset LIMIT 1",
    )
    .bind(actor(who).address().to_string())
    .bind(at_least)
    .fetch_optional(&mut stack.db().await)
    .await
    .expect("holdings")
}

/// Pays `sats` to actor `who` from the devnet's bank.
async fn fund(stack: &Stack, who: u32, sats: u64) {
    let btc: Value =
        serde_json::from_str(&format!("{}.{:08}", sats / 100_000_000, sats % 100_000_000))
            .expect("btc");
    let paid = stack
        .rpc(
            "sendtoaddress",
            json!([actor(who).address().to_string(), btc]),
        )
        .await;
    assert!(paid.is_string(), "the bank pays: {paid}");
}

/// `browser`'s purchase of `hashes` (each with its address and amount) for `source`: the answer.
async fn build(browser: &mut Browser, source: u32, orders: &[(&str, &str, u64)]) -> (u16, Value) {
    let hashes: Vec<&str> = orders.iter().map(|o| o.0).collect();
    let destinations: Vec<Value> = orders.iter().map(|o| json!([o.1, o.2])).collect();
    let built = browser
        .post(
            "/api/wallet/create/buy",
            json!({"source": actor(source).address().to_string(), "tx_hashes": hashes,
                   "destinations": destinations, "isPsbt": true, "desiredFeeRate": 2}),
        )
        .await;
    (built.status, built.json())
}

/// The first PSBT of a built answer, signed by the devnet's wallet (as the buyer's wallet would): base64.
async fn signed(stack: &Stack, built: &Value) -> String {
    let psbt = hex::decode(built["result"]["txHex"].as_str().expect("psbt")).expect("hex");
    let b64 = base64::engine::general_purpose::STANDARD.encode(&psbt);
    let signed = stack.rpc("walletprocesspsbt", json!([b64])).await;
    assert_eq!(signed["complete"], json!(true), "{signed}");
    signed["psbt"].as_str().expect("signed").to_owned()
}

/// Waits until `GET path` answers JSON that `check` accepts (30 s at most); the answer.
async fn until(
    browser: &mut Browser,
    path: &str,
    what: &str,
    check: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let answer = browser.get(path).await.json();
        if check(&answer) {
            return answer;
        }
        assert!(Instant::now() < deadline, "{what}: {answer}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// An artist of the demo opens a dispenser of `lots` lots of one unit of a stamp at [`RATE`]: the artist's index,
/// the stamp, the dispenser's hash and the artist's address.
async fn open_dispenser(stack: &Stack, lots: u64) -> (u32, String, String, String) {
    use stamps_protocol::counterparty::message::{Dispenser, Message};
    let mut found = None;
    for artist in 1..9u32 {
        if let Some(asset) =
            a_stamp_of(stack, artist, i64::try_from(lots).unwrap_or(i64::MAX)).await
        {
            found = Some((artist, asset));
            break;
        }
    }
    let (artist, asset) = found.expect("an artist holds the stamps to sell");
    let open = Message::Dispenser(Dispenser {
        asset_id: stamps_protocol::asset::id_from_name(&asset).unwrap_or(0),
        asset: asset.clone(),
        give_quantity: 1,
        escrow_quantity: lots,
        mainchainrate: RATE,
        dispenser_status: 0,
        action_address: None,
        oracle_address: None,
    });
    let dispenser = send_message(stack, artist, &open, Vec::new())
        .await
        .to_string();
    (
        artist,
        asset,
        dispenser,
        actor(artist).address().to_string(),
    )
}

/// The sats actor `who`'s coins hold, as the node's API says (the mempool included).
async fn coins_of(stack: &Stack, who: u32) -> u64 {
    let coins: Value = reqwest::get(format!(
        "{}/api/address/{}/utxo",
        stack.api_url,
        actor(who).address()
    ))
    .await
    .expect("coins")
    .json()
    .await
    .expect("json");
    coins
        .as_array()
        .expect("coins")
        .iter()
        .filter_map(|c| c["value"].as_u64())
        .sum()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_buyers_race_for_the_last_lot_and_nobody_pays_for_nothing() {
    let stack = Stack::start_with("pendingrace", demo_config()).await;
    let services = stack.services_with(100).await;
    stack.wait_for_chain(180).await;
    // An artist opens a dispenser of two lots, one unit each.
    let (_, asset, dispenser, seller) = open_dispenser(&stack, 2).await;
    // Two collectors, funded.
    let (first, second) = (18u32, 17u32);
    fund(&stack, first, 100_000).await;
    fund(&stack, second, 100_000).await;
    mine(&stack).await;
    let mut one = Browser::new(&services);
    let mut two = Browser::new(&services);
    assert_eq!(
        one.sign_in(&actor(first), Format::Bip322).await.body,
        "success"
    );
    assert_eq!(
        two.sign_in(&actor(second), Format::Bip322).await.body,
        "success"
    );
    let item = one
        .get(&format!("/api/wallet/buy/{dispenser}"))
        .await
        .json();
    assert_eq!(
        (item["give_remaining"].as_str(), item["pending"].as_bool()),
        (Some("2"), Some(false)),
        "{item}"
    );

    // The second collector builds and signs one lot first, and waits.
    let (status, late) = build(&mut two, second, &[(&dispenser, &seller, RATE)]).await;
    assert_eq!(status, 200, "{late}");
    let late = signed(&stack, &late).await;
    // The first buys both lots and sends.
    let (status, early) = build(&mut one, first, &[(&dispenser, &seller, 2 * RATE)]).await;
    assert_eq!(status, 200, "{early}");
    let early = signed(&stack, &early).await;
    let sent = one
        .post(
            "/api/wallet/broadcast",
            json!({"txHex": early, "isPsbt": true}),
        )
        .await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    let bought = sent.json()["result"][0].as_str().expect("txid").to_owned();

    // Before the block, the item is emptied by a transaction waiting for it.
    let item = until(
        &mut two,
        &format!("/api/wallet/buy/{dispenser}"),
        "the pending purchase is not seen",
        |i| i["pending"] == json!(true),
    )
    .await;
    assert_eq!(item["error"], json!("Dispenser is empty"), "{item}");
    // A new purchase is refused before anything is signed...
    let (status, refused) = build(&mut two, second, &[(&dispenser, &seller, RATE)]).await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["errors"][0]["error"], json!("Dispenser is empty"));
    // ...and the one signed before is refused when sent, saying why; it never reaches the node.
    let lost = two
        .post(
            "/api/wallet/broadcast",
            json!({"txHex": late, "isPsbt": true}),
        )
        .await;
    assert_eq!(lost.status, 400, "{}", lost.body);
    assert!(
        lost.json()["error"]
            .as_str()
            .is_some_and(|e| e.contains("last lot was bought a moment ago")
                && e.contains("Nothing was sent")),
        "{}",
        lost.body
    );
    assert_eq!(stack.rpc("getrawmempool", json!([])).await, json!([bought]));

    mine(&stack).await;
    let mut db = stack.db().await;
    let address = |who: u32| actor(who).address().to_string();
    assert_eq!(held(&mut db, &address(first), Some(&asset)).await, 2);
    assert_eq!(held(&mut db, &address(second), Some(&asset)).await, 0);
    let kept = coins_of(&stack, second).await;
    assert!(
        kept >= 100_000,
        "the second collector paid nothing: {kept} sat left"
    );
    // The block settles the pending view.
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let left: i64 = sqlx::query_scalar("SELECT count(*) FROM catalogue.pending_txs")
            .fetch_one(&mut db)
            .await
            .expect("pending");
        if left == 0 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "{left} pending transactions left after the block"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let item = one
        .get(&format!("/api/wallet/buy/{dispenser}"))
        .await
        .json();
    assert_eq!(
        (item["pending"].as_bool(), item["error"].as_str()),
        (Some(false), Some("Dispenser is closed")),
        "{item}"
    );
    services.stop().await;
    stack.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_last_lot_sent_twice_at_once_through_two_replicas_is_sold_once() {
    use stamps_proto::wallet::v1::BroadcastRequest;
    use stamps_proto::wallet::v1::wallet_service_client::WalletServiceClient;
    let stack = Stack::start_with("pendingrush", demo_config()).await;
    let services = stack.services_with(100).await;
    assert_eq!(services.wallets.len(), 2, "two wallet replicas");
    stack.wait_for_chain(180).await;
    // An artist opens a dispenser of one lot.
    let (_, asset, dispenser, seller) = open_dispenser(&stack, 1).await;
    let (first, second) = (16u32, 15u32);
    fund(&stack, first, 100_000).await;
    fund(&stack, second, 100_000).await;
    mine(&stack).await;
    // Each collector builds and signs the last lot.
    let mut purchases = Vec::new();
    for who in [first, second] {
        let mut browser = Browser::new(&services);
        assert_eq!(
            browser.sign_in(&actor(who), Format::Bip322).await.body,
            "success"
        );
        let (status, built) = build(&mut browser, who, &[(&dispenser, &seller, RATE)]).await;
        assert_eq!(status, 200, "{built}");
        purchases.push(signed(&stack, &built).await);
    }
    let before = [
        coins_of(&stack, first).await,
        coins_of(&stack, second).await,
    ];

    // Both are sent at the same moment, each through its own replica: neither has been seen by the pending view.
    let send = |url: String, psbt: String| async move {
        let channel = tonic::transport::Endpoint::from_shared(url)
            .expect("a URL")
            .connect()
            .await
            .expect("a wallet replica");
        let mut wallet = WalletServiceClient::new(channel);
        wallet
            .broadcast(BroadcastRequest {
                tx: psbt,
                is_psbt: true,
            })
            .await
            .map(|r| r.into_inner().txids)
    };
    let (one, two) = tokio::join!(
        send(services.wallets[0].clone(), purchases[0].clone()),
        send(services.wallets[1].clone(), purchases[1].clone())
    );
    let (winner, txid, lost) = match (one, two) {
        (Ok(txids), Err(lost)) => (first, txids[0].clone(), lost),
        (Err(lost), Ok(txids)) => (second, txids[0].clone(), lost),
        (one, two) => panic!("exactly one purchase goes through: {one:?} / {two:?}"),
    };
    let loser = if winner == first { second } else { first };
    assert_eq!(lost.code(), tonic::Code::InvalidArgument, "{lost:?}");
    assert!(
        lost.message().contains("last lot was bought a moment ago")
            && lost.message().contains("Nothing was sent"),
        "{lost:?}"
    );
    assert_eq!(stack.rpc("getrawmempool", json!([])).await, json!([txid]));

    mine(&stack).await;
    let mut db = stack.db().await;
    assert_eq!(
        held(&mut db, &actor(winner).address().to_string(), Some(&asset)).await,
        1
    );
    assert_eq!(
        held(&mut db, &actor(loser).address().to_string(), Some(&asset)).await,
        0
    );
    // The one who lost the race paid nothing.
    let loser_before = if loser == first { before[0] } else { before[1] };
    assert_eq!(coins_of(&stack, loser).await, loser_before);
    services.stop().await;
    stack.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swap_waiting_for_its_block_keeps_its_stamp_out_of_every_spend() {
    use stamps_protocol::counterparty::message::{Attach, Message};
    let stack = Stack::start_with("pendingswap", demo_config()).await;
    let services = stack.services_with(100).await;
    stack.wait_for_chain(180).await;
    // An artist lists one unit of a stamp on a UTXO of its own.
    let (seller, asset) = {
        let mut found = None;
        for artist in 1..9u32 {
            if let Some(asset) = a_stamp_of(&stack, artist, 1).await {
                found = Some((artist, asset));
                break;
            }
        }
        found.expect("an artist holds a stamp")
    };
    let dust = bitcoin::TxOut {
        value: bitcoin::Amount::from_sat(546),
        script_pubkey: actor(seller).address().script_pubkey(),
    };
    let attach = Message::Attach(Attach {
        asset: asset.clone(),
        quantity: 1,
        destination_vout: None,
    });
    let attached = send_message(&stack, seller, &attach, vec![dust.clone()]).await;
    // The buyer: one coin of 100,000 sat.
    let buyer = 18u32;
    fund(&stack, buyer, 100_000).await;
    mine(&stack).await;
    let utxo = format!("{attached}:0");
    let listing = stack
        .rpc("signlistings", json!([100]))
        .await
        .as_array()
        .expect("listings")
        .iter()
        .find(|l| l["utxo"] == json!(utxo))
        .cloned();
    // The devnet signs the scenario's attached UTXOs; this one is signed here as the seller's wallet would.
    let psbt = match listing {
        Some(l) => l["psbt"].as_str().expect("psbt").to_owned(),
        None => {
            let tx = bitcoin::Transaction {
                version: bitcoin::transaction::Version::TWO,
                lock_time: bitcoin::absolute::LockTime::ZERO,
                input: vec![bitcoin::TxIn {
                    previous_output: bitcoin::OutPoint::new(attached, 0),
                    sequence: bitcoin::Sequence::ENABLE_RBF_NO_LOCKTIME,
                    ..bitcoin::TxIn::default()
                }],
                output: vec![bitcoin::TxOut {
                    value: bitcoin::Amount::from_sat(RATE),
                    script_pubkey: dust.script_pubkey.clone(),
                }],
            };
            let mut psbt = bitcoin::Psbt::from_unsigned_tx(tx).expect("psbt");
            psbt.inputs[0].witness_utxo = Some(dust.clone());
            let b64 = base64::engine::general_purpose::STANDARD.encode(psbt.serialize());
            stack
                .rpc(
                    "walletprocesspsbt",
                    json!([b64, true, "SINGLE|ANYONECANPAY", true, false]),
                )
                .await["psbt"]
                .as_str()
                .expect("signed")
                .to_owned()
        }
    };
    let mut selling = Browser::new(&services);
    let listed = selling
        .post("/api/wallet/listings", json!({"psbt": psbt}))
        .await;
    assert_eq!(listed.status, 201, "{}", listed.body);
    let price = listed.json()["price"].as_u64().expect("price");
    let mut browser = Browser::new(&services);
    assert_eq!(
        browser.sign_in(&actor(buyer), Format::Bip322).await.body,
        "success"
    );
    until(
        &mut browser,
        &format!("/api/wallet/buy/{utxo}"),
        "not on sale",
        |i| i.get("error").is_none(),
    )
    .await;
    let seller_address = actor(seller).address().to_string();
    let (status, built) = build(&mut browser, buyer, &[(&utxo, &seller_address, price)]).await;
    assert_eq!(status, 200, "{built}");
    let swap = signed(&stack, &built).await;
    let sent = browser
        .post(
            "/api/wallet/broadcast",
            json!({"txHex": swap, "isPsbt": true}),
        )
        .await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    let bought = sent.json()["result"][0].as_str().expect("txid").to_owned();
    let stamp_output = format!("{bought}:0");

    // Before the block: the stamp is coming to the buyer (its holdings list it), the listing is pending, and the
    // buyer's new output holds it.
    let holds = |hits: &Value| {
        hits["hits"]
            .as_array()
            .is_some_and(|h| h.iter().any(|s| s["cpid"] == json!(asset)))
    };
    let holdings = format!(
        "/api/stamps/holders_addresses?addresses={}",
        actor(buyer).address()
    );
    until(
        &mut browser,
        &holdings,
        "the pending purchase is not in the buyer's holdings",
        holds,
    )
    .await;
    let item = until(
        &mut browser,
        &format!("/api/wallet/buy/{utxo}"),
        "the purchase is not seen",
        |i| i["pending"] == json!(true),
    )
    .await;
    assert!(
        item["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("Pending")),
        "{item}"
    );
    let address = actor(buyer).address();
    let coins: Value = reqwest::get(format!("{}/api/address/{address}/utxo", stack.api_url))
        .await
        .expect("coins")
        .json()
        .await
        .expect("json");
    let free: u64 = coins
        .as_array()
        .expect("coins")
        .iter()
        .filter(|c| format!("{}:{}", c["txid"].as_str().unwrap_or(""), c["vout"]) != stamp_output)
        .filter_map(|c| c["value"].as_u64())
        .sum();
    // More bitcoin than the other coins hold: refused, the stamp's output never taken as bitcoin.
    let send = |sats: u64| {
        json!({"source": address.to_string(), "destination": WALLET_FEE_ADDRESS, "asset": "BTC",
               "quantity": sats.to_string(), "desiredFeeRate": 2})
    };
    let too_much = browser
        .post("/api/wallet/create/send", send(free + 200))
        .await;
    assert_eq!(too_much.status, 400, "{}", too_much.body);
    assert!(
        too_much.body.contains("Insufficient funds"),
        "{}",
        too_much.body
    );
    let some = browser.post("/api/wallet/create/send", send(1_000)).await;
    assert_eq!(some.status, 200, "{}", some.body);
    let psbt = bitcoin::Psbt::deserialize(
        &hex::decode(some.json()["result"]["txHex"].as_str().expect("psbt")).expect("hex"),
    )
    .expect("psbt");
    assert!(
        psbt.unsigned_tx
            .input
            .iter()
            .all(|i| i.previous_output.to_string() != stamp_output),
        "the stamp's output is not spent"
    );
    // A spend of it as bitcoin made elsewhere is refused at broadcast.
    let out = bitcoin::OutPoint::from_str(&stamp_output).expect("outpoint");
    let spent = bitcoin::TxOut {
        value: bitcoin::Amount::from_sat(546),
        script_pubkey: address.script_pubkey(),
    };
    let stranger = bitcoin::Address::from_str(WALLET_FEE_ADDRESS)
        .expect("address")
        .assume_checked()
        .script_pubkey();
    let away = signed_payment(
        &stack,
        &[(out, spent)],
        vec![bitcoin::TxOut {
            value: bitcoin::Amount::from_sat(300),
            script_pubkey: stranger,
        }],
    )
    .await;
    let refused = browser
        .post(
            "/api/wallet/broadcast",
            json!({"txHex": away, "isPsbt": false}),
        )
        .await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body.contains("holds assets"), "{}", refused.body);

    mine(&stack).await;
    let mut db = stack.db().await;
    assert_eq!(held(&mut db, &stamp_output, Some(&asset)).await, 1);
    // After the block the stamp is the buyer's in every view, though it sits on a UTXO: its holdings, its
    // profile's count, its activity.
    until(
        &mut browser,
        &holdings,
        "the bought stamp is not in the buyer's holdings",
        holds,
    )
    .await;
    let owner: String =
        sqlx::query_scalar("SELECT address FROM catalogue.utxo_owners WHERE holder = $1")
            .bind(&stamp_output)
            .fetch_one(&mut db)
            .await
            .expect("the UTXO's owner");
    assert_eq!(owner, actor(buyer).address().to_string());
    let counted: i64 = sqlx::query_scalar(
        "SELECT count(DISTINCT asset) FROM catalogue.holdings WHERE address = $1 AND quantity > 0
           AND asset IN (SELECT cpid FROM catalogue.stamps)",
    )
    .bind(actor(buyer).address().to_string())
    .fetch_one(&mut db)
    .await
    .expect("holdings");
    let profile = until(
        &mut browser,
        &format!("/api/profile/{}", actor(buyer).address()),
        "the profile does not count the bought stamp",
        |p| p["stamp_count"] == json!(counted),
    )
    .await;
    assert!(
        profile["stamp_count"].as_i64().unwrap_or(0) >= 1,
        "{profile}"
    );
    let activity = browser
        .get(&format!(
            "/api/activity?addresses={}",
            actor(buyer).address()
        ))
        .await
        .json();
    assert!(
        activity["hits"]
            .as_array()
            .or(activity.as_array())
            .is_some_and(|a| a
                .iter()
                .any(|e| e["tx_hash"] == json!(bought) && e["tx_type"] == json!("receive"))),
        "{activity}"
    );
    services.stop().await;
    stack.finish().await;
}
