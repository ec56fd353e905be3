//! Launchpad collections: `/api/launchpad/{id}` (what it has minted: history, minters, first and latest mint,
//! its newest stamps; `/api/launchpad/goose` is the goose launchpad's), `/api/launchpad/odds-config/{id}` (its
//! layers' odds), and the launchpad fields of a collection's card.

use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use stamps_proto::catalogue::v1::{GetCollectionRequest, LaunchpadInfo};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app_state::AppState;
use crate::error::{ApiError, ErrorBody, OrNotFound};

/// The answer for a collection that is no launchpad.
pub const LAUNCHPAD_NOT_FOUND: &str = "Launchpad not found";

/// Launchpad routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(launchpad))
        .routes(routes!(odds_config))
}

/// A launchpad's terms, on its collection's card. Times are unix milliseconds, fees satoshis (0: a free mint).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[schema(as = LaunchpadTerms)]
pub struct LaunchpadFields {
    max: u64,
    quantity_per_mint: u64,
    fee: u64,
    /// `[start, end]`.
    public_mint: [u64; 2],
    /// `[start, end]` of the free window, when there is one.
    free_mint: Option<[u64; 2]>,
    /// Whitelist rounds: `{time_range, fee, limit, limit_per_hold, groups}`, a group being items
    /// `{type: stamp|collection|token, id, quantity}` all of which must be held.
    #[schema(value_type = Vec<Object>)]
    white_list_config: Vec<serde_json::Value>,
}

/// The OpenAPI form of [`LaunchpadFields`] on a collection's card: every field there on a launchpad's card, none
/// on any other collection's.
#[derive(ToSchema)]
#[schema(as = LaunchpadCardTerms)]
#[allow(dead_code)]
pub struct LaunchpadCardTerms {
    max: Option<u64>,
    quantity_per_mint: Option<u64>,
    fee: Option<u64>,
    /// `[start, end]`.
    public_mint: Option<[u64; 2]>,
    /// `[start, end]` of the free window; null on a launchpad without one.
    free_mint: Option<[u64; 2]>,
    /// Whitelist rounds, as on [`LaunchpadFields`].
    #[schema(value_type = Option<Vec<Object>>)]
    white_list_config: Option<Vec<serde_json::Value>>,
}

impl LaunchpadFields {
    /// The terms in a curated configuration (JSON); `None` when it does not read.
    pub fn from_config(config: &str) -> Option<Self> {
        if config.is_empty() {
            return None;
        }
        serde_json::from_str(config).ok()
    }
}

/// A minter and the stamps they minted.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = LaunchpadMinter)]
pub struct MinterJson {
    address: String,
    count: u64,
}

/// A minted stamp.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = LaunchpadStamp)]
pub struct MintedJson {
    cpid: String,
    stamp: i64,
    /// Unix seconds.
    timestamp: u64,
    stamp_url: String,
}

/// What a launchpad has minted. Dates are unix seconds.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Launchpad)]
pub struct LaunchpadJson {
    collection_id: String,
    /// `[time, stamps minted by then]` at each block time with mints.
    history: Vec<[u64; 2]>,
    total_minters: u64,
    first_mint_date: Option<u64>,
    last_mint_date: Option<u64>,
    /// The most active minters, most first.
    top_minters: Vec<MinterJson>,
    /// The newest stamps.
    stamps: Vec<MintedJson>,
    #[serde(flatten)]
    terms: Option<LaunchpadFields>,
}

async fn fetch(state: &AppState, id: String) -> Result<LaunchpadInfo, ApiError> {
    let mut catalogue = state.catalogue.clone();
    catalogue
        .get_launchpad(GetCollectionRequest {
            collection_id: id,
            with_stamp_ids: false,
        })
        .await
        .map(tonic::Response::into_inner)
        .or_not_found(LAUNCHPAD_NOT_FOUND)
}

#[utoipa::path(
    get,
    path = "/launchpad/{id}",
    tag = "collections",
    params(("id" = String, Path, description = "the launchpad's collection id (goose: the goose launchpad)")),
    responses(
        (status = 200, description = "what the launchpad has minted, with its terms", body = LaunchpadJson),
        (status = 404, description = "Launchpad not found", body = ErrorBody),
    )
)]
pub(crate) async fn launchpad(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<LaunchpadJson>, ApiError> {
    let l = fetch(&state, id).await?;
    Ok(Json(LaunchpadJson {
        history: l
            .history_times
            .iter()
            .zip(&l.history_counts)
            .map(|(t, n)| [*t, *n])
            .collect(),
        total_minters: l.total_minters,
        first_mint_date: Some(l.first_mint).filter(|t| *t > 0),
        last_mint_date: Some(l.last_mint).filter(|t| *t > 0),
        top_minters: l
            .top_minters
            .into_iter()
            .map(|m| MinterJson {
                address: m.address,
                count: m.count,
            })
            .collect(),
        stamps: l
            .stamps
            .into_iter()
            .map(|s| MintedJson {
                stamp_url: format!("/s/{}", s.cpid),
                cpid: s.cpid,
                stamp: s.stamp,
                timestamp: s.timestamp,
            })
            .collect(),
        terms: LaunchpadFields::from_config(&l.config),
        collection_id: l.collection_id,
    }))
}

/// A launchpad's layer odds: per layer, `[weight, [{imageIndex, cpid}]]` for each distinct weight, heaviest
/// first (an image index is the stamp's position in its layer).
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = LaunchpadOdds)]
pub struct OddsJson {
    #[schema(value_type = Vec<Object>)]
    result: serde_json::Value,
}

#[utoipa::path(
    get,
    path = "/launchpad/odds-config/{id}",
    tag = "collections",
    params(("id" = String, Path, description = "the launchpad's collection id")),
    responses(
        (status = 200, description = "the odds of its layers", body = OddsJson),
        (status = 404, description = "Launchpad not found, or one without curated layers", body = ErrorBody),
    )
)]
pub(crate) async fn odds_config(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<OddsJson>, ApiError> {
    let l = fetch(&state, id).await?;
    if l.odds.is_empty() {
        return Err(ApiError::NotFound(
            "this launchpad has no curated layers".into(),
        ));
    }
    let result = serde_json::from_str(&l.odds)
        .map_err(|e| ApiError::Internal(format!("launchpad odds: {e}")))?;
    Ok(Json(OddsJson { result }))
}
