//! The collectors ranking (`/api/leaderboard`, 20 per page by default) and its query parameters.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use stamps_proto::catalogue::v1::LeaderboardRequest;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app_state::AppState;
use crate::error::ApiError;
use crate::routes::paging::{Page, PageQuery};
use crate::routes::query::ApiQuery;

/// The leaderboard's page size.
pub const DEFAULT_LIMIT: u32 = 20;

/// The leaderboard route.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(leaderboard))
}

/// The leaderboard's order, and the project it is of.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LeaderboardQuery {
    #[doc = "stamp_count, stamp_created_count, floor_valuation, last_sale_valuation or destruction_valuation \
             (with a project, entries rank by stamp_count)"]
    pub sort: Option<String>,
    /// a collection id: only its stamps count
    pub project: Option<String>,
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

#[utoipa::path(
    get,
    path = "/leaderboard",
    tag = "profiles",
    params(LeaderboardQuery, PageQuery),
    responses((status = 200, description = "collectors, 20 per page", body = Page<CollectorJson>))
)]
pub(crate) async fn leaderboard(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<LeaderboardQuery>,
    ApiQuery(page): ApiQuery<PageQuery>,
) -> Result<Json<Page<CollectorJson>>, ApiError> {
    let page = page.paging(DEFAULT_LIMIT)?;
    let mut catalogue = state.catalogue.clone();
    let answer = catalogue
        .leaderboard(LeaderboardRequest {
            sort: query.sort.unwrap_or_default(),
            project: query.project.unwrap_or_default(),
            offset: page.offset,
            limit: page.limit,
        })
        .await?
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
