//! Where the site and the wallet app are reached, as the gateway is configured: the origins the wallet app may be
//! framed by, and the wallet app's own.

use axum::Json;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app_state::AppState;
use crate::routes::account::no_store;

/// The site's origins and the wallet app's.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[schema(as = Origins)]
pub struct Origins {
    /// The site's origins (`scheme://host[:port]`), the only ones that may frame the wallet app.
    pub site: Vec<String>,
    /// The wallet app's origin, when it is served.
    pub wallet: Option<String>,
}

impl Origins {
    /// Every origin the product is reached at: the site's, then the wallet app's.
    pub fn all(&self) -> Vec<String> {
        self.site.iter().chain(&self.wallet).cloned().collect()
    }
}

/// The route.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(origins))
}

#[utoipa::path(
    get,
    path = "/origins",
    tag = "buying",
    responses((status = 200, description = "the site's origins and the wallet app's", body = Origins))
)]
pub(crate) async fn origins(State(state): State<AppState>) -> Response {
    no_store(Json(state.origins.clone()).into_response())
}
