//! Launchpad collections: the staff's curation makes a collection a launchpad, with its mint windows, fee,
//! free-mint window, whitelist, cap and quantity per mint, and for a collection without SRC-721 layers the odds
//! of each layer's stamps. What a launchpad has minted is read off its collection: its stamps, their creators
//! (the minters) and their block times.

use serde::{Deserialize, Serialize};
use sqlx::{PgConnection, PgPool};

/// The collection whose launchpad page shows the goose tool.
pub const GOOSE: &str = "goose";
/// Minters a launchpad's top list names.
pub const TOP_MINTERS: i64 = 10;
/// Stamps a launchpad's answer lists (the newest).
pub const LATEST_STAMPS: i64 = 20;
/// Points of a launchpad's mint history.
pub const HISTORY_POINTS: usize = 500;

/// A launchpad's configuration, as curated. Times are unix milliseconds; fees satoshis.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Launchpad {
    /// The collection (a user's, an SRC-721 deploy's or a directory).
    pub collection_id: String,
    /// Most stamps it mints.
    pub max: u64,
    /// Stamps per mint.
    #[serde(default = "one")]
    pub quantity_per_mint: u64,
    /// Satoshis per mint; 0 is a free mint.
    #[serde(default)]
    pub fee: u64,
    /// When the public mint opens and closes.
    pub public_mint: [u64; 2],
    /// A window in which minting is free.
    #[serde(default)]
    pub free_mint: Option<[u64; 2]>,
    /// Whitelist rounds.
    #[serde(default)]
    pub white_list_config: Vec<WhitelistEntry>,
    /// For a collection without SRC-721 layers: each layer's stamps and the weight each is drawn with.
    #[serde(default)]
    pub layers: Vec<Vec<LayerOdds>>,
}

fn one() -> u64 {
    1
}

/// A whitelist round: who may mint in it (holders of any group's items), at what fee and how many.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WhitelistEntry {
    /// When it runs (unix milliseconds).
    pub time_range: [u64; 2],
    /// Satoshis per mint in it.
    pub fee: u64,
    /// Mints it allows in all.
    pub limit: u64,
    /// Mints it allows per item held.
    pub limit_per_hold: u64,
    /// Groups of items; holding every item of a group qualifies.
    pub groups: Vec<Vec<WhitelistItem>>,
}

/// A holdable item of a whitelist group.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WhitelistItem {
    /// `stamp`, `collection` or `token` (an SRC-20 tick).
    #[serde(rename = "type")]
    pub kind: String,
    /// Its cpid, collection id or tick.
    pub id: String,
    /// How many must be held.
    #[serde(default = "one")]
    pub quantity: u64,
}

/// A layer's stamp and the weight it is drawn with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LayerOdds {
    /// The stamp whose image the layer may take.
    pub cpid: String,
    /// Its weight among the layer's stamps.
    pub weight: u32,
}

