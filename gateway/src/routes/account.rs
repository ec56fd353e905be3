//! Sign-in and accounts, through the auth service: challenges to sign (`/api/auth/message|link/{address}`), their
//! submission (`POST /api/auth`, `/api/auth/link`, answered in plain text `success` or `expired`), the session's
//! user (`/api/user`), its name, handle, wishlist and addresses, logout, and the address check. Answers are never
//! kept (they are the session's, or fresh challenges), and carry `Cache-Control: no-store`. Requests that change
//! an account pass the Origin check ([`crate::session::check_origin`]) before they get here.

use std::net::SocketAddr;

use axum::Extension;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use stamps_proto::auth::v1 as pb;
use stamps_proto::catalogue::v1::GetStampRequest;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app_state::AppState;
use crate::error::{ApiError, ErrorBody};
use crate::session::{self, Action};

/// The account routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sign_in_message))
        .routes(routes!(link_message))
        .routes(routes!(sign_in))
        .routes(routes!(link))
        .routes(routes!(unlink))
        .routes(routes!(logout))
        .routes(routes!(user, update_user))
        .routes(routes!(toggle_wishlist))
        .routes(routes!(test_address))
}

/// The text of a request without a session.
pub const SIGNED_OUT: &str = "Not signed in";
/// The answer to an accepted submission.
pub const SUCCESS: &str = "success";
/// The answer to a submission whose challenge expired.
pub const EXPIRED: &str = "expired";

type Client = Option<Extension<ConnectInfo<SocketAddr>>>;

fn client_ip(client: &Client) -> std::net::IpAddr {
    session::client(client.as_ref().map(|Extension(c)| c))
}

/// A plain-text answer, never stored by anyone.
fn text(status: StatusCode, body: &'static str) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
        .into_response()
}

pub(crate) fn no_store(mut response: Response) -> Response {
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The request's session token, or 401.
pub(crate) fn signed_in(headers: &HeaderMap) -> Result<String, ApiError> {
    let token = session::token(headers);
    if token.is_empty() {
        return Err(ApiError::Unauthorized(SIGNED_OUT.into()));
    }
    Ok(token)
}

/// A JSON body, or 400 naming what is wrong with it.
pub(crate) fn body<T: for<'de> Deserialize<'de>>(bytes: &Bytes) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|e| ApiError::BadRequest(format!("body: {e}")))
}

/// The user as the browser sees it.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = User)]
pub struct UserJson {
    /// The first sign-in's address.
    user_id: String,
    /// The display name ('' when none); `display_name` is the same.
    username: String,
    display_name: String,
    /// The social handle without `@` ('' when none).
    twitter: String,
    addresses: Vec<String>,
    /// The address the session signed in with.
    #[serde(rename = "currentAddress")]
    current_address: String,
    /// Cpids, the most recent first.
    wishlist: Vec<String>,
    /// Whether the session carries the staff role.
    staff: bool,
}

impl From<pb::User> for UserJson {
    fn from(u: pb::User) -> Self {
        Self {
            user_id: u.user_id,
            username: u.display_name.clone(),
            display_name: u.display_name,
            twitter: u.twitter,
            addresses: u.addresses,
            current_address: u.current_address,
            wishlist: u.wishlist,
            staff: u.staff,
        }
    }
}

async fn challenge(
    state: &AppState,
    headers: &HeaderMap,
    client: &Client,
    address: &str,
    purpose: pb::Purpose,
) -> Result<Response, ApiError> {
    state
        .guards
        .allow(Action::Challenge, client_ip(client), address)?;
    let session_token = match purpose {
        pb::Purpose::Link => signed_in(headers)?,
        _ => String::new(),
    };
    let origins = state.origins.all();
    let domain = session::Guards::challenge_domain(&origins, headers).to_owned();
    let c = state
        .auth
        .clone()
        .issue_challenge(pb::IssueChallengeRequest {
            address: address.to_owned(),
            purpose: purpose.into(),
            domain,
            session_token,
        })
        .await?
        .into_inner();
    Ok(no_store(
        (
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            c.message,
        )
            .into_response(),
    ))
}

