//! The protocol's conformance suites, in one binary: decoding and rules against the shared mainnet fixtures
//! (`STAMPS_FIXTURES`), the published vectors, and round trips.

mod common;

mod block_decode;
mod btc_stamps_transport;
mod cp_roundtrip;
mod cp_transport_roundtrip;
mod cp_transport_vectors;
mod cp_vectors;
mod mainnet_vectors;
mod protocol_rules;
mod src20_fixtures;
mod src20_roundtrip;
