//! The gRPC API: the current records.

use stamps_proto::fees::v1 as pb;
use stamps_proto::fees::v1::fees_service_server::FeesService;
use tonic::{Request, Response, Status};

use crate::oracle::Current;

/// The fee oracle's gRPC API.
pub struct FeesGrpc {
    current: Current,
}

impl FeesGrpc {
    /// The API over the oracle's current records.
    pub fn new(current: Current) -> Self {
        Self { current }
    }
}

#[tonic::async_trait]
impl FeesService for FeesGrpc {
    async fn get_fees(
        &self,
        _: Request<pb::GetFeesRequest>,
    ) -> Result<Response<pb::FeeRecord>, Status> {
        self.current
            .fees()
            .map(Response::new)
            .ok_or_else(|| Status::unavailable("no fee rates read yet"))
    }

    async fn get_prices(
        &self,
        _: Request<pb::GetPricesRequest>,
    ) -> Result<Response<pb::PriceRecord>, Status> {
        self.current
            .prices()
            .map(Response::new)
            .ok_or_else(|| Status::unavailable("no prices read yet"))
    }
}
