//! Sign-in and accounts through the gateway, with devnet actors' keys signing for real: challenges, both
//! signature formats, sessions, links, names, wishlists, collections, and what the catalogue makes of the users'
//! events (profiles, leaderboard names), against real Postgres and NATS.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, Instant};

use base64::Engine;
use bitcoin::hashes::Hash;
use bitcoin::secp256k1::{Message, Secp256k1};
use serde_json::{Value, json};
use stamps_devnet::keys::Actor;

use crate::helpers::{STAFF_ACTOR, Services, Stack, actor};

/// A browser: the site's origin on every request, and the session cookie it was given.
pub(crate) struct Browser {
    base: String,
    http: reqwest::Client,
    cookie: Option<String>,
}

/// A response's status, `Set-Cookie` and body.
pub(crate) struct Answer {
    pub(crate) status: u16,
    set_cookie: Option<String>,
    pub(crate) body: String,
}

impl Answer {
    pub(crate) fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }
}

impl Browser {
    pub(crate) fn new(services: &Services) -> Self {
        Self {
            base: services.base.clone(),
            http: reqwest::Client::new(),
            cookie: None,
        }
    }

    async fn send(
        &mut self,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
        origin: bool,
    ) -> Answer {
        let mut request = self.http.request(method, format!("{}{path}", self.base));
        if origin {
            request = request.header("origin", &self.base);
        }
        if let Some(cookie) = &self.cookie {
            request = request.header("cookie", cookie);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.expect("request");
        let status = response.status().as_u16();
        let set_cookie = response
            .headers()
            .get("set-cookie")
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let body = response.text().await.expect("body");
        Answer {
            status,
            set_cookie,
            body,
        }
    }

    pub(crate) async fn get(&mut self, path: &str) -> Answer {
        self.send(reqwest::Method::GET, path, None, true).await
    }

    pub(crate) async fn post(&mut self, path: &str, body: Value) -> Answer {
        self.send(reqwest::Method::POST, path, Some(body), true)
            .await
    }

    async fn put(&mut self, path: &str, body: Value) -> Answer {
        self.send(reqwest::Method::PUT, path, Some(body), true)
            .await
    }

    pub(crate) async fn delete(&mut self, path: &str) -> Answer {
        self.send(reqwest::Method::DELETE, path, None, true).await
    }

    /// Signs in as `who` in `format`: the answer, keeping the cookie it sets.
    pub(crate) async fn sign_in(&mut self, who: &Actor, format: Format) -> Answer {
        let address = who.address().to_string();
        let challenge = self.get(&format!("/api/auth/message/{address}")).await;
        assert_eq!(challenge.status, 200, "{}", challenge.body);
        let signature = sign(who, &challenge.body, format);
        let answer = self
            .post(
                "/api/auth",
                json!({"address": address, "message": challenge.body, "signature": signature, "type": "unisat"}),
            )
            .await;
        if let Some(cookie) = &answer.set_cookie {
            self.cookie = cookie.split(';').next().map(str::to_owned);
        }
        answer
    }

    /// Links `who`'s address to the signed-in user.
    async fn link(&mut self, who: &Actor) -> Answer {
        let address = who.address().to_string();
        let challenge = self.get(&format!("/api/auth/link/{address}")).await;
        assert_eq!(challenge.status, 200, "{}", challenge.body);
        let signature = sign(who, &challenge.body, Format::Bip322);
        self.post(
            "/api/auth/link",
            json!({"address": address, "message": challenge.body, "signature": signature, "type": "unisat"}),
        )
        .await
    }
}

#[derive(Clone, Copy)]
pub(crate) enum Format {
    Bip322,
    Legacy,
}

/// `who`'s signature of `message`: BIP-322 simple, or a legacy one with the BIP-137 P2WPKH header.
fn sign(who: &Actor, message: &str, format: Format) -> String {
    match format {
        Format::Bip322 => {
            let wif = bitcoin::PrivateKey::new(who.secret, bitcoin::Network::Bitcoin).to_wif();
            let signed =
                bip322::sign_simple_encoded(&who.address().to_string(), message, &[wif], None)
                    .expect("BIP-322 signs");
            // As wallets give it: the witness's base64, without the `smp` prefix.
            signed.trim_start_matches("smp").to_owned()
        }
        Format::Legacy => {
            let digest = bitcoin::sign_message::signed_msg_hash(message);
            let signature = Secp256k1::new()
                .sign_ecdsa_recoverable(&Message::from_digest(digest.to_byte_array()), &who.secret);
            let (id, compact) = signature.serialize_compact();
            let mut bytes = vec![39 + u8::try_from(id.to_i32()).expect("recovery id")];
            bytes.extend_from_slice(&compact);
            base64::engine::general_purpose::STANDARD.encode(bytes)
        }
    }
}

/// The devnet actor whose address is `address` (the scenario's actors are the first few dozen).
fn actor_of(address: &str) -> Actor {
    (0..200)
        .map(actor)
        .find(|a| a.address().to_string() == address)
        .expect("an actor of the default seed")
}

/// Waits until `check` holds for the JSON at `path` (30 s at most).
async fn wait_json(
    browser: &mut Browser,
    path: &str,
    what: &str,
    check: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let answer = browser.get(path).await;
        let body = answer.json();
        if answer.status == 200 && check(&body) {
            return body;
        }
        assert!(
            Instant::now() < deadline,
            "timed out waiting for {what}: {} {}",
            answer.status,
            answer.body
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The catalogue's live versions: `(version, names, people)`.
async fn versions(stack: &Stack) -> (String, String, String) {
    let nats = stamps_platform::nats::Nats::connect(&stack.nats)
        .await
        .expect("nats");
    let kv = nats.realtime().await.expect("realtime bucket");
    let value = kv.get("catalogue").await.expect("read").expect("published");
    let value: Value = serde_json::from_slice(&value).expect("JSON");
    let read = |name: &str| value[name].as_str().unwrap_or_default().to_owned();
    (read("version"), read("names"), read("people"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn visitors_sign_in_link_addresses_and_keep_a_profile() {
    let stack = Stack::start("accounts", 4).await;
    // The auth service's clock runs `skew` ms ahead of the system's.
    let skew = Arc::new(AtomicI64::new(0));
    let clock: stamps_auth::accounts::Clock = {
        let skew = skew.clone();
        let system = stamps_auth::accounts::system_clock();
        Arc::new(move || system() + skew.load(Ordering::Relaxed))
    };
    let services = stack
        .services_full(3, clock, |g| {
            g.session.challenges_per_minute = 1000;
            g.session.submits_per_minute = 1000;
            g.session.per_address_per_minute = 1000;
            // Kept for longer than the test waits: only an announced change refreshes another session's user.
            g.session.user_cache_ms = 600_000;
        })
        .await;
    let hits = services.wait_for_stamps(4).await;
    stack.wait_for_chain(60).await;
    assert!(hits["hits"][0]["cpid"].is_string());
    // Two creators' keys: the first signs in, the second is linked to them.
    let creators: Vec<String> = {
        let mut c: Vec<String> = stack.stamps.iter().map(|s| s.creator.clone()).collect();
        c.dedup();
        c
    };
    let alice = actor_of(&creators[0]);
    let bob = actor(60);
    let carol = actor(61);
    let (a, b) = (alice.address().to_string(), bob.address().to_string());
    let mut browser = Browser::new(&services);

    // Signed out; addresses checked.
    assert_eq!(browser.get("/api/user").await.status, 401);
    let bad = browser.get("/api/auth/message/1notanaddress").await;
    assert_eq!(
        (bad.status, bad.json()["error"].as_str()),
        (400, Some("Invalid address"))
    );
    let testnet = browser
        .get("/api/auth/message/tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx")
        .await;
    assert_eq!(
        (testnet.status, testnet.json()["error"].as_str()),
        (400, Some("Invalid address"))
    );
    assert_eq!(browser.get(&format!("/api/user/test/{a}")).await.body, "OK");
    assert_eq!(browser.get("/api/user/test/bc1qnope").await.status, 400);

    // The challenge names the domain, the address, a nonce and its ten minutes.
    let challenge = browser.get(&format!("/api/auth/message/{a}")).await;
    assert!(
        challenge.body.contains(&a) && challenge.body.contains("Nonce: "),
        "{}",
        challenge.body
    );
    assert!(
        challenge.body.starts_with("127.0.0.1:"),
        "names the site: {}",
        challenge.body
    );
    // Asked through a look-alike host (a site relaying challenges), it still names the site, never that host.
    let relayed = browser
        .http
        .get(format!("{}/api/auth/message/{a}", browser.base))
        .header("host", "stamps-example.evil")
        .send()
        .await
        .expect("request")
        .text()
        .await
        .expect("body");
    assert!(
        relayed.starts_with("127.0.0.1:") && !relayed.contains("evil"),
        "{relayed}"
    );
    // A signature over the same challenge naming another domain is refused.
    let elsewhere = relayed.replacen("127.0.0.1", "stamps-example.evil", 1);
    let other_domain = browser
        .post(
            "/api/auth",
            json!({"address": a, "message": elsewhere, "signature": sign(&alice, &elsewhere, Format::Bip322),
                   "type": "unisat"}),
        )
        .await;
    assert_eq!(other_domain.status, 400, "{}", other_domain.body);

    // A submission from another site is refused before anything is checked.
    let signature = sign(&alice, &challenge.body, Format::Bip322);
    let body =
        json!({"address": a, "message": challenge.body, "signature": signature, "type": "unisat"});
    let cross = browser
        .send(
            reqwest::Method::POST,
            "/api/auth",
            Some(body.clone()),
            false,
        )
        .await;
    assert_eq!(cross.status, 403, "{}", cross.body);

    // Sign-in with BIP-322: a session cookie, HttpOnly and Lax.
    let ok = browser.post("/api/auth", body.clone()).await;
    assert_eq!((ok.status, ok.body.as_str()), (200, "success"));
    let cookie = ok.set_cookie.clone().expect("a session cookie");
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );
    browser.cookie = cookie.split(';').next().map(str::to_owned);
    let first_token = browser.cookie.clone();
    // The same signature again: its nonce is spent.
    let replay = browser.post("/api/auth", body).await;
    assert_eq!(replay.status, 400, "{}", replay.body);
    assert!(replay.body.contains("already used"), "{}", replay.body);

    let user = browser.get("/api/user").await.json();
    assert_eq!(user["user_id"], a.as_str());
    assert_eq!(user["currentAddress"], a.as_str());
    assert_eq!(user["addresses"], json!([a]));
    assert_eq!(user["staff"], false);

    // Legacy signatures sign in too, with a new token each time.
    let legacy = browser.sign_in(&alice, Format::Legacy).await;
    assert_eq!(legacy.body, "success");
    assert_ne!(browser.cookie, first_token);

    // Refused: a signature of another message, another address's signature, an expired challenge.
    for (signer, message_of_other) in [(&alice, true), (&bob, false)] {
        let c = browser.get(&format!("/api/auth/message/{a}")).await.body;
        let signed = if message_of_other {
            format!("{c}.")
        } else {
            c.clone()
        };
        let forged = browser
            .post(
                "/api/auth",
                json!({"address": a, "message": c, "signature": sign(signer, &signed, Format::Bip322), "type": "x"}),
            )
            .await;
        assert_eq!(forged.status, 400, "{}", forged.body);
        assert!(
            forged.body.contains("signature was refused"),
            "{}",
            forged.body
        );
    }
    let late = browser.get(&format!("/api/auth/message/{a}")).await.body;
    skew.store(11 * 60 * 1000, Ordering::Relaxed);
    let expired = browser
        .post(
            "/api/auth",
            json!({"address": a, "message": late, "signature": sign(&alice, &late, Format::Legacy), "type": "x"}),
        )
        .await;
    assert_eq!((expired.status, expired.body.as_str()), (200, "expired"));
    skew.store(0, Ordering::Relaxed);

    // The first session, still open, has its user kept by the gateway.
    let mut elsewhere = Browser::new(&services);
    elsewhere.cookie = first_token.clone();
    assert_eq!(elsewhere.get("/api/user").await.json()["username"], "");

    // Name and handle.
    let rename = browser
        .put("/api/user", json!({"username": "alice_1"}))
        .await;
    assert_eq!(
        (rename.status, rename.body.as_str()),
        (201, "Successfully updated")
    );
    let bad_name = browser.put("/api/user", json!({"username": "a b"})).await;
    assert_eq!(bad_name.status, 400);
    assert!(
        bad_name
            .body
            .contains("Name must be between 3 and 20 characters"),
        "{}",
        bad_name.body
    );
    for reserved in ["Admin", "staff", "null", "undefined", "XCP"] {
        let taken = browser
            .put("/api/user", json!({"username": reserved}))
            .await;
        assert_eq!(
            (taken.status, taken.json()["error"].as_str()),
            (400, Some("This name is reserved")),
            "{reserved}"
        );
    }
    // A NUL anywhere in a body is refused at the edge, naming the field.
    let nul = browser
        .post("/api/auth/unlink", json!({"address": "bc1q\u{0}x"}))
        .await;
    assert_eq!(
        (nul.status, nul.json()["error"].as_str()),
        (400, Some("body.address must not contain a NUL character"))
    );
    assert_eq!(
        browser
            .put("/api/user", json!({"twitter": "@alice_tw"}))
            .await
            .status,
        201
    );
    let user = browser.get("/api/user").await.json();
    assert_eq!(
        (user["username"].as_str(), user["twitter"].as_str()),
        (Some("alice_1"), Some("alice_tw"))
    );
    // The other session sees the change: the auth service announced it to the gateway.
    wait_json(
        &mut elsewhere,
        "/api/user",
        "the other session's new name",
        |u| u["username"] == "alice_1",
    )
    .await;

    // Linking a second address.
    let linked = browser.link(&bob).await;
    assert_eq!((linked.status, linked.body.as_str()), (200, "success"));
    assert_eq!(
        browser.get("/api/user").await.json()["addresses"],
        json!([a, b])
    );

    // Another user: the name is taken, the address is held.
    let mut other = Browser::new(&services);
    assert_eq!(other.sign_in(&carol, Format::Bip322).await.body, "success");
    let taken = other.put("/api/user", json!({"username": "ALICE_1"})).await;
    assert_eq!(
        (taken.status, taken.json()["error"].as_str()),
        (409, Some("Username already taken"))
    );
    let held = other.link(&bob).await;
    assert_eq!(held.status, 409, "{}", held.body);

    // The wishlist toggles; only what the catalogue knows goes on it.
    let cpid = hits["hits"][0]["cpid"].as_str().expect("cpid").to_owned();
    let before = versions(&stack).await;
    let added = browser
        .put("/api/user/wishlist", json!({"cpid": cpid}))
        .await;
    assert_eq!(
        (added.status, added.json()["added"].as_bool()),
        (201, Some(true))
    );
    let removed = browser
        .put("/api/user/wishlist", json!({"cpid": cpid}))
        .await
        .json();
    assert_eq!(
        (removed["added"].as_bool(), removed["wishlist"].clone()),
        (Some(false), json!([]))
    );
    assert_eq!(
        browser
            .put("/api/user/wishlist", json!({"cpid": cpid}))
            .await
            .status,
        201
    );
    assert_eq!(
        browser
            .put("/api/user/wishlist", json!({"cpid": "A999"}))
            .await
            .status,
        404
    );
    assert_eq!(
        browser.get("/api/user").await.json()["wishlist"],
        json!([cpid])
    );

    // The catalogue projects the events: the profile under its name gathers both addresses, the wishlist tab
    // lists the stamp, the leaderboard shows the name.
    let profile = wait_json(
        &mut browser,
        "/api/profile/alice_1",
        "the profile's addresses",
        |p| p["addresses"].as_array().is_some_and(|x| x.len() == 2),
    )
    .await;
    assert_eq!(profile["display_name"], "alice_1");
    assert_eq!(profile["twitter"], "alice_tw");
    let held_by_alice = stack.stamps.iter().filter(|s| s.creator == a).count() as u64;
    assert!(
        profile["stamp_count"].as_u64() >= Some(held_by_alice),
        "{profile}"
    );
    assert_eq!(
        browser.get(&format!("/api/profile/{a}")).await.json()["redirect"],
        "alice_1"
    );
    wait_json(
        &mut browser,
        "/api/user/wishlist/alice_1",
        "the wishlist tab",
        |w| {
            w["hits"]
                .as_array()
                .is_some_and(|h| h.iter().any(|s| s["cpid"] == cpid.as_str()))
        },
    )
    .await;
    wait_json(
        &mut browser,
        "/api/leaderboard?limit=100",
        "the leaderboard's name",
        |l| {
            l["hits"]
                .as_array()
                .is_some_and(|h| h.iter().any(|r| r["display_name"] == "alice_1"))
        },
    )
    .await;
    // Wishlist toggles moved only the version of people: the kept answers of everything else stay valid. The live
    // value is published shortly after the commit the answers above already show.
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut after = versions(&stack).await;
    while after.2 == before.2 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
        after = versions(&stack).await;
    }
    assert_eq!(after.0, before.0, "the content's version stays");
    assert_ne!(after.2, before.2, "the people's version moved");

    // Unlinking: never the current address; another one goes.
    let current = browser
        .post("/api/auth/unlink", json!({"address": a}))
        .await;
    assert_eq!(current.status, 409, "{}", current.body);
    let unlinked = browser
        .post("/api/auth/unlink", json!({"address": b}))
        .await;
    assert_eq!(
        (unlinked.status, unlinked.json()["addresses"].clone()),
        (201, json!([a]))
    );
    // The unlinked address is free again: signing in with it makes it a user of its own.
    let mut bob_alone = Browser::new(&services);
    assert_eq!(
        bob_alone.sign_in(&bob, Format::Bip322).await.body,
        "success"
    );
    let user = bob_alone.get("/api/user").await.json();
    assert_eq!(
        (user["user_id"].clone(), user["addresses"].clone()),
        (json!(b), json!([b]))
    );
    assert_eq!(
        browser.get("/api/user").await.json()["addresses"],
        json!([a]),
        "alice keeps hers"
    );

    // Collections, for the signed-in user only: 201, then the spec's 401 for a name taken and 409 for a stamp
    // of another collection.
    let ids: Vec<&str> = stack
        .stamps
        .iter()
        .take(2)
        .map(|s| s.cpid.as_str())
        .collect();
    let collection = json!({"name": "alice-coll", "stamp_ids": ids, "description": "mine"});
    let mut visitor = Browser::new(&services);
    assert_eq!(
        visitor
            .post("/api/collection", collection.clone())
            .await
            .status,
        401
    );
    let created = browser.post("/api/collection", collection.clone()).await;
    assert_eq!(created.status, 201, "{}", created.body);
    let id = created.json()["collection_id"]
        .as_str()
        .expect("id")
        .to_owned();
    let again = other.post("/api/collection", collection).await;
    assert_eq!(
        (again.status, again.json()["error"].as_str()),
        (401, Some("Collection name already exists"))
    );
    let overlap = other
        .post(
            "/api/collection",
            json!({"name": "carol-coll", "stamp_ids": [ids[0], stack.stamps[2].cpid]}),
        )
        .await;
    assert_eq!(overlap.status, 409, "{}", overlap.body);
    assert!(
        overlap
            .body
            .contains("A stamp is already in another collection"),
        "{}",
        overlap.body
    );
    let edited = browser
        .put(
            &format!("/api/collection/{id}"),
            json!({"stamp_ids": ids, "description": "edited"}),
        )
        .await;
    assert_eq!(edited.status, 201, "{}", edited.body);
    assert_eq!(
        other
            .put(&format!("/api/collection/{id}"), json!({"stamp_ids": ids}))
            .await
            .status,
        403
    );
    wait_json(
        &mut browser,
        &format!("/api/collection/{id}"),
        "the collection",
        |c| c["name"] == "alice-coll",
    )
    .await;

    // Staff sessions carry the role.
    let mut staff = Browser::new(&services);
    assert_eq!(
        staff
            .sign_in(&actor(STAFF_ACTOR), Format::Legacy)
            .await
            .body,
        "success"
    );
    assert_eq!(staff.get("/api/user").await.json()["staff"], true);

    // Logout is a write like the others: a GET does nothing, a POST ends the session and removes the cookie.
    assert_eq!(browser.get("/api/auth/logout").await.status, 405);
    assert_eq!(
        browser.get("/api/user").await.status,
        200,
        "still signed in"
    );
    let out = browser.post("/api/auth/logout", json!({})).await;
    assert_eq!(out.status, 200);
    assert!(out.set_cookie.is_some_and(|c| c.contains("Max-Age=0")));
    assert_eq!(browser.get("/api/user").await.status, 401);

    // Every change of a user is an event on USERS, named `<user_id>:<version>`.
    let nats = stamps_platform::nats::Nats::connect(&stack.nats)
        .await
        .expect("nats");
    // alice: linked, profile x2, linked bob, wishlist x3, unlinked; bob, carol and staff: linked. The relay
    // publishes after the answers, so the last ones may still be on their way: wait for them, then look again.
    let users_events = async || {
        nats.js
            .get_stream(nats.stream_name(stamps_platform::nats::Stream::Users))
            .await
            .expect("USERS")
            .info()
            .await
            .expect("info")
            .state
            .messages
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while users_events().await < 11 {
        assert!(
            std::time::Instant::now() < deadline,
            "the users' events were not published"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert_eq!(users_events().await, 11, "events on USERS");
    services.stop().await;

    // Replaying the streams gives the catalogue's rows again, users' included.
    let live = stack.table_digests().await;
    stamps_catalogue::replay(
        &stack.postgres,
        &stack.nats,
        stamps_platform::shutdown::Shutdown::new(),
    )
    .await
    .expect("replay");
    let replayed = stack.table_digests().await;
    for (table, digest) in live.iter().filter(|(t, _)| t.starts_with("catalogue.")) {
        assert_eq!(replayed.get(table), Some(digest), "{table} after a replay");
    }
    assert!(
        live.get("catalogue.users")
            .is_some_and(|(rows, _)| *rows == 4),
        "{:?}",
        live.get("catalogue.users")
    );
    stack.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_signature_signs_in_once_and_challenges_are_rate_limited() {
    let stack = Stack::start("signonce", 1).await;
    let services = stack
        .services_with_gateway(3, |g| {
            g.session.challenges_per_minute = 4;
            g.session.submits_per_minute = 100;
            g.session.per_address_per_minute = 100;
        })
        .await;
    let who = actor(62);
    let address = who.address().to_string();
    let mut browser = Browser::new(&services);
    let challenge = browser
        .get(&format!("/api/auth/message/{address}"))
        .await
        .body;
    let body = json!({"address": address, "message": challenge, "signature": sign(&who, &challenge, Format::Bip322)});
    let submits = (0..20).map(|_| {
        let (base, body) = (services.base.clone(), body.clone());
        tokio::spawn(async move {
            let response = reqwest::Client::new()
                .post(format!("{base}/api/auth"))
                .header("origin", &base)
                .json(&body)
                .send()
                .await
                .expect("request");
            (
                response.status().as_u16(),
                response.text().await.expect("body"),
            )
        })
    });
    let answers: Vec<(u16, String)> = futures::future::join_all(submits)
        .await
        .into_iter()
        .map(|r| r.expect("task"))
        .collect();
    let successes = answers.iter().filter(|(_, b)| b == "success").count();
    assert_eq!(successes, 1, "{answers:?}");
    assert!(
        answers.iter().all(|(s, b)| b == "success" || *s == 400),
        "{answers:?}"
    );

    // Four challenges a minute from one client: the fifth is refused with a message.
    for _ in 0..3 {
        assert_eq!(
            browser
                .get(&format!("/api/auth/message/{address}"))
                .await
                .status,
            200
        );
    }
    let refused = browser.get(&format!("/api/auth/message/{address}")).await;
    assert_eq!(refused.status, 429, "{}", refused.body);
    assert!(
        refused.json()["error"]
            .as_str()
            .is_some_and(|e| e.contains("Too many requests"))
    );
    services.stop().await;
    stack.finish().await;
}

/// A first sign-in that waits on its address while another transaction links the address to a user: once that
/// commits, the sign-in's statement finds the address taken, is undone, and the sign-in opens a session of the
/// address's owner.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_linked_during_its_first_sign_in_signs_into_its_owner() {
    let stack = Stack::start("signrace", 1).await;
    let services = stack.services().await;
    let (alice, bob) = (actor(63), actor(64));
    let (a, b) = (alice.address().to_string(), bob.address().to_string());
    let mut alices = Browser::new(&services);
    assert_eq!(alices.sign_in(&alice, Format::Legacy).await.body, "success");

    // Another replica's link of bob's address to alice, held open under the address's lock.
    let mut db = <sqlx::PgConnection as sqlx::Connection>::connect(&stack.postgres.url)
        .await
        .expect("postgres");
    let mut link = sqlx::Connection::begin(&mut db).await.expect("begin");
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended('address:' || $1, 0))")
        .bind(&b)
        .execute(&mut *link)
        .await
        .expect("lock");
    sqlx::query("UPDATE auth.users SET version = version + 1 WHERE user_id = $1")
        .bind(&a)
        .execute(&mut *link)
        .await
        .expect("version");
    sqlx::query("INSERT INTO auth.addresses (address, user_id, linked_ms) VALUES ($1, $2, 0)")
        .bind(&b)
        .bind(&a)
        .execute(&mut *link)
        .await
        .expect("link");

    let mut bobs = Browser::new(&services);
    let signing_in = tokio::spawn(async move {
        let answer = bobs.sign_in(&bob, Format::Bip322).await;
        (answer, bobs.get("/api/user").await)
    });
    // The sign-in waits on the address's lock.
    let mut watch = <sqlx::PgConnection as sqlx::Connection>::connect(&stack.postgres.url)
        .await
        .expect("postgres");
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let waiting: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
        )
        .fetch_one(&mut watch)
        .await
        .expect("locks");
        if waiting > 0 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the sign-in never waited on the address"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    link.commit().await.expect("commit");

    let (answer, user) = signing_in.await.expect("task");
    assert_eq!(answer.body, "success");
    let user = user.json();
    assert_eq!(
        (user["user_id"].clone(), user["currentAddress"].clone()),
        (json!(a), json!(b)),
        "{user}"
    );
    services.stop().await;
    stack.finish().await;
}