#[utoipa::path(
    get,
    path = "/auth/message/{address}",
    tag = "accounts",
    params(("address" = String, Path, description = "the address to sign in with")),
    responses(
        (status = 200, description = "the message to sign (valid 10 minutes)", body = String,
         content_type = "text/plain"),
        (status = 429, description = "too many challenges from this client or for this address", body = ErrorBody),
    )
)]
pub(crate) async fn sign_in_message(
    State(state): State<AppState>,
    headers: HeaderMap,
    client: Client,
    Path(address): Path<String>,
) -> Result<Response, ApiError> {
    challenge(&state, &headers, &client, &address, pb::Purpose::SignIn).await
}

#[utoipa::path(
    get,
    path = "/auth/link/{address}",
    tag = "accounts",
    params(("address" = String, Path, description = "the address to add to the signed-in user")),
    responses(
        (status = 200, description = "the message to sign (valid 10 minutes)", body = String,
         content_type = "text/plain"),
        (status = 401, description = "not signed in", body = ErrorBody),
        (status = 429, description = "too many challenges from this client or for this address", body = ErrorBody),
    )
)]
pub(crate) async fn link_message(
    State(state): State<AppState>,
    headers: HeaderMap,
    client: Client,
    Path(address): Path<String>,
) -> Result<Response, ApiError> {
    challenge(&state, &headers, &client, &address, pb::Purpose::Link).await
}

/// A signed challenge.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SignedBody {
    address: String,
    /// The challenge exactly as it was issued.
    message: String,
    /// Base64: a BIP-322 simple signature or a legacy (BIP-137) one.
    signature: String,
    /// The wallet used: `ninja`, `leather`, `unisat`, `okx` or `default` (pasted).
    #[serde(rename = "type", default)]
    wallet: String,
}

#[utoipa::path(
    post,
    path = "/auth",
    tag = "accounts",
    request_body = SignedBody,
    responses(
        (status = 200, description = "`success` (the session cookie is set) or `expired` (sign a new message)",
         body = String, content_type = "text/plain"),
        (status = 403, description = "not sent from the site", body = ErrorBody),
        (status = 429, description = "too many submissions from this client or for this address", body = ErrorBody),
    )
)]
pub(crate) async fn sign_in(
    State(state): State<AppState>,
    client: Client,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let b: SignedBody = body(&bytes)?;
    state
        .guards
        .allow(Action::Submit, client_ip(&client), &b.address)?;
    let r = state
        .auth
        .clone()
        .sign_in(pb::SignInRequest {
            address: b.address,
            message: b.message,
            signature: b.signature,
            wallet: b.wallet,
        })
        .await?
        .into_inner();
    if r.outcome() != pb::Outcome::Success {
        return Ok(text(StatusCode::OK, EXPIRED));
    }
    let mut response = text(StatusCode::OK, SUCCESS);
    response.headers_mut().insert(
        header::SET_COOKIE,
        state.guards.cookie(&r.session_token, r.max_age_secs)?,
    );
    Ok(response)
}

#[utoipa::path(
    post,
    path = "/auth/link",
    tag = "accounts",
    request_body = SignedBody,
    responses(
        (status = 200, description = "`success` (the address is the user's) or `expired` (sign a new message)",
         body = String, content_type = "text/plain"),
        (status = 401, description = "not signed in", body = ErrorBody),
        (status = 403, description = "not sent from the site", body = ErrorBody),
        (status = 409, description = "the address belongs to another user", body = ErrorBody),
        (status = 429, description = "too many submissions from this client or for this address", body = ErrorBody),
    )
)]
pub(crate) async fn link(
    State(state): State<AppState>,
    headers: HeaderMap,
    client: Client,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let b: SignedBody = body(&bytes)?;
    let session_token = signed_in(&headers)?;
    state
        .guards
        .allow(Action::Submit, client_ip(&client), &b.address)?;
    let r = state
        .auth
        .clone()
        .link(pb::LinkRequest {
            session_token: session_token.clone(),
            address: b.address,
            message: b.message,
            signature: b.signature,
        })
        .await?
        .into_inner();
    changed(
        &state,
        &session_token,
        r.user.as_ref().map(|u| u.user_id.as_str()),
    );
    Ok(match r.outcome() {
        pb::Outcome::Success => text(StatusCode::OK, SUCCESS),
        _ => text(StatusCode::OK, EXPIRED),
    })
}

/// An address of the signed-in user.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AddressBody {
    address: String,
}

/// The user's addresses after a change.
#[derive(Debug, Serialize, ToSchema)]
pub struct AddressesJson {
    addresses: Vec<String>,
}

