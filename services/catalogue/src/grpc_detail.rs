//! A stamp's detail over gRPC, and its rows as protobuf.

use stamps_proto::catalogue::v1::{
    Dispenser, Dividend, Fairminter, Sale, StampDetail, StampHolder,
};

use crate::grpc::{CatalogueGrpc, QueryError, stamp_to_proto, validate_cpid};
use crate::store::{self, detail};

/// Holders a detail lists.
pub const DETAIL_HOLDERS: i64 = 100;
/// Sales a detail lists.
pub const DETAIL_SALES: i64 = 100;

fn unsigned(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}

impl CatalogueGrpc {
    pub(crate) async fn stamp_detail(&self, cpid: &str) -> Result<StampDetail, QueryError> {
        validate_cpid(cpid)?;
        let stamp = store::stamp(&self.pool, cpid)
            .await?
            .ok_or_else(|| QueryError::NotFound(format!("no stamp {cpid}")))?;
        let pool = &self.pool;
        let (asset, holders, dispensers, sales, dividends, fairminter) = tokio::try_join!(
            detail::asset(pool, cpid),
            detail::holders(pool, cpid, DETAIL_HOLDERS),
            detail::dispensers(pool, cpid),
            detail::sales(pool, cpid, DETAIL_SALES),
            detail::dividends(pool, cpid),
            detail::fairminter(pool, cpid),
        )?;
        let mut out = StampDetail {
            stamp: Some(stamp_to_proto(stamp)),
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
        }
        Ok(out)
    }
}
