//! The platform's integration tests, in one binary: the event consumer over a real NATS, and stamp content.

mod consumer;
mod content;
