//! Server-Sent Events: the live values of the `realtime` key-value bucket (`/api/realtime`: `cpVersion` and what
//! other services publish there, every key's current value first, then each change, one event per value named
//! after its key with the JSON value as data), and one address's SRC-20 balances, now and whenever the
//! catalogue's version moves and they changed (`/api/realtime/src20/holders/{address}`).

use std::convert::Infallible;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use async_nats::jetstream::kv::Operation;
use axum::Extension;
use axum::extract::{ConnectInfo, Path, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use futures::{Stream, StreamExt};
use stamps_proto::catalogue::v1::AddressesRequest;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app_state::AppState;
use crate::error::{ApiError, ErrorBody};

/// The realtime routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(realtime))
        .routes(routes!(src20_holders))
}

#[utoipa::path(
    get,
    path = "/realtime",
    tag = "realtime",
    responses((
        status = 200,
        description = "Server-Sent Events: one per live value, named after its key, with its JSON value as data; \
                       current values first",
        content_type = "text/event-stream",
        body = String,
    ))
)]
pub(crate) async fn realtime(
    State(state): State<AppState>,
    client: Option<Extension<ConnectInfo<SocketAddr>>>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let slot = state.limits.streams.open(client_ip(client))?;
    let kv = state
        .nats
        .realtime()
        .await
        .map_err(|e| ApiError::Unavailable(format!("realtime values: {e}")))?;
    let watch = kv
        .watch_with_history(">")
        .await
        .map_err(|e| ApiError::Unavailable(format!("realtime values: {e}")))?;
    let events = watch
        .filter_map(|entry| async move {
            let entry = entry.ok()?;
            if entry.operation != Operation::Put {
                return None;
            }
            let data = String::from_utf8(entry.value.to_vec()).ok()?;
            Some(Ok(Event::default().event(entry.key).data(data)))
        })
        // The stream holds its slot until it ends.
        .map(move |event| {
            let _held = &slot;
            event
        })
        // Long-lived responses end when the gateway stops, so that its graceful shutdown does not wait on them.
        .take_until(state.closing.clone().cancelled_owned());
    Ok(Sse::new(events).keep_alive(KeepAlive::default()))
}

/// One SRC-20 balance of an address.
#[derive(Debug, PartialEq, Eq, serde::Serialize)]
struct HoldingJson {
    tick: String,
    balance: String,
}

#[utoipa::path(
    get,
    path = "/realtime/src20/holders/{address}",
    tag = "realtime",
    params(("address" = String, Path, description = "an address")),
    responses(
        (
            status = 200,
            description = "Server-Sent Events named src20/holders/{address}, each the address's positive SRC-20 \
                           balances [{tick, balance}]: the current ones first, then each change",
            content_type = "text/event-stream",
            body = String,
        ),
        (status = 400, description = "not an address", body = ErrorBody),
    )
)]
pub(crate) async fn src20_holders(
    State(state): State<AppState>,
    client: Option<Extension<ConnectInfo<SocketAddr>>>,
    Path(address): Path<String>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    if address.is_empty()
        || address.len() > 100
        || !address.bytes().all(|b| b.is_ascii_alphanumeric())
    {
        return Err(ApiError::BadRequest(format!(
            "{address:?} is not an address"
        )));
    }
    let slot = state.limits.streams.open(client_ip(client))?;
    let name = format!("src20/holders/{address}");
    let closing = state.closing.clone();
    // The state carried from event to event: the catalogue's version receiver (whose last seen version is
    // the one the balances were read at), the balances last sent, and whether this is the first reading.
    let start = (state.versions.clone(), None::<String>, true);
    let stream = futures::stream::unfold(start, move |(mut versions, last, first)| {
        let (state, address, name) = (state.clone(), address.clone(), name.clone());
        async move {
            let mut last = last;
            let mut first = first;
            loop {
                if !first {
                    versions.changed().await.ok()?;
                }
                first = false;
                versions.borrow_and_update();
                let mut catalogue = state.catalogue.clone();
                let Ok(answer) = catalogue
                    .src20_balances(AddressesRequest {
                        addresses: vec![address.clone()],
                    })
                    .await
                else {
                    // The catalogue did not answer: the next version tries again.
                    continue;
                };
                let holdings: Vec<HoldingJson> = answer
                    .into_inner()
                    .balances
                    .into_iter()
                    .map(|b| HoldingJson {
                        tick: b.tick,
                        balance: b.balance,
                    })
                    .collect();
                let data = serde_json::to_string(&holdings).unwrap_or_else(|_| "[]".into());
                if last.as_deref() == Some(data.as_str()) {
                    continue;
                }
                last = Some(data.clone());
                let event = Event::default().event(name).data(data);
                return Some((Ok(event), (versions, last, false)));
            }
        }
    });
    let stream = stream.map(move |event| {
        let _held = &slot;
        event
    });
    Ok(Sse::new(stream.take_until(closing.cancelled_owned())).keep_alive(KeepAlive::default()))
}

/// The address a request came from (unspecified when served without a connection, as in tests).
fn client_ip(client: Option<Extension<ConnectInfo<SocketAddr>>>) -> IpAddr {
    client.map_or(
        IpAddr::V4(Ipv4Addr::UNSPECIFIED),
        |Extension(ConnectInfo(addr))| addr.ip(),
    )
}
