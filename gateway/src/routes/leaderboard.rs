//! `/api/leaderboard?sort=&project=&page=`: the collectors ranking, 20 per page by default.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use stamps_proto::catalogue::v1::LeaderboardRequest;
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};
use crate::routes::paging::{self, Page, Params};
use crate::state::AppState;

/// The leaderboard's page size.
pub const DEFAULT_LIMIT: u32 = 20;

/// The leaderboard route.
pub fn router() -> Router<AppState> {
    Router::new().route("/leaderboard", get(leaderboard))
}

/// A collector entry; valuations are satoshis.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Collector)]
pub struct CollectorJson {
    rank: u64,
    /// The address (the profile's id).
    user_id: String,
    display_name: Option<String>,
    stamp_count: u64,
    stamp_created_count: u64,
    floor_valuation: u64,
    last_sale_valuation: u64,
    destroyed_count: u64,
    destruction_valuation: u64,
    stamps: Vec<PreviewJson>,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = CollectorStamp)]
struct PreviewJson {
    cpid: String,
    url: String,
}

#[utoipa::path(get, path = "/api/leaderboard", tag = "profiles", params(("sort" = Option<String>, Query, description = "stamp_count, stamp_created_count, floor_valuation, last_sale_valuation or destruction_valuation (with a project, entries rank by stamp_count)"), ("project" = Option<String>, Query, description = "a collection id: only its stamps count"), ("page" = Option<u64>, Query, description = "1-based page (an offset given beside it wins)"), ("offset" = Option<u64>, Query, description = "first hit"), ("limit" = Option<u32>, Query, description = "page size, at most 100")), responses((status = 200, description = "collectors, 20 per page", body = Page<CollectorJson>), (status = 400, description = "bad input: the message names it", body = ErrorBody)))]
pub(crate) async fn leaderboard(
    State(state): State<AppState>,
    params: Params,
) -> Result<Json<Page<CollectorJson>>, ApiError> {
    let params = paging::params(params)?;
    let page = paging::paging(&params, DEFAULT_LIMIT)?;
    let get = |k: &str| params.get(k).cloned().unwrap_or_default();
    let mut catalogue = state.catalogue.clone();
    let answer = catalogue
        .leaderboard(LeaderboardRequest {
            sort: get("sort"),
            project: get("project"),
            offset: page.offset,
            limit: page.limit,
        })
        .await
        .map_err(|s| ApiError::from_status(s, "not found"))?
        .into_inner();
    Ok(Json(Page {
        hits: answer
            .hits
            .into_iter()
            .map(|c| CollectorJson {
                rank: c.rank,
                user_id: c.address,
                display_name: Some(c.display_name).filter(|n| !n.is_empty()),
                stamp_count: c.stamp_count,
                stamp_created_count: c.stamp_created_count,
                floor_valuation: c.floor_valuation,
                last_sale_valuation: c.last_sale_valuation,
                destroyed_count: c.destroyed_count,
                destruction_valuation: c.destruction_valuation,
                stamps: c
                    .stamps
                    .into_iter()
                    .map(|cpid| PreviewJson {
                        url: format!("/s/{cpid}"),
                        cpid,
                    })
                    .collect(),
            })
            .collect(),
        estimated_total_hits: answer.total,
        offset: answer.offset,
        limit: answer.limit,
    }))
}
