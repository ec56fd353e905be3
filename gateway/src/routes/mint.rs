//! Minting through the wallet service: a fairmint, an SRC-20 operation, a launchpad mint and a new stamp for a
//! signed-in user's own address, each answered as unsigned PSBTs (the buying answer's shape) or a 400 with the
//! text to show; the whitelist check (kept 5 seconds) and the promotion's mints left.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use base64::Engine;
use serde::{Deserialize, Serialize};
use stamps_proto::wallet::v1 as pb;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app_state::AppState;
use crate::error::{ApiError, ErrorBody};
use crate::routes::account::{body, no_store, user_addresses};
use crate::routes::wallet::{BuiltJson, built_json, fee_rate};

/// How long a whitelist answer is kept.
pub const WHITELIST_KEPT: Duration = Duration::from_secs(5);
/// Whitelist answers kept at most.
const WHITELIST_ENTRIES: usize = 10_000;

/// A kept whitelist answer: when it was asked, and the answer.
type KeptWhitelist = (Instant, Arc<WhitelistJson>);

/// Whitelist answers by (collection, address).
#[derive(Clone)]
pub struct Whitelists(Arc<quick_cache::sync::Cache<(String, String), KeptWhitelist>>);

impl Default for Whitelists {
    fn default() -> Self {
        Self(Arc::new(quick_cache::sync::Cache::new(WHITELIST_ENTRIES)))
    }
}

/// The mint routes (they follow the user, the clock and the mempool: never kept by the answer cache).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_fairmint))
        .routes(routes!(create_src20))
        .routes(routes!(create_launchpad))
        .routes(routes!(create_stamp))
        .routes(routes!(create_send))
        .routes(routes!(create_move))
        .routes(routes!(whitelist))
        .routes(routes!(promo))
}

/// Built mints: the transactions and what they create.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = MintAnswer)]
struct MintJson {
    result: BuiltJson,
    /// The assets or tick each transaction creates or mints, in order.
    assets: Vec<String>,
}

/// The signed-in user's address `source`, or 401/403.
async fn source_of(
    state: &AppState,
    headers: &HeaderMap,
    source: &str,
) -> Result<String, ApiError> {
    let addresses = user_addresses(state, headers).await?;
    let source = source.trim();
    if source.is_empty() {
        return Err(ApiError::BadRequest("Source is required".into()));
    }
    if !addresses.iter().any(|a| a == source) {
        return Err(ApiError::Forbidden(
            "source: not one of your addresses".into(),
        ));
    }
    Ok(source.to_owned())
}

fn answered(r: pb::CreateMintResponse) -> Response {
    no_store(
        Json(MintJson {
            result: built_json(r.txs, r.fee_rate),
            assets: r.assets,
        })
        .into_response(),
    )
}

/// A fairmint to build.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = CreateFairmint)]
struct FairmintBody {
    source: String,
    /// The fairminter's asset.
    asset: String,
    /// Base units, a whole number of lots (a paid fairminter); absent or 0 for a free one.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    quantity: Option<serde_json::Value>,
    /// sat/vB; -1 for the optimal rate.
    #[serde(rename = "desiredFeeRate")]
    #[schema(value_type = f64)]
    desired_fee_rate: serde_json::Number,
    #[serde(rename = "isPsbt", default)]
    #[allow(dead_code)]
    is_psbt: bool,
}

/// A quantity given as a JSON string or number of base units.
fn quantity(v: Option<&serde_json::Value>) -> Result<String, ApiError> {
    match v {
        None | Some(serde_json::Value::Null) => Ok("0".into()),
        Some(serde_json::Value::String(s)) => Ok(s.trim().to_owned()),
        Some(serde_json::Value::Number(n)) if n.as_u64().is_some() => Ok(n.to_string()),
        Some(_) => Err(ApiError::BadRequest(
            "quantity: a whole number of base units".into(),
        )),
    }
}

