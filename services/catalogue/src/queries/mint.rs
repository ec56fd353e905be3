//! What the wallet asks before it builds a mint: a fairminter's terms with the minter's figures, an SRC-20 tick's
//! deploy with the sender's balance, and a launchpad's windows with each whitelist round's mints and the minter's
//! qualifying holds. One statement each where the figures allow it: these answer while a user waits.

use sqlx::PgPool;

use crate::launchpads::{self, Launchpad, WhitelistItem};

/// A fairminter as a fairmint must respect it.
#[derive(Debug, sqlx::FromRow)]
pub struct FairminterTermsRow {
    /// The fairminter's transaction.
    pub tx_hash: String,
    /// Its asset.
    pub asset: String,
    /// `open`, `pending`, `closed`.
    pub status: String,
    /// XCP base units per lot.
    pub price: String,
    /// Base units per lot.
    pub quantity_by_price: String,
    /// The most the asset's supply reaches (0: none).
    pub hard_cap: String,
    /// The most one fairmint takes (0: none).
    pub max_mint_per_tx: String,
    /// The most one address takes (0: none).
    pub max_mint_per_address: String,
    /// The first block it mints in (0: at once).
    pub start_block: i64,
    /// The last block it mints in (0: none).
    pub end_block: i64,
    /// Whether the asset is divisible.
    pub divisible: bool,
    /// The asset's supply now.
    pub supply: String,
    /// What `address` has earned of this fairminter.
    pub minted_by_address: String,
    /// `address`'s XCP.
    pub xcp_balance: String,
    /// The latest indexed block.
    pub tip: i64,
}

/// An asset (by name or long name) as a send needs it: its name, divisibility and `address`'s balance of it.
#[derive(Debug, sqlx::FromRow)]
pub struct SendRow {
    /// The asset's name.
    pub asset: String,
    /// Whether it is divisible.
    pub divisible: bool,
    /// `address`'s balance, base units.
    pub balance: String,
    /// The latest indexed block.
    pub tip: i64,
}

/// `asset` (by name or long name; XCP too) and `address`'s balance of it, None when no such asset was issued.
pub async fn send_terms(
    pool: &PgPool,
    asset: &str,
    address: &str,
) -> Result<Option<SendRow>, sqlx::Error> {
    sqlx::query_as(
        "WITH a AS (
             SELECT 'XCP' AS asset, true AS divisible WHERE $1 = 'XCP'
             UNION ALL
             (SELECT asset, divisible FROM assets
              WHERE asset = $1 OR (asset_longname <> '' AND asset_longname = $1)
              ORDER BY asset = $1 DESC LIMIT 1))
         SELECT a.asset, a.divisible,
                GREATEST(COALESCE((SELECT b.quantity FROM balances b WHERE b.holder = $2 AND b.asset = a.asset), 0)
                         + COALESCE((SELECT sum(p.delta) FROM pending_balances p
                                     WHERE p.holder = $2 AND p.asset = a.asset AND p.delta < 0), 0), 0)::TEXT
                    AS balance,
                COALESCE((SELECT max(height) FROM blocks), 0) AS tip
         FROM a LIMIT 1",
    )
    .bind(asset)
    .bind(address)
    .fetch_optional(pool)
    .await
}

/// The latest fairminter of `asset` (by name or long name), with `address`'s figures.
pub async fn fairminter(
    pool: &PgPool,
    asset: &str,
    address: &str,
) -> Result<Option<FairminterTermsRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT f.tx_hash, f.asset, f.status, f.price::TEXT AS price, f.quantity_by_price::TEXT AS quantity_by_price,
                f.hard_cap::TEXT AS hard_cap, f.max_mint_per_tx::TEXT AS max_mint_per_tx,
                f.max_mint_per_address::TEXT AS max_mint_per_address, f.start_block, f.end_block, f.divisible,
                (COALESCE((SELECT a.supply FROM assets a WHERE a.asset = f.asset), 0)
                 + COALESCE((SELECT sum(p.quantity) FROM pending_issuances p WHERE p.asset = f.asset), 0))::TEXT
                    AS supply,
                (COALESCE((SELECT sum(m.earn_quantity) FROM fairmints m
                           WHERE m.fairminter_tx_hash = f.tx_hash AND m.source = $2 AND m.status = 'valid'), 0)
                 + COALESCE((SELECT sum(p.quantity) FROM pending_issuances p
                             WHERE p.asset = f.asset AND p.source = $2), 0))::TEXT AS minted_by_address,
                GREATEST(COALESCE((SELECT b.quantity FROM balances b WHERE b.holder = $2 AND b.asset = 'XCP'), 0)
                         + COALESCE((SELECT sum(p.delta) FROM pending_balances p
                                     WHERE p.holder = $2 AND p.asset = 'XCP' AND p.delta < 0), 0), 0)::TEXT
                    AS xcp_balance,
                COALESCE((SELECT max(height) FROM blocks), 0) AS tip
         FROM fairminters f
         WHERE f.asset = $1 OR (f.asset_longname <> '' AND f.asset_longname = $1)
         ORDER BY f.block_index DESC, f.tx_hash LIMIT 1",
    )
    .bind(asset)
    .bind(address)
    .fetch_optional(pool)
    .await
}

