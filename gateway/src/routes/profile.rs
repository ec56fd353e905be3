//! `/api/profile/{id}`: a profile by display name, user id or address, or the profile to go to instead.

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use stamps_proto::catalogue::v1::GetProfileRequest;
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::state::AppState;

/// The answer for an id nobody answers to.
pub const PROFILE_NOT_FOUND: &str = "profile not found";

/// The profile route.
pub fn router() -> Router<AppState> {
    Router::new().route("/profile/{id}", get(profile))
}

/// A profile; with `redirect` set, only that: the profile id to show instead. Valuations are satoshis.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Profile)]
pub struct ProfileJson {
    #[serde(skip_serializing_if = "Option::is_none")]
    redirect: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    user_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    display_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    twitter: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    addresses: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stamp_count: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stamp_created_count: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    floor_valuation: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    last_sale_valuation: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    src20: Option<Vec<Src20BalanceJson>>,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Src20Balance)]
struct Src20BalanceJson {
    tick: String,
    address: String,
    balance: String,
}

#[utoipa::path(get, path = "/api/profile/{id}", tag = "profiles", params(("id" = String, Path, description = "a display name, user id or address")), responses((status = 200, description = "a profile, or the profile to show instead", body = ProfileJson), (status = 404, description = "profile not found", body = ErrorBody), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn profile(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<ProfileJson>, ApiError> {
    let mut catalogue = state.catalogue.clone();
    let p = catalogue
        .get_profile(GetProfileRequest { id })
        .await
        .map_err(|s| ApiError::from_status(s, PROFILE_NOT_FOUND))?
        .into_inner();
    if !p.redirect.is_empty() {
        return Ok(Json(ProfileJson {
            redirect: Some(p.redirect),
            user_id: None,
            display_name: None,
            twitter: None,
            addresses: Vec::new(),
            stamp_count: None,
            stamp_created_count: None,
            floor_valuation: None,
            last_sale_valuation: None,
            src20: None,
        }));
    }
    Ok(Json(ProfileJson {
        redirect: None,
        user_id: Some(p.user_id),
        display_name: Some(p.display_name).filter(|n| !n.is_empty()),
        twitter: Some(p.twitter).filter(|t| !t.is_empty()),
        addresses: p.addresses,
        stamp_count: Some(p.stamp_count),
        stamp_created_count: Some(p.stamp_created_count),
        floor_valuation: Some(p.floor_valuation),
        last_sale_valuation: Some(p.last_sale_valuation),
        src20: Some(
            p.src20
                .into_iter()
                .map(|b| Src20BalanceJson {
                    tick: b.tick,
                    address: b.address,
                    balance: b.balance,
                })
                .collect(),
        ),
    }))
}
