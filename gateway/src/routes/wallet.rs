//! Buying: the fee record and prices (from the fee oracle), what can be bought, the unsigned purchase of a
//! signed-in user's cart, broadcasting what the user's wallet signed, and listings (through the wallet service).
//! Only the items lookup is kept (until the catalogue's version moves); the rest follow the user or the mempool.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use stamps_proto::fees::v1::{GetFeesRequest, GetPricesRequest};
use stamps_proto::wallet::v1 as pb;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app_state::AppState;
use crate::error::{ApiError, ErrorBody, OrNotFound};
use crate::routes::account::{body, current_user, kept_user, no_store, signed_in, user_addresses};

/// The buying routes that depend on the user or the mempool: never kept.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(fees))
        .routes(routes!(prices))
        .routes(routes!(create_buy))
        .routes(routes!(broadcast))
        .routes(routes!(create_listing))
        .routes(routes!(cancel_listing))
        .routes(routes!(balance))
}

/// The fee record: sat/vB.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = FeeRecord)]
#[allow(dead_code)]
struct FeesDoc {
    #[serde(rename = "fastestFee")]
    #[schema(value_type = f64)]
    fastest_fee: serde_json::Number,
    #[serde(rename = "halfHourFee")]
    #[schema(value_type = f64)]
    half_hour_fee: serde_json::Number,
    #[serde(rename = "hourFee")]
    #[schema(value_type = f64)]
    hour_fee: serde_json::Number,
    #[serde(rename = "economyFee")]
    #[schema(value_type = f64)]
    economy_fee: serde_json::Number,
    #[serde(rename = "minimumFee")]
    #[schema(value_type = f64)]
    minimum_fee: serde_json::Number,
    /// min(fastestFee, hourFee + 0.5).
    #[serde(rename = "optimalFee")]
    #[schema(value_type = f64)]
    optimal_fee: serde_json::Number,
    /// round(fastestFee × 1.02).
    #[serde(rename = "buyFee")]
    #[schema(value_type = f64)]
    buy_fee: serde_json::Number,
    /// When the rates were last read, milliseconds since the Unix epoch.
    time: u64,
}

#[utoipa::path(
    get,
    path = "/fees",
    tag = "buying",
    responses(
        (status = 200, description = "the current fee record", body = FeesDoc),
        (status = 503, description = "no rates read yet", body = ErrorBody),
    )
)]
pub(crate) async fn fees(State(state): State<AppState>) -> Result<Response, ApiError> {
    let record = state
        .fees
        .clone()
        .get_fees(GetFeesRequest {})
        .await?
        .into_inner();
    Ok(no_store(
        Json(stamps_platform::figures::fees_json(&record)).into_response(),
    ))
}

#[utoipa::path(
    get,
    path = "/prices",
    tag = "buying",
    responses(
        (status = 200, description = "BTC in USD, EUR, GBP, JPY, CNY, CAD and AUD (whole units), and `time` in \
                                      milliseconds", body = Object),
        (status = 503, description = "no prices read yet", body = ErrorBody),
    )
)]
pub(crate) async fn prices(State(state): State<AppState>) -> Result<Response, ApiError> {
    let record = state
        .fees
        .clone()
        .get_prices(GetPricesRequest {})
        .await?
        .into_inner();
    Ok(no_store(
        Json(stamps_platform::figures::prices_json(&record)).into_response(),
    ))
}

/// A dispenser as the buy dialog shows it.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = BuyItem)]
struct ItemJson {
    tx_hash: String,
    /// The dispenser's address.
    source: String,
    /// The asset's owner.
    owner: String,
    /// Who opened the dispenser.
    origin: String,
    cpid: String,
    asset_longname: Option<String>,
    divisible: bool,
    /// Base units per lot.
    give_quantity: String,
    /// Base units left.
    give_remaining: String,
    /// Satoshis per lot.
    price: u64,
    /// The stamp's image.
    url: String,
    /// Why it cannot be bought.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    /// A transaction waiting for its block changes it (it was just bought or closed): what is left is as that
    /// transaction leaves it, and the site shows 'Pending' where it cannot be bought.
    pending: bool,
}

