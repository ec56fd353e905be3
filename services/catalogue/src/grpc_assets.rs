//! The XCP site's asset queries over gRPC (every Counterparty asset as a catalogue item), and their rows as
//! protobuf.

use stamps_proto::catalogue::v1::{AssetItem, SearchAssetsRequest, SearchAssetsResponse};

use crate::grpc::{CatalogueGrpc, QueryError, page, unsigned};
use crate::store::assets::{self, AssetItemRow, AssetQuery};

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
        let q = AssetQuery::parse(&r.q, &r.only, &r.sort).map_err(QueryError::InvalidArgument)?;
        let (hits, total) = assets::search(&self.pool, &q, offset, rows).await?;
        Ok(SearchAssetsResponse {
            hits: hits.into_iter().map(item).collect(),
            total: unsigned(total),
            offset: r.offset,
            limit,
        })
    }
}
