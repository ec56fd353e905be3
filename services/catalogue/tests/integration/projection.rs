//! The chain projection on a real Postgres (`STAMPS_TEST_POSTGRES`, default the local server) in a database of
//! its own: given events, the rows they leave, for every op type, and what a `BlockReverted` puts back.

use prost::Message;
use sqlx::PgPool;
use stamps_catalogue::projection::ChainProjection;
use stamps_catalogue::projection::people::{CollectionsProjection, UsersProjection, subjects};
use stamps_catalogue::queries::finder::{self, SearchTerm, StampQuery};
use stamps_platform::config::PostgresConfig;
use stamps_platform::consumer::{Projection, ProjectionError};
use stamps_proto::events::v1::{self as pb, BlockIndexed, BlockReverted, Op, op};

struct Db {
    pool: PgPool,
    config: PostgresConfig,
}

async fn db(test: &str) -> Db {
    let base = std::env::var("STAMPS_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into());
    let config = PostgresConfig {
        url: format!("{base}/stamps_cat_{}_{test}", std::process::id()),
        max_connections: 2,
    };
    let _ = stamps_platform::db::drop_database(&config).await;
    let pool = stamps_catalogue::connect(&config)
        .await
        .expect("Postgres at STAMPS_TEST_POSTGRES");
    Db { pool, config }
}

impl Db {
    async fn apply(&self, subject: &str, payload: &[u8]) -> Result<(), ProjectionError> {
        self.apply_together(&[(subject, payload)]).await
    }

    /// Applies `messages` in one transaction, as the consumer does with a batch.
    async fn apply_together(&self, messages: &[(&str, &[u8])]) -> Result<(), ProjectionError> {
        let mut tx = self.pool.begin().await.expect("begin");
        for (subject, payload) in messages {
            ChainProjection.apply(&mut tx, subject, payload).await?;
        }
        ChainProjection.finish(&mut tx).await?;
        tx.commit().await.expect("commit");
        Ok(())
    }

    /// Every derived figure the projection computes, as text.
    async fn derived(&self) -> Vec<Vec<String>> {
        let mut all = Vec::new();
        for table in [
            "src20_ticks",
            "src20_op_counts",
            "src20_mint_blocks",
            "stamp_facet_counts",
            "collectors",
            "xcp_collectors",
            "collection_stats",
            "fairminter_stats",
        ] {
            all.push(self.rows(table, &format!("{table}.*")).await);
        }
        all.push(
            self.rows(
                "stamps",
                "cpid, supply, floor_price, on_sale, last_sale_price, total_volume, sales_count, \
                 dividend_count, destroyed, rarity_rank",
            )
            .await,
        );
        all
    }

    /// Checks that the kept stamp counts by facet equal a count of every stamp now, and that the finder's
    /// totals of facet filters (read from them) equal a count over the stamps.
    async fn facets_counted(&self) {
        let counted = "ident, file_suffix, is_cursed, coalesce(on_sale::TEXT, '-'), locked, keyburn, encoding, \
                       divisible, supply, destroyed, coalesce(floor_price::TEXT, '-'), \
                       coalesce(last_sale_price::TEXT, '-'), coalesce(last_sale_block::TEXT, '-'), \
                       coalesce(last_dispenser_block::TEXT, '-'), coalesce(rarity_rank::TEXT, '-'), stamp, n";
        assert_eq!(
            self.rows("stamp_facet_counts", counted).await,
            self.rows(
                "(SELECT (g.f).*, g.n FROM (SELECT stamp_facet(s) AS f, count(*) AS n FROM stamps s GROUP BY 1) g) c",
                counted
            )
            .await,
            "kept counts by facet"
        );
        for (types, only, sort, direct) in [
            ("png", "", "", "file_suffix = 'png'"),
            (
                "src-721,other",
                "",
                "",
                "ident = 'SRC-721' OR file_suffix NOT IN ('bmn', 'png', 'gif', 'svg', 'jpeg', 'jpg', 'html')",
            ),
            (
                "",
                "locked",
                "floor_price:asc",
                "locked AND floor_price IS NOT NULL",
            ),
            (
                "",
                "on_sale,unique",
                "",
                "on_sale IS NOT NULL AND supply = CASE WHEN divisible THEN 100000000 ELSE 1 END",
            ),
            ("", "", "last_sale:desc", "last_sale_block IS NOT NULL"),
        ] {
            let q = StampQuery::parse(SearchTerm::All, types, only, sort).expect("query");
            let (_, total) = finder::search(&self.pool, &q, 0, 1).await.expect("search");
            let expected: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
                "SELECT count(*) FROM stamps WHERE {direct}"
            )))
            .fetch_one(&self.pool)
            .await
            .expect("count");
            assert_eq!(
                total, expected,
                "finder total of types {types:?}, only {only:?}, sort {sort:?}"
            );
        }
    }

    async fn indexed(&self, block: &BlockIndexed) {
        self.apply("chain.block.indexed", &block.encode_to_vec())
            .await
            .expect("applied");
    }

    async fn reverted(&self, height: u64, hash: &str) {
        let event = BlockReverted {
            height,
            hash: hash.into(),
        };
        self.apply("chain.block.reverted", &event.encode_to_vec())
            .await
            .expect("reverted");
    }

    /// Every row of `table` as text, in a stable order.
    async fn rows(&self, table: &str, columns: &str) -> Vec<String> {
        sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "SELECT concat_ws('|', {columns}) FROM {table} ORDER BY 1"
        )))
        .fetch_all(&self.pool)
        .await
        .expect(table)
    }

    async fn finish(self) {
        self.pool.close().await;
        let _ = stamps_platform::db::drop_database(&self.config).await;
    }
}

fn block(height: u64, hash: &str, ops: Vec<op::Op>) -> BlockIndexed {
    BlockIndexed {
        height,
        hash: hash.into(),
        prev_hash: String::new(),
        time: 1_700_000_000 + height * 600,
        ops: ops.into_iter().map(|o| Op { op: Some(o) }).collect(),
        part: 0,
        parts: 1,
    }
}

