//! Figures derived on the projection side from the read models, for what a block (or a revert, or a user
//! collection's change) touched, in the same transaction: a replay rebuilds them identically. Each module
//! picks what to compute (`*_of_blocks`) and computes it (`refresh`); none reads an event.

pub mod collections;
pub mod collectors;
pub mod fairminters;
pub mod market;
pub mod src20;
