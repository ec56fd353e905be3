//! Protobuf messages of the platform, generated from `proto/stamps/**` at build time.
//!
//! `events` holds what services publish on JetStream; the `<service>` modules hold gRPC APIs.
#![allow(missing_docs, clippy::all)]

/// Events published on the streams.
pub mod events {
    /// The subjects events are published on (unprefixed), one per message type.
    pub mod subjects {
        /// `v1::UserProfileUpdated` on USERS.
        pub const PROFILE_UPDATED: &str = "users.profile.updated";
        /// `v1::AddressLinked` on USERS.
        pub const ADDRESS_LINKED: &str = "users.address.linked";
        /// `v1::AddressUnlinked` on USERS.
        pub const ADDRESS_UNLINKED: &str = "users.address.unlinked";
        /// `v1::WishlistItemAdded` on USERS.
        pub const WISHLIST_ADDED: &str = "users.wishlist.added";
        /// `v1::WishlistItemRemoved` on USERS.
        pub const WISHLIST_REMOVED: &str = "users.wishlist.removed";
        /// Core NATS, no stream: the auth service names a user (the payload, their id) whose account or sessions
        /// just changed, so that what gateways keep of it is dropped at once.
        pub const USER_CHANGED: &str = "auth.user.changed";
        /// `v1::CollectionCreated` on COLLECTIONS.
        pub const COLLECTION_CREATED: &str = "collections.created";
        /// `v1::CollectionUpdated` on COLLECTIONS.
        pub const COLLECTION_UPDATED: &str = "collections.updated";
        /// `v1::CollectionDeleted` on COLLECTIONS.
        pub const COLLECTION_DELETED: &str = "collections.deleted";
        /// `v1::ListingCreated` on LISTINGS.
        pub const LISTING_CREATED: &str = "listings.created";
        /// `v1::ListingCancelled` on LISTINGS.
        pub const LISTING_CANCELLED: &str = "listings.cancelled";
        /// `v1::FeesUpdated` on FEES.
        pub const FEES_UPDATED: &str = "fees.updated";
        /// `v1::RequestsServed` on ANALYTICS.
        pub const REQUESTS_SERVED: &str = "analytics.requests";
        /// `v1::MempoolChanged` on MEMPOOL.
        pub const MEMPOOL_CHANGED: &str = "mempool.changed";
    }

    /// The apps whose requests are counted apart (`RequestServed.origin`): the Stamps site, its wallet app, the
    /// XCP site and its wallet app.
    pub const ORIGINS: [&str; 4] = ["stamps", "stamps-wallet", "xcp", "xcp-wallet"];

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

/// The auth service's gRPC API.
pub mod auth {
    /// Version 1 of the auth API.
    pub mod v1 {
        include!(concat!(env!("OUT_DIR"), "/stamps.auth.v1.rs"));
    }
}

/// The fee oracle's gRPC API.
pub mod fees {
    /// Version 1 of the fee oracle's API.
    pub mod v1 {
        include!(concat!(env!("OUT_DIR"), "/stamps.fees.v1.rs"));
    }
}

/// The wallet service's gRPC API.
pub mod wallet {
    /// Version 1 of the wallet API.
    pub mod v1 {
        include!(concat!(env!("OUT_DIR"), "/stamps.wallet.v1.rs"));
    }
}

/// The analytics service's gRPC API.
pub mod analytics {
    /// Version 1 of the analytics API.
    pub mod v1 {
        include!(concat!(env!("OUT_DIR"), "/stamps.analytics.v1.rs"));
    }
}
