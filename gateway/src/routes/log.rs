//! `GET /api/log`: the request figures of one of the four apps over a range, by hour or by day, for the staff's
//! dashboard (`/kpi`). Staff only: 401 without a session, 403 for a user without the staff role. Answers are
//! the analytics service's (its rollups), never kept.

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use stamps_proto::analytics::v1 as pb;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app_state::AppState;
use crate::error::{ApiError, ErrorBody};
use crate::requests::ORIGINS;
use crate::routes::account::no_store;
use crate::routes::query::ApiQuery;

/// The text of a request from a user without the staff role.
pub const STAFF_ONLY: &str = "Staff only";
/// The top lists' length (spec: top lists of 20).
pub const TOP: u32 = 20;
/// The longest range by hour: 92 days (2,208 buckets).
const MAX_HOURLY_MS: i64 = 92 * 86_400_000;
/// The longest range by day: 2 years.
const MAX_DAILY_MS: i64 = 2 * 366 * 86_400_000;

/// The route.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(log))
}

/// Which figures.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LogQuery {
    /// stamps, stamps-wallet, xcp or xcp-wallet
    pub origin: String,
    /// the range's start, Unix milliseconds (included)
    pub start: i64,
    /// the range's end, Unix milliseconds (excluded)
    pub end: i64,
    /// hour (the default) or day
    pub granularity: Option<String>,
}

/// Latency percentiles, in microseconds.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = LogBucket)]
pub struct BucketJson {
    /// The bucket's start, Unix milliseconds.
    time: i64,
    requests: u64,
    /// Distinct visitors within the bucket.
    visitors: u64,
    /// Requests from phones and tablets.
    mobile: u64,
    #[serde(rename = "p50Us")]
    p50_us: u32,
    #[serde(rename = "p90Us")]
    p90_us: u32,
    #[serde(rename = "p99Us")]
    p99_us: u32,
}

/// The range's totals.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = LogTotals)]
pub struct TotalsJson {
    requests: u64,
    mobile: u64,
    #[serde(rename = "p50Us")]
    p50_us: u32,
    #[serde(rename = "p90Us")]
    p90_us: u32,
    #[serde(rename = "p99Us")]
    p99_us: u32,
}

/// A path of the top list.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = LogTopPath)]
pub struct TopPathJson {
    path: String,
    requests: u64,
}

/// A URL of the top list.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = LogTopUrl)]
pub struct TopUrlJson {
    url: String,
    requests: u64,
}

/// The figures of one app over a range.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Log)]
pub struct LogJson {
    origin: String,
    /// hour or day
    granularity: String,
    /// The range snapped outwards to whole buckets, Unix milliseconds.
    start: i64,
    end: i64,
    /// One bucket per hour or day (UTC), the oldest first, empty ones included.
    series: Vec<BucketJson>,
    totals: TotalsJson,
    /// The 20 most requested paths.
    #[serde(rename = "topPaths")]
    top_paths: Vec<TopPathJson>,
    /// The 20 most requested URLs.
    #[serde(rename = "topUrls")]
    top_urls: Vec<TopUrlJson>,
}

fn latency(l: Option<pb::Latency>) -> (u32, u32, u32) {
    l.map_or((0, 0, 0), |l| (l.p50_us, l.p90_us, l.p99_us))
}

impl From<pb::Log> for LogJson {
    fn from(log: pb::Log) -> Self {
        let (p50_us, p90_us, p99_us) = latency(log.latency);
        Self {
            granularity: match log.granularity() {
                pb::Granularity::Hour => "hour",
                pb::Granularity::Day => "day",
            }
            .to_owned(),
            origin: log.origin,
            start: log.start_ms,
            end: log.end_ms,
            series: log
                .series
                .into_iter()
                .map(|b| {
                    let (p50_us, p90_us, p99_us) = latency(b.latency);
                    BucketJson {
                        time: b.time_ms,
                        requests: b.requests,
                        visitors: b.visitors,
                        mobile: b.mobile,
                        p50_us,
                        p90_us,
                        p99_us,
                    }
                })
                .collect(),
            totals: TotalsJson {
                requests: log.requests,
                mobile: log.mobile,
                p50_us,
                p90_us,
                p99_us,
            },
            top_paths: log
                .top_paths
                .into_iter()
                .map(|t| TopPathJson {
                    path: t.key,
                    requests: t.requests,
                })
                .collect(),
            top_urls: log
                .top_urls
                .into_iter()
                .map(|t| TopUrlJson {
                    url: t.key,
                    requests: t.requests,
                })
                .collect(),
        }
    }
}

