//! The wallet app at an origin of its own: its listener serves its build under its strict policy, framed by the
//! site's origins only, and the API as the site's listener does (an address's balance, read from the node).

use bitcoin::secp256k1::{Secp256k1, SecretKey};
use bitcoin::{Address, CompressedPublicKey, Network, PrivateKey};
use serde_json::{Value, json};

use crate::helpers::{Stack, mine};

fn app(name: &str, html: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("assets")).expect("app dir");
    std::fs::write(dir.join("index.html"), html).expect("index");
    std::fs::write(dir.join("assets/app.js"), "console.log(1)").expect("bundle");
    dir
}

fn header(r: &reqwest::Response, name: &str) -> String {
    r.headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned()
}

async fn balance(http: &reqwest::Client, origin: &str, address: &str) -> (u16, Value) {
    let r = http
        .get(format!("{origin}/api/wallet/balance/{address}"))
        .send()
        .await
        .expect("balance");
    let status = r.status().as_u16();
    (status, r.json().await.expect("json"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_wallet_app_is_served_at_an_origin_of_its_own() {
    let stack = Stack::start("walletapp", 1).await;
    let site = app("walletapp-site", "<!doctype html><title>site</title>");
    let wallet = app(
        "walletapp-wallet",
        "<!doctype html><title>wallet</title><script type=\"module\" src=\"/assets/app.js\"></script>",
    );
    let services = stack
        .services_with_gateway(3, |gateway| {
            gateway.static_dir = site.clone();
            gateway.wallet_app.listen = "127.0.0.1:0".into();
            gateway.wallet_app.static_dir = wallet.clone();
        })
        .await;
    let origin = services
        .wallet_app
        .clone()
        .expect("the wallet app is served");
    assert_ne!(origin, services.base);
    let http = reqwest::Client::new();

    // Its own page, every path of it, under its own policy: framed by the site's origins only.
    for path in ["/", "/send"] {
        let page = http
            .get(format!("{origin}{path}"))
            .send()
            .await
            .expect("page");
        assert_eq!(page.status(), 200);
        let csp = header(&page, "content-security-policy");
        assert!(csp.contains("default-src 'none';"), "{csp}");
        assert!(csp.contains("script-src 'self';"), "{csp}");
        assert!(csp.contains("connect-src 'self';"), "{csp}");
        let port = services.base.rsplit(':').next().expect("port");
        assert!(
            csp.ends_with(&format!(
                "frame-ancestors {} http://localhost:{port}",
                services.base
            )),
            "{csp}"
        );
        assert_eq!(
            header(&page, "x-frame-options"),
            "",
            "framing is the policy's"
        );
        assert!(page.text().await.expect("html").contains("<title>wallet"));
    }
    // Both listeners say where the site and the wallet app are.
    let port = services.base.rsplit(':').next().expect("port");
    for at in [&origin, &services.base] {
        let origins: Value = http
            .get(format!("{at}/api/origins"))
            .send()
            .await
            .expect("origins")
            .json()
            .await
            .expect("json");
        assert_eq!(
            origins,
            json!({"site": [services.base, format!("http://localhost:{port}")], "wallet": origin})
        );
    }
    // The site's page may frame it, and is framed by nobody.
    let page = http.get(&services.base).send().await.expect("site");
    let csp = header(&page, "content-security-policy");
    assert!(
        csp.contains(&format!("frame-src 'self' {origin};")),
        "{csp}"
    );
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    assert_eq!(header(&page, "x-frame-options"), "DENY");
    assert!(page.text().await.expect("html").contains("<title>site"));

    // An address's balance, through the wallet app's origin: in the mempool, then confirmed.
    let secp = Secp256k1::new();
    let key = PrivateKey::new(
        SecretKey::from_slice(&[7; 32]).expect("key"),
        Network::Bitcoin,
    );
    let address = Address::p2wpkh(
        &CompressedPublicKey::from_private_key(&secp, &key).expect("public key"),
        Network::Bitcoin,
    )
    .to_string();
    assert_eq!(
        balance(&http, &origin, &address).await,
        (
            200,
            json!({"address": address, "confirmed": 0, "unconfirmed": 0})
        )
    );
    stack
        .rpc("sendtoaddress", json!([address, 0.00123456]))
        .await;
    assert_eq!(
        balance(&http, &origin, &address).await,
        (
            200,
            json!({"address": address, "confirmed": 0, "unconfirmed": 123_456})
        )
    );
    mine(&stack).await;
    assert_eq!(
        balance(&http, &services.base, &address).await,
        (
            200,
            json!({"address": address, "confirmed": 123_456, "unconfirmed": 0})
        )
    );
    let (status, refused) = balance(&http, &origin, "bc1qnotanaddress").await;
    assert_eq!(
        (status, refused),
        (400, json!({"error": "Invalid address"}))
    );

    services.stop().await;
    stack.finish().await;
    let _ = std::fs::remove_dir_all(site);
    let _ = std::fs::remove_dir_all(wallet);
}