fn balance(holder: &str, asset: &str, balance: u64) -> op::Op {
    op::Op::BalanceChanged(pb::BalanceChanged {
        holder: holder.into(),
        asset: asset.into(),
        credit: true,
        quantity: "0".into(),
        balance: balance.to_string(),
        action: "issuance".into(),
        event: "tx".into(),
        utxo_address: String::new(),
    })
}

fn issuance(tx: &str, asset: &str, quantity: u64, issuer: &str, locked: bool) -> op::Op {
    op::Op::AssetIssued(pb::AssetIssued {
        tx_hash: tx.into(),
        asset: asset.into(),
        quantity: quantity.to_string(),
        divisible: false,
        source: "alice".into(),
        issuer: issuer.into(),
        transfer: issuer != "alice",
        description: format!("stamp:{tx}"),
        fee_paid: "0".into(),
        locked,
        status: "valid".into(),
        ..Default::default()
    })
}

fn dispenser(tx: &str, status: u32, remaining: u64) -> op::Op {
    op::Op::DispenserChanged(pb::DispenserChanged {
        kind: "open".into(),
        tx_hash: tx.into(),
        block_index: 100,
        source: "alice".into(),
        origin: "alice".into(),
        asset: "A100".into(),
        give_quantity: "1".into(),
        escrow_quantity: "5".into(),
        satoshirate: 10_000,
        status,
        give_remaining: remaining.to_string(),
        ..Default::default()
    })
}

fn fairminter(tx: &str, status: &str) -> op::Op {
    op::Op::FairminterChanged(pb::FairminterChanged {
        kind: "open".into(),
        tx_hash: tx.into(),
        block_index: 100,
        source: "carol".into(),
        asset: "FAIR".into(),
        price: "10".into(),
        quantity_by_price: "1".into(),
        hard_cap: "1000".into(),
        max_mint_per_tx: "10".into(),
        max_mint_per_address: "0".into(),
        premint_quantity: "100".into(),
        soft_cap: "0".into(),
        status: status.into(),
        ..Default::default()
    })
}

fn src20_balance(tick: &str, address: &str, balance: &str) -> op::Op {
    op::Op::Src20BalanceChanged(pb::Src20BalanceChanged {
        tick: tick.into(),
        address: address.into(),
        balance: balance.into(),
        change: balance.into(),
    })
}

/// One block with an op of every kind the ledger projection handles.
fn first_block() -> BlockIndexed {
    block(
        100,
        "h100",
        vec![
            op::Op::TxJudged(pb::TxJudged {
                tx_hash: "t1".into(),
                tx_index: 1,
                message_type: "issuance".into(),
                status: "valid".into(),
            }),
            issuance("t1", "A100", 10, "alice", false),
            balance("alice", "A100", 10),
            op::Op::AssetMoved(pb::AssetMoved {
                kind: "send".into(),
                tx_hash: "t2".into(),
                source: "alice".into(),
                destination: "bob".into(),
                asset: "A100".into(),
                quantity: "2".into(),
                fee_paid: "0".into(),
                status: "valid".into(),
                ..Default::default()
            }),
            balance("alice", "A100", 8),
            balance("bob", "A100", 2),
            dispenser("t3", 0, 5),
            op::Op::Dispensed(pb::Dispensed {
                tx_hash: "t4".into(),
                source: "alice".into(),
                destination: "dave".into(),
                asset: "A100".into(),
                quantity: "1".into(),
                dispenser_tx_hash: "t3".into(),
                btc_amount: 10_000,
                ..Default::default()
            }),
            dispenser("t3", 0, 4),
            op::Op::AssetDestroyed(pb::AssetDestroyed {
                tx_hash: "t5".into(),
                source: "bob".into(),
                asset: "A100".into(),
                quantity: "1".into(),
                tag: "burn".into(),
                status: "valid".into(),
            }),
            balance("bob", "A100", 1),
            op::Op::Swept(pb::Swept {
                tx_hash: "t6".into(),
                source: "erin".into(),
                destination: "frank".into(),
                flags: 1,
                fee_paid: "50000000".into(),
                status: "valid".into(),
                ..Default::default()
            }),
            op::Op::DividendPaid(pb::DividendPaid {
                tx_hash: "t7".into(),
                source: "alice".into(),
                asset: "A100".into(),
                dividend_asset: "XCP".into(),
                quantity_per_unit: "100".into(),
                fee_paid: "20000".into(),
                status: "valid".into(),
            }),
            fairminter("t8", "open"),
            op::Op::Fairminted(pb::Fairminted {
                tx_hash: "t9".into(),
                source: "dave".into(),
                fairminter_tx_hash: "t8".into(),
                asset: "FAIR".into(),
                earn_quantity: "10".into(),
                paid_quantity: "100".into(),
                commission: "0".into(),
                status: "valid".into(),
            }),
            op::Op::Src20Operation(pb::Src20Operation {
                tx_hash: "t10".into(),
                tx_index: 10,
                op: "DEPLOY".into(),
                tick: "kevin".into(),
                max: "21000".into(),
                lim: "1000".into(),
                dec: Some(18),
                creator: "alice".into(),
                destination: "alice".into(),
                valid: true,
                ..Default::default()
            }),
            op::Op::Src20Operation(pb::Src20Operation {
                tx_hash: "t11".into(),
                tx_index: 11,
                op: "MINT".into(),
                tick: "kevin".into(),
                amt: "1000".into(),
                creator: "bob".into(),
                destination: "bob".into(),
                valid: true,
                ..Default::default()
            }),
            src20_balance("kevin", "bob", "1000"),
            op::Op::Src20Operation(pb::Src20Operation {
                tx_hash: "t12".into(),
                tx_index: 12,
                op: "MINT".into(),
                tick: "kevin".into(),
                amt: "5000".into(),
                creator: "carol".into(),
                destination: "carol".into(),
                valid: false,
                status: "OMA: amt 5000 > lim 1000".into(),
                ..Default::default()
            }),
        ],
    )
}

