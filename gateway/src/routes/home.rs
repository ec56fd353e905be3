//! The home page's lists (`/api/home`): the curated banners, featured collections and launchpads, and the lists
//! drawn from the chain.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use stamps_proto::catalogue::v1::{GetHomeRequest, SearchCollectionsRequest};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app_state::AppState;
use crate::error::{ApiError, ErrorBody};
use crate::routes::stamps::StampJson;

/// Launchpads the home page lists.
const HOME_LAUNCHPADS: u32 = 20;
/// SRC-721 collections the home page lists: it shows 10, and a see-all link when there are more.
const HOME_SRC721_COLLECTIONS: u32 = 11;

/// The home route.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(home))
}

/// The home response, in the spec's names.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Home)]
#[serde(rename_all = "camelCase")]
pub struct HomeJson {
    /// The curated top banners.
    main_banner: Vec<crate::routes::curation::BannerJson>,
    /// The curated featured collections.
    featured: Vec<crate::routes::collections::CollectionJson>,
    /// The launchpad collections and directories, highest stamp numbers first (at most 20).
    launchpads: Vec<crate::routes::collections::CollectionJson>,
    last_sales: Vec<SaleJson>,
    new_dispenser: Vec<DispenserJson>,
    /// SRC-721 collections, trending first (at most 11: more than 10 means there are more to see).
    src721_collections: Vec<crate::routes::collections::CollectionJson>,
    src721: Vec<StampJson>,
    classic: Vec<StampJson>,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = HomeSale)]
struct SaleJson {
    cpid: String,
    stamp: i64,
    stamp_url: String,
    tx_hash: String,
    timestamp: u64,
    destination: String,
    quantity: String,
    btc_amount: u64,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = HomeDispenser)]
struct DispenserJson {
    cpid: String,
    stamp: i64,
    stamp_url: String,
    tx_hash: String,
    timestamp: u64,
    source: String,
    give_quantity: String,
    give_remaining: String,
    satoshi_price: u64,
}

#[utoipa::path(
    get,
    path = "/home",
    tag = "home",
    responses(
        (status = 200, description = "the home page's curated and chain lists", body = HomeJson),
        (status = 503, description = "a dependency is down", body = ErrorBody),
    )
)]
pub(crate) async fn home(State(state): State<AppState>) -> Result<Json<HomeJson>, ApiError> {
    let mut catalogue = state.catalogue.clone();
    let h = catalogue.get_home(GetHomeRequest {}).await?.into_inner();
    let collections =
        |only: &'static str, sort: &'static str, limit: u32, user_id: &'static str| {
            let mut catalogue = state.catalogue.clone();
            async move {
                let answer = catalogue
                    .search_collections(SearchCollectionsRequest {
                        only: only.into(),
                        sort: sort.into(),
                        limit,
                        user_id: user_id.into(),
                        ..SearchCollectionsRequest::default()
                    })
                    .await?;
                Ok::<_, ApiError>(
                    answer
                        .into_inner()
                        .hits
                        .into_iter()
                        .map(crate::routes::collections::CollectionJson::from)
                        .collect::<Vec<_>>(),
                )
            }
        };
    // The launchpads of users' collections and of the staff directories, together.
    let (main_banner, featured, mut launchpads, directory_launchpads, src721_collections) = tokio::try_join!(
        crate::routes::curation::banners(&state),
        crate::routes::curation::featured_cards(&state, false),
        collections(
            "launchpad",
            "highest_stamp_number:desc",
            HOME_LAUNCHPADS,
            ""
        ),
        collections(
            "launchpad",
            "highest_stamp_number:desc",
            HOME_LAUNCHPADS,
            crate::routes::collections::NETWORK_OWNER
        ),
        collections("src721", "trending:desc", HOME_SRC721_COLLECTIONS, ""),
    )?;
    launchpads.extend(directory_launchpads);
    launchpads.sort_by_key(|c| std::cmp::Reverse(c.highest_stamp_number));
    launchpads.truncate(HOME_LAUNCHPADS as usize);
    Ok(Json(HomeJson {
        main_banner,
        featured,
        launchpads,
        last_sales: h
            .last_sales
            .into_iter()
            .map(|s| SaleJson {
                stamp_url: format!("/s/{}", s.cpid),
                cpid: s.cpid,
                stamp: s.stamp,
                tx_hash: s.tx_hash,
                timestamp: s.block_time,
                destination: s.destination,
                quantity: s.quantity,
                btc_amount: s.btc_amount,
            })
            .collect(),
        new_dispenser: h
            .new_dispensers
            .into_iter()
            .map(|d| DispenserJson {
                stamp_url: format!("/s/{}", d.cpid),
                cpid: d.cpid,
                stamp: d.stamp,
                tx_hash: d.tx_hash,
                timestamp: d.block_time,
                source: d.source,
                give_quantity: d.give_quantity,
                give_remaining: d.give_remaining,
                satoshi_price: d.satoshirate,
            })
            .collect(),
        src721_collections,
        src721: h.src721.into_iter().map(StampJson::from).collect(),
        classic: h.classic.into_iter().map(StampJson::from).collect(),
    }))
}