impl Launchpad {
    /// Checks a curated launchpad (the `i`-th); `check_id` checks ids. The error names the field at fault.
    pub fn check(
        &self,
        i: usize,
        check_id: impl Fn(&str, &str) -> Result<(), String>,
    ) -> Result<(), String> {
        let at = |field: &str| format!("launchpads[{i}].{field}");
        check_id(&at("collection_id"), &self.collection_id)?;
        if self.max == 0 {
            return Err(format!("{}: must be at least 1", at("max")));
        }
        if self.quantity_per_mint == 0 || self.quantity_per_mint > self.max {
            return Err(format!("{}: must be 1 to max", at("quantity_per_mint")));
        }
        let window = |field: &str, w: &[u64; 2]| {
            if w[0] >= w[1] {
                Err(format!("{}: the start must come before the end", at(field)))
            } else {
                Ok(())
            }
        };
        window("public_mint", &self.public_mint)?;
        if let Some(free) = &self.free_mint {
            window("free_mint", free)?;
        }
        if self.white_list_config.len() > 20 {
            return Err(format!("{}: at most 20", at("white_list_config")));
        }
        for (j, w) in self.white_list_config.iter().enumerate() {
            window(&format!("white_list_config[{j}].time_range"), &w.time_range)?;
            if w.groups.is_empty() || w.groups.len() > 20 {
                return Err(format!(
                    "{}: 1 to 20 groups",
                    at(&format!("white_list_config[{j}].groups"))
                ));
            }
            for (g, group) in w.groups.iter().enumerate() {
                if group.is_empty() || group.len() > 20 {
                    return Err(format!(
                        "{}: 1 to 20 items",
                        at(&format!("white_list_config[{j}].groups[{g}]"))
                    ));
                }
                for (k, item) in group.iter().enumerate() {
                    let field = at(&format!("white_list_config[{j}].groups[{g}][{k}]"));
                    if !matches!(item.kind.as_str(), "stamp" | "collection" | "token") {
                        return Err(format!(
                            "{field}.type: {:?} is not stamp, collection or token",
                            item.kind
                        ));
                    }
                    check_id(&format!("{field}.id"), &item.id)?;
                }
            }
        }
        if self.layers.len() > 10 {
            return Err(format!("{}: at most 10", at("layers")));
        }
        for (k, layer) in self.layers.iter().enumerate() {
            if layer.is_empty() || layer.len() > 1000 {
                return Err(format!("{}: 1 to 1000 stamps", at(&format!("layers[{k}]"))));
            }
            for (n, odds) in layer.iter().enumerate() {
                check_id(&at(&format!("layers[{k}][{n}].cpid")), &odds.cpid)?;
                if odds.weight == 0 {
                    return Err(format!(
                        "{}: must be at least 1",
                        at(&format!("layers[{k}][{n}].weight"))
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Makes `launchpads` the launchpad collections, in their curated order (replacing the earlier ones).
pub async fn set_launchpads(
    tx: &mut PgConnection,
    launchpads: &[Launchpad],
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM launchpads")
        .execute(&mut *tx)
        .await?;
    for (position, l) in launchpads.iter().enumerate() {
        sqlx::query(
            "INSERT INTO launchpads (collection_id, position, config) VALUES ($1, $2, $3)
             ON CONFLICT (collection_id) DO NOTHING",
        )
        .bind(&l.collection_id)
        .bind(i32::try_from(position).unwrap_or(i32::MAX))
        .bind(sqlx::types::Json(l))
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

/// The configuration of launchpad `id`, when it is one.
pub async fn config(pool: &PgPool, id: &str) -> Result<Option<Launchpad>, sqlx::Error> {
    let row: Option<sqlx::types::Json<Launchpad>> =
        sqlx::query_scalar("SELECT config FROM launchpads WHERE collection_id = $1")
            .bind(id)
            .fetch_optional(pool)
            .await?;
    Ok(row.map(|sqlx::types::Json(l)| l))
}

/// What a launchpad has minted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Minted {
    /// (unix seconds, stamps minted by then), at each block time with mints (at most [`HISTORY_POINTS`], the
    /// latest).
    pub history: Vec<(i64, i64)>,
    /// Distinct minters.
    pub total_minters: i64,
    /// The first mint's block time.
    pub first_mint: Option<i64>,
    /// The latest mint's block time.
    pub last_mint: Option<i64>,
    /// The most active minters (address, stamps), most first.
    pub top_minters: Vec<(String, i64)>,
    /// The newest stamps: (cpid, number, block time).
    pub stamps: Vec<(String, i64, i64)>,
}

/// What launchpad `id` has minted: its collection's stamps, their creators and block times.
pub async fn minted(pool: &PgPool, id: &str) -> Result<Minted, sqlx::Error> {
    const MEMBERS: &str = "SELECT s.cpid, s.stamp, s.creator, s.block_time FROM stamps s
         WHERE s.cpid IN (SELECT cpid FROM collection_members WHERE collection_id = $1)";
    let mut history: Vec<(i64, i64)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT block_time, (sum(count(*)) OVER (ORDER BY block_time))::BIGINT
         FROM ({MEMBERS}) m GROUP BY block_time ORDER BY block_time"
    )))
    .bind(id)
    .fetch_all(pool)
    .await?;
    if history.len() > HISTORY_POINTS {
        history.drain(..history.len() - HISTORY_POINTS);
    }
    let (total_minters, first_mint, last_mint): (i64, Option<i64>, Option<i64>) =
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT count(DISTINCT creator), min(block_time), max(block_time) FROM ({MEMBERS}) m"
        )))
        .bind(id)
        .fetch_one(pool)
        .await?;
    let top_minters = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT creator, count(*) FROM ({MEMBERS}) m GROUP BY creator
         ORDER BY count(*) DESC, creator LIMIT $2"
    )))
    .bind(id)
    .bind(TOP_MINTERS)
    .fetch_all(pool)
    .await?;
    let stamps = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT cpid, stamp, block_time FROM ({MEMBERS}) m ORDER BY stamp DESC LIMIT $2"
    )))
    .bind(id)
    .bind(LATEST_STAMPS)
    .fetch_all(pool)
    .await?;
    Ok(Minted {
        history,
        total_minters,
        first_mint,
        last_mint,
        top_minters,
        stamps,
    })
}

