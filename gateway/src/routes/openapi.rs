//! `/api/openapi.json`: the OpenAPI document of the public API, generated from the handlers' annotations.

use axum::routing::get;
use axum::{Json, Router};
use utoipa::OpenApi;

use crate::state::AppState;

/// The public API's OpenAPI document.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Stamps API",
        description = "Bitcoin Stamps, Counterparty assets, SRC-20 tokens and collections, as the catalogue \
                       holds them. Quantities are base units and amounts exact decimal strings; money is \
                       satoshis. Lists are paged with exact totals."
    ),
    paths(
        super::stamps::search_all,
        super::stamps::search_q,
        super::detail::detail,
        super::detail::asset,
        super::xcp::search_all,
        super::xcp::search_q,
        super::xcp::projects,
        super::xcp::leaderboard,
        super::stamps::held,
        super::stamps::created,
        super::stamps::owned,
        super::stamps::wishlist,
        super::profile::activity,
        super::src20::search_all,
        super::src20::search_q,
        super::src20::tick,
        super::src20::history,
        super::src20::activity,
        super::src20::trending,
        super::autocomplete::autocomplete,
        super::fairminters::search_all,
        super::fairminters::search_q,
        super::leaderboard::leaderboard,
        super::home::home,
        super::profile::profile,
        super::collections::search_all,
        super::collections::search_q,
        super::collections::directories_all,
        super::collections::directories_q,
        super::collections::collection,
        super::collections::collectors,
        super::collections::burned,
        super::collections::layers,
        super::launchpads::launchpad,
        super::launchpads::odds_config,
        super::preview::preview,
        super::collections::src721,
        super::curation::announcement,
        super::curation::featured,
        super::curation::featured_directories,
        super::curation::feat,
        super::curation::advent,
        super::assets::resize,
        super::assets::share,
        super::realtime::realtime,
        super::realtime::src20_holders,
        super::files::file,
        openapi,
    ),
    components(schemas(
        crate::error::ErrorBody,
        super::stamps::StampJson,
        super::detail::DetailJson,
        super::detail::AssetDetailJson,
        super::xcp::XcpAssetJson,
        super::xcp::ProjectsJson,
        super::xcp::XcpCollectorJson,
        super::src20::Src20Json,
        super::src20::TickJson,
        super::src20::TrendingJson,
        super::autocomplete::AutocompleteJson,
        super::fairminters::FairminterJson,
        super::leaderboard::CollectorJson,
        super::home::HomeJson,
        super::profile::ProfileJson,
        super::profile::ActivityJson,
        super::collections::CollectionJson,
        super::collections::PersonJson,
        super::collections::Src721Json,
        super::collections::LayersJson,
        super::launchpads::LaunchpadJson,
        super::launchpads::OddsJson,
        super::preview::PreviewJson,
        super::curation::BannerJson,
        super::curation::AnnouncementJson,
        super::curation::FeatJson,
    ))
)]
pub struct ApiDoc;

/// The document as served: the handlers' annotations, with what every operation shares written once here: the
/// bounds of the shared paging parameters (`limit` 1 to 100, `page` from 1, `offset` from 0) and of an image
/// `size` (8 to 1280), and the failures any operation may answer, each with the JSON error body: 400 (a
/// parameter it refuses, one it does not declare, a NUL in text), 414 (a target over 8 KiB), 500, 503 (a service
/// down, or the gateway at a limit, with `Retry-After`) and 504 (no answer in time); a live stream also 429 (too
/// many from one address).
pub fn document() -> &'static serde_json::Value {
    static DOCUMENT: std::sync::OnceLock<serde_json::Value> = std::sync::OnceLock::new();
    DOCUMENT.get_or_init(|| {
        let mut doc = serde_json::to_value(ApiDoc::openapi()).unwrap_or_default();
        if let Some(paths) = doc["paths"].as_object_mut() {
            for (path, item) in paths.iter_mut() {
                let Some(item) = item.as_object_mut() else {
                    continue;
                };
                for operation in item.values_mut() {
                    amend(path, operation);
                }
            }
        }
        doc
    })
}