#[utoipa::path(
    post,
    path = "/auth/unlink",
    tag = "accounts",
    request_body = AddressBody,
    responses(
        (status = 201, description = "the address left the user", body = AddressesJson),
        (status = 401, description = "not signed in", body = ErrorBody),
        (status = 403, description = "not sent from the site", body = ErrorBody),
        (status = 404, description = "not an address of the user", body = ErrorBody),
        (status = 409, description = "the address the session signed in with", body = ErrorBody),
    )
)]
pub(crate) async fn unlink(
    State(state): State<AppState>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let b: AddressBody = body(&bytes)?;
    let session_token = signed_in(&headers)?;
    let user = state
        .auth
        .clone()
        .unlink(pb::UnlinkRequest {
            session_token: session_token.clone(),
            address: b.address,
        })
        .await
        .map_err(|s| match s.code() {
            tonic::Code::NotFound => ApiError::NotFound(s.message().to_owned()),
            _ => s.into(),
        })?
        .into_inner();
    changed(&state, &session_token, Some(&user.user_id));
    Ok(no_store(
        (
            StatusCode::CREATED,
            Json(AddressesJson {
                addresses: user.addresses,
            }),
        )
            .into_response(),
    ))
}

#[utoipa::path(
    post,
    path = "/auth/logout",
    tag = "accounts",
    responses(
        (status = 200, description = "signed out (the session ended and its cookie is removed)", body = String,
         content_type = "text/plain"),
        (status = 403, description = "not sent from the site", body = ErrorBody),
    )
)]
pub(crate) async fn logout(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let session_token = session::token(&headers);
    if !session_token.is_empty() {
        state
            .auth
            .clone()
            .logout(pb::SessionRequest {
                session_token: session_token.clone(),
            })
            .await?;
        changed(&state, &session_token, None);
    }
    let mut response = text(StatusCode::OK, "OK");
    response
        .headers_mut()
        .insert(header::SET_COOKIE, state.guards.removal());
    Ok(response)
}

pub(crate) async fn current_user(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<pb::User, ApiError> {
    let session_token = signed_in(headers)?;
    Ok(state
        .auth
        .clone()
        .get_user(pb::SessionRequest { session_token })
        .await?
        .into_inner())
}

/// The signed-in user's id, or 401 (for the routes of other resources that act for a user).
pub async fn user_id(state: &AppState, headers: &HeaderMap) -> Result<String, ApiError> {
    Ok(current_user(state, headers).await?.user_id)
}

#[utoipa::path(
    get,
    path = "/user",
    tag = "accounts",
    responses(
        (status = 200, description = "the signed-in user", body = UserJson),
        (status = 401, description = "not signed in (or the session ended)", body = ErrorBody),
    )
)]
pub(crate) async fn user(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let session_token = signed_in(&headers)?;
    let body = kept_user(&state, &session_token).await?.body.clone();
    Ok(no_store(
        ([(header::CONTENT_TYPE, "application/json")], body).into_response(),
    ))
}

/// The user of the session `session_token`, with `GET /api/user`'s answer: kept a few seconds per session (for
/// what reads it; a change goes to the auth service's own answer, [`current_user`]).
pub(crate) async fn kept_user(
    state: &AppState,
    session_token: &str,
) -> Result<std::sync::Arc<crate::session::KeptUser>, ApiError> {
    if let Some(kept) = state.users.get(session_token) {
        return Ok(kept);
    }
    let asked = std::time::Instant::now();
    let user = state
        .auth
        .clone()
        .get_user(pb::SessionRequest {
            session_token: session_token.to_owned(),
        })
        .await?
        .into_inner();
    let body = Bytes::from(
        serde_json::to_vec(&UserJson::from(user.clone()))
            .map_err(|e| ApiError::Internal(format!("user JSON: {e}")))?,
    );
    Ok(state.users.put(session_token, user, body, asked))
}