/// A layer's odds as the launchpad tool reads them: per distinct weight (heaviest first), the stamps drawn with
/// it, each by its index in the layer.
pub fn odds(layers: &[Vec<LayerOdds>]) -> serde_json::Value {
    serde_json::Value::Array(
        layers
            .iter()
            .map(|layer| {
                let mut weights: Vec<u32> = layer.iter().map(|o| o.weight).collect();
                weights.sort_unstable_by(|a, b| b.cmp(a));
                weights.dedup();
                serde_json::Value::Array(
                    weights
                        .into_iter()
                        .map(|w| {
                            let items: Vec<serde_json::Value> = layer
                                .iter()
                                .enumerate()
                                .filter(|(_, o)| o.weight == w)
                                .map(|(i, o)| serde_json::json!({"imageIndex": i, "cpid": o.cpid}))
                                .collect();
                            serde_json::json!([w, items])
                        })
                        .collect(),
                )
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(what: &str, id: &str) -> Result<(), String> {
        if id.is_empty() || id.contains(' ') {
            Err(format!("{what}: {id:?} is not an id"))
        } else {
            Ok(())
        }
    }

    fn pad() -> Launchpad {
        serde_json::from_value(serde_json::json!({
            "collection_id": "A1", "max": 100, "fee": 2000, "public_mint": [1000, 2000],
            "free_mint": [1000, 1500],
            "white_list_config": [{"time_range": [500, 1000], "fee": 0, "limit": 10, "limit_per_hold": 1,
                                   "groups": [[{"type": "stamp", "id": "A7"}]]}],
            "layers": [[{"cpid": "A2", "weight": 5}, {"cpid": "A3", "weight": 1}, {"cpid": "A4", "weight": 5}]]
        }))
        .expect("launchpad")
    }

    #[test]
    fn launchpads_are_checked_field_by_field() {
        let ok = pad();
        assert_eq!(ok.quantity_per_mint, 1, "one per mint by default");
        assert_eq!(ok.check(0, ids), Ok(()));
        let broken = |f: &dyn Fn(&mut Launchpad)| {
            let mut l = pad();
            f(&mut l);
            l.check(2, ids).expect_err("refused")
        };
        assert!(broken(&|l| l.max = 0).contains("launchpads[2].max"));
        assert!(broken(&|l| l.quantity_per_mint = 101).contains("quantity_per_mint"));
        assert!(broken(&|l| l.public_mint = [5, 5]).contains("public_mint"));
        assert!(broken(&|l| l.free_mint = Some([9, 1])).contains("free_mint"));
        assert!(
            broken(&|l| l.white_list_config[0].groups[0][0].kind = "nft".into())
                .contains("white_list_config[0].groups[0][0].type")
        );
        assert!(broken(&|l| l.layers[0][1].weight = 0).contains("layers[0][1].weight"));
        assert!(broken(&|l| l.layers[0][1].cpid = "a b".into()).contains("layers[0][1].cpid"));
    }

    #[test]
    fn odds_group_a_layers_stamps_by_weight() {
        assert_eq!(
            odds(&pad().layers),
            serde_json::json!([[
                [5, [{"imageIndex": 0, "cpid": "A2"}, {"imageIndex": 2, "cpid": "A4"}]],
                [1, [{"imageIndex": 1, "cpid": "A3"}]]
            ]])
        );
    }
}
