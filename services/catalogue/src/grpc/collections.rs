//! The collection queries of the gRPC service, and their rows as protobuf.

use stamps_proto::catalogue::v1::{
    CollectionCard, CollectionLayers, CollectionListRequest, CollectionPeopleResponse,
    CollectionPerson, GetCollectionRequest, LaunchpadInfo, LaunchpadMinter, LaunchpadStamp, Layer,
    LayerItem, SearchCollectionsRequest, SearchCollectionsResponse, Src721Detail, Src721Layer,
    Volume,
};

use crate::grpc::{CatalogueGrpc, QueryError, page, stamp_to_proto, unsigned, validate_cpid};
use crate::launchpads;
use crate::queries::collections::{self, CollectionQuery, CollectionRow, People, Src721Row};

/// Most ids one search may name.
pub const MAX_IDS: usize = 100;
/// Longest text, id or user id accepted.
const MAX_TEXT: usize = 256;
/// Page size of collection lists.
pub const PAGE_SIZE: u32 = 50;
/// Page size of a collection's collectors and destroyers.
pub const PEOPLE_PAGE_SIZE: u32 = 20;

fn text(name: &str, value: &str) -> Result<String, QueryError> {
    let value = value.trim();
    if value.len() > MAX_TEXT {
        return Err(QueryError::InvalidArgument(format!(
            "{name} longer than {MAX_TEXT} characters"
        )));
    }
    Ok(value.to_owned())
}

fn card(r: CollectionRow) -> CollectionCard {
    let volume = |volume: i64, previous: i64| {
        Some(Volume {
            volume: unsigned(volume),
            previous: unsigned(previous),
        })
    };
    CollectionCard {
        has_stamps: r.lowest_stamp.is_some(),
        lowest_stamp_number: r.lowest_stamp.unwrap_or(0),
        highest_stamp_number: r.highest_stamp.unwrap_or(0),
        lowest_timestamp: unsigned(r.lowest_time.unwrap_or(0)),
        highest_timestamp: unsigned(r.highest_time.unwrap_or(0)),
        has_floor_price: r.floor_price.is_some(),
        floor_price: unsigned(r.floor_price.unwrap_or(0)),
        total_volume: unsigned(r.total_volume),
        day_volume: volume(r.day_volume, r.prev_day_volume),
        week_volume: volume(r.week_volume, r.prev_week_volume),
        month_volume: volume(r.month_volume, r.prev_month_volume),
        has_market_cap: r.market_cap.is_some(),
        market_cap: unsigned(r.market_cap.unwrap_or(0)),
        collection_id: r.collection_id,
        name: r.name,
        r#type: r.r#type,
        user_id: r.user_id,
        twitter: r.twitter,
        website: r.website,
        description: r.description,
        icon_id: r.icon_id,
        is_launchpad: r.launchpad.is_some(),
        launchpad: r.launchpad.unwrap_or_default(),
        stamp_count: unsigned(r.stamp_count),
        collector_count: unsigned(r.collector_count),
        stamp_ids: r.stamp_ids,
    }
}

impl CatalogueGrpc {
    pub(crate) async fn search_collections(
        &self,
        r: &SearchCollectionsRequest,
    ) -> Result<SearchCollectionsResponse, QueryError> {
        let (offset, rows, limit) = page(r.offset, r.limit, PAGE_SIZE)?;
        let mut q =
            CollectionQuery::parse(&r.sort, &r.only).map_err(QueryError::InvalidArgument)?;
        q.text = text("q", &r.q)?;
        q.user_id = text("user_id", &r.user_id)?;
        if r.ids.len() > MAX_IDS {
            return Err(QueryError::InvalidArgument(format!(
                "ids: at most {MAX_IDS}"
            )));
        }
        q.ids = r
            .ids
            .iter()
            .map(|id| text("ids", id))
            .filter(|id| id.as_ref().map_or(true, |id| !id.is_empty()))
            .collect::<Result<_, _>>()?;
        let (hits, total) = collections::search(&self.pool, &q, offset, rows).await?;
        Ok(SearchCollectionsResponse {
            hits: hits.into_iter().map(card).collect(),
            total: unsigned(total),
            offset: r.offset,
            limit,
        })
    }

    pub(crate) async fn collection(&self, id: &str) -> Result<CollectionCard, QueryError> {
        let id = text("collection_id", id)?;
        if id.is_empty() {
            return Err(QueryError::InvalidArgument(
                "collection_id is required".into(),
            ));
        }
        collections::collection(&self.pool, &id)
            .await?
            .map(card)
            .ok_or_else(|| QueryError::NotFound(format!("no collection {id}")))
    }

    /// A collection with every one of its stamp ids when `with_stamp_ids` (the edit form's).
    pub(crate) async fn collection_with(
        &self,
        r: &GetCollectionRequest,
    ) -> Result<CollectionCard, QueryError> {
        let mut c = self.collection(&r.collection_id).await?;
        if r.with_stamp_ids {
            c.stamp_ids = collections::stamp_ids(&self.pool, &c.collection_id).await?;
        }
        Ok(c)
    }