fn amend(path: &str, operation: &mut serde_json::Value) {
    use serde_json::json;
    if let Some(parameters) = operation["parameters"].as_array_mut() {
        for parameter in parameters {
            let bounds = match (parameter["name"].as_str(), parameter["in"].as_str()) {
                (Some("limit"), Some("query")) => {
                    json!({"minimum": 1, "maximum": super::paging::MAX_LIMIT})
                }
                (Some("page"), Some("query")) => json!({"minimum": 1, "maximum": 1_000_000_000u64}),
                (Some("offset"), Some("query")) => json!({"minimum": 0, "maximum": i64::MAX}),
                (Some("size"), Some("path")) => json!({
                    "minimum": super::assets::SIZES.start(),
                    "maximum": super::assets::SIZES.end(),
                }),
                _ => continue,
            };
            if let (Some(schema), Some(bounds)) =
                (parameter["schema"].as_object_mut(), bounds.as_object())
            {
                schema.extend(bounds.clone());
            }
        }
    }
    let error = |description: &str| {
        json!({
            "description": description,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}},
        })
    };
    let retry =
        json!({"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}});
    let mut shared = vec![
        ("400", error("bad input: the message names the parameter")),
        ("414", error("the request's address is longer than 8 KiB")),
        (
            "500",
            error("internal error (details are logged, never returned)"),
        ),
        ("503", {
            let mut busy =
                error("a service is down, or the gateway is at a limit (image work, live streams)");
            busy["headers"] = retry.clone();
            busy
        }),
        ("504", error("no answer in time")),
    ];
    if path.contains("/realtime") {
        let mut many = error("too many live streams are open from this address");
        many["headers"] = retry;
        shared.push(("429", many));
    }
    let Some(responses) = operation["responses"].as_object_mut() else {
        return;
    };
    for (status, response) in shared {
        responses.entry(status).or_insert(response);
    }
}

/// The query parameters each operation declares, by route (`/api/stamp/{cpid}`, as the router matches it); None
/// for a route the document does not have. The edge refuses others, and the answer cache keys on these alone.
pub fn declared_query(route: &str) -> Option<&'static [String]> {
    static DECLARED: std::sync::OnceLock<std::collections::HashMap<String, Vec<String>>> =
        std::sync::OnceLock::new();
    let declared = DECLARED.get_or_init(|| {
        let paths = document()["paths"].as_object().cloned().unwrap_or_default();
        paths
            .into_iter()
            .map(|(path, item)| {
                let names = item["get"]["parameters"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter(|p| p["in"] == "query")
                    .filter_map(|p| p["name"].as_str().map(str::to_owned))
                    .collect();
                (path, names)
            })
            .collect()
    });
    declared
        .get(route)
        // A route also served with a trailing slash declares what the route without it does.
        .or_else(|| declared.get(route.strip_suffix('/')?))
        .map(Vec::as_slice)
}

/// The OpenAPI route.
pub fn router() -> Router<AppState> {
    Router::new().route("/openapi.json", get(openapi))
}

#[utoipa::path(
    get,
    path = "/api/openapi.json",
    tag = "meta",
    responses((status = 200, description = "this document", content_type = "application/json"))
)]
pub(crate) async fn openapi() -> Json<&'static serde_json::Value> {
    Json(document())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `$ref` in `v`.
    fn refs(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, v) in m {
                    match (k.as_str(), v) {
                        ("$ref", serde_json::Value::String(r)) => out.push(r.clone()),
                        _ => refs(v, out),
                    }
                }
            }
            serde_json::Value::Array(a) => a.iter().for_each(|v| refs(v, out)),
            _ => {}
        }
    }

    #[test]
    fn the_document_lists_every_route_and_every_reference_resolves() {
        let doc = serde_json::to_value(ApiDoc::openapi()).expect("serialises");
        let paths: Vec<&str> = doc["paths"]
            .as_object()
            .expect("paths")
            .keys()
            .map(String::as_str)
            .collect();
        for route in [
            "/api/search",
            "/api/search/{q}",
            "/api/stamp/{cpid}",
            "/api/asset/{cpid}",
            "/api/xcp/search",
            "/api/xcp/projects",
            "/api/stamps/holders_addresses",
            "/api/stamps/creator",
            "/api/stamps/owner",
            "/api/src20/search",
            "/api/src20/search/{q}",
            "/api/src20/tick/{tick}",
            "/api/src20/tick/{tick}/history",
            "/api/src20/activity/{address}",
            "/api/src20/trending",
            "/api/autocomplete/{text}",
            "/api/fairminter/search",
            "/api/fairminter/search/{q}",
            "/api/leaderboard",
            "/api/home",
            "/api/profile/{id}",
            "/api/activity",
            "/api/user/wishlist/{user}",
            "/api/realtime",
            "/api/openapi.json",
            "/s/{cpid}",
        ] {
            assert!(paths.contains(&route), "{route} missing from {paths:?}");
            assert!(doc["paths"][route]["get"].is_object(), "{route} has no GET");
        }
        let mut found = Vec::new();
        refs(&doc, &mut found);
        assert!(!found.is_empty());
        for r in found {
            let name = r
                .strip_prefix("#/components/schemas/")
                .unwrap_or_else(|| panic!("unexpected reference {r}"));
            assert!(
                doc["components"]["schemas"][name].is_object(),
                "{r} does not resolve"
            );
        }
    }
}
