//! The XCP site's asset queries over gRPC (every Counterparty asset as a catalogue item), and their rows as
//! protobuf.

use stamps_proto::catalogue::v1::{
    AssetItem, LeaderboardRequest, SearchAssetsRequest, SearchAssetsResponse, XcpCollector,
    XcpLeaderboardResponse,
};

use crate::grpc::{CatalogueGrpc, QueryError, page, unsigned};
use crate::queries::assets::{self, AssetItemRow, AssetQuery};
use crate::queries::leaderboard;

/// Default page size of the XCP leaderboard (the leaderboard's).
pub const XCP_LEADERBOARD_PAGE: u32 = 20;

/// Default page size of the asset finder (the stamp finder's).
pub const ASSET_PAGE: u32 = 24;

fn item(r: AssetItemRow) -> AssetItem {
    AssetItem {
        asset: r.asset,
        asset_longname: r.asset_longname,
        creator: r.creator,
        issuer: r.issuer,
        supply: r.supply,
        divisible: r.divisible,
        locked: r.locked,
        description: r.description,
        block_index: unsigned(r.first_block),
        block_time: unsigned(r.block_time),
        has_stamp: r.stamp.is_some(),
        stamp: r.stamp.unwrap_or(0),
        holders: unsigned(r.holders),
        destroyed: r.destroyed,
        mimetype: r.mimetype.unwrap_or_default(),
        file_suffix: r.file_suffix.unwrap_or_default(),
        has_floor_price: r.floor_price.is_some(),
        floor_price: r.floor_price.map_or(0, unsigned),
        has_last_sale_price: r.last_sale_price.is_some(),
        last_sale_price: r.last_sale_price.map_or(0, unsigned),
        has_last_sale: r.last_sale.is_some(),
        last_sale: r.last_sale.map_or(0, unsigned),
        total_volume: r.total_volume.map_or(0, unsigned),
        dividend_count: r.dividend_count.map_or(0, unsigned),
        has_rarity_rank: r.rarity_rank.is_some(),
        rarity_rank: r.rarity_rank.map_or(0, unsigned),
        on_sale: r.on_sale.unwrap_or_default(),
    }
}

impl CatalogueGrpc {
    pub(crate) async fn search_assets(
        &self,
        r: &SearchAssetsRequest,
    ) -> Result<SearchAssetsResponse, QueryError> {
        if r.q.len() > 256 {
            return Err(QueryError::InvalidArgument(
                "query longer than 256 characters".into(),
            ));
        }
        let (offset, rows, limit) = page(r.offset, r.limit, ASSET_PAGE)?;
        let q = AssetQuery::parse(&r.q, &r.only, &r.types, &r.sort)
            .map_err(QueryError::InvalidArgument)?;
        let (hits, total) = assets::search(&self.pool, &q, offset, rows).await?;
        Ok(SearchAssetsResponse {
            hits: hits.into_iter().map(item).collect(),
            total: unsigned(total),
            offset: r.offset,
            limit,
        })
    }

    pub(crate) async fn xcp_leaderboard(
        &self,
        r: &LeaderboardRequest,
    ) -> Result<XcpLeaderboardResponse, QueryError> {
        if !r.project.is_empty() {
            return Err(QueryError::InvalidArgument(
                "project is not offered on the XCP leaderboard".into(),
            ));
        }
        let column = leaderboard::xcp_sort(&r.sort).map_err(QueryError::InvalidArgument)?;
        let (offset, rows, limit) = page(r.offset, r.limit, XCP_LEADERBOARD_PAGE)?;
        let (hits, total) = leaderboard::xcp_search(&self.pool, column, offset, rows).await?;
        Ok(XcpLeaderboardResponse {
            hits: hits
                .into_iter()
                .enumerate()
                .map(|(i, c)| XcpCollector {
                    rank: r.offset + i as u64 + 1,
                    address: c.address,
                    display_name: c.display_name.unwrap_or_default(),
                    xcp_count: unsigned(c.asset_count),
                    xcp_created_count: unsigned(c.created_count),
                    xcp_destroyed_count: unsigned(c.destroyed_count),
                    xcp_ids: c.held,
                    xcp_destruction_ids: c.destroyed,
                    floor_valuation: unsigned(c.floor_valuation),
                    last_sale_valuation: unsigned(c.last_sale_valuation),
                    destruction_valuation: unsigned(c.destruction_valuation),
                    stamp_ids: c.stamp_ids,
                })
                .collect(),
            total: unsigned(total),
            offset: r.offset,
            limit,
        })
    }
}
