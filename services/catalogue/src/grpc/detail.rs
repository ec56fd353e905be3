//! The stamp detail, home, fairminter list, leaderboard and profile queries of the gRPC service, and their
//! rows as protobuf.

use stamps_proto::catalogue::v1::{
    Collector, Dispenser, Dividend, Fairminter, FairminterHit, Home, HomeDispenser, HomeSale,
    LeaderboardRequest, LeaderboardResponse, Profile, Sale, SearchFairmintersRequest,
    SearchFairmintersResponse, Src20Balance, StampDetail, StampHolder,
};

use crate::grpc::{CatalogueGrpc, QueryError, page, stamp_to_proto, unsigned, validate_cpid};
use crate::queries::fairminters::{self, FairminterQuery};
use crate::queries::leaderboard::{self, LeaderboardQuery};
use crate::queries::{self, detail};

/// Holders a detail lists.
pub const DETAIL_HOLDERS: i64 = 100;
/// Sales a detail lists.
pub const DETAIL_SALES: i64 = 100;
/// The fairminter list's page size.
pub const FAIRMINTER_PAGE: u32 = 24;
/// The leaderboard's page size.
pub const LEADERBOARD_PAGE: u32 = 20;
/// Items in each list of the home page.
pub const HOME_ITEMS: i64 = 20;

impl CatalogueGrpc {
    pub(crate) async fn stamp_detail(&self, cpid: &str) -> Result<StampDetail, QueryError> {
        self.detail(cpid, true).await
    }

    /// Any Counterparty asset's detail (its stamp's too, when it is one).
    pub(crate) async fn asset_detail(&self, cpid: &str) -> Result<StampDetail, QueryError> {
        self.detail(cpid, false).await
    }

    /// The detail of `cpid`: a stamp (NOT_FOUND when it is none and `stamp_only`), or an asset.
    async fn detail(&self, cpid: &str, stamp_only: bool) -> Result<StampDetail, QueryError> {
        validate_cpid(cpid)?;
        let stamp = queries::stamp(&self.pool, cpid).await?;
        if stamp.is_none() && stamp_only {
            return Err(QueryError::NotFound(format!("no stamp {cpid}")));
        }
        let pool = &self.pool;
        let (asset, holders, dispensers, sales, dividends, fairminter, collection_ids) = tokio::try_join!(
            detail::asset(pool, cpid),
            detail::holders(pool, cpid, DETAIL_HOLDERS),
            detail::dispensers(pool, cpid),
            detail::sales(pool, cpid, DETAIL_SALES),
            detail::dividends(pool, cpid),
            detail::fairminter(pool, cpid),
            detail::collections(pool, cpid),
        )?;
        let creator = stamp
            .as_ref()
            .map(|s| s.creator.clone())
            .or_else(|| asset.as_ref().map(|a| a.creator.clone()))
            .unwrap_or_default();
        let creator_name = if creator.is_empty() {
            None
        } else {
            detail::display_name(pool, &creator).await?
        };
        if stamp.is_none() && asset.is_none() {
            return Err(QueryError::NotFound(format!("no asset {cpid}")));
        }
        let mut out = StampDetail {
            stamp: stamp.map(stamp_to_proto),
            creator_name: creator_name.unwrap_or_default(),
            collection_ids,
            holders: holders
                .into_iter()
                .map(|h| StampHolder {
                    holder: h.holder,
                    quantity: h.quantity,
                    percentage: h.percentage,
                })
                .collect(),
            dispensers: dispensers
                .into_iter()
                .map(|d| Dispenser {
                    tx_hash: d.tx_hash,
                    block_index: unsigned(d.block_index),
                    source: d.source,
                    give_quantity: d.give_quantity,
                    escrow_quantity: d.escrow_quantity,
                    give_remaining: d.give_remaining,
                    satoshirate: unsigned(d.satoshirate),
                    status: u32::try_from(d.status).unwrap_or(u32::MAX),
                    dispense_count: unsigned(d.dispense_count),
                })
                .collect(),
            sales: sales
                .into_iter()
                .map(|s| Sale {
                    tx_hash: s.tx_hash,
                    block_index: unsigned(s.block_index),
                    block_time: unsigned(s.block_time),
                    destination: s.destination,
                    quantity: s.quantity,
                    btc_amount: unsigned(s.btc_amount),
                    dispenser_tx_hash: s.dispenser_tx_hash,
                })
                .collect(),
            dividends: dividends
                .into_iter()
                .map(|d| Dividend {
                    tx_hash: d.tx_hash,
                    block_index: unsigned(d.block_index),
                    source: d.source,
                    dividend_asset: d.dividend_asset,
                    quantity_per_unit: d.quantity_per_unit,
                })
                .collect(),
            fairminter: fairminter.map(|f| Fairminter {
                tx_hash: f.tx_hash,
                source: f.source,
                status: f.status,
                price: f.price,
                quantity_by_price: f.quantity_by_price,
                hard_cap: f.hard_cap,
                premint_quantity: f.premint_quantity,
                max_mint_per_tx: f.max_mint_per_tx,
                start_block: unsigned(f.start_block),
                end_block: unsigned(f.end_block),
                soft_cap: f.soft_cap,
                earned_quantity: f.earned_quantity,
                mint_count: unsigned(f.mint_count),
                minters_count: unsigned(f.minters_count),
            }),
            ..StampDetail::default()
        };
        if let Some(a) = asset {
            out.has_asset = true;
            out.owner = a.issuer;
            out.supply = a.supply;
            out.divisible = a.divisible;
            out.locked = a.locked;
            out.destroyed = a.destroyed;
            out.description = a.description;
            out.asset_longname = a.asset_longname;
            out.first_block = unsigned(a.first_block);
            out.first_block_time = unsigned(a.first_block_time);
            out.creator = a.creator;
        }
        Ok(out)
    }
}

