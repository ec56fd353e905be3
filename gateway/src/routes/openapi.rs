//! The OpenAPI document of the public API (served at `/api/openapi.json`): generated from the routers' handlers
//! and their parameter structs, amended with what every operation shares, and read by the edge and the answer
//! cache for the query parameters each route declares.

use axum::Json;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app_state::AppState;

/// The document's description, and the error body [`amend`] refers every operation to; its paths, and the
/// schemas they refer to, come from the routers ([`generated`]).
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Stamps API",
        description = "Bitcoin Stamps, Counterparty assets, SRC-20 tokens and collections, as the catalogue \
                       holds them. Quantities are base units and amounts exact decimal strings; money is \
                       satoshis. Lists are paged with exact totals."
    ),
    components(schemas(crate::error::ErrorBody))
)]
pub struct ApiDoc;

/// The document as the routers make it: the operations of [`super::api`] under [`super::API`], and the files' route.
pub fn generated() -> utoipa::openapi::OpenApi {
    let (_, doc) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .nest(super::API, super::api())
        .merge(super::files::router())
        .split_for_parts();
    doc
}

/// The document as served, computed once: the routers' ([`generated`]), with what every operation shares written
/// once here: each parameter's shape where the server refuses others ([`parameter_rule`]; free text may hold
/// anything but a NUL), and the failures any operation may answer, each with the JSON error body: 400 (a parameter
/// it refuses, one it does not declare, a NUL in text), 414 (a target over 8 KiB), 500, 503 (a service down, or
/// the gateway at a limit, with `Retry-After`) and 504 (no answer in time); a live stream also 429 (too many from
/// one address).
pub fn document() -> &'static serde_json::Value {
    static DOCUMENT: std::sync::OnceLock<serde_json::Value> = std::sync::OnceLock::new();
    DOCUMENT.get_or_init(|| {
        let mut doc = serde_json::to_value(generated()).unwrap_or_default();
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
    if let Some(parameters) = operation
        .get_mut("parameters")
        .and_then(serde_json::Value::as_array_mut)
    {
        for parameter in parameters {
            let (Some(name), Some(place)) = (
                parameter["name"].as_str().map(str::to_owned),
                parameter["in"].as_str().map(str::to_owned),
            ) else {
                continue;
            };
            let Some(schema) = parameter
                .get_mut("schema")
                .and_then(serde_json::Value::as_object_mut)
            else {
                continue;
            };
            match parameter_rule(path, &name, &place) {
                Some(rule) => {
                    if let Some(rule) = rule.as_object() {
                        schema.extend(rule.clone());
                    }
                }
                // Free text: anything but a NUL character (refused at the edge).
                None if schema.get("type") == Some(&json!("string")) => {
                    schema.insert("pattern".into(), json!("^[^\\u0000]*$"));
                }
                None => {}
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

/// A cpid: an asset name or long name (what the catalogue accepts).
const CPID: &str = "[A-Za-z0-9._@!-]{1,250}";

/// `^(a|b)(,(a|b))*$`: a comma-separated list of `values`.
fn list_of(values: &[&str]) -> String {
    let one = values.join("|");
    format!("^({one})(,({one}))*$")
}

/// `^(a|b)(:(asc|desc))?$`: one of `values`, ascending or descending.
fn sort_of(values: &[&str]) -> String {
    format!("^({})(:(asc|desc))?$", values.join("|"))
}

const STAMP_TYPES: &[&str] = &[
    "src-721",
    "bmn",
    "png",
    "gif",
    "svg",
    "jpeg",
    "html",
    "other",
    "cursed_stamp",
];
const STAMP_FILTERS: &[&str] = &["on_sale", "locked", "keyburn", "olga", "unique", "burned"];
const STAMP_SORTS: &[&str] = &[
    "stamp",
    "floor_price",
    "total_volume",
    "supply",
    "last_sale",
    "last_sale_price",
    "last_dispenser",
    "stamp_base64_size",
    "dividend_count",
];

/// The shape a parameter must have, where the server refuses others: the values of each list's filters and
/// sorts, identifiers' characters, lists' lengths. None: free text.
fn parameter_rule(path: &str, name: &str, place: &str) -> Option<serde_json::Value> {
    use serde_json::json;
    let pattern = |p: String| Some(json!({ "pattern": p }));
    let under = |prefix: &str| path.starts_with(prefix);
    match (place, name) {
        ("query", "limit") => Some(json!({"minimum": 1, "maximum": super::paging::MAX_LIMIT})),
        ("query", "page") => Some(json!({"minimum": 1, "maximum": 1_000_000_000u64})),
        ("query", "offset") => Some(json!({"minimum": 0, "maximum": i64::MAX})),
        ("path", "size") => Some(json!({
            "minimum": super::assets::SIZES.start(),
            "maximum": super::assets::SIZES.end(),
        })),
        ("path", "cpid") => pattern(format!("^{CPID}$")),
        ("path", "file") => pattern(format!("^{CPID}\\.png$")),
        // A display name, user id or address: some text besides white space, at most 100 characters.
        ("path", "id") if under("/api/profile") => Some(json!({
            "pattern": "^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$",
            "maxLength": 100,
        })),
        ("path", "address") => pattern("^[A-Za-z0-9]{1,100}$".into()),
        ("path", "text") => {
            Some(json!({"pattern": "^[^\\u0000]*$", "minLength": 1, "maxLength": 100}))
        }
        ("query", "addresses") => pattern("^[A-Za-z0-9]{1,100}(,[A-Za-z0-9]{1,100}){0,19}$".into()),
        ("query" | "path", "cpids") => pattern(format!("^{CPID}(,{CPID}){{0,99}}$")),
        ("query", "src721cpids") => {
            let list = format!("\\[(\"{CPID}\"(,\"{CPID}\"){{0,99}})?\\]");
            pattern(format!("^\\[({list}(,{list}){{0,9}})?\\]$"))
        }
        ("query", "rarity") => Some(json!({"enum": [
            "top10", "top100", "top1000", "sub100", "sub1000", "sub10000", "sub100000"
        ]})),
        ("query", "types") if under("/api/src20") => {
            pattern(list_of(&["deploy", "mint", "transfer"]))
        }
        ("query", "types") => pattern(list_of(STAMP_TYPES)),
        ("query", "only") if under("/api/src20") => Some(json!({
            "pattern": list_of(&["valid", "minted_out", "in_progress"]),
            "not": {"pattern": "(minted_out.*in_progress|in_progress.*minted_out)"},
        })),
        ("query", "only") if under("/api/fairminter") => Some(json!({
            "pattern": list_of(&["completed", "in_progress", "limited", "valid"]),
            "not": {"pattern": "(completed.*in_progress|in_progress.*completed)"},
        })),
        ("query", "only") if under("/api/collections") || under("/api/directories") => {
            pattern(list_of(&["launchpad", "src721"]))
        }
        ("query", "only") if under("/api/xcp") => pattern(list_of(&["stamps", "named", "locked"])),
        ("query", "only") => pattern(list_of(STAMP_FILTERS)),
        ("query", "sort") if under("/api/src20") => pattern(sort_of(&[
            "stamp",
            "progress",
            "holdersCount",
            "mintedCount",
            "mintersCount",
        ])),
        ("query", "sort") if under("/api/fairminter") => pattern(sort_of(&[
            "timestamp",
            "progress",
            "holders_count",
            "minted_count",
            "minters_count",
            "last_mint",
            "end_block",
        ])),
        ("query", "sort") if under("/api/collections") || under("/api/directories") => {
            pattern(sort_of(&[
                "trending",
                "lowest_stamp_number",
                "highest_stamp_number",
                "floor_price",
                "total_volume",
                "market_cap",
                "stamp_count",
                "collector_count",
            ]))
        }
        ("query", "sort") if under("/api/xcp/leaderboard") => Some(json!({"enum": [
            "xcp_count", "xcp_created_count", "xcp_destroyed_count"
        ]})),
        ("query", "sort") if under("/api/xcp") => {
            pattern(sort_of(&["block_index", "asset", "supply", "holders"]))
        }
        ("query", "sort") if under("/api/leaderboard") => Some(json!({"enum": [
            "stamp_count", "stamp_created_count", "floor_valuation", "last_sale_valuation",
            "destruction_valuation"
        ]})),
        ("query", "sort") if path.starts_with("/api/search") => {
            let mut sorts = STAMP_SORTS.to_vec();
            sorts.push("rarity_rank");
            pattern(sort_of(&sorts))
        }
        ("query", "sort") => pattern(sort_of(STAMP_SORTS)),
        ("query", "ids") => pattern("^[^,\\u0000]{1,250}(,[^,\\u0000]{1,250}){0,99}$".into()),
        _ => None,
    }
}

/// Whether the document gives `route` an operation for `method` (lowercase: `post`, `put`...).
pub fn declares_method(route: &str, method: &str) -> bool {
    let paths = &document()["paths"];
    paths[route].get(method).is_some()
        || route
            .strip_suffix('/')
            .is_some_and(|r| paths[r].get(method).is_some())
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
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(openapi))
}

#[utoipa::path(
    get,
    path = "/openapi.json",
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
        let doc = serde_json::to_value(generated()).expect("serialises");
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

    #[test]
    fn each_route_declares_the_query_parameters_of_its_structs() {
        let page = ["limit", "offset", "page"];
        let stamps = ["collection", "only", "sort", "types"];
        let finder = ["cpids", "rarity", "src721cpids"];
        let src20 = ["only", "sort", "tick", "types"];
        let collections = ["ids", "only", "sort"];
        let expected: &[(&str, &[&[&str]])] = &[
            ("/api/activity", &[&page, &["addresses"]]),
            ("/api/collection/{id}", &[&["with_stamp_ids"]]),
            ("/api/collection/{id}/burned", &[&page]),
            ("/api/collection/{id}/collectors", &[&page]),
            (
                "/api/collections",
                &[&page, &collections, &["q", "user_id"]],
            ),
            (
                "/api/collections/",
                &[&page, &collections, &["q", "user_id"]],
            ),
            ("/api/collections/featured", &[&page]),
            ("/api/collections/{q}", &[&page, &collections, &["user_id"]]),
            ("/api/directories", &[&page, &collections, &["q"]]),
            ("/api/directories/", &[&page, &collections, &["q"]]),
            ("/api/directories/featured", &[&page]),
            ("/api/directories/{q}", &[&page, &collections]),
            ("/api/fairminter/search", &[&page, &["only", "q", "sort"]]),
            ("/api/fairminter/search/{q}", &[&page, &["only", "sort"]]),
            ("/api/feat", &[&page]),
            ("/api/leaderboard", &[&page, &["project", "sort"]]),
            ("/api/log", &[&["end", "granularity", "origin", "start"]]),
            ("/api/search", &[&page, &stamps, &finder, &["q"]]),
            ("/api/search/{q}", &[&page, &stamps, &finder]),
            ("/api/src20/activity/{address}", &[&page, &src20]),
            ("/api/src20/search", &[&page, &src20, &["q"]]),
            ("/api/src20/search/{q}", &[&page, &src20]),
            ("/api/src20/tick/{tick}/history", &[&page, &src20]),
            ("/api/stamps/creator", &[&page, &stamps, &["addresses"]]),
            (
                "/api/stamps/holders_addresses",
                &[&page, &stamps, &["addresses"]],
            ),
            ("/api/stamps/owner", &[&page, &stamps, &["addresses"]]),
            ("/api/user/wishlist/{user}", &[&page, &stamps]),
            ("/api/xcp/leaderboard", &[&page, &["sort"]]),
            ("/api/xcp/search", &[&page, &["only", "q", "sort", "types"]]),
            ("/api/xcp/search/{q}", &[&page, &["only", "sort", "types"]]),
        ];
        for (route, sets) in expected {
            let mut want: Vec<&str> = sets.iter().flat_map(|set| set.iter().copied()).collect();
            want.sort_unstable();
            let mut got: Vec<&str> = declared_query(route)
                .unwrap_or_else(|| panic!("{route} is not in the document"))
                .iter()
                .map(String::as_str)
                .collect();
            got.sort_unstable();
            assert_eq!(got, want, "{route}");
        }
        let paths = document()["paths"].as_object().expect("paths");
        for (path, item) in paths {
            if !expected.iter().any(|(route, _)| route == path) {
                assert_eq!(
                    declared_query(path).map(<[String]>::len),
                    Some(0),
                    "{path} declares no query parameter"
                );
            }
            assert!(
                item["get"]["parameters"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .all(|p| {
                        let (Some(name), Some(place)) = (p["name"].as_str(), p["in"].as_str())
                        else {
                            return false;
                        };
                        place == "query" || path.contains(&format!("{{{name}}}"))
                    })
            );
        }
        assert!(paths.contains_key("/s/{cpid}") && !paths.contains_key("/api/s/{cpid}"));
        assert!(
            !paths.keys().any(|p| p.ends_with('/')),
            "a trailing-slash alias is no path of its own"
        );
        assert_eq!(declared_query("/api/nope"), None);
    }
}
