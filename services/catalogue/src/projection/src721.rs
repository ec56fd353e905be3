//! SRC-721 on the projection side: a deploy stamp becomes a collection with its layers, a mint stamp one of
//! its stamps with its trait indexes.

use serde_json::Value;
use sqlx::PgConnection;

/// Layers an SRC-721 deploy may have (`t0` to `t9`).
const LAYERS: usize = 10;

/// What an SRC-721 stamp's JSON says, as far as collections go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Src721 {
    /// A deploy: a new collection.
    Deploy {
        /// `name`.
        name: String,
        /// `tick` (the deploy's `symbol`).
        tick: String,
        /// `description`.
        description: String,
        /// `website`.
        website: String,
        /// `icon`: a cpid, or empty.
        icon: String,
        /// Per layer, the cpids of the stamps its images come from.
        layers: Vec<Vec<String>>,
    },
    /// A mint: the deploy it names (`c`) and its index into each layer (`ts`).
    Mint {
        /// The deploy's cpid.
        collection: String,
        /// Index into layer k, for each k (`None` where not a whole number).
        indexes: Vec<Option<usize>>,
    },
}

/// Text of a JSON value as the stamp wrote it: a string as is, a number or boolean as its JSON text.
fn text(v: Option<&Value>) -> String {
    match v {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::Bool(b)) => b.to_string(),
        _ => String::new(),
    }
}

/// Reads an SRC-721 stamp's JSON; `None` for anything that is neither a deploy nor a mint naming its deploy.
pub fn parse(src_data: &str) -> Option<Src721> {
    let Value::Object(map) = serde_json::from_str::<Value>(src_data).ok()? else {
        return None;
    };
    let op = text(map.get("op")).to_ascii_uppercase();
    match op.as_str() {
        "DEPLOY" => {
            let layers = (0..LAYERS)
                .map_while(|k| match map.get(&format!("t{k}")) {
                    Some(Value::Array(items)) => Some(
                        items
                            .iter()
                            .filter_map(|i| i.as_str().map(str::to_owned))
                            .collect(),
                    ),
                    _ => None,
                })
                .collect();
            Some(Src721::Deploy {
                name: text(map.get("name")),
                tick: text(map.get("tick")),
                description: text(map.get("description")),
                website: text(map.get("website")),
                icon: text(map.get("icon")),
                layers,
            })
        }
        "MINT" => {
            let collection = text(map.get("c"));
            if collection.is_empty() {
                return None;
            }
            let indexes = match map.get("ts") {
                Some(Value::Array(ts)) => ts
                    .iter()
                    .take(LAYERS)
                    .map(|t| match t {
                        Value::Number(n) => n.as_u64().and_then(|n| usize::try_from(n).ok()),
                        Value::String(s) => s.trim().parse().ok(),
                        _ => None,
                    })
                    .collect(),
                _ => Vec::new(),
            };
            Some(Src721::Mint {
                collection,
                indexes,
            })
        }
        _ => None,
    }
}

/// Records what SRC-721 stamp `cpid` (number `stamp`, by `creator`, in block `block`) says: a deploy becomes a
/// collection, a mint naming a known deploy joins it with the stamp it chose in each layer. Anything else is
/// left alone (the stamp itself is recorded either way).
pub async fn record_src721(
    tx: &mut PgConnection,
    cpid: &str,
    stamp: i64,
    creator: &str,
    block: i64,
    src_data: &str,
) -> Result<(), sqlx::Error> {
    match parse(src_data) {
        Some(Src721::Deploy {
            name,
            tick,
            description,
            website,
            icon,
            layers,
        }) => {
            sqlx::query(
                "INSERT INTO src721_collections (collection_id, block_index, name, tick, description, website,
                                                 creator, icon, layers)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (collection_id) DO NOTHING",
            )
            .bind(cpid)
            .bind(block)
            .bind(name)
            .bind(tick)
            .bind(description)
            .bind(website)
            .bind(creator)
            .bind(icon)
            .bind(sqlx::types::Json(layers))
            .execute(tx)
            .await?;
        }
        Some(Src721::Mint {
            collection,
            indexes,
        }) => {
            let layers: Option<sqlx::types::Json<Vec<Vec<String>>>> = sqlx::query_scalar(
                "SELECT layers FROM src721_collections WHERE collection_id = $1",
            )
            .bind(&collection)
            .fetch_optional(&mut *tx)
            .await?;
            let Some(sqlx::types::Json(layers)) = layers else {
                return Ok(());
            };
            let traits: Vec<Option<String>> = indexes
                .iter()
                .enumerate()
                .map(|(k, i)| i.and_then(|i| layers.get(k)?.get(i).cloned()))
                .collect();
            sqlx::query(
                "INSERT INTO src721_mints (cpid, collection_id, block_index, stamp, traits)
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT (cpid) DO NOTHING",
            )
            .bind(cpid)
            .bind(&collection)
            .bind(block)
            .bind(stamp)
            .bind(sqlx::types::Json(traits))
            .execute(tx)
            .await?;
        }
        None => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_deploys_and_mints() {
        let deploy = r#"{"p": "src-721", "op": "deploy", "name": "Punks", "tick": "PNK", "max": "100",
                         "icon": "A1", "t0": ["A10", "A11"], "t1": ["A12"], "t3": ["A99"]}"#;
        assert_eq!(
            parse(deploy),
            Some(Src721::Deploy {
                name: "Punks".into(),
                tick: "PNK".into(),
                description: String::new(),
                website: String::new(),
                icon: "A1".into(),
                // Layers stop at the first gap.
                layers: vec![vec!["A10".into(), "A11".into()], vec!["A12".into()]],
            })
        );
        let mint = r#"{"p": "src-721", "op": "mint", "c": "A5", "ts": [1, "0", -1, 2.5]}"#;
        assert_eq!(
            parse(mint),
            Some(Src721::Mint {
                collection: "A5".into(),
                indexes: vec![Some(1), Some(0), None, None],
            })
        );
        assert_eq!(parse(r#"{"p": "src-721", "op": "mint"}"#), None);
        assert_eq!(parse(r#"{"p": "src-721", "op": "transfer"}"#), None);
        assert_eq!(parse("[1, 2]"), None);
        assert_eq!(parse("not json"), None);
    }
}