/// An SRC-20 deploy as an operation must respect it, with the sender's balance.
#[derive(Debug, sqlx::FromRow)]
pub struct Src20TermsRow {
    /// The supply.
    pub max: String,
    /// The most one mint takes.
    pub lim: String,
    /// Decimals (`None`: 18).
    pub dec: Option<i32>,
    /// Minted so far.
    pub minted: String,
    /// The deployer.
    pub creator: String,
    /// The address's balance.
    pub balance: String,
}

/// The deploy of `tick` (as the site names it), with `address`'s balance; `None` when it is not deployed.
pub async fn src20(
    pool: &PgPool,
    tick: &str,
    address: &str,
) -> Result<Option<Src20TermsRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT t.max::TEXT AS max, t.lim::TEXT AS lim, t.dec,
                (t.minted + COALESCE((SELECT sum(p.delta) FROM pending_src20 p
                                      WHERE p.tick = t.tick AND p.op = 'MINT'), 0))::TEXT AS minted,
                t.creator,
                GREATEST(COALESCE((SELECT b.balance FROM src20_balances b WHERE b.tick = t.tick AND b.address = $2), 0)
                         + COALESCE((SELECT sum(p.delta) FROM pending_src20 p
                                     WHERE p.tick = t.tick AND p.address = $2 AND p.delta < 0), 0), 0)::TEXT
                    AS balance
         FROM src20_ticks t WHERE t.tick = $1",
    )
    .bind(tick)
    .bind(address)
    .fetch_optional(pool)
    .await
}

/// A whitelist round with its mints and the minter's holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundFigures {
    /// Stamps of the collection minted in the round.
    pub minted: u64,
    /// Of those, the minter's.
    pub minted_by_address: u64,
    /// The minter's holds: the most whole sets of any one group's items it holds.
    pub holds: u64,
}

/// A launchpad as a mint must respect it.
#[derive(Debug, Clone)]
pub struct LaunchpadTermsRow {
    /// The curated configuration.
    pub config: Launchpad,
    /// Who the owner fee goes to (empty for a directory, the network's: the house takes it).
    pub owner: String,
    /// The collection's stamps so far.
    pub minted: u64,
    /// Per whitelist round, in the configuration's order.
    pub rounds: Vec<RoundFigures>,
    /// An SRC-721 collection's symbol and layers.
    pub src721: Option<(String, Vec<Vec<String>>)>,
    /// The goose's art and the geese issued so far, for the goose's launchpad.
    pub goose: Option<(crate::curation::Goose, Vec<String>)>,
    /// The curated layers' stamps' files: cpid → (file sha256, MIME type).
    pub layer_files: std::collections::HashMap<String, (String, String)>,
}

/// Stamps of the collection: `(creator, block time in unix seconds)`.
const MEMBERS: &str = "SELECT s.creator, s.block_time FROM stamps s
     WHERE s.cpid IN (SELECT cpid FROM collection_members WHERE collection_id = $1)";

