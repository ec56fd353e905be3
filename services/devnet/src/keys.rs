//! The devnet's actors: deterministic keys from the seed, paying to P2WPKH addresses.

use bitcoin::hashes::{Hash, sha256};
use bitcoin::secp256k1::{All, Secp256k1, SecretKey};
use bitcoin::{Address, CompressedPublicKey, Network, PrivateKey, ScriptBuf};

/// One participant of the scenario.
#[derive(Clone)]
pub struct Actor {
    /// Its private key (never logged).
    pub secret: SecretKey,
    /// Its compressed public key.
    pub public: CompressedPublicKey,
}

impl std::fmt::Debug for Actor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Actor")
            .field("address", &self.address().to_string())
            .finish_non_exhaustive()
    }
}

impl Actor {
    /// Actor `index` of the devnet seeded with `seed`.
    pub fn derive(secp: &Secp256k1<All>, seed: u64, index: u32) -> Self {
        let mut counter = 0u32;
        loop {
            let material = format!("stamps-devnet/{seed}/actor/{index}/{counter}");
            let digest = sha256::Hash::hash(material.as_bytes()).to_byte_array();
            if let Ok(secret) = SecretKey::from_slice(&digest) {
                let private = PrivateKey::new(secret, Network::Bitcoin);
                if let Ok(public) = CompressedPublicKey::from_private_key(secp, &private) {
                    return Self { secret, public };
                }
            }
            counter += 1;
        }
    }

    /// Its mainnet P2WPKH address.
    pub fn address(&self) -> Address {
        Address::p2wpkh(&self.public, Network::Bitcoin)
    }

    /// Its output script.
    pub fn script_pubkey(&self) -> ScriptBuf {
        self.address().script_pubkey()
    }
}
