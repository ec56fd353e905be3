//! Networks and the heights at which protocol rules change on each.

use serde::{Deserialize, Serialize};

/// A network whose rules the decoder applies. Addresses are rendered in mainnet format.
///
/// The devnet follows mainnet's rule heights: it starts at a mainnet-like height (see the devnet's
/// `first_height`), so the rules that apply to its blocks are those mainnet applied at the same height.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Network {
    /// Bitcoin mainnet: rules switch on at their historical heights.
    #[default]
    Mainnet,
}

/// Heights at which rules start applying on mainnet (see PROTOCOL.md §1).
pub mod mainnet {
    /// First stamp (stamp 0).
    pub const CP_STAMP_GENESIS_BLOCK: u64 = 779_652;
    /// At or below: base64 padding repair before decoding.
    pub const STOP_BASE64_REPAIR: u64 = 784_550;
    /// Above: leading whitespace stripped before MIME detection.
    pub const STRIP_WHITESPACE: u64 = 797_200;
    /// Above: payloads starting with `BMN` are audio.
    pub const CP_BMN_FEAT_BLOCK_START: u64 = 815_130;
    /// From: strict base64 validation; OLGA P2WSH stamp data.
    pub const CP_P2WSH_FEAT_BLOCK_START: u64 = 833_000;
    /// From: subasset stamps can be blessed.
    pub const CP_SUBASSET_FEAT_BLOCK_START: u64 = 866_000;
    /// From: issuance body `>QQ???` (19 bytes), subasset `>QQ???B`.
    pub const ISSUANCE_LR_FORMAT: u64 = 753_500;
    /// From: CBOR message bodies are tried first; taproot envelopes.
    pub const TAPROOT_SUPPORT: u64 = 902_000;
}

impl Network {
    /// Whether the rule that activates at mainnet height `activation` applies at `height` on this network.
    pub fn enabled(self, activation: u64, height: u64) -> bool {
        match self {
            Network::Mainnet => height >= activation,
        }
    }
}