/// A block that changes the first one's state: a reissue with lock and transfer, balances, the dispenser
/// closed, the fairminter closed, an SRC-20 transfer.
fn second_block() -> BlockIndexed {
    block(
        101,
        "h101",
        vec![
            issuance("t20", "A100", 5, "bob", true),
            balance("alice", "A100", 13),
            dispenser("t3", 10, 0),
            balance("alice", "A100", 17),
            fairminter("t8", "closed"),
            src20_balance("kevin", "bob", "400.5"),
            src20_balance("kevin", "carol", "599.5"),
        ],
    )
}

async fn state(db: &Db) -> Vec<Vec<String>> {
    vec![
        db.rows("balances", "holder, asset, quantity, changed_at")
            .await,
        db.rows(
            "assets",
            "asset, creator, issuer, supply, locked, description, first_block, changed_at",
        )
        .await,
        db.rows("dispensers", "tx_hash, status, give_remaining, changed_at")
            .await,
        db.rows(
            "fairminters",
            "tx_hash, asset, status, premint_quantity, changed_at",
        )
        .await,
        db.rows("src20_balances", "tick, address, balance, changed_at")
            .await,
    ]
}

#[tokio::test]
async fn blocks_applied_in_one_transaction_leave_the_rows_of_one_transaction_each() {
    let one_by_one = db("batch_single").await;
    let together = db("batch_together").await;
    let (first, second) = (first_block(), second_block());
    let third = block(
        102,
        "h102",
        vec![
            balance("carol", "A100", 3),
            src20_balance("kevin", "bob", "300.5"),
            src20_balance("kevin", "dave", "100"),
        ],
    );
    one_by_one.indexed(&first).await;
    one_by_one.indexed(&second).await;
    one_by_one.indexed(&third).await;
    one_by_one.reverted(102, "h102").await;
    let (a, b, c) = (
        first.encode_to_vec(),
        second.encode_to_vec(),
        third.encode_to_vec(),
    );
    let revert = BlockReverted {
        height: 102,
        hash: "h102".into(),
    }
    .encode_to_vec();
    together
        .apply_together(&[
            ("chain.block.indexed", &a),
            ("chain.block.indexed", &b),
            ("chain.block.indexed", &c),
            ("chain.block.reverted", &revert),
        ])
        .await
        .expect("applied together");
    assert_eq!(state(&together).await, state(&one_by_one).await);
    let derived = one_by_one.derived().await;
    assert!(
        derived.iter().any(|rows| !rows.is_empty()),
        "the blocks have figures to derive"
    );
    assert_eq!(together.derived().await, derived);
    let left: i64 = sqlx::query_scalar("SELECT count(*) FROM derived_dirty")
        .fetch_one(&together.pool)
        .await
        .expect("count");
    assert_eq!(left, 0, "nothing waits once the transaction is done");
    one_by_one.finish().await;
    together.finish().await;
}

#[tokio::test]
async fn every_op_leaves_its_rows_and_a_revert_puts_back_what_came_before() {
    let db = db("ops").await;
    db.indexed(&first_block()).await;

    let after_first = state(&db).await;
    assert_eq!(
        after_first,
        vec![
            vec!["alice|A100|8|100", "bob|A100|1|100"],
            // Issued 10, destroyed 1.
            vec!["A100|alice|alice|9|f|stamp:t1|100|100"],
            vec!["t3|0|4|100"],
            vec!["t8|FAIR|open|100|100"],
            vec!["kevin|bob|1000|100"],
        ]
    );
    assert_eq!(
        db.rows("issuances", "tx_hash, asset, quantity, issuer, status")
            .await,
        vec!["t1|A100|10|alice|valid"]
    );
    assert_eq!(
        db.rows(
            "moves",
            "kind, tx_hash, source, destination, asset, quantity"
        )
        .await,
        vec!["send|t2|alice|bob|A100|2"]
    );
    assert_eq!(
        db.rows(
            "dispenses",
            "tx_hash, destination, asset, quantity, dispenser_tx_hash, btc_amount, block_time"
        )
        .await,
        vec!["t4|dave|A100|1|t3|10000|1700060000"]
    );
    assert_eq!(
        db.rows("destructions", "tx_hash, source, asset, quantity, tag")
            .await,
        vec!["t5|bob|A100|1|burn"]
    );
    assert_eq!(
        db.rows("sweeps", "tx_hash, source, destination, flags, fee_paid")
            .await,
        vec!["t6|erin|frank|1|50000000"]
    );
    assert_eq!(
        db.rows(
            "dividends",
            "tx_hash, asset, dividend_asset, quantity_per_unit, fee_paid"
        )
        .await,
        vec!["t7|A100|XCP|100|20000"]
    );
    assert_eq!(
        db.rows(
            "fairmints",
            "tx_hash, source, fairminter_tx_hash, earn_quantity, paid_quantity"
        )
        .await,
        vec!["t9|dave|t8|10|100"]
    );
    assert_eq!(
        db.rows("cp_transactions", "tx_hash, tx_index, message_type, status")
            .await,
        vec!["t1|1|issuance|valid"]
    );
    assert_eq!(
        db.rows(
            "src20_ops",
            "tx_hash, op, tick, amt, max, lim, dec, valid, status"
        )
        .await,
        // (concat_ws leaves out the NULL `dec` of the mints.)
        vec![
            "t10|DEPLOY|kevin||21000|1000|18|t|",
            "t11|MINT|kevin|1000|||t|",
            "t12|MINT|kevin|5000|||f|OMA: amt 5000 > lim 1000",
        ]
    );

    // The same block again is skipped: nothing doubles.
    db.indexed(&first_block()).await;
    assert_eq!(state(&db).await, after_first);
    assert_eq!(db.rows("moves", "tx_hash").await, vec!["t2"]);

    db.indexed(&second_block()).await;
    assert_eq!(
        state(&db).await,
        vec![
            vec!["alice|A100|17|101", "bob|A100|1|100"],
            // Reissued 5 (9 + 5), locked, owned by bob now; created by alice at 100.
            vec!["A100|alice|bob|14|t|stamp:t20|100|101"],
            vec!["t3|10|0|101"],
            vec!["t8|FAIR|closed|100|101"],
            vec!["kevin|bob|400.5|101", "kevin|carol|599.5|101"],
        ]
    );

    // Reverting the second block gives back the first block's state exactly, and its events go.
    db.reverted(101, "h101").await;
    assert_eq!(state(&db).await, after_first);
    assert_eq!(db.rows("issuances", "tx_hash").await, vec!["t1"]);

    // A revert of a block the catalogue does not hold changes nothing.
    db.reverted(100, "another-hash").await;
    assert_eq!(state(&db).await, after_first);

    // Reverting the first block leaves every table empty.
    db.reverted(100, "h100").await;
    for table in [
        "balances",
        "assets",
        "dispensers",
        "fairminters",
        "src20_balances",
        "balance_versions",
        "asset_versions",
        "dispenser_versions",
        "fairminter_versions",
        "src20_balance_versions",
        "issuances",
        "destructions",
        "moves",
        "sweeps",
        "dividends",
        "dispenses",
        "fairmints",
        "cp_transactions",
        "src20_ops",
        "blocks",
    ] {
        let count: i64 =
            sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(*) FROM {table}")))
                .fetch_one(&db.pool)
                .await
                .expect(table);
        assert_eq!(count, 0, "{table} after reverting every block");
    }

    // Indexing both again after the reverts gives the same state as the first time.
    db.indexed(&first_block()).await;
    db.indexed(&second_block()).await;
    db.reverted(101, "h101").await;
    assert_eq!(state(&db).await, after_first);
    db.finish().await;
}

