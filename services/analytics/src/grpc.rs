//! The gRPC API: the dashboard's figures.

use sqlx::PgPool;
use stamps_proto::analytics::v1 as pb;
use stamps_proto::analytics::v1::analytics_service_server::AnalyticsService;
use stamps_proto::events::ORIGINS;
use tonic::{Request, Response, Status};

use crate::ingest::{DAY_MS, HOUR_MS};
use crate::query::{self, Range};

/// The most buckets one answer holds.
const MAX_BUCKETS: i64 = 3_000;

/// The analytics service's gRPC API.
pub struct AnalyticsGrpc {
    pool: PgPool,
    days: query::Days,
}

impl AnalyticsGrpc {
    /// The API over the service's schema.
    pub fn new(pool: PgPool) -> Self {
        Self {
            pool,
            days: query::Days::default(),
        }
    }
}

/// The request checked into a range.
pub fn range(r: &pb::GetLogRequest) -> Result<Range, Status> {
    let origin = ORIGINS.iter().position(|o| *o == r.origin).ok_or_else(|| {
        Status::invalid_argument(format!("origin: one of {}", ORIGINS.join(", ")))
    })?;
    let size = match pb::Granularity::try_from(r.granularity) {
        Ok(pb::Granularity::Hour) => HOUR_MS,
        Ok(pb::Granularity::Day) => DAY_MS,
        Err(_) => return Err(Status::invalid_argument("granularity: hour or day")),
    };
    if r.start_ms < 0 || r.end_ms <= r.start_ms {
        return Err(Status::invalid_argument(
            "start before end, both at or after 1970",
        ));
    }
    let range = Range::new(origin as i16, r.start_ms, r.end_ms, size, r.top.max(1));
    if (range.end - range.start) / size > MAX_BUCKETS {
        return Err(Status::invalid_argument(format!(
            "at most {MAX_BUCKETS} buckets"
        )));
    }
    Ok(range)
}

#[tonic::async_trait]
impl AnalyticsService for AnalyticsGrpc {
    async fn get_log(
        &self,
        request: Request<pb::GetLogRequest>,
    ) -> Result<Response<pb::Log>, Status> {
        let request = request.into_inner();
        let range = range(&request)?;
        let log = self.days.log(&self.pool, range).await.map_err(|e| {
            tracing::error!(error = %e, "reading the rollups failed");
            Status::internal("reading the rollups failed")
        })?;
        Ok(Response::new(pb::Log {
            origin: request.origin,
            ..(*log).clone()
        }))
    }
}