#[utoipa::path(
    post,
    path = "/wallet/create/fairmint",
    tag = "minting",
    request_body = FairmintBody,
    responses(
        (status = 200, description = "the unsigned fairmint", body = MintJson),
        (status = 400, description = "refused: why (nothing is built)", body = ErrorBody),
        (status = 401, description = "not signed in", body = ErrorBody),
        (status = 403, description = "not one of the user's addresses, or not sent from the site", body = ErrorBody),
    )
)]
pub(crate) async fn create_fairmint(
    State(state): State<AppState>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let b: FairmintBody = body(&bytes)?;
    let source = source_of(&state, &headers, &b.source).await?;
    let r = state
        .wallet
        .clone()
        .create_fairmint(pb::CreateFairmintRequest {
            source,
            asset: b.asset.trim().to_owned(),
            quantity: quantity(b.quantity.as_ref())?,
            fee_rate: fee_rate(&b.desired_fee_rate)?,
        })
        .await?
        .into_inner();
    Ok(answered(r))
}

/// An SRC-20 operation to build.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = CreateSrc20)]
struct Src20Body {
    source: String,
    /// `mint`, `deploy` or `transfer`.
    #[serde(rename = "type")]
    op: String,
    tick: String,
    /// The amount minted or sent (a decimal, as text or a number).
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    amount: Option<serde_json::Value>,
    /// A deploy's supply, limit per mint and decimals (18 when absent).
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    max: Option<serde_json::Value>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    lim: Option<serde_json::Value>,
    #[serde(default)]
    dec: Option<u32>,
    /// A transfer's recipient.
    #[serde(default)]
    destination: Option<String>,
    /// Asks for the promotional price.
    #[serde(default)]
    promo: bool,
    #[serde(rename = "desiredFeeRate")]
    #[schema(value_type = f64)]
    desired_fee_rate: serde_json::Number,
    #[serde(rename = "isPsbt", default)]
    #[allow(dead_code)]
    is_psbt: bool,
}

/// A decimal given as a JSON string or number, as text.
fn decimal(v: Option<&serde_json::Value>) -> String {
    match v {
        Some(serde_json::Value::String(s)) => s.trim().to_owned(),
        Some(serde_json::Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

#[utoipa::path(
    post,
    path = "/wallet/create/src20-issuance",
    tag = "minting",
    request_body = Src20Body,
    responses(
        (status = 200, description = "the unsigned SRC-20 operation", body = MintJson),
        (status = 400, description = "refused: why (nothing is built)", body = ErrorBody),
        (status = 401, description = "not signed in", body = ErrorBody),
        (status = 403, description = "not one of the user's addresses, or not sent from the site", body = ErrorBody),
    )
)]
pub(crate) async fn create_src20(
    State(state): State<AppState>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let b: Src20Body = body(&bytes)?;
    let source = source_of(&state, &headers, &b.source).await?;
    let r = state
        .wallet
        .clone()
        .create_src20(pb::CreateSrc20Request {
            source,
            op: b.op.trim().to_ascii_lowercase(),
            tick: b.tick.trim().to_owned(),
            amount: decimal(b.amount.as_ref()),
            max: decimal(b.max.as_ref()),
            lim: decimal(b.lim.as_ref()),
            dec: b.dec.unwrap_or(18),
            destination: b.destination.unwrap_or_default(),
            promo: b.promo,
            fee_rate: fee_rate(&b.desired_fee_rate)?,
        })
        .await?
        .into_inner();
    Ok(answered(r))
}

/// Mints of a launchpad to build.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = CreateLaunchpadMint)]
struct LaunchpadBody {
    source: String,
    /// The collection.
    name: String,
    /// How many to mint.
    times: u32,
    /// A free-mint code (free mints are by window: only an empty code is taken).
    #[serde(rename = "freeCode", default)]
    free_code: Option<String>,
    #[serde(rename = "desiredFeeRate")]
    #[schema(value_type = f64)]
    desired_fee_rate: serde_json::Number,
    #[serde(rename = "isPsbt", default)]
    #[allow(dead_code)]
    is_psbt: bool,
}

#[utoipa::path(
    post,
    path = "/wallet/create/launchpad-issuance",
    tag = "minting",
    request_body = LaunchpadBody,
    responses(
        (status = 200, description = "the unsigned mints, one transaction each", body = MintJson),
        (status = 400, description = "refused: why (nothing is built)", body = ErrorBody),
        (status = 401, description = "not signed in", body = ErrorBody),
        (status = 403, description = "not one of the user's addresses, or not sent from the site", body = ErrorBody),
    )
)]
pub(crate) async fn create_launchpad(
    State(state): State<AppState>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let b: LaunchpadBody = body(&bytes)?;
    if b.free_code.as_deref().is_some_and(|c| !c.trim().is_empty()) {
        return Err(ApiError::BadRequest("Invalid free mint code".into()));
    }
    let source = source_of(&state, &headers, &b.source).await?;
    let r = state
        .wallet
        .clone()
        .create_launchpad_mint(pb::CreateLaunchpadMintRequest {
            source,
            collection: b.name.trim().to_owned(),
            times: b.times,
            fee_rate: fee_rate(&b.desired_fee_rate)?,
        })
        .await?
        .into_inner();
    Ok(answered(r))
}