#[tokio::test]
async fn a_block_with_a_malformed_quantity_is_refused_whole() {
    let db = db("malformed").await;
    let bad = block(
        100,
        "h100",
        vec![
            balance("alice", "A100", 10),
            op::Op::AssetMoved(pb::AssetMoved {
                kind: "send".into(),
                tx_hash: "t2".into(),
                asset: "A100".into(),
                quantity: "1e9".into(),
                fee_paid: "0".into(),
                status: "valid".into(),
                ..Default::default()
            }),
        ],
    );
    let outcome = db.apply("chain.block.indexed", &bad.encode_to_vec()).await;
    assert!(
        matches!(&outcome, Err(ProjectionError::Malformed(m)) if m.contains("1e9")),
        "{outcome:?}"
    );
    let count: i64 = sqlx::query_scalar("SELECT count(*) FROM balances")
        .fetch_one(&db.pool)
        .await
        .expect("count");
    assert_eq!(count, 0, "nothing of the refused block is written");
    db.finish().await;
}

async fn apply_people(db: &Db, subject: &str, payload: Vec<u8>) {
    let mut tx = db.pool.begin().await.expect("begin");
    let outcome = if subject.starts_with("users.") {
        UsersProjection::default()
            .apply(&mut tx, subject, &payload)
            .await
    } else {
        CollectionsProjection
            .apply(&mut tx, subject, &payload)
            .await
    };
    outcome.expect("applied");
    tx.commit().await.expect("commit");
}

async fn user_rows(db: &Db) -> Vec<Vec<String>> {
    vec![
        db.rows("users", "user_id, display_name, twitter, version")
            .await,
        db.rows("user_addresses", "user_id, address").await,
        db.rows("wishlists", "user_id, cpid").await,
    ]
}

