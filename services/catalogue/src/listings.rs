//! The LISTINGS projection: atomic-swap listings as the wallet service published them. A later listing of a UTXO
//! replaces an earlier one; a cancellation ends the listings of its UTXO up to its time. An offer (the seller's
//! signature) that was cancelled or replaced is remembered in `withdrawn_offers` and never listed again, whoever
//! posts it. Whether a listing is open also depends on the ledger (its UTXO still holding a balance), which the
//! queries join. The stamps the UTXO holds get their market figures again (a listing may be their floor).

use prost::Message;
use sqlx::PgConnection;
use stamps_platform::consumer::{Projection, ProjectionError};
use stamps_proto::events::subjects::{LISTING_CANCELLED, LISTING_CREATED};
use stamps_proto::events::v1::{ListingCancelled, ListingCreated};

/// The durable consumer of LISTINGS.
pub const LISTINGS_CONSUMER: &str = "catalogue-listings";

/// Projects `listings.*` events into `listings`.
pub struct ListingsProjection;

fn signed(v: u64, what: &str) -> Result<i64, ProjectionError> {
    i64::try_from(v).map_err(|_| ProjectionError::Malformed(format!("{what} out of range")))
}

impl Projection for ListingsProjection {
    async fn apply(
        &self,
        tx: &mut PgConnection,
        subject: &str,
        payload: &[u8],
    ) -> Result<(), ProjectionError> {
        let utxo = match subject {
            LISTING_CREATED => {
                let e = ListingCreated::decode(payload)
                    .map_err(|e| ProjectionError::Malformed(e.to_string()))?;
                let withdrawn: bool = sqlx::query_scalar(
                    "SELECT EXISTS (SELECT 1 FROM withdrawn_offers WHERE offer = $1)",
                )
                .bind(&e.offer)
                .fetch_one(&mut *tx)
                .await?;
                if withdrawn && !e.offer.is_empty() {
                    tracing::info!(utxo = %e.utxo, "a withdrawn offer is not listed again");
                    return Ok(());
                }
                // The offer it replaces is withdrawn: its PSBT may be out there, but it is not handed out again.
                sqlx::query(
                    "INSERT INTO withdrawn_offers (offer, utxo)
                     SELECT offer, utxo FROM listings
                     WHERE utxo = $1 AND listed_at < $2 AND offer <> '' AND offer <> $3
                     ON CONFLICT (offer) DO NOTHING",
                )
                .bind(&e.utxo)
                .bind(signed(e.time_ms, "time")?)
                .bind(&e.offer)
                .execute(&mut *tx)
                .await?;
                sqlx::query(
                    "INSERT INTO listings (utxo, seller, price, psbt, listed_at, offer) VALUES ($1, $2, $3, $4, $5, $6)
                     ON CONFLICT (utxo) DO UPDATE SET seller = EXCLUDED.seller, price = EXCLUDED.price,
                         psbt = EXCLUDED.psbt, listed_at = EXCLUDED.listed_at, offer = EXCLUDED.offer,
                         cancelled = false
                     WHERE listings.listed_at < EXCLUDED.listed_at",
                )
                .bind(&e.utxo)
                .bind(&e.seller)
                .bind(signed(e.price, "price")?)
                .bind(&e.psbt_hex)
                .bind(signed(e.time_ms, "time")?)
                .bind(&e.offer)
                .execute(&mut *tx)
                .await?;
                e.utxo
            }
            LISTING_CANCELLED => {
                let e = ListingCancelled::decode(payload)
                    .map_err(|e| ProjectionError::Malformed(e.to_string()))?;
                sqlx::query(
                    "WITH ended AS (
                         UPDATE listings SET cancelled = true WHERE utxo = $1 AND listed_at <= $2
                         RETURNING offer, utxo)
                     INSERT INTO withdrawn_offers (offer, utxo) SELECT offer, utxo FROM ended WHERE offer <> ''
                     ON CONFLICT (offer) DO NOTHING",
                )
                .bind(&e.utxo)
                .bind(signed(e.time_ms, "time")?)
                .execute(&mut *tx)
                .await?;
                e.utxo
            }
            other => {
                tracing::debug!(
                    subject = other,
                    "listing event not projected by the catalogue"
                );
                return Ok(());
            }
        };
        let held: Vec<String> =
            sqlx::query_scalar("SELECT asset FROM balances WHERE holder = $1 AND quantity > 0")
                .bind(&utxo)
                .fetch_all(&mut *tx)
                .await?;
        crate::figures::market::refresh(tx, &held).await?;
        Ok(())
    }
}