/// Launchpad `id`'s terms for `address`; `None` when it is no launchpad.
pub async fn launchpad(
    pool: &PgPool,
    id: &str,
    address: &str,
) -> Result<Option<LaunchpadTermsRow>, sqlx::Error> {
    // The launchpad, its owner (none for a directory), its SRC-721 deploy and what it has minted, at once.
    type Head = (
        sqlx::types::Json<Launchpad>,
        Option<String>,
        Option<String>,
        Option<sqlx::types::Json<Vec<Vec<String>>>>,
        i64,
    );
    let head: Option<Head> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT l.config,
                (SELECT c.user_id FROM collection_cards c WHERE c.collection_id = l.collection_id
                   AND NOT EXISTS (SELECT 1 FROM directories d WHERE d.collection_id = l.collection_id)),
                s.tick, s.layers,
                (SELECT count(*) FROM ({MEMBERS}) m)
         FROM launchpads l LEFT JOIN src721_collections s ON s.collection_id = l.collection_id
         WHERE l.collection_id = $1"
    )))
    .bind(id)
    .fetch_optional(pool)
    .await?;
    let Some((sqlx::types::Json(config), owner, tick, layers, minted)) = head else {
        return Ok(None);
    };
    let src721 = tick.zip(layers);
    // Each round's mints, by everyone and by the address, in one pass. Windows are milliseconds; block times
    // seconds: a block at second t is in [start, end) when its milliseconds are.
    let window = |k: usize| -> Vec<i64> {
        config
            .white_list_config
            .iter()
            .map(|r| i64::try_from(r.time_range[k]).unwrap_or(i64::MAX))
            .collect()
    };
    let counts: Vec<(i64, i64)> = if config.white_list_config.is_empty() {
        Vec::new()
    } else {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT count(m.creator), count(m.creator) FILTER (WHERE m.creator = $2)
             FROM unnest($3::BIGINT[], $4::BIGINT[]) WITH ORDINALITY AS r(start, stop, i)
             LEFT JOIN ({MEMBERS}) m ON m.block_time * 1000 >= r.start AND m.block_time * 1000 < r.stop
             GROUP BY r.i ORDER BY r.i"
        )))
        .bind(id)
        .bind(address)
        .bind(window(0))
        .bind(window(1))
        .fetch_all(pool)
        .await?
    };
    let mut rounds = Vec::with_capacity(config.white_list_config.len());
    for (round, (all, mine)) in config.white_list_config.iter().zip(counts) {
        let mut holds = 0;
        for group in &round.groups {
            holds = holds.max(group_holds(pool, group, address).await?);
        }
        rounds.push(RoundFigures {
            minted: u64::try_from(all).unwrap_or(0),
            minted_by_address: u64::try_from(mine).unwrap_or(0),
            holds,
        });
    }
    let goose = if id == launchpads::GOOSE {
        let art: Option<sqlx::types::Json<crate::curation::Goose>> = sqlx::query_scalar(
            "SELECT document FROM curation WHERE kind = 'goose' AND document <> 'null'",
        )
        .fetch_optional(pool)
        .await?;
        match art {
            Some(sqlx::types::Json(art)) => {
                let taken = sqlx::query_scalar(
                    "SELECT asset FROM assets WHERE starts_with(asset, $1) AND length(asset) = length($1) + 6",
                )
                .bind(&art.prefix)
                .fetch_all(pool)
                .await?;
                Some((art, taken))
            }
            None => None,
        }
    } else {
        None
    };
    let cpids: Vec<&str> = config
        .layers
        .iter()
        .flatten()
        .map(|o| o.cpid.as_str())
        .collect();
    let layer_files = if cpids.is_empty() {
        std::collections::HashMap::new()
    } else {
        sqlx::query_as::<_, (String, String, String)>(
            "SELECT cpid, file_sha256, mimetype FROM stamps WHERE cpid = ANY($1)",
        )
        .bind(cpids)
        .fetch_all(pool)
        .await?
        .into_iter()
        .map(|(cpid, sha, mime)| (cpid, (sha, mime)))
        .collect()
    };
    Ok(Some(LaunchpadTermsRow {
        config,
        owner: owner.unwrap_or_default(),
        minted: u64::try_from(minted).unwrap_or(0),
        rounds,
        src721: src721.map(|(symbol, sqlx::types::Json(layers))| (symbol, layers)),
        goose,
        layer_files,
    }))
}

/// How many whole sets of `group`'s items `address` holds: the least, over the items, of what it holds of one
/// divided by the quantity the item asks. A stamp counts its units, a collection the distinct stamps of it held,
/// a token the whole units of the balance.
async fn group_holds(
    pool: &PgPool,
    group: &[WhitelistItem],
    address: &str,
) -> Result<u64, sqlx::Error> {
    let mut sets = u64::MAX;
    for item in group {
        let held: i64 = match item.kind.as_str() {
            "stamp" => {
                sqlx::query_scalar(
                    "SELECT LEAST(COALESCE((SELECT quantity FROM balances WHERE holder = $1 AND asset = $2), 0),
                                   9223372036854775807)::BIGINT",
                )
                .bind(address)
                .bind(&item.id)
                .fetch_one(pool)
                .await?
            }
            "collection" => {
                sqlx::query_scalar(
                    "SELECT count(*) FROM balances b
                     WHERE b.holder = $1 AND b.quantity > 0
                       AND b.asset IN (SELECT cpid FROM collection_members WHERE collection_id = $2)",
                )
                .bind(address)
                .bind(&item.id)
                .fetch_one(pool)
                .await?
            }
            _ => {
                sqlx::query_scalar(
                    "SELECT LEAST(COALESCE((SELECT trunc(balance) FROM src20_balances
                                            WHERE address = $1 AND tick = $2), 0), 9223372036854775807)::BIGINT",
                )
                .bind(address)
                .bind(stamps_protocol::src20::tick_text(&item.id))
                .fetch_one(pool)
                .await?
            }
        };
        sets = sets.min(u64::try_from(held).unwrap_or(0) / item.quantity.max(1));
    }
    Ok(if group.is_empty() { 0 } else { sets })
}