#[tokio::test]
async fn user_events_set_names_addresses_and_wishlists_once() {
    let db = db("users").await;
    let profile = |name: &str, version| {
        pb::UserProfileUpdated {
            user_id: "bc1qalice".into(),
            display_name: name.into(),
            twitter: "alice_art".into(),
            version,
        }
        .encode_to_vec()
    };
    apply_people(&db, subjects::PROFILE_UPDATED, profile("alice", 1)).await;
    let linked = |address: &str, version| {
        pb::AddressLinked {
            user_id: "bc1qalice".into(),
            address: address.into(),
            version,
        }
        .encode_to_vec()
    };
    apply_people(&db, subjects::ADDRESS_LINKED, linked("bc1qalice", 2)).await;
    apply_people(&db, subjects::ADDRESS_LINKED, linked("bc1qsecond", 3)).await;
    let wish = |cpid: &str, version| {
        pb::WishlistItemAdded {
            user_id: "bc1qalice".into(),
            cpid: cpid.into(),
            version,
        }
        .encode_to_vec()
    };
    apply_people(&db, subjects::WISHLIST_ADDED, wish("A100", 4)).await;
    apply_people(&db, subjects::WISHLIST_ADDED, wish("A200", 5)).await;
    apply_people(
        &db,
        subjects::WISHLIST_REMOVED,
        pb::WishlistItemRemoved {
            user_id: "bc1qalice".into(),
            cpid: "A100".into(),
            version: 6,
        }
        .encode_to_vec(),
    )
    .await;
    apply_people(
        &db,
        subjects::ADDRESS_UNLINKED,
        pb::AddressUnlinked {
            user_id: "bc1qalice".into(),
            address: "bc1qsecond".into(),
            version: 7,
        }
        .encode_to_vec(),
    )
    .await;
    let expected = vec![
        vec!["bc1qalice|alice|alice_art|7".to_owned()],
        vec!["bc1qalice|bc1qalice".to_owned()],
        vec!["bc1qalice|A200".to_owned()],
    ];
    assert_eq!(user_rows(&db).await, expected);

    // Events already applied (redelivered, or older than the user's version) change nothing.
    apply_people(&db, subjects::PROFILE_UPDATED, profile("mallory", 1)).await;
    apply_people(&db, subjects::WISHLIST_ADDED, wish("A100", 4)).await;
    apply_people(&db, subjects::ADDRESS_LINKED, linked("bc1qsecond", 3)).await;
    assert_eq!(user_rows(&db).await, expected);

    // A newer profile renames.
    apply_people(&db, subjects::PROFILE_UPDATED, profile("alice2", 8)).await;
    assert_eq!(
        db.rows("users", "display_name, version").await,
        vec!["alice2|8"]
    );
    // A profile answers to its display name (any case); its user id and linked addresses redirect there.
    use stamps_catalogue::queries::profile::{self, Resolved};
    assert_eq!(
        profile::resolve(&db.pool, "ALICE2").await.expect("resolve"),
        Some(Resolved::Profile {
            user_id: "bc1qalice".into(),
            display_name: "alice2".into(),
            twitter: "alice_art".into(),
            addresses: vec!["bc1qalice".into()],
        })
    );
    assert_eq!(
        profile::resolve(&db.pool, "bc1qalice")
            .await
            .expect("resolve"),
        Some(Resolved::Redirect("alice2".into()))
    );
    assert_eq!(
        profile::resolve(&db.pool, "bc1qnobody")
            .await
            .expect("resolve"),
        None
    );
    // Autocomplete finds the user by display name (any case) and by id prefix.
    use stamps_catalogue::queries::autocomplete;
    for typed in ["ALI", "alice2", "bc1qal"] {
        assert_eq!(
            autocomplete::users(&db.pool, typed).await.expect("users"),
            vec![("bc1qalice".to_owned(), "alice2".to_owned())],
            "{typed}"
        );
    }
    assert!(
        autocomplete::users(&db.pool, "bob")
            .await
            .expect("users")
            .is_empty()
    );

    // An event without its user is malformed.
    let mut tx = db.pool.begin().await.expect("begin");
    let outcome = UsersProjection::default()
        .apply(
            &mut tx,
            subjects::WISHLIST_ADDED,
            &pb::WishlistItemAdded {
                user_id: String::new(),
                cpid: "A1".into(),
                version: 1,
            }
            .encode_to_vec(),
        )
        .await;
    assert!(
        matches!(outcome, Err(ProjectionError::Malformed(_))),
        "{outcome:?}"
    );
    drop(tx);
    db.finish().await;
}

#[tokio::test]
async fn collection_events_keep_each_stamp_in_one_collection_and_deletions_stay_deleted() {
    let db = db("collections").await;
    let created = |id: &str, name: &str, stamps: &[&str]| {
        pb::CollectionCreated {
            collection_id: id.into(),
            name: name.into(),
            user_id: "bc1qalice".into(),
            twitter: "alice_art".into(),
            website: "https://alice.example".into(),
            description: "frogs".into(),
            stamp_ids: stamps.iter().map(|s| (*s).to_owned()).collect(),
            version: 1,
        }
        .encode_to_vec()
    };
    apply_people(
        &db,
        subjects::COLLECTION_CREATED,
        created("c1", "frogs", &["A1", "A2", "A2", "", "A3"]),
    )
    .await;
    assert_eq!(
        db.rows("collection_stamps", "collection_id, position, cpid")
            .await,
        vec!["c1|0|A1", "c1|1|A2", "c1|2|A3"],
        "ids deduplicated, empties dropped, order kept"
    );
    // A second collection claiming A3 takes it.
    apply_people(
        &db,
        subjects::COLLECTION_CREATED,
        created("c2", "toads", &["A3", "A4"]),
    )
    .await;
    assert_eq!(
        db.rows("collection_stamps", "cpid, collection_id").await,
        vec!["A1|c1", "A2|c1", "A3|c2", "A4|c2"]
    );
    // An edit replaces the stamps and the links, never the name.
    let updated = |stamps: &[&str], version| {
        pb::CollectionUpdated {
            collection_id: "c1".into(),
            twitter: "frogs_x".into(),
            website: String::new(),
            description: "more frogs".into(),
            stamp_ids: stamps.iter().map(|s| (*s).to_owned()).collect(),
            version,
        }
        .encode_to_vec()
    };
    apply_people(&db, subjects::COLLECTION_UPDATED, updated(&["A5", "A1"], 2)).await;
    // The same edit again, or an older one, changes nothing.
    apply_people(&db, subjects::COLLECTION_UPDATED, updated(&["A9", "A8"], 2)).await;
    assert_eq!(
        db.rows(
            "collections",
            "collection_id, name, twitter, description, version"
        )
        .await,
        vec![
            "c1|frogs|frogs_x|more frogs|2",
            "c2|toads|alice_art|frogs|1"
        ]
    );
    assert_eq!(
        db.rows("collection_stamps", "collection_id, position, cpid")
            .await,
        vec!["c1|0|A5", "c1|1|A1", "c2|0|A3", "c2|1|A4"]
    );
    // Deleted: its stamps are free, and a late create or edit does not bring it back.
    apply_people(
        &db,
        subjects::COLLECTION_DELETED,
        pb::CollectionDeleted {
            collection_id: "c1".into(),
            version: 3,
        }
        .encode_to_vec(),
    )
    .await;
    apply_people(
        &db,
        subjects::COLLECTION_CREATED,
        created("c1", "frogs", &["A1", "A2"]),
    )
    .await;
    apply_people(&db, subjects::COLLECTION_UPDATED, updated(&["A1", "A2"], 4)).await;
    assert_eq!(
        db.rows("collection_stamps", "collection_id, cpid").await,
        vec!["c2|A3", "c2|A4"]
    );
    assert_eq!(
        db.rows("collections", "collection_id, deleted").await,
        vec!["c1|t", "c2|f"]
    );
    db.finish().await;
}

