//! The gRPC service: each call checked and run by [`Accounts`]; the one place its errors become statuses.

use stamps_proto::auth::v1 as pb;
use stamps_proto::auth::v1::auth_service_server::AuthService;
use tonic::{Request, Response, Status};

use crate::accounts::{Accounts, AuthError, User, Verdict};
use crate::challenge::Purpose;

/// The auth service's gRPC API.
pub struct AuthGrpc {
    accounts: Accounts,
}

impl AuthGrpc {
    /// The API over `accounts`.
    pub fn new(accounts: Accounts) -> Self {
        Self { accounts }
    }
}

/// Refusals keep their text; internals are logged, never sent.
fn status(e: AuthError) -> Status {
    match e {
        AuthError::Invalid(m) => Status::invalid_argument(m),
        e @ AuthError::Unauthenticated => Status::unauthenticated(e.to_string()),
        AuthError::Taken(m) => Status::already_exists(m),
        AuthError::Precondition(m) => Status::failed_precondition(m),
        AuthError::NotFound(m) => Status::not_found(m),
        AuthError::Db(e) => {
            tracing::error!(error = %e, "auth query failed");
            Status::internal("auth query failed")
        }
    }
}

fn user_to_proto(u: User) -> pb::User {
    pb::User {
        user_id: u.user_id,
        display_name: u.display_name,
        twitter: u.twitter,
        addresses: u.addresses,
        current_address: u.current_address,
        wishlist: u.wishlist,
        staff: u.staff,
        wallet: u.wallet,
    }
}

#[tonic::async_trait]
impl AuthService for AuthGrpc {
    async fn issue_challenge(
        &self,
        request: Request<pb::IssueChallengeRequest>,
    ) -> Result<Response<pb::Challenge>, Status> {
        let r = request.into_inner();
        let purpose = match pb::Purpose::try_from(r.purpose) {
            Ok(pb::Purpose::SignIn) => Purpose::SignIn,
            Ok(pb::Purpose::Link) => Purpose::Link,
            _ => return Err(Status::invalid_argument("purpose: sign-in or link")),
        };
        let token = (!r.session_token.is_empty()).then_some(r.session_token.as_str());
        let (message, expires_at_ms) = self
            .accounts
            .issue(&r.address, purpose, &r.domain, token)
            .await
            .map_err(status)?;
        Ok(Response::new(pb::Challenge {
            message,
            expires_at_ms,
        }))
    }

    async fn sign_in(
        &self,
        request: Request<pb::SignInRequest>,
    ) -> Result<Response<pb::SignInResponse>, Status> {
        let r = request.into_inner();
        let verdict = self
            .accounts
            .sign_in(&r.address, &r.message, &r.signature, &r.wallet)
            .await
            .map_err(status)?;
        Ok(Response::new(match verdict {
            Verdict::Success(s) => pb::SignInResponse {
                outcome: pb::Outcome::Success.into(),
                session_token: s.token,
                max_age_secs: s.max_age_secs,
                user_id: s.user_id,
            },
            Verdict::Expired => pb::SignInResponse {
                outcome: pb::Outcome::Expired.into(),
                ..Default::default()
            },
        }))
    }

    async fn link(
        &self,
        request: Request<pb::LinkRequest>,
    ) -> Result<Response<pb::LinkResponse>, Status> {
        let r = request.into_inner();
        let verdict = self
            .accounts
            .link(&r.session_token, &r.address, &r.message, &r.signature)
            .await
            .map_err(status)?;
        Ok(Response::new(match verdict {
            Verdict::Success(user) => pb::LinkResponse {
                outcome: pb::Outcome::Success.into(),
                user: Some(user_to_proto(user)),
            },
            Verdict::Expired => pb::LinkResponse {
                outcome: pb::Outcome::Expired.into(),
                user: None,
            },
        }))
    }

    async fn unlink(
        &self,
        request: Request<pb::UnlinkRequest>,
    ) -> Result<Response<pb::User>, Status> {
        let r = request.into_inner();
        let user = self
            .accounts
            .unlink(&r.session_token, &r.address)
            .await
            .map_err(status)?;
        Ok(Response::new(user_to_proto(user)))
    }

    async fn get_user(
        &self,
        request: Request<pb::SessionRequest>,
    ) -> Result<Response<pb::User>, Status> {
        let r = request.into_inner();
        let user = self.accounts.user(&r.session_token).await.map_err(status)?;
        Ok(Response::new(user_to_proto(user)))
    }

    async fn logout(
        &self,
        request: Request<pb::SessionRequest>,
    ) -> Result<Response<pb::LogoutResponse>, Status> {
        let r = request.into_inner();
        self.accounts
            .logout(&r.session_token)
            .await
            .map_err(status)?;
        Ok(Response::new(pb::LogoutResponse {}))
    }

    async fn update_profile(
        &self,
        request: Request<pb::UpdateProfileRequest>,
    ) -> Result<Response<pb::User>, Status> {
        let r = request.into_inner();
        let user = self
            .accounts
            .update_profile(
                &r.session_token,
                r.display_name.as_deref(),
                r.twitter.as_deref(),
            )
            .await
            .map_err(status)?;
        Ok(Response::new(user_to_proto(user)))
    }

    async fn toggle_wishlist(
        &self,
        request: Request<pb::WishlistRequest>,
    ) -> Result<Response<pb::WishlistResponse>, Status> {
        let r = request.into_inner();
        let (added, wishlist) = self
            .accounts
            .toggle_wishlist(&r.session_token, &r.cpid)
            .await
            .map_err(status)?;
        Ok(Response::new(pb::WishlistResponse { added, wishlist }))
    }

    async fn check_address(
        &self,
        request: Request<pb::CheckAddressRequest>,
    ) -> Result<Response<pb::CheckAddressResponse>, Status> {
        let r = request.into_inner();
        Ok(Response::new(pb::CheckAddressResponse {
            valid: self.accounts.address(&r.address).is_ok(),
        }))
    }
}
