//! Profiles: a profile by display name, user id or address, or the profile to go to instead
//! (`/api/profile/{id}`), the Counterparty activity of a profile's addresses (`/api/activity`), and the
//! `addresses` parameter of the lists of addresses.

use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use stamps_proto::catalogue::v1::{ActivityItem, ActivityRequest, GetProfileRequest};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app_state::AppState;
use crate::error::{ApiError, ErrorBody, OrNotFound};
use crate::routes::paging::{Page, PageQuery};
use crate::routes::query::ApiQuery;

/// The answer for an id nobody answers to.
pub const PROFILE_NOT_FOUND: &str = "profile not found";

/// The profile routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(profile))
        .routes(routes!(activity))
}

/// The addresses a list is of.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AddressesQuery {
    /// comma-separated addresses (at most 20)
    #[param(required = true, value_type = String)]
    pub addresses: Option<String>,
}

impl AddressesQuery {
    /// The addresses, at least one.
    pub fn required(&self) -> Result<Vec<String>, ApiError> {
        let addresses: Vec<String> = self
            .addresses
            .as_deref()
            .map(|a| {
                a.split(',')
                    .map(str::trim)
                    .filter(|a| !a.is_empty())
                    .map(str::to_owned)
                    .collect()
            })
            .unwrap_or_default();
        if addresses.is_empty() {
            return Err(ApiError::BadRequest("addresses is required".into()));
        }
        Ok(addresses)
    }
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

#[utoipa::path(
    get,
    path = "/profile/{id}",
    tag = "profiles",
    params(("id" = String, Path, description = "a display name, user id or address")),
    responses(
        (status = 200, description = "a profile, or the profile to show instead", body = ProfileJson),
        (status = 404, description = "profile not found", body = ErrorBody),
    )
)]
pub(crate) async fn profile(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<ProfileJson>, ApiError> {
    let mut catalogue = state.catalogue.clone();
    let p = catalogue
        .get_profile(GetProfileRequest { id })
        .await
        .or_not_found(PROFILE_NOT_FOUND)?
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

/// One event of an address's activity. The quantity is in base units (divide by 1e8 when `divisible`).
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Activity)]
pub struct ActivityJson {
    asset: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    asset_longname: Option<String>,
    quantity: String,
    divisible: bool,
    /// send, receive, attach, detach, move, issuance, transfer, destroy, buy, sell or fairmint.
    tx_type: String,
    tx_hash: String,
    block_index: u64,
    /// The block's time, unix seconds.
    timestamp: u64,
}

impl From<ActivityItem> for ActivityJson {
    fn from(a: ActivityItem) -> Self {
        Self {
            asset: a.asset,
            asset_longname: Some(a.asset_longname).filter(|l| !l.is_empty()),
            quantity: a.quantity,
            divisible: a.divisible,
            tx_type: a.tx_type,
            tx_hash: a.tx_hash,
            block_index: a.block_index,
            timestamp: a.timestamp,
        }
    }
}

/// Default page size of the activity list.
const ACTIVITY_PAGE: u32 = 20;

#[utoipa::path(
    get,
    path = "/activity",
    tag = "profiles",
    params(AddressesQuery, PageQuery),
    responses((
        status = 200,
        description = "the addresses' Counterparty activity, newest first, 20 per page",
        body = Page<ActivityJson>,
    ))
)]
pub(crate) async fn activity(
    State(state): State<AppState>,
    ApiQuery(addresses): ApiQuery<AddressesQuery>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<ActivityJson>>, ApiError> {
    let page = page.paging(ACTIVITY_PAGE)?;
    let addresses = addresses.required()?;
    let mut catalogue = state.catalogue.clone();
    let answer = catalogue
        .activity(ActivityRequest {
            addresses,
            offset: page.offset,
            limit: page.limit,
        })
        .await?
        .into_inner();
    Ok(Json(Page {
        hits: answer.hits.into_iter().map(ActivityJson::from).collect(),
        estimated_total_hits: answer.total,
        offset: answer.offset,
        limit: answer.limit,
    }))
}
