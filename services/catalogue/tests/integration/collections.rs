//! User collection commands over gRPC against a running catalogue, on the real Postgres and NATS
//! (`STAMPS_TEST_POSTGRES`, `STAMPS_TEST_NATS`), with a database and a stream prefix of its own. Its stamps
//! arrive the way every stamp does: as a `BlockIndexed` on the CHAIN stream.

use futures::StreamExt;
use prost::Message;
use stamps_catalogue::CatalogueConfig;
use stamps_catalogue::commands::{NAME_RULE, NAME_TAKEN, STAMP_TAKEN, TOO_FEW};
use stamps_platform::config::{NatsConfig, PostgresConfig};
use stamps_platform::nats::Nats;
use stamps_platform::shutdown::Shutdown;
use stamps_proto::catalogue::v1::catalogue_service_client::CatalogueServiceClient;
use stamps_proto::catalogue::v1::{
    AutocompleteRequest, CreateCollectionRequest, UpdateCollectionRequest,
};
use stamps_proto::events::v1::{self as pb, BlockIndexed, Op, op};
use tonic::Code;

fn stamp(n: i64) -> Op {
    Op {
        op: Some(op::Op::StampCreated(pb::StampCreated {
            stamp: n,
            cpid: format!("A{}", 1000 + n),
            tx_hash: format!("{n:064x}"),
            creator: "bc1qartist".into(),
            supply: "1".into(),
            ident: "STAMP".into(),
            mimetype: "image/png".into(),
            ..Default::default()
        })),
    }
}

