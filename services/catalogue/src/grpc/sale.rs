//! What the wallet asks before it builds a purchase, over gRPC.

use stamps_proto::catalogue::v1::{
    HeldOutpointsRequest, HeldOutpointsResponse, SaleDispenser, SaleDispensersRequest,
    SaleDispensersResponse, SaleListing, SaleListingsRequest, SaleListingsResponse,
    SeenTransactionsRequest, SeenTransactionsResponse,
};

use crate::grpc::{CatalogueGrpc, QueryError, addresses, unsigned};
use crate::queries::sale;

/// The most hashes or outpoints one request names.
const MAX_KEYS: usize = 500;

fn keys(name: &str, list: &[String], valid: fn(&str) -> bool) -> Result<Vec<String>, QueryError> {
    if list.len() > MAX_KEYS {
        return Err(QueryError::InvalidArgument(format!(
            "{name}: at most {MAX_KEYS}"
        )));
    }
    list.iter()
        .map(|k| {
            if valid(k) {
                Ok(k.clone())
            } else {
                Err(QueryError::InvalidArgument(format!(
                    "{name}: {k:?} is malformed"
                )))
            }
        })
        .collect()
}

fn is_txid(k: &str) -> bool {
    k.len() == 64 && k.bytes().all(|b| b.is_ascii_hexdigit())
}

fn is_outpoint(k: &str) -> bool {
    k.split_once(':')
        .is_some_and(|(txid, vout)| is_txid(txid) && vout.parse::<u32>().is_ok())
}

/// A dispenser row as the wallet reads it.
fn sale_dispenser(d: sale::SaleDispenserRow) -> SaleDispenser {
    SaleDispenser {
        tx_hash: d.tx_hash,
        source: d.source,
        origin: d.origin,
        asset: d.asset,
        asset_longname: d.asset_longname,
        divisible: d.divisible,
        owner: d.owner,
        give_quantity: d.give_quantity,
        give_remaining: d.give_remaining,
        satoshirate: unsigned(d.satoshirate),
        status: u32::try_from(d.status).unwrap_or(u32::MAX),
        oracle_address: d.oracle_address,
        open_at_source: u32::try_from(d.others).unwrap_or(u32::MAX),
        pending: d.pending,
    }
}

impl CatalogueGrpc {
    pub(crate) async fn sale_dispensers(
        &self,
        r: &SaleDispensersRequest,
    ) -> Result<SaleDispensersResponse, QueryError> {
        let hashes = keys("tx_hashes", &r.tx_hashes, is_txid)?;
        let checked = addresses("addresses", &r.addresses)?;
        let sources = addresses("sources", &r.sources)?;
        let rows = sale::dispensers(&self.pool, &hashes).await?;
        let dispensing = if checked.is_empty() {
            Vec::new()
        } else {
            sale::dispensing(&self.pool, &checked).await?
        };
        let at_sources = if sources.is_empty() {
            Vec::new()
        } else {
            sale::dispensers_at(&self.pool, &sources).await?
        };
        Ok(SaleDispensersResponse {
            dispensers: rows.into_iter().map(sale_dispenser).collect(),
            at_sources: at_sources.into_iter().map(sale_dispenser).collect(),
            dispensing,
        })
    }

    pub(crate) async fn held_outpoints(
        &self,
        r: &HeldOutpointsRequest,
    ) -> Result<HeldOutpointsResponse, QueryError> {
        let outpoints = keys("outpoints", &r.outpoints, is_outpoint)?;
        Ok(HeldOutpointsResponse {
            held: sale::held_outpoints(&self.pool, &outpoints).await?,
        })
    }

    pub(crate) async fn seen_transactions(
        &self,
        r: &SeenTransactionsRequest,
    ) -> Result<SeenTransactionsResponse, QueryError> {
        // Hashes as the node writes them: lowercase hex.
        let txids = keys("txids", &r.txids, |k| {
            is_txid(k) && !k.bytes().any(|b| b.is_ascii_uppercase())
        })?;
        Ok(SeenTransactionsResponse {
            seen: sale::seen(&self.pool, &txids).await?,
        })
    }

    pub(crate) async fn sale_listings(
        &self,
        r: &SaleListingsRequest,
    ) -> Result<SaleListingsResponse, QueryError> {
        let utxos = keys("utxos", &r.utxos, is_outpoint)?;
        let offers = keys("offers", &r.offers, |o| {
            o.len() <= 150 && o.bytes().all(|b| b.is_ascii_hexdigit())
        })?;
        let withdrawn = if offers.is_empty() {
            Vec::new()
        } else {
            sale::withdrawn(&self.pool, &offers).await?
        };
        Ok(SaleListingsResponse {
            withdrawn,
            listings: sale::listings(&self.pool, &utxos)
                .await?
                .into_iter()
                .map(|l| SaleListing {
                    utxo: l.utxo,
                    seller: l.seller,
                    price: unsigned(l.price),
                    psbt_hex: l.psbt,
                    asset: l.asset,
                    asset_longname: l.asset_longname,
                    divisible: l.divisible,
                    quantity: l.quantity,
                    owner: l.owner,
                    pending: l.pending,
                })
                .collect(),
        })
    }
}