fn item_json(i: pb::BuyItem) -> ItemJson {
    let url = if i.cpid.is_empty() {
        String::new()
    } else {
        format!("/s/{}", i.cpid)
    };
    ItemJson {
        tx_hash: i.tx_hash,
        source: i.source,
        owner: i.owner,
        origin: i.origin,
        cpid: i.cpid,
        asset_longname: (!i.asset_longname.is_empty()).then_some(i.asset_longname),
        divisible: i.divisible,
        give_quantity: i.give_quantity,
        give_remaining: i.give_remaining,
        price: i.price,
        url,
        error: (!i.error.is_empty()).then_some(i.error),
        pending: i.pending,
    }
}

/// The items lookup: a function of the catalogue's state (dispensers, listings and the ledger), so kept like the
/// public answers until the catalogue's version moves.
pub fn items_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(buy_items))
}

#[utoipa::path(
    get,
    path = "/wallet/buy/{hashes}",
    tag = "buying",
    params(("hashes" = String, Path, description = "dispenser transaction hashes, comma-separated (at most 5)")),
    responses(
        (status = 200, description = "the item (one hash) or the items (several), each with `error` when it cannot \
                                      be bought", body = Vec<ItemJson>),
        (status = 400, description = "no hash, too many, or one malformed", body = ErrorBody),
    )
)]
pub(crate) async fn buy_items(
    State(state): State<AppState>,
    Path(hashes): Path<String>,
) -> Result<Response, ApiError> {
    let hashes: Vec<String> = hashes
        .split(',')
        .map(str::trim)
        .filter(|h| !h.is_empty())
        .map(str::to_owned)
        .collect();
    let one = hashes.len() == 1;
    let items = state
        .wallet
        .clone()
        .buy_items(pb::BuyItemsRequest { hashes })
        .await?
        .into_inner()
        .items;
    let mut items: Vec<ItemJson> = items.into_iter().map(item_json).collect();
    let answer = match (one, items.pop()) {
        (true, Some(item)) => Json(item).into_response(),
        (_, last) => {
            items.extend(last);
            Json(items).into_response()
        }
    };
    Ok(no_store(answer))
}

/// A purchase to build.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = CreateBuy)]
struct CreateBuyBody {
    /// The buyer's address (one of the signed-in user's).
    source: String,
    tx_hashes: Vec<String>,
    /// Per hash, in the same order: `[dispenser address, satoshis]`.
    #[schema(value_type = Vec<Vec<Object>>)]
    destinations: Vec<(String, u64)>,
    /// The wallet fee the dialog showed (the service computes its own).
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    #[allow(dead_code)]
    fee: Option<serde_json::Value>,
    /// The royalties the dialog showed (the service computes its own).
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    #[allow(dead_code)]
    royalties: Option<serde_json::Value>,
    #[serde(rename = "isPsbt", default)]
    #[allow(dead_code)]
    is_psbt: bool,
    /// sat/vB; -1 for the optimal rate.
    #[serde(rename = "desiredFeeRate")]
    #[schema(value_type = f64)]
    desired_fee_rate: serde_json::Number,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ItemError)]
struct ItemErrorJson {
    tx_hash: String,
    error: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = InputToSign)]
struct InputJson {
    index: u32,
    address: String,
}

/// One transaction of a purchase.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = BuyTransaction)]
struct TxJson {
    /// The unsigned PSBT, hex.
    #[serde(rename = "txHex")]
    tx_hex: String,
    #[serde(rename = "inputsToSign")]
    inputs_to_sign: Vec<InputJson>,
    /// Satoshis to the miners.
    fee: u64,
    vsize: u64,
    #[serde(rename = "walletFee")]
    wallet_fee: u64,
    royalties: u64,
    /// The hashes it buys.
    hashes: Vec<String>,
    /// What it costs the buyer, satoshis: its inputs less what comes back to it (what the dialog shows).
    total: u64,
}