fn create(user: &str, name: &str, ids: &[&str]) -> CreateCollectionRequest {
    CreateCollectionRequest {
        user_id: user.into(),
        name: name.into(),
        stamp_ids: ids.iter().map(|s| (*s).to_owned()).collect(),
        twitter: "frogs".into(),
        website: "https://frogs.example".into(),
        description: "green".into(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn collections_are_created_and_edited_by_the_rules_and_published() {
    let unique = format!("col{}", std::process::id());
    let base = std::env::var("STAMPS_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into());
    let pg = PostgresConfig {
        url: format!("{base}/stamps_{unique}"),
        max_connections: 4,
    };
    let nats_config = NatsConfig {
        url: std::env::var("STAMPS_TEST_NATS").unwrap_or_else(|_| "nats://127.0.0.1:4222".into()),
        prefix: unique.clone(),
    };
    let catalogue = stamps_catalogue::build(
        &CatalogueConfig {
            grpc_listen: "127.0.0.1:0".into(),
            ..CatalogueConfig::default()
        },
        &pg,
        &nats_config,
    )
    .await
    .expect("catalogue builds (Postgres and NATS up)");
    let addr = catalogue.grpc_addr();
    let stop = Shutdown::new();
    let running = tokio::spawn(catalogue.run_until_stopped(stop.clone()));
    let nats = Nats::connect(&nats_config).await.expect("nats");
    let mut published = nats
        .client
        .subscribe(nats.subject("collections.>"))
        .await
        .expect("subscribe");

    // Five stamps, A1001..A1005, through the chain projection.
    let block = BlockIndexed {
        height: 100,
        hash: "h100".into(),
        time: 1_700_000_000,
        ops: (1..=5).map(stamp).collect(),
        ..Default::default()
    };
    nats.js
        .publish(
            nats.subject("chain.block.indexed"),
            block.encode_to_vec().into(),
        )
        .await
        .expect("publish")
        .await
        .expect("ack");
    let channel = tonic::transport::Endpoint::from_shared(format!("http://{addr}"))
        .expect("endpoint")
        .connect()
        .await
        .expect("grpc");
    let mut client = CatalogueServiceClient::new(channel);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        // The stamps are projected once a create naming two of them passes the "known stamps" rule.
        let probe = client
            .create_collection(create("bc1qalice", "probe", &["A1004", "A1005"]))
            .await;
        match probe {
            Ok(_) => break,
            Err(s) if s.message() == TOO_FEW => {}
            Err(s) => panic!("{s:?}"),
        }
        assert!(std::time::Instant::now() < deadline, "stamps not projected");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }

    // Ids are trimmed, deduplicated; empty and unknown ones dropped.
    let made = client
        .create_collection(create(
            "bc1qalice",
            "Frogs.v2",
            &[" A1001", "A1002 ", "", "A1001", "A9999", "A1003"],
        ))
        .await
        .expect("created")
        .into_inner();
    assert_eq!(made.name, "Frogs.v2");
    assert_eq!(made.stamp_ids, vec!["A1001", "A1002", "A1003"]);
    assert_eq!(made.version, 1);

    let refused = |r: Result<tonic::Response<_>, tonic::Status>| match r {
        Ok(_) => panic!("accepted"),
        Err(s) => (s.code(), s.message().to_owned()),
    };
    for bad in ["ab", "with space", "twenty-one-characters"] {
        assert_eq!(
            refused(
                client
                    .create_collection(create("bc1qbob", bad, &["A1001", "A1002"]))
                    .await
            ),
            (Code::InvalidArgument, NAME_RULE.to_owned()),
            "{bad}"
        );
    }
    assert_eq!(
        refused(
            client
                .create_collection(create("bc1qbob", "single", &["A1001", " A1001", "A9999"]))
                .await
        ),
        (Code::InvalidArgument, TOO_FEW.to_owned())
    );
    assert_eq!(
        refused(
            client
                .create_collection(create("bc1qbob", "FROGS.V2", &["A1004", "A1005"]))
                .await
        ),
        (Code::AlreadyExists, NAME_TAKEN.to_owned()),
        "names are unique whatever their case"
    );
    let (code, message) = refused(
        client
            .create_collection(create("bc1qbob", "toads", &["A1003", "A1004"]))
            .await,
    );
    assert_eq!(code, Code::FailedPrecondition);
    assert!(message.starts_with(STAMP_TAKEN), "{message}");
    let mut no_user = create("", "toads", &["A1001", "A1002"]);
    no_user.website = "javascript:alert(1)".into();
    assert_eq!(
        refused(client.create_collection(no_user).await).0,
        Code::InvalidArgument
    );

    // Autocomplete finds collections by name prefix whatever the case, an exact name first, with their first
    // stamps; and stamps by cpid prefix and by number.
    let found = client
        .autocomplete(AutocompleteRequest {
            text: "FROG".into(),
        })
        .await
        .expect("autocomplete")
        .into_inner();
    assert_eq!(
        found
            .collections
            .iter()
            .map(|c| (c.name.as_str(), c.stamp_ids.clone()))
            .collect::<Vec<_>>(),
        vec![(
            "Frogs.v2",
            vec!["A1001".to_owned(), "A1002".into(), "A1003".into()]
        )]
    );
    let found = client
        .autocomplete(AutocompleteRequest {
            text: "a100".into(),
        })
        .await
        .expect("autocomplete")
        .into_inner();
    assert_eq!(found.stamps.len(), 5, "five of the stamps A1001..A1005");
    let found = client
        .autocomplete(AutocompleteRequest { text: "3".into() })
        .await
        .expect("autocomplete")
        .into_inner();
    assert_eq!(
        found.stamps.first().map(|s| s.cpid.as_str()),
        Some("A1003"),
        "the stamp numbered 3"
    );
    let long = client
        .autocomplete(AutocompleteRequest {
            text: "x".repeat(101),
        })
        .await;
    assert_eq!(
        long.map(|_| ()).map_err(|s| s.code()),
        Err(Code::InvalidArgument)
    );

    // Edits: the creator only; the name stays; stamps may change.
    let edit = |user: &str, ids: &[&str]| UpdateCollectionRequest {
        collection_id: made.collection_id.clone(),
        user_id: user.into(),
        stamp_ids: ids.iter().map(|s| (*s).to_owned()).collect(),
        twitter: "frogs2".into(),
        website: String::new(),
        description: "greener".into(),
    };
    assert_eq!(
        refused(
            client
                .update_collection(edit("bc1qbob", &["A1001", "A1002"]))
                .await
        )
        .0,
        Code::PermissionDenied
    );
    let edited = client
        .update_collection(edit("bc1qalice", &["A1002", "A1001"]))
        .await
        .expect("edited")
        .into_inner();
    assert_eq!(
        (
            edited.name.as_str(),
            edited.version,
            edited.stamp_ids.clone()
        ),
        ("Frogs.v2", 2, vec!["A1002".to_owned(), "A1001".to_owned()])
    );
    let mut missing = edit("bc1qalice", &["A1001", "A1002"]);
    missing.collection_id = "nope".into();
    assert_eq!(
        refused(client.update_collection(missing).await).0,
        Code::NotFound
    );
    // A1003 left Frogs.v2 and is free again: only A1004 (in "probe") is named as taken.
    assert_eq!(
        refused(
            client
                .create_collection(create("bc1qbob", "toads", &["A1003", "A1004"]))
                .await
        ),
        (Code::FailedPrecondition, format!("{STAMP_TAKEN}: A1004"))
    );

    // Every accepted command was published on COLLECTIONS, in order.
    let mut seen = Vec::new();
    while seen.len() < 3 {
        let message = tokio::time::timeout(std::time::Duration::from_secs(10), published.next())
            .await
            .expect("published in time")
            .expect("subscription open");
        let subject = nats.unprefixed(message.subject.as_str()).to_owned();
        let id = match subject.as_str() {
            "collections.created" => {
                let e = pb::CollectionCreated::decode(message.payload.as_ref()).expect("event");
                format!("created {} {}", e.name, e.stamp_ids.join(","))
            }
            "collections.updated" => {
                let e = pb::CollectionUpdated::decode(message.payload.as_ref()).expect("event");
                format!(
                    "updated {} v{} {}",
                    e.collection_id,
                    e.version,
                    e.stamp_ids.join(",")
                )
            }
            other => panic!("unexpected {other}"),
        };
        seen.push(id);
    }
    assert_eq!(
        seen,
        vec![
            "created probe A1004,A1005".to_owned(),
            "created Frogs.v2 A1001,A1002,A1003".to_owned(),
            format!("updated {} v2 A1002,A1001", made.collection_id),
        ]
    );

    stop.cancel();
    running.await.expect("joins").expect("ran");
    let _ = nats.purge().await;
    let _ = stamps_platform::db::drop_database(&pg).await;
}