fn src20_op(tx: &str, op: &str, tick: &str, amt: &str, to: &str, valid: bool) -> op::Op {
    op::Op::Src20Operation(pb::Src20Operation {
        tx_hash: tx.into(),
        tx_index: 1,
        op: op.into(),
        tick: tick.into(),
        amt: amt.into(),
        max: if op == "DEPLOY" {
            "1000".into()
        } else {
            String::new()
        },
        lim: if op == "DEPLOY" {
            "400".into()
        } else {
            String::new()
        },
        dec: Some(18),
        creator: "deployer".into(),
        destination: to.into(),
        valid,
        status: if valid { String::new() } else { "OM".into() },
    })
}

fn src20_stamp(number: i64, tx: &str) -> op::Op {
    op::Op::StampCreated(pb::StampCreated {
        stamp: number,
        cpid: format!("A{}", 1000 + number),
        tx_hash: tx.into(),
        creator: "deployer".into(),
        supply: "1".into(),
        ident: "SRC-20".into(),
        mimetype: "application/json".into(),
        ..Default::default()
    })
}

#[tokio::test]
async fn src20_ticks_follow_their_operations_and_balances_and_a_revert_recomputes_them() {
    use stamps_catalogue::queries::src20::{self, Src20Query};
    let db = db("src20").await;
    db.indexed(&block(
        10,
        "h10",
        vec![
            src20_stamp(1, "d1"),
            src20_op("d1", "DEPLOY", "kek", "", "", true),
            src20_stamp(2, "m1"),
            src20_op("m1", "MINT", "kek", "400", "alice", true),
            src20_balance("kek", "alice", "400"),
        ],
    ))
    .await;
    db.indexed(&block(
        11,
        "h11",
        vec![
            src20_stamp(3, "m2"),
            src20_op("m2", "MINT", "kek", "400", "bob", true),
            src20_stamp(4, "m3"),
            src20_op("m3", "MINT", "kek", "400", "alice", true),
            // Cut to the 200 left: the balances say what was credited.
            src20_balance("kek", "bob", "400"),
            src20_balance("kek", "alice", "600"),
            src20_stamp(5, "m4"),
            src20_op("m4", "MINT", "kek", "400", "carol", false),
        ],
    ))
    .await;
    let ticks = "tick, tx_hash, stamp, max, lim, minted, mint_count, minters_count, holders_count, progress, \
                 COALESCE(last_mint_block, 0)";
    assert_eq!(
        db.rows("src20_ticks", ticks).await,
        vec!["kek|d1|1|1000|400|1000|3|2|2|100.00|11"]
    );
    assert_eq!(
        db.rows("src20_ops", "tx_hash, stamp").await,
        vec!["d1|1", "m1|2", "m2|3", "m3|4", "m4|5"]
    );
    // The valid deploy carries its tick's figures (what the finder sorts deploys on); mints carry none.
    let copies = "tx_hash, coalesce(holders_count::TEXT, '-'), coalesce(progress::TEXT, '-'), \
                  coalesce(mint_count::TEXT, '-'), coalesce(minters_count::TEXT, '-')";
    assert_eq!(
        db.rows("src20_ops", copies).await,
        vec![
            "d1|2|100.00|3|2",
            "m1|-|-|-|-",
            "m2|-|-|-|-",
            "m3|-|-|-|-",
            "m4|-|-|-|-"
        ]
    );
    let q = Src20Query::parse("", "", "holdersCount:asc").expect("query");
    let (hits, total) = src20::search(&db.pool, &q, 0, 10).await.expect("search");
    assert_eq!(
        (
            total,
            hits.iter()
                .map(|h| (h.tx_hash.as_str(), h.holders_count))
                .collect::<Vec<_>>()
        ),
        (1, vec![("d1", Some(2))]),
        "deploys only, with the tick's figures"
    );
    // The finder: minted out lists the deploy with its figures; the tick's mint history caps at max.
    let q = Src20Query::parse("", "minted_out", "").expect("query");
    let (hits, total) = src20::search(&db.pool, &q, 0, 10).await.expect("search");
    assert_eq!(total, 1);
    assert_eq!(
        (
            hits[0].tx_hash.as_str(),
            hits[0].progress.as_deref(),
            hits[0].cpid.as_deref()
        ),
        ("d1", Some("100.00"), Some("A1001"))
    );
    let q = Src20Query::parse("mint", "valid", "stamp:asc").expect("query");
    let (hits, total) = src20::search(&db.pool, &q, 1, 10).await.expect("search");
    assert_eq!(total, 3, "valid mints only");
    assert_eq!(
        hits.iter().map(|h| h.stamp).collect::<Vec<_>>(),
        vec![Some(3), Some(4)],
        "the second page of one, oldest first"
    );
    let history = src20::mint_history(&db.pool, "kek", "1000", 100)
        .await
        .expect("history");
    assert_eq!(
        history
            .iter()
            .map(|h| (h.0, h.2, h.3.as_str()))
            .collect::<Vec<_>>(),
        vec![(10, 1, "400"), (11, 2, "1000")]
    );
    let holders = src20::holders(&db.pool, "kek", "1000", 50)
        .await
        .expect("holders");
    assert_eq!(
        holders,
        vec![
            ("alice".into(), "600".into(), "60.00".into()),
            ("bob".into(), "400".into(), "40.00".into())
        ]
    );
    assert_eq!(
        src20::trending(&db.pool, "MINT", 1000, 20)
            .await
            .expect("trending"),
        vec![("kek".into(), 3)]
    );

    assert_eq!(
        db.rows("src20_op_counts", "op, valid, n").await,
        vec!["DEPLOY|t|1", "MINT|f|1", "MINT|t|3"],
        "the finder's totals per kind and validity"
    );

    // Reverting block 11 recomputes the tick from what is left.
    db.reverted(11, "h11").await;
    assert_eq!(
        db.rows("src20_op_counts", "op, valid, n").await,
        vec!["DEPLOY|t|1", "MINT|t|1"]
    );
    assert_eq!(
        db.rows("src20_ticks", ticks).await,
        vec!["kek|d1|1|1000|400|400|1|1|1|40.00|10"]
    );
    assert_eq!(
        db.rows("src20_ops", copies).await,
        vec!["d1|1|40.00|1|1", "m1|-|-|-|-"],
        "the deploy's copies follow the revert"
    );
    db.reverted(10, "h10").await;
    assert!(db.rows("src20_ticks", "tick").await.is_empty());
    db.finish().await;
}