/// A purchase: the first transaction's fields (most carts are one), the totals, and every transaction.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = BuyPsbt)]
pub(crate) struct BuiltJson {
    /// The first transaction's unsigned PSBT, hex.
    #[serde(rename = "txHex")]
    tx_hex: String,
    #[serde(rename = "inputsToSign")]
    inputs_to_sign: Vec<InputJson>,
    /// Satoshis to the miners, in all.
    fee: u64,
    vsize: u64,
    #[serde(rename = "walletFee")]
    wallet_fee: u64,
    royalties: u64,
    /// What every transaction costs the buyer together, satoshis (see each one's `total`).
    total: u64,
    /// sat/vB.
    #[serde(rename = "feeRate")]
    #[schema(value_type = f64)]
    fee_rate: serde_json::Number,
    /// The hashes it buys.
    hashes: Vec<String>,
    /// Every transaction, to be signed and sent in this order (one pays at most two dispensers; one may spend the
    /// change of one before it).
    psbts: Vec<TxJson>,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = CreateBuyAnswer)]
struct CreateBuyJson {
    result: BuiltJson,
    /// The items left out, with why.
    errors: Vec<ItemErrorJson>,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = CreateBuyRefusal)]
struct RefusedJson {
    /// Every item's reason, one per line.
    error: String,
    /// Each item's reason (absent when the request itself was refused before any item was read).
    #[serde(default)]
    errors: Vec<ItemErrorJson>,
}

/// A fee rate in sat/vB (a JSON number, up to three decimals) as sat/kvB; -1 is the optimal rate (0).
pub(crate) fn fee_rate(n: &serde_json::Number) -> Result<u64, ApiError> {
    if n.as_i64() == Some(-1) {
        return Ok(0);
    }
    let text = n.to_string();
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    let invalid = || ApiError::BadRequest("desiredFeeRate: a rate in sat/vB, or -1".into());
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return Err(invalid());
    }
    let whole: u64 = whole.parse().map_err(|_| invalid())?;
    let thousandths: u64 = format!("{fraction:0<3}").parse().map_err(|_| invalid())?;
    let rate = whole
        .checked_mul(1000)
        .and_then(|w| w.checked_add(thousandths))
        .ok_or_else(invalid)?;
    if rate == 0 {
        return Err(invalid());
    }
    Ok(rate)
}

#[utoipa::path(
    post,
    path = "/wallet/create/buy",
    tag = "buying",
    request_body = CreateBuyBody,
    responses(
        (status = 200, description = "the unsigned purchase, and the items left out", body = CreateBuyJson),
        (status = 400, description = "nothing could be built: why, per item", body = RefusedJson),
        (status = 401, description = "not signed in", body = ErrorBody),
        (status = 403, description = "not one of the user's addresses, or not sent from the site", body = ErrorBody),
    )
)]
pub(crate) async fn create_buy(
    State(state): State<AppState>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let addresses = user_addresses(&state, &headers).await?;
    let b: CreateBuyBody = body(&bytes)?;
    if b.tx_hashes.is_empty() {
        return Err(ApiError::BadRequest("No transaction hash provided".into()));
    }
    if b.destinations.len() != b.tx_hashes.len() {
        return Err(ApiError::BadRequest(
            "destinations: one [address, amount] per hash".into(),
        ));
    }
    if !addresses.iter().any(|a| a == b.source.trim()) {
        return Err(ApiError::Forbidden(
            "source: not one of your addresses".into(),
        ));
    }
    let orders = b
        .tx_hashes
        .iter()
        .zip(&b.destinations)
        .map(|(hash, (address, amount))| pb::BuyOrder {
            tx_hash: hash.trim().to_owned(),
            amount: *amount,
            address: address.clone(),
        })
        .collect();
    let r = state
        .wallet
        .clone()
        .create_buy(pb::CreateBuyRequest {
            source: b.source.trim().to_owned(),
            orders,
            fee_rate: fee_rate(&b.desired_fee_rate)?,
        })
        .await?
        .into_inner();
    let errors: Vec<ItemErrorJson> = r
        .errors
        .into_iter()
        .map(|e| ItemErrorJson {
            tx_hash: e.tx_hash,
            error: e.error,
        })
        .collect();
    if r.txs.is_empty() {
        let error = errors
            .iter()
            .map(|e| e.error.as_str())
            .collect::<Vec<_>>()
            .join("\n");
        return Ok(no_store(
            (StatusCode::BAD_REQUEST, Json(RefusedJson { error, errors })).into_response(),
        ));
    }
    let result = built_json(r.txs, r.fee_rate);
    Ok(no_store(
        Json(CreateBuyJson { result, errors }).into_response(),
    ))
}

