//! `/api/autocomplete/{text}`: what the header's search overlay shows while typing, grouped.

use axum::Json;
use axum::extract::{Path, State};
use serde::Serialize;
use stamps_proto::catalogue::v1::AutocompleteRequest;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app_state::AppState;
use crate::error::ApiError;

/// The autocomplete route.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(autocomplete))
}

/// The groups, in the spec's names; each holds a few hits, exact matches first.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Autocomplete)]
#[serde(rename_all = "camelCase")]
pub struct AutocompleteJson {
    stamp_hits: Vec<StampHitJson>,
    src20_hits: Vec<Src20HitJson>,
    collection_hits: Vec<CollectionHitJson>,
    leaderboard_hits: Vec<UserHitJson>,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = StampHit)]
struct StampHitJson {
    stamp: i64,
    cpid: String,
    asset_longname: Option<String>,
    stamp_url: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Src20Hit)]
struct Src20HitJson {
    tick: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = CollectionHit)]
struct CollectionHitJson {
    collection_id: String,
    name: String,
    icon_id: Option<String>,
    stamp_ids: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = UserHit)]
struct UserHitJson {
    user_id: String,
    display_name: Option<String>,
}

#[utoipa::path(
    get,
    path = "/autocomplete/{text}",
    tag = "search",
    params(("text" = String, Path, description = "what was typed (at most 100 characters)")),
    responses((status = 200, description = "a few hits per group, exact matches first", body = AutocompleteJson))
)]
pub(crate) async fn autocomplete(
    State(state): State<AppState>,
    Path(text): Path<String>,
) -> Result<Json<AutocompleteJson>, ApiError> {
    let mut catalogue = state.catalogue.clone();
    let a = catalogue
        .autocomplete(AutocompleteRequest { text })
        .await?
        .into_inner();
    Ok(Json(AutocompleteJson {
        stamp_hits: a
            .stamps
            .into_iter()
            .map(|s| StampHitJson {
                stamp_url: format!("/s/{}", s.cpid),
                stamp: s.stamp,
                cpid: s.cpid,
                asset_longname: Some(s.asset_longname).filter(|l| !l.is_empty()),
            })
            .collect(),
        src20_hits: a
            .src20_ticks
            .into_iter()
            .map(|tick| Src20HitJson { tick })
            .collect(),
        collection_hits: a
            .collections
            .into_iter()
            .map(|c| CollectionHitJson {
                icon_id: c.stamp_ids.first().cloned(),
                collection_id: c.collection_id,
                name: c.name,
                stamp_ids: c.stamp_ids,
            })
            .collect(),
        leaderboard_hits: a
            .users
            .into_iter()
            .map(|u| UserHitJson {
                user_id: u.user_id,
                display_name: Some(u.display_name).filter(|n| !n.is_empty()),
            })
            .collect(),
    }))
}
