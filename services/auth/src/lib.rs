//! `stamps-auth`: sign-in with a Bitcoin wallet. A visitor proves an address by signing the site's challenge
//! message; the service checks the signature, creates the user at their first sign-in, and keeps sessions,
//! linked addresses, profiles and wishlists, publishing every change of a user as a `users.*` event.
//!
//! - [`verify`]: whether a signature is that proof, in either format wallets produce (legacy / BIP-137 and
//!   BIP-322 simple), for the configured network's addresses only. Pure.
//! - [`challenge`]: the text to sign and its nonce. [`rules`]: names, handles, cpids and their texts.
//! - [`accounts`]: everything in Postgres, and the events through the outbox.
//! - [`grpc`]: the gRPC API. [`service`] and [`config`]: build and run.

pub mod accounts;
pub mod challenge;
pub mod config;
pub mod grpc;
pub mod rules;
pub mod service;
pub mod verify;

pub use config::AuthConfig;
pub use service::{Auth, build, build_with_clock};