/// The request checked: the origin, the range and the granularity.
fn checked(q: &LogQuery) -> Result<pb::GetLogRequest, ApiError> {
    if !ORIGINS.contains(&q.origin.as_str()) {
        return Err(ApiError::BadRequest(format!(
            "origin: one of {}",
            ORIGINS.join(", ")
        )));
    }
    let (granularity, longest) = match q.granularity.as_deref().unwrap_or("hour") {
        "hour" => (pb::Granularity::Hour, MAX_HOURLY_MS),
        "day" => (pb::Granularity::Day, MAX_DAILY_MS),
        _ => return Err(ApiError::BadRequest("granularity: hour or day".into())),
    };
    if q.start < 0 || q.end <= q.start {
        return Err(ApiError::BadRequest(
            "start and end: Unix milliseconds, start before end".into(),
        ));
    }
    if q.end - q.start > longest {
        return Err(ApiError::BadRequest(format!(
            "the range is too long for granularity {}: at most {} days",
            q.granularity.as_deref().unwrap_or("hour"),
            longest / 86_400_000
        )));
    }
    Ok(pb::GetLogRequest {
        origin: q.origin.clone(),
        start_ms: q.start,
        end_ms: q.end,
        granularity: granularity.into(),
        top: TOP,
    })
}

#[utoipa::path(
    get,
    path = "/log",
    tag = "analytics",
    params(LogQuery),
    responses(
        (status = 200, description = "the app's request figures over the range", body = LogJson),
        (status = 400, description = "a bad origin, range or granularity", body = ErrorBody),
        (status = 401, description = "not signed in", body = ErrorBody),
        (status = 403, description = "not staff", body = ErrorBody),
        (status = 503, description = "no analytics service", body = ErrorBody),
    )
)]
pub(crate) async fn log(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiQuery(query): ApiQuery<LogQuery>,
) -> Result<Response, ApiError> {
    let session_token = crate::session::token(&headers);
    if session_token.is_empty() {
        return Err(ApiError::Unauthorized(
            crate::routes::account::SIGNED_OUT.into(),
        ));
    }
    let user = crate::routes::account::kept_user(&state, &session_token).await?;
    if !user.user.staff {
        return Err(ApiError::Forbidden(STAFF_ONLY.into()));
    }
    let request = checked(&query)?;
    let Some(analytics) = &state.analytics else {
        return Err(ApiError::Unavailable("no analytics service".into()));
    };
    let log = analytics.clone().get_log(request).await?.into_inner();
    Ok(no_store(Json(LogJson::from(log)).into_response()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(origin: &str, start: i64, end: i64, granularity: Option<&str>) -> LogQuery {
        LogQuery {
            origin: origin.into(),
            start,
            end,
            granularity: granularity.map(str::to_owned),
        }
    }

    #[test]
    fn only_the_four_origins_and_sane_ranges_pass() {
        let day = 86_400_000;
        let ok = checked(&query("stamps", 0, 7 * day, None)).expect("a week by hour");
        assert_eq!(ok.granularity(), pb::Granularity::Hour);
        assert_eq!(ok.top, 20);
        assert!(checked(&query("xcp-wallet", 0, day, Some("day"))).is_ok());
        assert!(checked(&query("example.com", 0, day, None)).is_err());
        assert!(checked(&query("stamps", day, day, None)).is_err());
        assert!(checked(&query("stamps", -5, day, None)).is_err());
        assert!(checked(&query("stamps", 0, day, Some("minute"))).is_err());
        assert!(checked(&query("stamps", 0, 93 * day, Some("hour"))).is_err());
        assert!(checked(&query("stamps", 0, 93 * day, Some("day"))).is_ok());
    }
}
