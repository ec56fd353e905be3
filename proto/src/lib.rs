//! Protobuf messages of the platform, generated from `proto/stamps/**` at build time.
//!
//! `events` holds what services publish on JetStream; the `<service>` modules hold gRPC APIs.
#![allow(missing_docs, clippy::all)]

/// Events published on the streams.
pub mod events {
    /// Version 1 of the event schemas.
    pub mod v1 {
        include!(concat!(env!("OUT_DIR"), "/stamps.events.v1.rs"));
    }
}

/// The catalogue's gRPC API.
pub mod catalogue {
    /// Version 1 of the catalogue API.
    pub mod v1 {
        include!(concat!(env!("OUT_DIR"), "/stamps.catalogue.v1.rs"));
    }
}