    pub(crate) async fn collection_people(
        &self,
        r: &CollectionListRequest,
        which: People,
    ) -> Result<CollectionPeopleResponse, QueryError> {
        let (offset, rows, limit) = page(r.offset, r.limit, PEOPLE_PAGE_SIZE)?;
        // The collection must exist: an unknown id is a 404, not an empty list.
        let id = self.collection(&r.collection_id).await?.collection_id;
        let (hits, total) = collections::people(&self.pool, &id, which, offset, rows).await?;
        let first = r.offset;
        Ok(CollectionPeopleResponse {
            hits: hits
                .into_iter()
                .zip(first + 1..)
                .map(|(p, rank)| CollectionPerson {
                    rank,
                    address: p.address,
                    display_name: p.display_name.unwrap_or_default(),
                    count: unsigned(p.count),
                    stamps: p.stamps,
                })
                .collect(),
            total: unsigned(total),
            offset: r.offset,
            limit,
        })
    }

    pub(crate) async fn src721(&self, cpid: &str) -> Result<Src721Detail, QueryError> {
        validate_cpid(cpid)?;
        let row = collections::src721(&self.pool, cpid)
            .await?
            .ok_or_else(|| QueryError::NotFound(format!("no SRC-721 deploy or mint {cpid}")))?;
        Ok(match row {
            Src721Row::Deploy {
                name,
                layers,
                mints,
                mint_count,
            } => Src721Detail {
                cpid: cpid.to_owned(),
                op: "deploy".into(),
                collection_id: cpid.to_owned(),
                name,
                layers: layers
                    .into_iter()
                    .map(|cpids| Src721Layer { cpids })
                    .collect(),
                mints: mints.into_iter().map(stamp_to_proto).collect(),
                mint_count: unsigned(mint_count),
                has_parent: false,
                parent: None,
            },
            Src721Row::Mint {
                collection_id,
                name,
                traits,
                parent,
            } => Src721Detail {
                cpid: cpid.to_owned(),
                op: "mint".into(),
                collection_id,
                name,
                layers: traits
                    .into_iter()
                    .map(|t| Src721Layer {
                        cpids: t.into_iter().collect(),
                    })
                    .collect(),
                mints: Vec::new(),
                mint_count: 0,
                has_parent: parent.is_some(),
                parent: parent.map(|p| stamp_to_proto(*p)),
            },
        })
    }

    pub(crate) async fn collection_layers(&self, id: &str) -> Result<CollectionLayers, QueryError> {
        if id.is_empty() || id.len() > 256 {
            return Err(QueryError::InvalidArgument(format!(
                "invalid collection id {id:?}"
            )));
        }
        let Some(row) = collections::layers(&self.pool, id).await? else {
            // A launchpad's curated layers.
            let config = launchpads::config(&self.pool, id)
                .await?
                .filter(|c| !c.layers.is_empty())
                .ok_or_else(|| QueryError::NotFound(format!("no collection with layers {id}")))?;
            let minted = launchpads::minted(&self.pool, id).await?;
            return Ok(CollectionLayers {
                collection_id: id.to_owned(),
                stamp_count: minted.history.last().map_or(0, |(_, n)| unsigned(*n)),
                layers: config
                    .layers
                    .into_iter()
                    .enumerate()
                    .map(|(k, odds)| Layer {
                        key: format!("t{k}"),
                        items: odds
                            .into_iter()
                            .map(|o| LayerItem {
                                cpid: o.cpid,
                                count: 0,
                                has_count: false,
                                weight: o.weight,
                            })
                            .collect(),
                    })
                    .collect(),
            });
        };
        Ok(CollectionLayers {
            collection_id: id.to_owned(),
            stamp_count: unsigned(row.mint_count),
            layers: row
                .layers
                .into_iter()
                .enumerate()
                .map(|(k, cpids)| Layer {
                    key: format!("t{k}"),
                    items: cpids
                        .into_iter()
                        .map(|cpid| LayerItem {
                            count: unsigned(
                                row.counts.get(&(k, cpid.clone())).copied().unwrap_or(0),
                            ),
                            has_count: true,
                            weight: 0,
                            cpid,
                        })
                        .collect(),
                })
                .collect(),
        })
    }

    pub(crate) async fn launchpad(&self, id: &str) -> Result<LaunchpadInfo, QueryError> {
        let id = text("collection_id", id)?;
        let config = launchpads::config(&self.pool, &id)
            .await?
            .ok_or_else(|| QueryError::NotFound(format!("no launchpad {id}")))?;
        let minted = launchpads::minted(&self.pool, &id).await?;
        Ok(LaunchpadInfo {
            history_times: minted.history.iter().map(|(t, _)| unsigned(*t)).collect(),
            history_counts: minted.history.iter().map(|(_, n)| unsigned(*n)).collect(),
            total_minters: unsigned(minted.total_minters),
            first_mint: unsigned(minted.first_mint.unwrap_or(0)),
            last_mint: unsigned(minted.last_mint.unwrap_or(0)),
            top_minters: minted
                .top_minters
                .into_iter()
                .map(|(address, n)| LaunchpadMinter {
                    address,
                    count: unsigned(n),
                })
                .collect(),
            stamps: minted
                .stamps
                .into_iter()
                .map(|(cpid, stamp, time)| LaunchpadStamp {
                    cpid,
                    stamp,
                    timestamp: unsigned(time),
                })
                .collect(),
            odds: if config.layers.is_empty() {
                String::new()
            } else {
                launchpads::odds(&config.layers).to_string()
            },
            config: serde_json::to_string(&config).unwrap_or_default(),
            collection_id: id,
        })
    }
}