#[tokio::test]
async fn src20_amounts_in_exponent_notation_count_and_escaped_ticks_are_kept_as_characters() {
    use stamps_catalogue::queries::src20::{self, Src20Query};
    let db = db("src20_read").await;
    // As the ledger writes them: the tick escaped as the reference stores it, amounts normalised by Python's
    // Decimal (`5E+2` is 500).
    let frog = "\\U0001f438";
    let deploy = op::Op::Src20Operation(pb::Src20Operation {
        max: "1E+3".into(),
        lim: "5E+2".into(),
        ..match src20_op("d1", "DEPLOY", frog, "", "", true) {
            op::Op::Src20Operation(o) => o,
            _ => unreachable!("an SRC-20 operation"),
        }
    });
    db.indexed(&block(
        10,
        "h10",
        vec![
            src20_stamp(1, "d1"),
            deploy,
            src20_stamp(2, "m1"),
            src20_op("m1", "MINT", frog, "5E+2", "alice", true),
            src20_balance(frog, "alice", "500"),
        ],
    ))
    .await;
    db.indexed(&block(
        11,
        "h11",
        vec![
            src20_stamp(3, "m2"),
            src20_op("m2", "MINT", frog, "2.5E+2", "bob", true),
            src20_balance(frog, "bob", "250"),
        ],
    ))
    .await;
    assert_eq!(
        db.rows(
            "src20_ticks",
            "tick, max, lim, minted, mint_count, progress"
        )
        .await,
        vec!["🐸|1000|500|750|2|75.00"]
    );
    assert_eq!(
        db.rows("src20_balances", "tick, address, balance").await,
        vec!["🐸|alice|500", "🐸|bob|250"]
    );
    let history = src20::mint_history(&db.pool, "🐸", "1000", 100)
        .await
        .expect("history");
    assert_eq!(
        history
            .iter()
            .map(|h| (h.0, h.2, h.3.as_str()))
            .collect::<Vec<_>>(),
        vec![(10, 1, "500"), (11, 1, "750")],
        "each mint counts for its amount"
    );
    let q = Src20Query::parse("mint", "valid", "stamp:asc").expect("query");
    let (hits, _) = src20::search(&db.pool, &q, 0, 10).await.expect("search");
    assert_eq!(
        hits.iter()
            .map(|h| (h.tick.as_str(), h.amt.as_str()))
            .collect::<Vec<_>>(),
        vec![("🐸", "500"), ("🐸", "250")],
        "amounts read as plain decimals"
    );
    db.finish().await;
}

fn art_stamp(number: i64, cpid: &str, ident: &str, src_data: &str) -> op::Op {
    op::Op::StampCreated(pb::StampCreated {
        stamp: number,
        cpid: cpid.into(),
        tx_hash: format!("{number:064x}"),
        creator: "bc1qartist".into(),
        supply: "1".into(),
        ident: ident.into(),
        mimetype: "image/png".into(),
        src_data: src_data.into(),
        ..Default::default()
    })
}

fn sale_dispenser(tx: &str, asset: &str, remaining: u64) -> op::Op {
    op::Op::DispenserChanged(pb::DispenserChanged {
        kind: "open".into(),
        tx_hash: tx.into(),
        block_index: 2,
        source: "bc1qartist".into(),
        origin: "bc1qartist".into(),
        asset: asset.into(),
        give_quantity: "1".into(),
        escrow_quantity: "2".into(),
        satoshirate: 25_000,
        status: 0,
        give_remaining: remaining.to_string(),
        ..Default::default()
    })
}

