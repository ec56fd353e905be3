//! The LISTINGS projection: atomic-swap listings as the wallet service published them. A later listing of a UTXO
//! replaces an earlier one; a cancellation ends the listings of its UTXO up to its time. Whether a listing is open
//! also depends on the ledger (its UTXO still holding a balance), which the queries join. The stamps the UTXO holds
//! get their market figures again (a listing may be their floor).

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
                sqlx::query(
                    "INSERT INTO listings (utxo, seller, price, psbt, listed_at) VALUES ($1, $2, $3, $4, $5)
                     ON CONFLICT (utxo) DO UPDATE SET seller = EXCLUDED.seller, price = EXCLUDED.price,
                         psbt = EXCLUDED.psbt, listed_at = EXCLUDED.listed_at, cancelled = false
                     WHERE listings.listed_at < EXCLUDED.listed_at",
                )
                .bind(&e.utxo)
                .bind(&e.seller)
                .bind(signed(e.price, "price")?)
                .bind(&e.psbt_hex)
                .bind(signed(e.time_ms, "time")?)
                .execute(&mut *tx)
                .await?;
                e.utxo
            }
            LISTING_CANCELLED => {
                let e = ListingCancelled::decode(payload)
                    .map_err(|e| ProjectionError::Malformed(e.to_string()))?;
                sqlx::query(
                    "UPDATE listings SET cancelled = true WHERE utxo = $1 AND listed_at <= $2",
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
