//! The platform's integration tests, in one binary: the event consumer and the outbox relay over a real NATS,
//! and stamp content.

mod consumer;
mod content;
mod relay;