impl CatalogueGrpc {
    pub(crate) async fn search_fairminters(
        &self,
        r: &SearchFairmintersRequest,
    ) -> Result<SearchFairmintersResponse, QueryError> {
        let text = r.q.trim();
        if text.len() > 256 {
            return Err(QueryError::InvalidArgument(
                "query longer than 256 characters".into(),
            ));
        }
        let text = (!text.is_empty()).then(|| text.to_owned());
        let q =
            FairminterQuery::parse(text, &r.only, &r.sort).map_err(QueryError::InvalidArgument)?;
        let (offset, rows, limit) = page(r.offset, r.limit, FAIRMINTER_PAGE)?;
        let (hits, total) = fairminters::search(&self.pool, &q, offset, rows).await?;
        Ok(SearchFairmintersResponse {
            hits: hits
                .into_iter()
                .map(|h| FairminterHit {
                    fairminter: Some(Fairminter {
                        tx_hash: h.tx_hash,
                        source: h.source,
                        status: h.status,
                        price: h.price,
                        quantity_by_price: h.quantity_by_price,
                        hard_cap: h.hard_cap,
                        premint_quantity: h.premint_quantity,
                        max_mint_per_tx: h.max_mint_per_tx,
                        start_block: unsigned(h.start_block),
                        end_block: unsigned(h.end_block),
                        soft_cap: String::new(),
                        earned_quantity: h.earned,
                        mint_count: unsigned(h.minted_count),
                        minters_count: unsigned(h.minters_count),
                    }),
                    asset: h.asset,
                    asset_longname: h.asset_longname,
                    divisible: h.divisible,
                    block_time: unsigned(h.block_time),
                    has_last_mint: h.last_mint.is_some(),
                    last_mint: unsigned(h.last_mint.unwrap_or(0)),
                    holders_count: unsigned(h.holders_count),
                    progress: h.progress,
                    is_stamp: h.is_stamp,
                    description: h.description,
                })
                .collect(),
            total: unsigned(total),
            offset: r.offset,
            limit,
        })
    }
}