/// Bitcoin or an asset to send.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = CreateSend)]
struct SendBody {
    source: String,
    destination: String,
    /// `BTC`, or an asset's name or long name.
    asset: String,
    /// Satoshis for BTC, else the asset's base units (an integer, as a string or a number).
    #[schema(value_type = String)]
    quantity: serde_json::Value,
    #[serde(rename = "desiredFeeRate")]
    #[schema(value_type = f64)]
    desired_fee_rate: serde_json::Number,
}

#[utoipa::path(
    post,
    path = "/wallet/create/send",
    tag = "buying",
    request_body = SendBody,
    responses(
        (status = 200, description = "the unsigned send, for the source's key to sign", body = MintJson),
        (status = 400, description = "refused: why (nothing is built)", body = ErrorBody),
        (status = 403, description = "not sent from the site or the wallet app", body = ErrorBody),
    )
)]
pub(crate) async fn create_send(
    State(state): State<AppState>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let b: SendBody = body(&bytes)?;
    let quantity = match &b.quantity {
        serde_json::Value::String(text) => text.trim().to_owned(),
        serde_json::Value::Number(n) => n.to_string(),
        _ => return Err(ApiError::BadRequest("quantity: a whole number".into())),
    };
    let r = state
        .wallet
        .clone()
        .create_send(pb::CreateSendRequest {
            source: b.source,
            destination: b.destination,
            asset: b.asset,
            quantity,
            fee_rate: fee_rate(&b.desired_fee_rate)?,
        })
        .await?
        .into_inner();
    Ok(answered(r))
}

/// A stamp to create.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = CreateStamp)]
struct StampBody {
    source: String,
    /// The file, base64.
    file: String,
    /// Units to issue.
    quantity: u64,
    #[serde(default = "yes")]
    locked: bool,
    #[serde(default)]
    divisible: bool,
    #[serde(rename = "desiredFeeRate")]
    #[schema(value_type = f64)]
    desired_fee_rate: serde_json::Number,
    #[serde(rename = "isPsbt", default)]
    #[allow(dead_code)]
    is_psbt: bool,
}

fn yes() -> bool {
    true
}

#[utoipa::path(
    post,
    path = "/wallet/create/stamp",
    tag = "minting",
    request_body = StampBody,
    responses(
        (status = 200, description = "the unsigned issuance of a new stamp", body = MintJson),
        (status = 400, description = "refused: why (nothing is built)", body = ErrorBody),
        (status = 401, description = "not signed in", body = ErrorBody),
        (status = 403, description = "not one of the user's addresses, or not sent from the site", body = ErrorBody),
    )
)]
pub(crate) async fn create_stamp(
    State(state): State<AppState>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let b: StampBody = body(&bytes)?;
    let file = base64::engine::general_purpose::STANDARD
        .decode(
            b.file
                .trim()
                .trim_start_matches("data:")
                .split(',')
                .next_back()
                .unwrap_or_default(),
        )
        .map_err(|_| ApiError::BadRequest("file: not base64".into()))?;
    let source = source_of(&state, &headers, &b.source).await?;
    let r = state
        .wallet
        .clone()
        .create_stamp(pb::CreateStampRequest {
            source,
            file,
            quantity: b.quantity,
            locked: b.locked,
            divisible: b.divisible,
            fee_rate: fee_rate(&b.desired_fee_rate)?,
        })
        .await?
        .into_inner();
    Ok(answered(r))
}

/// A UTXO to move back to its owner: a listing cancelled on chain.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = CreateMove)]
struct MoveBody {
    /// The owner's address (one of the user's): its coins pay the fee, the assets come back to it.
    source: String,
    /// The UTXO holding the assets, `txid:vout`.
    utxo: String,
    #[serde(rename = "desiredFeeRate")]
    #[schema(value_type = f64)]
    desired_fee_rate: serde_json::Number,
}

