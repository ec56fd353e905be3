//! `stamps-auth`: sign-in with a Bitcoin wallet. A visitor proves an address by signing the site's challenge
//! message; [`verify`] decides whether a signature is that proof, in either format wallets produce (legacy /
//! BIP-137 and BIP-322 simple), for the configured network's addresses only.

pub mod verify;