impl CatalogueGrpc {
    pub(crate) async fn leaderboard(
        &self,
        r: &LeaderboardRequest,
    ) -> Result<LeaderboardResponse, QueryError> {
        let project = r.project.trim();
        if project.len() > 100 {
            return Err(QueryError::InvalidArgument(
                "project longer than 100 characters".into(),
            ));
        }
        let project = (!project.is_empty()).then(|| project.to_owned());
        let q =
            LeaderboardQuery::parse(r.sort.trim(), project).map_err(QueryError::InvalidArgument)?;
        let (offset, rows, limit) = page(r.offset, r.limit, LEADERBOARD_PAGE)?;
        let (hits, total) = leaderboard::search(&self.pool, &q, offset, rows).await?;
        Ok(LeaderboardResponse {
            hits: hits
                .into_iter()
                .enumerate()
                .map(|(i, c)| Collector {
                    rank: r.offset + i as u64 + 1,
                    address: c.address,
                    display_name: c.display_name.unwrap_or_default(),
                    stamp_count: unsigned(c.stamp_count),
                    stamp_created_count: unsigned(c.stamp_created_count),
                    floor_valuation: unsigned(c.floor_valuation),
                    last_sale_valuation: unsigned(c.last_sale_valuation),
                    destroyed_count: unsigned(c.destroyed_count),
                    destruction_valuation: unsigned(c.destruction_valuation),
                    stamps: c.stamps,
                })
                .collect(),
            total: unsigned(total),
            offset: r.offset,
            limit,
        })
    }
}

impl CatalogueGrpc {
    pub(crate) async fn home(&self) -> Result<Home, QueryError> {
        use crate::queries::home;
        let pool = &self.pool;
        let (sales, dispensers, src721, classic) = tokio::try_join!(
            home::last_sales(pool, HOME_ITEMS),
            home::new_dispensers(pool, HOME_ITEMS),
            home::latest(pool, "SRC-721", HOME_ITEMS),
            home::latest(pool, "STAMP", HOME_ITEMS),
        )?;
        Ok(Home {
            last_sales: sales
                .into_iter()
                .map(|s| HomeSale {
                    cpid: s.cpid,
                    stamp: s.stamp,
                    tx_hash: s.tx_hash,
                    block_time: unsigned(s.block_time),
                    destination: s.destination,
                    quantity: s.quantity,
                    btc_amount: unsigned(s.btc_amount),
                })
                .collect(),
            new_dispensers: dispensers
                .into_iter()
                .map(|d| HomeDispenser {
                    cpid: d.cpid,
                    stamp: d.stamp,
                    tx_hash: d.tx_hash,
                    block_time: unsigned(d.block_time),
                    source: d.source,
                    give_quantity: d.give_quantity,
                    give_remaining: d.give_remaining,
                    satoshirate: unsigned(d.satoshirate),
                })
                .collect(),
            src721: src721.into_iter().map(stamp_to_proto).collect(),
            classic: classic.into_iter().map(stamp_to_proto).collect(),
        })
    }
}

impl CatalogueGrpc {
    pub(crate) async fn profile(&self, id: &str) -> Result<Profile, QueryError> {
        use crate::queries::profile::{self, Resolved};
        let id = id.trim();
        if id.is_empty() || id.chars().count() > 100 {
            return Err(QueryError::InvalidArgument(format!(
                "invalid profile id {id:?}"
            )));
        }
        let resolved = profile::resolve(&self.pool, id)
            .await?
            .ok_or_else(|| QueryError::NotFound(format!("no profile {id}")))?;
        let (user_id, display_name, twitter, addresses) = match resolved {
            Resolved::Redirect(to) => {
                return Ok(Profile {
                    redirect: to,
                    ..Profile::default()
                });
            }
            Resolved::Profile {
                user_id,
                display_name,
                twitter,
                addresses,
            } => (user_id, display_name, twitter, addresses),
        };
        let (stats, src20) = tokio::try_join!(
            profile::stats(&self.pool, &addresses),
            profile::src20_balances(&self.pool, &addresses),
        )?;
        Ok(Profile {
            redirect: String::new(),
            user_id,
            display_name,
            twitter,
            addresses,
            stamp_count: unsigned(stats.stamp_count),
            stamp_created_count: unsigned(stats.stamp_created_count),
            floor_valuation: unsigned(stats.floor_valuation),
            last_sale_valuation: unsigned(stats.last_sale_valuation),
            src20: src20
                .into_iter()
                .map(|(tick, address, balance)| Src20Balance {
                    tick,
                    address,
                    balance,
                })
                .collect(),
        })
    }
}