/// Built transactions as the API answers them: the first one's fields, the totals, and every one.
pub(crate) fn built_json(txs: Vec<pb::BuiltTx>, fee_rate: u64) -> BuiltJson {
    let psbts: Vec<TxJson> = txs
        .into_iter()
        .map(|t| TxJson {
            tx_hex: t.psbt_hex,
            inputs_to_sign: t
                .inputs_to_sign
                .into_iter()
                .map(|i| InputJson {
                    index: i.index,
                    address: i.address,
                })
                .collect(),
            fee: t.network_fee,
            vsize: t.vsize,
            wallet_fee: t.wallet_fee,
            royalties: t.royalties,
            hashes: t.built,
            total: t.total,
        })
        .collect();
    let sum = |f: fn(&TxJson) -> u64| psbts.iter().map(f).sum::<u64>();
    BuiltJson {
        tx_hex: psbts.first().map(|t| t.tx_hex.clone()).unwrap_or_default(),
        inputs_to_sign: psbts
            .first()
            .map(|t| t.inputs_to_sign.clone())
            .unwrap_or_default(),
        fee: sum(|t| t.fee),
        vsize: sum(|t| t.vsize),
        wallet_fee: sum(|t| t.wallet_fee),
        royalties: sum(|t| t.royalties),
        total: sum(|t| t.total),
        fee_rate: stamps_platform::figures::fee_rate(fee_rate),
        hashes: psbts
            .iter()
            .flat_map(|t| t.hashes.iter().cloned())
            .collect(),
        psbts,
    }
}

/// A signed transaction to send.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = Broadcast)]
struct BroadcastBody {
    /// The signed PSBT (hex or base64) when `isPsbt`, else the raw transaction (hex).
    #[serde(rename = "txHex")]
    tx_hex: String,
    /// What it is (shown nowhere; kept for the log).
    #[serde(default)]
    #[allow(dead_code)]
    info: Option<String>,
    #[serde(rename = "isPsbt", default)]
    is_psbt: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = BroadcastAnswer)]
struct BroadcastJson {
    /// The transaction ids sent.
    result: Vec<String>,
}

#[utoipa::path(
    post,
    path = "/wallet/broadcast",
    tag = "buying",
    request_body = BroadcastBody,
    responses(
        (status = 200, description = "sent", body = BroadcastJson),
        (status = 400, description = "not a signed transaction; one paying a fee rate above the ceiling (10 times \
                                      the fastest rate) or giving away the assets of an output it spends; or the \
                                      node's reason for refusing it (a race lost said so plainly)", body = ErrorBody),
        (status = 401, description = "not signed in", body = ErrorBody),
        (status = 403, description = "not sent from the site", body = ErrorBody),
        (status = 429, description = "too many broadcasts from this user", body = ErrorBody),
    )
)]
pub(crate) async fn broadcast(
    State(state): State<AppState>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let user = kept_user(&state, &signed_in(&headers)?).await?;
    state.guards.allow_broadcast(&user.user.user_id)?;
    let b: BroadcastBody = body(&bytes)?;
    let r = state
        .wallet
        .clone()
        .broadcast(pb::BroadcastRequest {
            tx: b.tx_hex,
            is_psbt: b.is_psbt,
        })
        .await?
        .into_inner();
    Ok(no_store(
        Json(BroadcastJson { result: r.txids }).into_response(),
    ))
}

/// A seller's atomic-swap listing.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = CreateListing)]
struct ListingBody {
    /// The PSBT (hex or base64): one input, the UTXO holding the assets, signed SIGHASH_SINGLE|ANYONECANPAY over one
    /// output, the payout to the seller.
    psbt: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Listing)]
struct ListingJson {
    /// The listed UTXO, `txid:vout`: the item's hash in the cart and `GET /wallet/buy/{hashes}`.
    utxo: String,
    seller: String,
    /// Satoshis.
    price: u64,
}