/// The signed-in user's addresses (as kept for `GET /api/user`), or 401.
pub(crate) async fn user_addresses(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<Vec<String>, ApiError> {
    let session_token = signed_in(headers)?;
    Ok(kept_user(state, &session_token)
        .await?
        .user
        .addresses
        .clone())
}

/// After a change made through the session of `token` (to `user_id`, when known): its kept user is dropped.
fn changed(state: &AppState, token: &str, user_id: Option<&str>) {
    state.users.forget(token);
    if let Some(user_id) = user_id {
        state.users.changed(user_id);
    }
}

/// A new display name or social handle (one of them).
#[derive(Debug, Deserialize, ToSchema)]
pub struct ProfileBody {
    /// 3 to 20 letters, digits, dashes, dots or underscores; '' removes it.
    username: Option<String>,
    /// 2 to 20 letters, digits or underscores, an `@` before them dropped; '' removes it.
    twitter: Option<String>,
}

#[utoipa::path(
    put,
    path = "/user",
    tag = "accounts",
    request_body = ProfileBody,
    responses(
        (status = 201, description = "`Successfully updated`", body = String, content_type = "text/plain"),
        (status = 401, description = "not signed in", body = ErrorBody),
        (status = 403, description = "not sent from the site", body = ErrorBody),
        (status = 409, description = "`Username already taken`", body = ErrorBody),
    )
)]
pub(crate) async fn update_user(
    State(state): State<AppState>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let b: ProfileBody = body(&bytes)?;
    if b.username.is_none() && b.twitter.is_none() {
        return Err(ApiError::BadRequest(
            "username or twitter is required".into(),
        ));
    }
    let session_token = signed_in(&headers)?;
    let user = state
        .auth
        .clone()
        .update_profile(pb::UpdateProfileRequest {
            session_token: session_token.clone(),
            display_name: b.username,
            twitter: b.twitter,
        })
        .await?
        .into_inner();
    changed(&state, &session_token, Some(&user.user_id));
    Ok(text(StatusCode::CREATED, "Successfully updated"))
}

/// A stamp or asset to put on the wishlist or take off it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct WishlistBody {
    cpid: String,
}

/// The wishlist after a toggle.
#[derive(Debug, Serialize, ToSchema)]
pub struct WishlistJson {
    /// Whether the toggle added the cpid (false: it was taken off).
    added: bool,
    /// Cpids, the most recent first.
    wishlist: Vec<String>,
}

#[utoipa::path(
    put,
    path = "/user/wishlist",
    tag = "accounts",
    request_body = WishlistBody,
    responses(
        (status = 201, description = "toggled", body = WishlistJson),
        (status = 401, description = "not signed in", body = ErrorBody),
        (status = 403, description = "not sent from the site", body = ErrorBody),
        (status = 404, description = "no such stamp or asset", body = ErrorBody),
    )
)]
pub(crate) async fn toggle_wishlist(
    State(state): State<AppState>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Result<Response, ApiError> {
    let b: WishlistBody = body(&bytes)?;
    let session_token = signed_in(&headers)?;
    // Only what the catalogue knows goes on a wishlist (a stamp, else a Counterparty asset).
    let mut catalogue = state.catalogue.clone();
    let known = match catalogue
        .get_stamp(GetStampRequest {
            cpid: b.cpid.clone(),
        })
        .await
    {
        Ok(_) => true,
        Err(s) if s.code() == tonic::Code::NotFound => catalogue
            .get_asset_detail(GetStampRequest {
                cpid: b.cpid.clone(),
            })
            .await
            .is_ok(),
        Err(s) => return Err(s.into()),
    };
    if !known {
        return Err(ApiError::NotFound(format!("no stamp or asset {}", b.cpid)));
    }
    let r = state
        .auth
        .clone()
        .toggle_wishlist(pb::WishlistRequest {
            session_token: session_token.clone(),
            cpid: b.cpid,
        })
        .await?
        .into_inner();
    changed(&state, &session_token, None);
    Ok(no_store(
        (
            StatusCode::CREATED,
            Json(WishlistJson {
                added: r.added,
                wishlist: r.wishlist,
            }),
        )
            .into_response(),
    ))
}

#[utoipa::path(
    get,
    path = "/user/test/{address}",
    tag = "accounts",
    params(("address" = String, Path, description = "an address")),
    responses(
        (status = 200, description = "`OK`: an address that can sign in", body = String, content_type = "text/plain"),
    )
)]
pub(crate) async fn test_address(
    State(state): State<AppState>,
    Path(address): Path<String>,
) -> Result<Response, ApiError> {
    let r = state
        .auth
        .clone()
        .check_address(pb::CheckAddressRequest { address })
        .await?
        .into_inner();
    if r.valid {
        Ok(text(StatusCode::OK, "OK"))
    } else {
        Err(ApiError::BadRequest("Invalid address".into()))
    }
}