#[utoipa::path(
    post,
    path = "/wallet/create/move",
    tag = "buying",
    request_body = MoveBody,
    responses(
        (status = 200, description = "the unsigned move of the UTXO to its owner's own address ('Cancel on chain': \
                                      every copy of an offer of it is void once it is mined)", body = MintJson),
        (status = 400, description = "refused: why (nothing is built)", body = ErrorBody),
        (status = 401, description = "not signed in", body = ErrorBody),
        (status = 403, description = "not one of the user's addresses, or not sent from the site", body = ErrorBody),
    )
)]
pub(crate) async fn create_move(
    State(state): State<AppState>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let b: MoveBody = body(&bytes)?;
    let source = source_of(&state, &headers, &b.source).await?;
    let r = state
        .wallet
        .clone()
        .create_move(pb::CreateMoveRequest {
            source,
            utxo: b.utxo,
            fee_rate: fee_rate(&b.desired_fee_rate)?,
        })
        .await?
        .into_inner();
    Ok(answered(r))
}

/// One round's index (or -1), or several.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(untagged)]
enum Rounds {
    One(i64),
    Several(Vec<i64>),
}

/// Whether an address may mint in a launchpad's whitelist round.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Whitelist)]
pub struct WhitelistJson {
    /// The round (an index into the launchpad's `white_list_config`) that lists the address, or the rounds when
    /// several do, among those running or to come (all when every round is over); -1 when none does.
    result: Rounds,
    /// Mints the (first) round allows the address.
    max: u64,
    /// Mints the address made in it.
    minted: u64,
    /// Why there is no answer, else empty.
    error: String,
}

#[utoipa::path(
    get,
    path = "/wallet/whitelist/{collection}/{address}",
    tag = "minting",
    params(
        ("collection" = String, Path, description = "the launchpad's collection"),
        ("address" = String, Path, description = "the address to check"),
    ),
    responses(
        (status = 200, description = "the address's place in the whitelist (kept 5 seconds)", body = WhitelistJson),
        (status = 400, description = "not an address", body = ErrorBody),
        (status = 503, description = "a service it needs is unavailable", body = ErrorBody),
    )
)]
pub(crate) async fn whitelist(
    State(state): State<AppState>,
    Path((collection, address)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    if collection.len() > 250 || address.len() > 100 {
        return Err(ApiError::BadRequest("Invalid address".into()));
    }
    let key = (collection, address);
    if let Some((asked, kept)) = state.whitelists.0.get(&key)
        && asked.elapsed() < WHITELIST_KEPT
    {
        return Ok(no_store(Json(kept.as_ref().clone()).into_response()));
    }
    let r = state
        .wallet
        .clone()
        .whitelist(pb::WhitelistRequest {
            collection: key.0.clone(),
            address: key.1.clone(),
        })
        .await?
        .into_inner();
    let result = match r.rounds.as_slice() {
        [one] => Rounds::One(*one),
        [] => Rounds::One(-1),
        several => Rounds::Several(several.to_vec()),
    };
    let answer = Arc::new(WhitelistJson {
        result,
        max: r.max,
        minted: r.minted,
        error: r.error,
    });
    state
        .whitelists
        .0
        .insert(key, (Instant::now(), answer.clone()));
    Ok(no_store(Json(answer.as_ref().clone()).into_response()))
}

/// The promotional SRC-20 mints left.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Promo)]
struct PromoJson {
    left: u64,
    limit: u64,
    /// Satoshis: the promotional service fee.
    price: u64,
}

#[utoipa::path(
    get,
    path = "/wallet/promo",
    tag = "minting",
    responses(
        (status = 200, description = "the promotional mints left", body = PromoJson),
        (status = 503, description = "the node's count is unavailable", body = ErrorBody),
    )
)]
pub(crate) async fn promo(State(state): State<AppState>) -> Result<Response, ApiError> {
    let r = state
        .wallet
        .clone()
        .promo(pb::PromoRequest {})
        .await?
        .into_inner();
    Ok(no_store(
        Json(PromoJson {
            left: r.left,
            limit: r.limit,
            price: r.price,
        })
        .into_response(),
    ))
}