#[utoipa::path(
    post,
    path = "/wallet/listings",
    tag = "buying",
    request_body = ListingBody,
    responses(
        (status = 201, description = "checked and published: it is on sale once the catalogue has it",
         body = ListingJson),
        (status = 400, description = "not a valid listing: the reason (its shape, its signature, a UTXO spent or \
                                      not as the listing describes it, one holding no asset, an offer withdrawn)",
         body = ErrorBody),
        (status = 403, description = "not sent from the site", body = ErrorBody),
    )
)]
pub(crate) async fn create_listing(
    State(state): State<AppState>,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let b: ListingBody = body(&bytes)?;
    let l = state
        .wallet
        .clone()
        .create_listing(pb::CreateListingRequest { psbt: b.psbt })
        .await?
        .into_inner();
    let json = ListingJson {
        utxo: l.utxo,
        seller: l.seller,
        price: l.price,
    };
    Ok(no_store((StatusCode::CREATED, Json(json)).into_response()))
}

#[utoipa::path(
    delete,
    path = "/wallet/listings/{utxo}",
    tag = "buying",
    params(("utxo" = String, Path, description = "the listed UTXO, `txid:vout`")),
    responses(
        (status = 200, description = "the listing ends; `message` tells the seller that a copy already handed out \
                                      can be completed until the coin moves ('Cancel on chain')",
         body = CancelledJson),
        (status = 400, description = "not a UTXO", body = ErrorBody),
        (status = 401, description = "not signed in", body = ErrorBody),
        (status = 403, description = "the seller is not one of the user's addresses, or not sent from the site",
         body = ErrorBody),
        (status = 404, description = "no open listing of the UTXO", body = ErrorBody),
    )
)]
pub(crate) async fn cancel_listing(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(utxo): Path<String>,
) -> Result<Response, ApiError> {
    let user = current_user(&state, &headers).await?;
    let r = state
        .wallet
        .clone()
        .cancel_listing(pb::CancelListingRequest {
            utxo,
            addresses: user.addresses,
        })
        .await
        .or_not_found("Listing not found")?
        .into_inner();
    Ok(no_store(
        Json(CancelledJson { message: r.note }).into_response(),
    ))
}

/// A listing ended.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ListingCancelled)]
struct CancelledJson {
    /// What the seller is told.
    message: String,
}

/// An address's bitcoin.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Balance)]
struct BalanceJson {
    address: String,
    /// Satoshis in confirmed outputs not spent by a confirmed transaction.
    confirmed: i64,
    /// Satoshis the mempool adds (negative when it spends more than it pays the address).
    unconfirmed: i64,
}

#[utoipa::path(
    get,
    path = "/wallet/balance/{address}",
    tag = "buying",
    params(("address" = String, Path, description = "a Bitcoin address")),
    responses(
        (status = 200, description = "the address's bitcoin, confirmed and in the mempool", body = BalanceJson),
        (status = 400, description = "not an address", body = ErrorBody),
        (status = 503, description = "the node's API is unavailable", body = ErrorBody),
    )
)]
pub(crate) async fn balance(
    State(state): State<AppState>,
    Path(address): Path<String>,
) -> Result<Response, ApiError> {
    if address.len() > 100 {
        return Err(ApiError::BadRequest("Invalid address".into()));
    }
    let r = state
        .wallet
        .clone()
        .balance(pb::BalanceRequest {
            address: address.clone(),
        })
        .await?
        .into_inner();
    Ok(no_store(
        Json(BalanceJson {
            address,
            confirmed: r.confirmed,
            unconfirmed: r.unconfirmed,
        })
        .into_response(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fee_rates_are_read_exactly() {
        let n = |t: &str| t.parse::<serde_json::Number>().expect("number");
        assert_eq!(fee_rate(&n("-1")).ok(), Some(0));
        assert_eq!(fee_rate(&n("8.5")).ok(), Some(8_500));
        assert_eq!(fee_rate(&n("12")).ok(), Some(12_000));
        assert_eq!(fee_rate(&n("0.125")).ok(), Some(125));
        for bad in ["0", "-2", "1.2345", "0.0001"] {
            assert!(fee_rate(&n(bad)).is_err(), "{bad}");
        }
    }
}