#[tokio::test]
async fn src721_deploys_and_mints_make_collections_whose_figures_follow_blocks_users_and_reverts() {
    let db = db("src721").await;
    let deploy = concat!(
        r#"{"p": "src-721", "v": "1", "op": "deploy", "name": "Pixel Folk", "tick": "PXF","#,
        r#" "max": "100", "icon": "A10", "t0": ["A10", "A11"], "t1": ["A12"]}"#
    );
    let mint = |c: &str, ts: &str| {
        format!(r#"{{"p": "src-721", "op": "mint", "tick": "PXF", "c": "{c}", "ts": {ts}}}"#)
    };
    // Block 1: the layer stamps, the deploy, a mint of it, a mint naming an unknown deploy; the mint is held.
    db.indexed(&block(
        1,
        "h1",
        vec![
            art_stamp(10, "A10", "STAMP", ""),
            art_stamp(11, "A11", "STAMP", ""),
            art_stamp(12, "A12", "STAMP", ""),
            art_stamp(20, "A20", "SRC-721", deploy),
            art_stamp(21, "A21", "SRC-721", &mint("A20", "[1, 0]")),
            art_stamp(22, "A22", "SRC-721", &mint("A99", "[0, 0]")),
            issuance("m1", "A21", 1, "bc1qartist", true),
            balance("bc1qartist", "A21", 1),
        ],
    ))
    .await;
    assert_eq!(
        db.rows(
            "src721_collections",
            "collection_id, name, tick, creator, icon, layers::TEXT"
        )
        .await,
        vec![r#"A20|Pixel Folk|PXF|bc1qartist|A10|[["A10", "A11"], ["A12"]]"#]
    );
    assert_eq!(
        db.rows("src721_mints", "cpid, collection_id, stamp, traits::TEXT")
            .await,
        vec![r#"A21|A20|21|["A11", "A12"]"#],
        "a mint joins the deploy it names, with the stamp it chose per layer; one naming no deploy joins none"
    );
    // `-` for NULL (concat_ws would skip it).
    let stats = "collection_id, stamp_count, collector_count, coalesce(lowest_stamp::TEXT, '-'), \
                 coalesce(highest_stamp::TEXT, '-'), coalesce(floor_price::TEXT, '-'), total_volume, \
                 coalesce(market_cap::TEXT, '-'), day_volume, prev_day_volume, week_volume, month_volume";
    assert_eq!(
        db.rows("collection_stats", stats).await,
        vec!["A20|1|1|21|21|-|0|-|0|0|0|0"]
    );
    db.facets_counted().await;

    // A user's collection of two layer stamps gets figures when the event arrives.
    apply_people(
        &db,
        subjects::COLLECTION_CREATED,
        pb::CollectionCreated {
            collection_id: "c1".into(),
            name: "layers".into(),
            user_id: "bc1qartist".into(),
            stamp_ids: vec!["A10".into(), "A11".into()],
            version: 1,
            ..Default::default()
        }
        .encode_to_vec(),
    )
    .await;
    assert_eq!(
        db.rows("collection_stats", stats).await,
        vec!["A20|1|1|21|21|-|0|-|0|0|0|0", "c1|2|0|10|11|-|0|-|0|0|0|0"]
    );

    // Block 2: a dispenser sells the mint to bob; block 3 the next day sells it again to carol.
    db.indexed(&block(
        2,
        "h2",
        vec![
            sale_dispenser("d1", "A21", 2),
            op::Op::Dispensed(pb::Dispensed {
                tx_hash: "s1".into(),
                source: "bc1qartist".into(),
                destination: "bc1qbob".into(),
                asset: "A21".into(),
                quantity: "1".into(),
                dispenser_tx_hash: "d1".into(),
                btc_amount: 25_000,
                ..Default::default()
            }),
            sale_dispenser("d1", "A21", 1),
            balance("bc1qbob", "A21", 1),
            balance("bc1qartist", "A21", 0),
        ],
    ))
    .await;
    // The dispenser still offers a whole unit: the floor and the market cap are its price.
    assert_eq!(
        db.rows("collection_stats", stats).await,
        vec![
            "A20|1|1|21|21|25000|25000|25000|25000|0|25000|25000",
            "c1|2|0|10|11|-|0|-|0|0|0|0"
        ]
    );
    let mut next_day = block(
        3,
        "h3",
        vec![op::Op::Dispensed(pb::Dispensed {
            tx_hash: "s2".into(),
            source: "bc1qartist".into(),
            destination: "bc1qcarol".into(),
            asset: "A21".into(),
            quantity: "1".into(),
            dispenser_tx_hash: "d1".into(),
            btc_amount: 30_000,
            ..Default::default()
        })],
    );
    next_day.time = 1_700_000_000 + 2 * 600 + 86_400;
    db.indexed(&next_day).await;
    db.facets_counted().await;
    // The windows moved a day: the first sale is in the day before, both are in the week.
    assert_eq!(
        db.rows("collection_stats", stats).await,
        vec![
            "A20|1|1|21|21|25000|55000|25000|30000|25000|55000|55000",
            "c1|2|0|10|11|-|0|-|0|0|0|0"
        ]
    );

    // Reverts put back the figures before them, and remove the chain's collection with its deploy.
    db.reverted(3, "h3").await;
    assert_eq!(
        db.rows("collection_stats", stats).await,
        vec![
            "A20|1|1|21|21|25000|25000|25000|25000|0|25000|25000",
            "c1|2|0|10|11|-|0|-|0|0|0|0"
        ]
    );
    db.facets_counted().await;
    db.reverted(2, "h2").await;
    db.facets_counted().await;
    db.reverted(1, "h1").await;
    db.facets_counted().await;
    assert!(
        db.rows("src721_collections", "collection_id")
            .await
            .is_empty()
    );
    assert!(db.rows("src721_mints", "cpid").await.is_empty());
    assert_eq!(
        db.rows("collection_stats", stats).await,
        vec!["c1|0|0|-|-|-|0|-|0|0|0|0"],
        "the user's collection stays, without stamps"
    );
    db.finish().await;
}

#[tokio::test]
async fn curation_keeps_the_latest_version_of_each_kind() {
    use stamps_catalogue::curation::CurationProjection;
    let db = db("curation").await;
    let apply = async |subject: &str, kind: &str, version: u64, document: &str| {
        let event = pb::CurationSet {
            kind: kind.into(),
            version,
            document: document.into(),
        };
        let mut tx = db.pool.begin().await.expect("begin");
        let outcome = CurationProjection
            .apply(&mut tx, subject, &event.encode_to_vec())
            .await;
        tx.commit().await.expect("commit");
        outcome
    };
    apply("curation.featured.set", "featured", 2, r#"["A1","A2"]"#)
        .await
        .expect("v2");
    // An older import arriving late changes nothing; a newer one replaces the document.
    apply("curation.featured.set", "featured", 1, r#"["A9"]"#)
        .await
        .expect("v1");
    assert_eq!(
        db.rows("curation", "kind, version, document::TEXT").await,
        vec![r#"featured|2|["A1", "A2"]"#]
    );
    apply("curation.featured.set", "featured", 3, "[]")
        .await
        .expect("v3");
    apply("curation.announcement.set", "announcement", 3, "null")
        .await
        .expect("announcement");
    assert_eq!(
        db.rows("curation", "kind, version, document::TEXT").await,
        vec!["announcement|3|null", "featured|3|[]"]
    );
    // A document on another kind's subject, an unknown kind, or one that is not JSON is refused.
    for (subject, kind, document) in [
        ("curation.banners.set", "featured", "[]"),
        ("curation.weather.set", "weather", "{}"),
        ("curation.feat.set", "feat", "{not json"),
    ] {
        let outcome = apply(subject, kind, 4, document).await;
        assert!(
            matches!(outcome, Err(ProjectionError::Malformed(_))),
            "{subject}: {outcome:?}"
        );
    }
    db.finish().await;
}
