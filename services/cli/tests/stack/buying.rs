//! Buying through the gateway: the fee oracle's records reaching the browser's live stream, its fallback on the
//! node, and a purchase from a dispenser built by the wallet service, signed by the devnet's wallet for the
//! buyer, broadcast through the API, mined and indexed.

use std::time::{Duration, Instant};

use std::str::FromStr;

use base64::Engine;
use serde_json::{Value, json};

use crate::accounts::{Browser, Format};
use crate::helpers::{Stack, WALLET_FEE_ADDRESS, actor, demo_config, mine, remove_streams, sats};

/// Reads the live stream until an event named `name` whose data has `field` equal to `value` arrives.
async fn live_value(base: &str, name: &str, field: &str, value: &Value, secs: u64) -> Value {
    let mut response = reqwest::get(format!("{base}/api/realtime"))
        .await
        .expect("stream");
    let deadline = Instant::now() + Duration::from_secs(secs);
    let mut text = String::new();
    while Instant::now() < deadline {
        let chunk = tokio::time::timeout(Duration::from_secs(1), response.chunk()).await;
        if let Ok(Ok(Some(bytes))) = chunk {
            text.push_str(&String::from_utf8_lossy(&bytes));
        }
        let mut event = "";
        for line in text.lines() {
            if let Some(e) = line.strip_prefix("event:") {
                event = e.trim();
            } else if let Some(data) = line.strip_prefix("data:")
                && event == name
                && let Ok(v) = serde_json::from_str::<Value>(data.trim())
                && v.get(field) == Some(value)
            {
                return v;
            }
        }
    }
    panic!("no {name} event with {field} = {value} within {secs} s");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fee_changes_reach_the_live_stream_and_the_node_stands_in_for_the_api() {
    let stack = Stack::start("feeoracle", 2).await;
    let services = stack
        .services_full(3, stamps_auth::accounts::system_clock(), |_| {})
        .await;
    // The devnet's mempool is empty: 1 sat/vB everywhere, until rates are set.
    stack.rpc("setfeerates", json!([25, 20, 15, 8, 1])).await;
    let live = live_value(&services.base, "mempoolFees", "fastestFee", &json!(25), 20).await;
    assert_eq!(live["hourFee"], json!(15));
    // optimalFee = min(25, 15 + 0.5); buyFee = round(25 × 1.02)
    assert_eq!(live["optimalFee"], json!(15.5));
    assert_eq!(live["buyFee"], json!(26));
    let http = reqwest::Client::new();
    let fees: Value = http
        .get(format!("{}/api/fees", services.base))
        .send()
        .await
        .expect("fees")
        .json()
        .await
        .expect("json");
    assert_eq!(
        (fees["fastestFee"].clone(), fees["halfHourFee"].clone()),
        (json!(25), json!(20))
    );
    assert!(fees["time"].as_u64().unwrap_or(0) >= live["time"].as_u64().unwrap_or(u64::MAX));
    let prices: Value = http
        .get(format!("{}/api/prices", services.base))
        .send()
        .await
        .expect("prices")
        .json()
        .await
        .expect("json");
    for currency in ["USD", "EUR", "GBP", "JPY", "CNY", "CAD", "AUD"] {
        assert!(
            prices[currency].as_u64().unwrap_or(0) > 0,
            "{currency}: {prices}"
        );
    }
    // Rates that move again are published again.
    stack.rpc("setfeerates", json!([40, 30, 20, 10, 1])).await;
    let moved = live_value(&services.base, "mempoolFees", "fastestFee", &json!(40), 20).await;
    assert_eq!(
        (moved["optimalFee"].clone(), moved["buyFee"].clone()),
        (json!(20.5), json!(41))
    );

    // An oracle whose fee API does not answer reads the node's estimates.
    let dead = std::net::TcpListener::bind("127.0.0.1:0").expect("port");
    let dead_url = format!("http://{}", dead.local_addr().expect("addr"));
    drop(dead);
    let fallback_nats = stamps_platform::config::NatsConfig {
        prefix: format!("{}fallback", stack.nats.prefix),
        ..stack.nats.clone()
    };
    let fallback = stamps_fees::build(
        &stamps_fees::FeesConfig {
            api_url: dead_url,
            ..stack.fees_config()
        },
        &stack.node(),
        &stamps_platform::config::PostgresConfig {
            url: stack.postgres.url.clone(),
            ..Default::default()
        },
        &fallback_nats,
    )
    .await
    .expect("fees builds");
    let addr = fallback.grpc_addr();
    let stop = stamps_platform::shutdown::Shutdown::new();
    let running = tokio::spawn(fallback.run_until_stopped(stop.clone()));
    let channel = tonic::transport::Endpoint::from_shared(format!("http://{addr}"))
        .expect("url")
        .connect_lazy();
    let mut client = stamps_proto::fees::v1::fees_service_client::FeesServiceClient::new(channel);
    let deadline = Instant::now() + Duration::from_secs(20);
    let record = loop {
        if let Ok(r) = client
            .get_fees(stamps_proto::fees::v1::GetFeesRequest {})
            .await
        {
            let r = r.into_inner();
            if r.source == "node" && r.fastest == 40_000 {
                break r;
            }
        }
        assert!(
            Instant::now() < deadline,
            "the node's estimates were not used"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(
        (record.half_hour, record.hour, record.economy),
        (30_000, 20_000, 10_000)
    );
    assert_eq!((record.optimal, record.buy), (20_500, 41_000));
    stop.cancel();
    let _ = running.await;
    remove_streams(&fallback_nats.url, &fallback_nats.prefix).await;
    services.stop().await;
    stack.finish().await;
}

/// An open dispenser of the indexed demo whose address has no other open dispenser: `(tx_hash, source, asset,
/// give_quantity, satoshirate, owner, origin)`.
async fn open_dispenser(stack: &Stack) -> (String, String, String, i64, i64, String, String) {
    let mut db = stack.db().await;
    let found = sqlx::query_as(
        "SELECT d.tx_hash, d.source, d.asset, d.give_quantity::BIGINT, d.satoshirate, a.issuer, d.origin
         FROM catalogue.dispensers d JOIN catalogue.assets a ON a.asset = d.asset
         WHERE d.status = 0 AND d.oracle_address = '' AND d.give_remaining >= d.give_quantity AND d.satoshirate > 0
           AND d.source <> $1
           AND NOT EXISTS (SELECT 1 FROM catalogue.dispensers o
                           WHERE o.source = d.source AND o.status IN (0, 11) AND o.tx_hash <> d.tx_hash)
         ORDER BY d.tx_hash LIMIT 1",
    )
    .bind(actor(18).address().to_string())
    .fetch_optional(&mut db)
    .await
    .expect("query");
    if found.is_none() {
        let all: Vec<(i32, i64, i64)> = sqlx::query_as(
            "SELECT status, count(*), sum((SELECT count(*) FROM catalogue.dispensers o WHERE o.source = d.source
             AND o.status IN (0, 11) AND o.tx_hash <> d.tx_hash))::BIGINT FROM catalogue.dispensers d GROUP BY status",
        )
        .fetch_all(&mut db)
        .await
        .unwrap_or_default();
        panic!("no open dispenser to buy from: {all:?}");
    }
    found.expect("found")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dispenser_purchase_is_built_signed_mined_and_indexed() {
    let stack = Stack::start_with("buydispenser", demo_config()).await;
    let services = stack.services_with(100).await;
    stack.wait_for_chain(180).await;
    let (tx_hash, seller, asset, give_quantity, rate, owner, origin) = open_dispenser(&stack).await;
    let held_before = held(
        &mut stack.db().await,
        &actor(18).address().to_string(),
        Some(asset.as_str()),
    )
    .await;
    let remaining_before: i64 = sqlx::query_scalar(
        "SELECT give_remaining::BIGINT FROM catalogue.dispensers WHERE tx_hash = $1",
    )
    .bind(&tx_hash)
    .fetch_one(&mut stack.db().await)
    .await
    .expect("remaining");

    // A collector of the demo (the devnet's wallet holds the scenario's keys), funded by the devnet's bank.
    let buyer = actor(18);
    let address = buyer.address().to_string();
    let fund = u64::try_from(rate).expect("rate") + 1_000_000;
    let btc: Value =
        serde_json::from_str(&format!("{}.{:08}", fund / 100_000_000, fund % 100_000_000))
            .expect("btc");
    let funding = stack.rpc("sendtoaddress", json!([address, btc])).await;
    assert!(funding.is_string(), "the bank pays: {funding}");
    mine(&stack).await;

    let mut browser = Browser::new(&services);
    // Signed out: 401.
    let amount = rate;
    let order = json!({"source": address, "tx_hashes": [tx_hash], "destinations": [[seller, amount]],
        "isPsbt": true, "desiredFeeRate": 3});
    assert_eq!(
        browser
            .post("/api/wallet/create/buy", order.clone())
            .await
            .status,
        401
    );
    assert_eq!(
        browser.sign_in(&buyer, Format::Bip322).await.body,
        "success"
    );
    let item = browser
        .get(&format!("/api/wallet/buy/{tx_hash}"))
        .await
        .json();
    assert_eq!(
        (item["source"].as_str(), item["price"].as_i64()),
        (Some(seller.as_str()), Some(rate))
    );
    assert!(item.get("error").is_none(), "{item}");

    let built = browser.post("/api/wallet/create/buy", order).await;
    assert_eq!(built.status, 200, "{}", built.body);
    let built = built.json();
    let result = &built["result"];
    assert_eq!(result["hashes"], json!([tx_hash]));
    let psbt = hex::decode(result["txHex"].as_str().expect("psbt")).expect("hex");
    let b64 = base64::engine::general_purpose::STANDARD.encode(&psbt);
    // The devnet's wallet signs for the buyer, as a browser wallet would.
    let signed = stack.rpc("walletprocesspsbt", json!([b64])).await;
    assert_eq!(signed["complete"], json!(true), "{signed}");
    let sent = browser
        .post(
            "/api/wallet/broadcast",
            json!({"txHex": signed["psbt"], "info": "buy", "isPsbt": true}),
        )
        .await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    let txid = sent.json()["result"][0].as_str().expect("txid").to_owned();

    // The transaction pays exactly: the dispenser, the message, the wallet fee, the change.
    let tx = stack.rpc("getrawtransaction", json!([txid, true])).await;
    let outputs = tx["vout"].as_array().expect("outputs");
    let paid_to = |i: usize| {
        outputs[i]["scriptPubKey"]["address"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    };
    assert_eq!(
        (paid_to(0), sats(&outputs[0]["value"])),
        (seller.clone(), u64::try_from(amount).expect("amount"))
    );
    assert_eq!(outputs[1]["scriptPubKey"]["type"], json!("nulldata"));
    let wallet_fee = (u64::try_from(amount).expect("amount") * 2 / 100)
        .max(2222)
        .max(22 * 3);
    let royalty = u64::try_from(amount).expect("amount") * 3 / 100;
    let royalty = (owner != origin && royalty > 546).then_some(royalty);
    let mut next = 2;
    if let Some(royalty) = royalty {
        assert_eq!(
            (paid_to(2), sats(&outputs[2]["value"])),
            (owner.clone(), royalty)
        );
        next = 3;
    }
    assert_eq!(
        (paid_to(next), sats(&outputs[next]["value"])),
        (WALLET_FEE_ADDRESS.to_owned(), wallet_fee)
    );
    assert_eq!(result["walletFee"], json!(wallet_fee));
    assert_eq!(result["royalties"], json!(royalty.unwrap_or(0)));
    assert_eq!(paid_to(next + 1), address);
    assert_eq!(outputs.len(), next + 2);

    mine(&stack).await;
    let mut db = stack.db().await;
    let (quantity, dispenser): (i64, String) = sqlx::query_as(
        "SELECT quantity::BIGINT, dispenser_tx_hash FROM catalogue.dispenses WHERE tx_hash = $1",
    )
    .bind(&txid)
    .fetch_one(&mut db)
    .await
    .expect("the dispense is indexed");
    assert_eq!(
        (quantity, dispenser.as_str()),
        (give_quantity, tx_hash.as_str())
    );
    let holding = held(&mut db, &address, Some(asset.as_str())).await;
    assert_eq!(holding, held_before + give_quantity);
    let remaining: i64 = sqlx::query_scalar(
        "SELECT give_remaining::BIGINT FROM catalogue.dispensers WHERE tx_hash = $1",
    )
    .bind(&tx_hash)
    .fetch_one(&mut db)
    .await
    .expect("remaining");
    assert_eq!(remaining, remaining_before - give_quantity);
    // A transaction the node refuses comes back with its reason: the same one again, its coins now spent.
    let again = browser
        .post(
            "/api/wallet/broadcast",
            json!({"txHex": signed["hex"], "info": "buy", "isPsbt": false}),
        )
        .await;
    assert_eq!(again.status, 400, "{}", again.body);
    let reason = again.json()["error"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(
        reason.contains("missingorspent") || reason.contains("already"),
        "{reason}"
    );
    services.stop().await;
    stack.finish().await;
}

/// Sends `message` from actor `who` as a Counterparty transaction: `destinations` first, the message in an
/// OP_RETURN keyed by input 0, change; paid by the actor's largest coin that holds no balance, signed by the
/// devnet's wallet. Returns the txid.
pub(crate) async fn send_message(
    stack: &Stack,
    who: u32,
    message: &stamps_protocol::counterparty::message::Message,
    destinations: Vec<bitcoin::TxOut>,
) -> bitcoin::Txid {
    use bitcoin::OutPoint;
    let address = actor(who).address();
    let coins: Value = reqwest::get(format!("{}/api/address/{address}/utxo", stack.api_url))
        .await
        .expect("coins")
        .json()
        .await
        .expect("json");
    let mut db = stack.db().await;
    let held: Vec<String> = sqlx::query_scalar(
        "SELECT holder FROM catalogue.balances WHERE quantity > 0 AND holder LIKE '%:%'",
    )
    .fetch_all(&mut db)
    .await
    .expect("held");
    let (outpoint, value) = coins
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|c| {
            let outpoint = OutPoint::new(
                c["txid"].as_str()?.parse().ok()?,
                u32::try_from(c["vout"].as_u64()?).ok()?,
            );
            (!held.contains(&outpoint.to_string())).then_some((outpoint, c["value"].as_u64()?))
        })
        .max_by_key(|(_, v)| *v)
        .expect("the actor has a free coin");
    let height = stack
        .rpc("getblockcount", json!([]))
        .await
        .as_u64()
        .expect("height")
        + 1;
    let data = message
        .pack(height, stamps_protocol::Rules::MAINNET)
        .expect("packs");
    let secp = bitcoin::secp256k1::Secp256k1::new();
    let tx = stamps_devnet::wallet::message_transaction(
        &secp,
        &actor(who),
        outpoint,
        value,
        &data,
        destinations,
    )
    .expect("signed");
    let hex = bitcoin::consensus::encode::serialize_hex(&tx);
    let txid = stack.rpc("sendrawtransaction", json!([hex])).await;
    txid.as_str()
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("sent: {txid}"))
}

/// `spent` (outpoints of the devnet's actors, with their outputs) paid to `outputs`, signed by the devnet's wallet:
/// the raw transaction, hex.
pub(crate) async fn signed_payment(
    stack: &Stack,
    spent: &[(bitcoin::OutPoint, bitcoin::TxOut)],
    outputs: Vec<bitcoin::TxOut>,
) -> String {
    let tx = bitcoin::Transaction {
        version: bitcoin::transaction::Version::TWO,
        lock_time: bitcoin::absolute::LockTime::ZERO,
        input: spent
            .iter()
            .map(|(o, _)| bitcoin::TxIn {
                previous_output: *o,
                sequence: bitcoin::Sequence::ENABLE_RBF_NO_LOCKTIME,
                ..bitcoin::TxIn::default()
            })
            .collect(),
        output: outputs,
    };
    let mut psbt = bitcoin::Psbt::from_unsigned_tx(tx).expect("psbt");
    for (input, (_, out)) in psbt.inputs.iter_mut().zip(spent) {
        input.witness_utxo = Some(out.clone());
    }
    let b64 = base64::engine::general_purpose::STANDARD.encode(psbt.serialize());
    let signed = stack.rpc("walletprocesspsbt", json!([b64])).await;
    assert_eq!(signed["complete"], json!(true), "{signed}");
    signed["hex"].as_str().expect("hex").to_owned()
}

/// What the wallet refuses before anything reaches the node, for `buyer` (signed in on `browser`) whose output
/// `attached` holds an asset: a send of more bitcoin than exists, a transaction giving the asset's output away, and
/// one paying a fee rate far above the fastest.
async fn refusals_before_anything_is_sent(
    stack: &Stack,
    browser: &mut Browser,
    buyer: u32,
    attached: &str,
) {
    let address = actor(buyer).address();
    let too_much = browser
        .post(
            "/api/wallet/create/send",
            json!({"source": address.to_string(), "destination": WALLET_FEE_ADDRESS, "asset": "BTC",
                   "quantity": "18446744073709551615", "desiredFeeRate": -1}),
        )
        .await;
    assert_eq!(too_much.status, 400, "{}", too_much.body);
    assert!(
        too_much.json()["error"]
            .as_str()
            .is_some_and(|e| e.contains("21,000,000 BTC")),
        "{}",
        too_much.body
    );
    let coins: Value = reqwest::get(format!("{}/api/address/{address}/utxo", stack.api_url))
        .await
        .expect("coins")
        .json()
        .await
        .expect("json");
    let coin = |c: &Value| {
        let outpoint = bitcoin::OutPoint::new(
            c["txid"].as_str()?.parse().ok()?,
            u32::try_from(c["vout"].as_u64()?).ok()?,
        );
        let out = bitcoin::TxOut {
            value: bitcoin::Amount::from_sat(c["value"].as_u64()?),
            script_pubkey: address.script_pubkey(),
        };
        Some((outpoint, out))
    };
    let coins: Vec<_> = coins
        .as_array()
        .expect("coins")
        .iter()
        .filter_map(coin)
        .collect();
    let (held, free): (Vec<_>, Vec<_>) = coins
        .into_iter()
        .partition(|(o, _)| o.to_string() == attached);
    let held = held.first().expect("the attached output").clone();
    let free = free
        .iter()
        .max_by_key(|(_, o)| o.value)
        .expect("a free coin")
        .clone();
    let stranger = bitcoin::Address::from_str(WALLET_FEE_ADDRESS)
        .expect("address")
        .assume_checked()
        .script_pubkey();
    let pay = |sats: u64| bitcoin::TxOut {
        value: bitcoin::Amount::from_sat(sats),
        script_pubkey: stranger.clone(),
    };
    // The asset's output spent as plain bitcoin, to someone else.
    let give_away = signed_payment(
        stack,
        std::slice::from_ref(&held),
        vec![pay(held.1.value.to_sat() - 1_000)],
    )
    .await;
    let refused = browser
        .post(
            "/api/wallet/broadcast",
            json!({"txHex": give_away, "isPsbt": false}),
        )
        .await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(
        refused.json()["error"]
            .as_str()
            .is_some_and(|e| e.contains(attached) && e.contains("holds assets")),
        "{}",
        refused.body
    );
    // About 45,000 sat/vB: ten times the fastest rate is the ceiling.
    let costly = signed_payment(
        stack,
        std::slice::from_ref(&free),
        vec![pay(free.1.value.to_sat() - 5_000_000)],
    )
    .await;
    let refused = browser
        .post(
            "/api/wallet/broadcast",
            json!({"txHex": costly, "isPsbt": false}),
        )
        .await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(
        refused.json()["error"]
            .as_str()
            .is_some_and(|e| e.contains("times the fastest rate")),
        "{}",
        refused.body
    );
    // Neither reached the node.
    let pool = stack.rpc("getrawmempool", json!([])).await;
    assert_eq!(pool, json!([]), "nothing was sent");
}

/// What `holder` (an address or a UTXO) holds of `asset`, or of every asset.
pub(crate) async fn held(db: &mut sqlx::PgConnection, holder: &str, asset: Option<&str>) -> i64 {
    sqlx::query_scalar(
        "SELECT COALESCE(sum(quantity), 0)::BIGINT FROM catalogue.balances
         WHERE holder = $1 AND ($2::TEXT IS NULL OR asset = $2)",
    )
    .bind(holder)
    .bind(asset)
    .fetch_one(db)
    .await
    .expect("balances")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cart_of_five_buys_four_in_one_signing_and_never_spends_an_attached_asset() {
    use stamps_protocol::counterparty::message::{Attach, Dispenser, Message};
    let stack = Stack::start_with("buycart", demo_config()).await;
    let services = stack.services_with(100).await;
    stack.wait_for_chain(180).await;
    let mut db = stack.db().await;
    const RATE: u64 = 10_000;

    // Four artists each open a dispenser of a stamp they hold, one unit per 10 000 sat.
    let mut opened = Vec::new();
    for artist in 1..9u32 {
        if opened.len() == 4 {
            break;
        }
        let address = actor(artist).address().to_string();
        let holding: Option<(String, i64)> = sqlx::query_as(
            "SELECT b.asset, b.quantity::BIGINT FROM catalogue.balances b JOIN catalogue.stamps s ON s.cpid = b.asset
             WHERE b.holder = $1 AND b.quantity >= 2 AND NOT s.divisible ORDER BY b.asset LIMIT 1",
        )
        .bind(&address)
        .fetch_optional(&mut db)
        .await
        .expect("holdings");
        let Some((asset, _)) = holding else { continue };
        let message = Message::Dispenser(Dispenser {
            asset_id: stamps_protocol::asset::id_from_name(&asset).unwrap_or(0),
            asset: asset.clone(),
            give_quantity: 1,
            escrow_quantity: 2,
            mainchainrate: RATE,
            dispenser_status: 0,
            action_address: None,
            oracle_address: None,
        });
        let txid = send_message(&stack, artist, &message, Vec::new()).await;
        opened.push((txid.to_string(), address, asset));
    }
    assert_eq!(opened.len(), 4, "four artists hold a stamp to sell");

    // The buyer, a collector holding an asset, puts one unit of it on a UTXO worth more than any other coin of
    // theirs: the first coin the wallet would take if it did not know.
    let (buyer, attached_asset): (u32, String) = {
        let mut found = None;
        for collector in 9..19u32 {
            let asset: Option<String> = sqlx::query_scalar(
                "SELECT asset FROM catalogue.balances WHERE holder = $1 AND quantity >= 1 ORDER BY asset LIMIT 1",
            )
            .bind(actor(collector).address().to_string())
            .fetch_optional(&mut db)
            .await
            .expect("holdings");
            if let Some(asset) = asset {
                found = Some((collector, asset));
                break;
            }
        }
        found.expect("a collector holds an asset")
    };
    let address = actor(buyer).address().to_string();
    let funded = stack.rpc("sendtoaddress", json!([address, 0.03])).await;
    assert!(funded.is_string(), "{funded}");
    mine(&stack).await;
    let attach = Message::Attach(Attach {
        asset: attached_asset.clone(),
        quantity: 1,
        destination_vout: None,
    });
    let big = bitcoin::TxOut {
        value: bitcoin::Amount::from_sat(2_500_000),
        script_pubkey: actor(buyer).address().script_pubkey(),
    };
    let attach_txid = send_message(&stack, buyer, &attach, vec![big]).await;
    mine(&stack).await;
    let attached = format!("{attach_txid}:0");
    let on_utxo = held(&mut db, &attached, None).await;
    assert_eq!(on_utxo, 1, "the asset sits on {attached}");

    // The cart: the four, and a dispenser of the demo that closed.
    let closed: (String, String) =
        sqlx::query_as("SELECT tx_hash, source FROM catalogue.dispensers WHERE status = 10 ORDER BY tx_hash LIMIT 1")
            .fetch_one(&mut db)
            .await
            .expect("the demo closed a dispenser");
    let mut hashes: Vec<String> = opened.iter().map(|o| o.0.clone()).collect();
    let mut destinations: Vec<Value> = opened.iter().map(|o| json!([o.1, RATE])).collect();
    hashes.insert(2, closed.0.clone());
    destinations.insert(2, json!([closed.1, RATE]));

    let mut browser = Browser::new(&services);
    // Broadcasting needs a session.
    let sign_out = browser
        .post(
            "/api/wallet/broadcast",
            json!({"txHex": "00", "isPsbt": false}),
        )
        .await;
    assert_eq!(sign_out.status, 401, "{}", sign_out.body);
    assert_eq!(
        browser.sign_in(&actor(buyer), Format::Bip322).await.body,
        "success"
    );
    refusals_before_anything_is_sent(&stack, &mut browser, buyer, &attached).await;
    let items = browser
        .get(&format!("/api/wallet/buy/{}", hashes.join(",")))
        .await
        .json();
    assert_eq!(items.as_array().map(Vec::len), Some(5));
    assert_eq!(items[2]["error"], json!("Dispenser is closed"));
    let built = browser
        .post(
            "/api/wallet/create/buy",
            json!({"source": address, "tx_hashes": hashes, "destinations": destinations, "isPsbt": true,
                   "desiredFeeRate": -1}),
        )
        .await;
    assert_eq!(built.status, 200, "{}", built.body);
    let built = built.json();
    let bought: Vec<String> = opened.iter().map(|o| o.0.clone()).collect();
    assert_eq!(built["result"]["hashes"], json!(bought));
    assert_eq!(
        built["errors"],
        json!([{"tx_hash": closed.0, "error": "Dispenser is closed"}])
    );
    assert_eq!(built["result"]["walletFee"], json!(4 * 2222));
    // One transaction pays at most two dispensers: two transactions, signed and sent in order.
    let psbts = built["result"]["psbts"].as_array().expect("psbts").clone();
    assert_eq!(psbts.len(), 2);
    let mut txids = Vec::new();
    for (n, t) in psbts.iter().enumerate() {
        let psbt = bitcoin::Psbt::deserialize(
            &hex::decode(t["txHex"].as_str().expect("psbt")).expect("hex"),
        )
        .expect("a PSBT");
        assert!(
            psbt.unsigned_tx
                .input
                .iter()
                .all(|i| i.previous_output.to_string() != attached),
            "the attached asset's output is never spent"
        );
        // [first dispenser, message, second dispenser, ...]: each artist paid exactly, in the cart's order.
        for (slot, k) in [(0, 2 * n), (2, 2 * n + 1)] {
            assert_eq!(psbt.unsigned_tx.output[slot].value.to_sat(), RATE);
            assert_eq!(
                psbt.unsigned_tx.output[slot].script_pubkey,
                bitcoin::Address::from_str(&opened[k].1)
                    .expect("address")
                    .assume_checked()
                    .script_pubkey()
            );
        }
        assert!(psbt.unsigned_tx.output[1].script_pubkey.is_op_return());
        let b64 = base64::engine::general_purpose::STANDARD.encode(psbt.serialize());
        let signed = stack.rpc("walletprocesspsbt", json!([b64])).await;
        let sent = browser
            .post(
                "/api/wallet/broadcast",
                json!({"txHex": signed["psbt"], "isPsbt": true}),
            )
            .await;
        assert_eq!(sent.status, 200, "{}", sent.body);
        txids.push(sent.json()["result"][0].as_str().expect("txid").to_owned());
    }
    mine(&stack).await;
    let dispensed: Vec<String> = sqlx::query_scalar(
        "SELECT dispenser_tx_hash FROM catalogue.dispenses WHERE tx_hash = ANY($1)
         ORDER BY dispenser_tx_hash",
    )
    .bind(&txids)
    .fetch_all(&mut db)
    .await
    .expect("dispenses");
    // The block orders the two transactions as it likes.
    let (mut dispensed, mut bought) = (dispensed, bought);
    dispensed.sort();
    bought.sort();
    assert_eq!(dispensed, bought, "the four dispensers triggered");
    for (_, _, asset) in &opened {
        let holding = held(&mut db, &address, Some(asset.as_str())).await;
        assert!(holding >= 1, "the buyer holds {asset}");
    }
    let still = held(&mut db, &attached, None).await;
    assert_eq!(still, 1, "the attached asset stayed where it was");
    services.stop().await;
    stack.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_atomic_swap_is_listed_bought_mined_and_moves_the_asset() {
    use stamps_protocol::counterparty::message::{Attach, Message};
    let stack = Stack::start_with("buyswap", demo_config()).await;
    let services = stack.services_with(100).await;
    stack.wait_for_chain(180).await;
    let mut db = stack.db().await;
    // Below any dispenser of the demo: the listing becomes the stamp's floor.
    const PRICE: u64 = 1_000;

    // An artist puts one unit of a stamp on a UTXO of its own.
    let (seller, asset) = {
        let mut found = None;
        for artist in 1..9u32 {
            let asset: Option<String> = sqlx::query_scalar(
                "SELECT b.asset FROM catalogue.balances b JOIN catalogue.stamps s ON s.cpid = b.asset
                 WHERE b.holder = $1 AND b.quantity >= 1 AND NOT s.divisible ORDER BY b.asset LIMIT 1",
            )
            .bind(actor(artist).address().to_string())
            .fetch_optional(&mut db)
            .await
            .expect("holdings");
            if let Some(asset) = asset {
                found = Some((artist, asset));
                break;
            }
        }
        found.expect("an artist holds a stamp")
    };
    let seller_script = actor(seller).address().script_pubkey();
    let attach = Message::Attach(Attach {
        asset: asset.clone(),
        quantity: 1,
        destination_vout: None,
    });
    let dust = bitcoin::TxOut {
        value: bitcoin::Amount::from_sat(546),
        script_pubkey: seller_script.clone(),
    };
    let attached = send_message(&stack, seller, &attach, vec![dust.clone()]).await;
    mine(&stack).await;
    let utxo = format!("{attached}:0");

    // A listing: the UTXO signed SIGHASH_SINGLE|ANYONECANPAY over its payout, as the seller's wallet signs it; or
    // the same made by someone else over their own script and value (what a forger can sign).
    let sign_listing = async |price: u64, spent: bitcoin::TxOut| -> String {
        let listing_tx = bitcoin::Transaction {
            version: bitcoin::transaction::Version::TWO,
            lock_time: bitcoin::absolute::LockTime::ZERO,
            input: vec![bitcoin::TxIn {
                previous_output: bitcoin::OutPoint::new(attached, 0),
                sequence: bitcoin::Sequence::ENABLE_RBF_NO_LOCKTIME,
                ..bitcoin::TxIn::default()
            }],
            output: vec![bitcoin::TxOut {
                value: bitcoin::Amount::from_sat(price),
                script_pubkey: spent.script_pubkey.clone(),
            }],
        };
        let mut listing = bitcoin::Psbt::from_unsigned_tx(listing_tx).expect("psbt");
        listing.inputs[0].witness_utxo = Some(spent);
        let b64 = base64::engine::general_purpose::STANDARD.encode(listing.serialize());
        let signed = stack
            .rpc(
                "walletprocesspsbt",
                json!([b64, true, "SINGLE|ANYONECANPAY", true, false]),
            )
            .await;
        signed["psbt"].as_str().expect("signed").to_owned()
    };
    let signed = sign_listing(PRICE, dust.clone()).await;

    let mut browser = Browser::new(&services);
    // A forger's listing of the seller's UTXO: their own script and value in `witness_utxo`, signed by them. The
    // signature is valid for what it claims, but the chain says the output is the seller's.
    let forger = actor(17);
    let mut forging = Browser::new(&services);
    let forged = sign_listing(
        PRICE / 2,
        bitcoin::TxOut {
            value: bitcoin::Amount::from_sat(546),
            script_pubkey: forger.address().script_pubkey(),
        },
    )
    .await;
    let takeover = forging
        .post("/api/wallet/listings", json!({"psbt": forged}))
        .await;
    assert_eq!(
        (takeover.status, takeover.json()["error"].as_str()),
        (
            400,
            Some("The listing does not describe its UTXO as the chain has it")
        ),
        "{}",
        takeover.body
    );
    // A payout changed after signing is refused.
    let mut tampered = bitcoin::Psbt::deserialize(
        &base64::engine::general_purpose::STANDARD
            .decode(&signed)
            .expect("base64"),
    )
    .expect("psbt");
    tampered.unsigned_tx.output[0].value = bitcoin::Amount::from_sat(PRICE / 10);
    let refused = browser
        .post(
            "/api/wallet/listings",
            json!({"psbt": tampered.serialize_hex()}),
        )
        .await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert_eq!(
        refused.json()["error"],
        json!("The listing's signature is not valid")
    );
    // A first offer, at twice the price, then cancelled: the seller is told that only moving the coin revokes a
    // copy already handed out, and the same offer posted again (by anyone) is refused.
    let first = sign_listing(PRICE * 2, dust.clone()).await;
    // The seller's signature over its own output is the proof: no session is needed to list (one is to cancel).
    let listed = browser
        .post("/api/wallet/listings", json!({"psbt": first}))
        .await;
    assert_eq!(listed.status, 201, "{}", listed.body);
    assert_eq!(
        browser.sign_in(&actor(seller), Format::Bip322).await.body,
        "success"
    );
    let deadline = Instant::now() + Duration::from_secs(20);
    while browser.get(&format!("/api/wallet/buy/{utxo}")).await.json()["price"] != json!(PRICE * 2)
    {
        assert!(Instant::now() < deadline, "the first offer is not on sale");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let cancelled = browser
        .delete(&format!("/api/wallet/listings/{utxo}"))
        .await;
    assert_eq!(cancelled.status, 200, "{}", cancelled.body);
    assert!(
        cancelled.json()["message"]
            .as_str()
            .is_some_and(|m| m.contains("Cancel on chain")),
        "{}",
        cancelled.body
    );
    let deadline = Instant::now() + Duration::from_secs(20);
    while browser.get(&format!("/api/wallet/buy/{utxo}")).await.json()["error"]
        != json!("Listing not found")
    {
        assert!(
            Instant::now() < deadline,
            "the cancelled offer is still on sale"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let again = browser
        .post("/api/wallet/listings", json!({"psbt": first}))
        .await;
    assert_eq!(again.status, 400, "{}", again.body);
    assert!(
        again.json()["error"]
            .as_str()
            .is_some_and(|e| e.contains("withdrawn")),
        "{}",
        again.body
    );
    // A new offer at the price is listed.
    let listed = browser
        .post("/api/wallet/listings", json!({"psbt": signed}))
        .await;
    assert_eq!(listed.status, 201, "{}", listed.body);
    assert_eq!(listed.json()["utxo"], json!(utxo));

    // On sale once the catalogue has it.
    let deadline = Instant::now() + Duration::from_secs(20);
    let item = loop {
        let item = browser.get(&format!("/api/wallet/buy/{utxo}")).await.json();
        if item.get("error").is_none() {
            break item;
        }
        assert!(
            Instant::now() < deadline,
            "the listing is not on sale: {item}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(
        (item["cpid"].as_str(), item["price"].as_u64()),
        (Some(asset.as_str()), Some(PRICE))
    );
    let market = async |db: &mut sqlx::PgConnection| -> (Option<String>, Option<i64>) {
        sqlx::query_as("SELECT on_sale, floor_price FROM catalogue.stamps WHERE cpid = $1")
            .bind(&asset)
            .fetch_one(db)
            .await
            .expect("the stamp")
    };
    assert_eq!(
        market(&mut db).await,
        (Some(utxo.clone()), Some(PRICE as i64)),
        "the listing is the floor"
    );
    let home = browser.get("/api/home").await.json();
    let recent = home["newDispenser"].as_array().expect("recent listings");
    assert_eq!(
        recent.first().map(|l| l["tx_hash"].clone()),
        Some(json!(utxo)),
        "the newest of the recent listings"
    );

    let buyer = actor(18);
    let address = buyer.address().to_string();
    assert_eq!(
        browser.sign_in(&buyer, Format::Bip322).await.body,
        "success"
    );
    let seller_address = actor(seller).address().to_string();
    let built = browser
        .post(
            "/api/wallet/create/buy",
            json!({"source": address, "tx_hashes": [utxo], "destinations": [[seller_address, PRICE]],
                   "isPsbt": true, "desiredFeeRate": 2}),
        )
        .await;
    assert_eq!(built.status, 200, "{}", built.body);
    let result = built.json()["result"].clone();
    let psbt = bitcoin::Psbt::deserialize(
        &hex::decode(result["txHex"].as_str().expect("psbt")).expect("hex"),
    )
    .expect("a PSBT");
    // The seller's input and payout at index 1; the buyer signs every other input.
    assert_eq!(psbt.unsigned_tx.input[1].previous_output.to_string(), utxo);
    assert_eq!(psbt.unsigned_tx.output[1].value.to_sat(), PRICE);
    assert!(
        result["inputsToSign"]
            .as_array()
            .expect("inputs")
            .iter()
            .all(|i| i["index"] != json!(1))
    );
    let b64 = base64::engine::general_purpose::STANDARD.encode(psbt.serialize());
    let signed = stack.rpc("walletprocesspsbt", json!([b64])).await;
    let sent = browser
        .post(
            "/api/wallet/broadcast",
            json!({"txHex": signed["psbt"], "isPsbt": true}),
        )
        .await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    let txid = sent.json()["result"][0].as_str().expect("txid").to_owned();
    mine(&stack).await;

    // The asset moved to the buyer's new output; the listing is over.
    let moved = held(&mut db, &format!("{txid}:0"), Some(asset.as_str())).await;
    assert_eq!(moved, 1);
    let tx = stack.rpc("getrawtransaction", json!([txid, true])).await;
    assert_eq!(tx["vout"][0]["scriptPubKey"]["address"], json!(address));
    assert_eq!(
        (
            tx["vout"][1]["scriptPubKey"]["address"].clone(),
            sats(&tx["vout"][1]["value"])
        ),
        (json!(seller_address), PRICE)
    );
    // The items answer is kept until the catalogue's version moves, which the gateway hears shortly after.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let gone = browser.get(&format!("/api/wallet/buy/{utxo}")).await.json();
        if gone["error"] == json!("Listing not found") {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the listing is still offered: {gone}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_ne!(
        market(&mut db).await.0,
        Some(utxo.clone()),
        "a spent listing is no longer on sale"
    );
    services.stop().await;
    stack.finish().await;
}
