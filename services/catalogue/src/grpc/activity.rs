//! A profile's activity and SRC-20 balances over gRPC, and their rows as protobuf.

use stamps_proto::catalogue::v1::{
    ActivityItem, ActivityRequest, ActivityResponse, AddressesRequest, Src20Balance,
    Src20BalancesResponse,
};

use crate::grpc::{CatalogueGrpc, QueryError, addresses, page, unsigned};
use crate::queries::activity::{self, ActivityRow};
use crate::queries::profile;

/// Default page size of an activity list.
pub const ACTIVITY_PAGE: u32 = 20;

fn item(r: ActivityRow) -> ActivityItem {
    ActivityItem {
        asset: r.asset,
        asset_longname: r.asset_longname,
        quantity: r.quantity,
        divisible: r.divisible,
        tx_type: r.tx_type,
        tx_hash: r.tx_hash,
        block_index: unsigned(r.block_index),
        timestamp: unsigned(r.block_time),
    }
}

impl CatalogueGrpc {
    pub(crate) async fn activity(
        &self,
        r: &ActivityRequest,
    ) -> Result<ActivityResponse, QueryError> {
        let list = addresses("addresses", &r.addresses)?;
        if list.is_empty() {
            return Err(QueryError::InvalidArgument(
                "addresses: at least one".into(),
            ));
        }
        let (offset, rows, limit) = page(r.offset, r.limit, ACTIVITY_PAGE)?;
        let (hits, total) = activity::page(&self.pool, &list, offset, rows).await?;
        Ok(ActivityResponse {
            hits: hits.into_iter().map(item).collect(),
            total: unsigned(total),
            offset: r.offset,
            limit,
        })
    }

    pub(crate) async fn src20_balances(
        &self,
        r: &AddressesRequest,
    ) -> Result<Src20BalancesResponse, QueryError> {
        let list = addresses("addresses", &r.addresses)?;
        let balances = profile::src20_balances(&self.pool, &list).await?;
        Ok(Src20BalancesResponse {
            balances: balances
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
