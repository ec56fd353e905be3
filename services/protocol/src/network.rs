//! Networks and the heights at which protocol rules change on each (PROTOCOL.md §1).
//!
//! Every height-gated rule is a [`Change`]. [`Rules`] answers "is this change active at this height" for one
//! network, with one table per network: mainnet, testnet3 and testnet4 follow Counterparty's
//! `protocol_changes.json` and the Stamps indexer's `config.py`; on [`Network::Regtest`] (the devnet) every
//! change is active from the first block. Rules can also be switched off one by one, which is how the reference
//! implementation's unit tests pin older behaviour.

use serde::{Deserialize, Serialize};

/// A network whose rules the decoder applies and whose address formats it renders.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Network {
    /// Bitcoin mainnet: rules switch on at their historical heights.
    #[default]
    Mainnet,
    /// Testnet3.
    Testnet3,
    /// Testnet4.
    Testnet4,
    /// Signet.
    Signet,
    /// Regtest, and the project's devnet: every rule active from the first block.
    Regtest,
}

impl Network {
    /// The `bitcoin` crate's network, for address rendering.
    pub fn bitcoin(self) -> bitcoin::Network {
        match self {
            Network::Mainnet => bitcoin::Network::Bitcoin,
            Network::Testnet3 => bitcoin::Network::Testnet,
            Network::Testnet4 => bitcoin::Network::Testnet4,
            Network::Signet => bitcoin::Network::Signet,
            Network::Regtest => bitcoin::Network::Regtest,
        }
    }

    /// The name used in configuration (`mainnet`, `testnet3`, `testnet4`, `signet`, `regtest`).
    pub fn as_str(self) -> &'static str {
        match self {
            Network::Mainnet => "mainnet",
            Network::Testnet3 => "testnet3",
            Network::Testnet4 => "testnet4",
            Network::Signet => "signet",
            Network::Regtest => "regtest",
        }
    }

    /// Parses a configuration name; `devnet` is an alias of `regtest`.
    pub fn from_name(name: &str) -> Option<Self> {
        Some(match name {
            "mainnet" | "bitcoin" => Network::Mainnet,
            "testnet3" | "testnet" => Network::Testnet3,
            "testnet4" => Network::Testnet4,
            "signet" => Network::Signet,
            "regtest" | "devnet" => Network::Regtest,
            _ => return None,
        })
    }

    /// The rules of this network with every change at its scheduled height.
    pub const fn rules(self) -> Rules {
        Rules {
            network: self,
            disabled: 0,
        }
    }
}

macro_rules! changes {
    ($( $(#[$doc:meta])* $variant:ident = $name:literal : $main:expr, $t3:expr, $t4:expr; )*) => {
        /// A height-gated protocol rule. Names are the reference implementations' own.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[repr(u8)]
        pub enum Change {
            $( $(#[$doc])* $variant, )*
        }

        impl Change {
            /// Every change, in activation order on mainnet.
            pub const ALL: &'static [Change] = &[$(Change::$variant),*];

            /// The reference name (`taproot_support`, `cp_p2wsh_feat_block_start`, ...).
            pub const fn name(self) -> &'static str {
                match self { $(Change::$variant => $name,)* }
            }

            /// The change with this reference name.
            pub fn from_name(name: &str) -> Option<Self> {
                match name { $($name => Some(Change::$variant),)* _ => None }
            }

            /// First height at which the change applies on `network` (`None`: never).
            pub const fn activation(self, network: Network) -> Option<u64> {
                match network {
                    Network::Regtest => match self {
                        $(Change::$variant => if $main.is_some() { Some(0) } else { None },)*
                    },
                    Network::Mainnet => match self { $(Change::$variant => $main,)* },
                    Network::Testnet3 => match self { $(Change::$variant => $t3,)* },
                    Network::Testnet4 => match self { $(Change::$variant => $t4,)* },
                    Network::Signet => signet(match self { $(Change::$variant => $t4,)* }),
                }
            }
        }
    };
}

const NEVER: Option<u64> = None;

/// Signet activated every change from its first block, except the two groups that came after its launch; they
/// are recognised by their testnet4 heights.
const fn signet(testnet4: Option<u64>) -> Option<u64> {
    match testnet4 {
        Some(136_300) => Some(310_300),
        Some(147_200) => Some(316_200),
        Some(_) => Some(0),
        None => None,
    }
}

changes! {
    // Counterparty (protocol_changes.json). Heights: mainnet, testnet3, testnet4 (signet: see `signet`).
    /// Issuance layout `>QQ??If` (before it, `>QQ?` only).
    IssuanceFormatUpdate = "issuance_format_update": Some(283_272), Some(0), Some(0);
    /// Dividends name the asset paid (`>QQQ`).
    NewDividendFormat = "new_dividend_format": Some(288_151), Some(0), Some(0);
    /// `A<number>` asset names.
    NumericAssetNames = "numeric_asset_names": Some(333_500), Some(0), Some(0);
    /// Modern transaction parser; bare multisig destinations.
    MultisigAddresses = "multisig_addresses": Some(333_500), Some(0), Some(0);
    /// P2SH destinations and sources.
    P2shAddresses = "p2sh_addresses": Some(423_888), Some(0), Some(0);
    /// Only the first input is the source.
    FirstInputIsSource = "first_input_is_source": Some(423_888), Some(0), Some(0);
    /// Broadcast text as a length-prefixed (CompactSize) string instead of a pascal string.
    BroadcastPackText = "broadcast_pack_text": Some(423_888), Some(861_987), Some(0);
    /// Subassets (issuance type 21).
    Subassets = "subassets": Some(467_417), Some(0), Some(0);
    /// One-byte message type ids.
    ShortTxTypeId = "short_tx_type_id": Some(489_956), Some(1_179_400), Some(0);
    /// Enhanced send (2).
    EnhancedSends = "enhanced_sends": Some(489_956), Some(1_179_400), Some(0);
    /// Segwit outputs, sources and packed addresses.
    SegwitSupport = "segwit_support": Some(557_236), Some(1_440_200), Some(0);
    /// Data in P2SH input scripts.
    P2shEncoding = "p2sh_encoding": Some(585_538), Some(1_569_194), Some(0);
    /// Sweep (4).
    SweepSend = "sweep_send": Some(585_538), Some(1_569_194), Some(0);
    /// Dispensers (12) and plain-BTC dispenses.
    Dispensers = "dispensers": Some(585_538), Some(1_569_194), Some(0);
    /// MPMA sends (3).
    MpmaSends = "mpma_sends": Some(616_614), Some(1_569_194), Some(0);
    /// MPMA sends of subassets.
    MpmaSubassetSupport = "mpma_subasset_support": Some(660_000), Some(1_666_479), Some(0);
    /// tx_hash is the txid for segwit transactions.
    CorrectSegwitTxids = "correct_segwit_txids": Some(662_000), Some(1_666_000), Some(0);
    /// Dispensers at P2SH addresses.
    P2shDispensersSupport = "p2sh_dispensers_support": Some(724_000), Some(2_163_328), Some(0);
    /// Issuance descriptions are no longer pascal strings.
    PascalStringRemoved = "pascal_string_removed": Some(745_825), Some(2_287_021), Some(0);
    /// CIP-03: issuance reset flag.
    Cip03 = "cip03": Some(753_500), Some(2_288_000), Some(0);
    /// Dispensers priced by an oracle.
    OracleDispensers = "oracle_dispensers": Some(753_500), Some(2_288_000), Some(0);
    /// Issuance layout `>QQ???` (19 bytes), subasset `>QQ???B` (20 bytes).
    IssuanceLrFormat = "issuance_asset_serialization_format": Some(753_500), Some(2_343_963), Some(0);
    /// Several dispenses per transaction.
    MultipleDispenses = "multiple_dispenses": Some(819_300), Some(2_499_850), Some(0);
    /// Dispensers opened on behalf of another address.
    DispenserOriginPermissionExtended = "dispenser_origin_permission_extended": Some(819_300), Some(2_499_850), Some(0);
    /// Composers emit issuance types 22 and 23.
    IssuanceBackwardsCompatibility = "issuance_backwards_compatibility": Some(819_300), Some(2_422_000), Some(0);
    /// `0xC0 NULL` keeps the previous description.
    IssuanceDescriptionSpecialNull = "issuance_description_special_null": Some(819_300), Some(2_505_725), Some(0);
    /// Fairminters (90) and fairmints (91).
    Fairminter = "fairminter": Some(866_000), Some(2_925_800), Some(0);
    /// Balances attached to UTXOs (100, 101, 102).
    UtxoSupport = "utxo_support": Some(866_000), Some(2_925_800), Some(0);
    /// The dispense message (13).
    EnableDispenseTx = "enable_dispense_tx": Some(866_000), Some(2_925_800), Some(0);
    /// Plain-BTC dispenses stop.
    DisableVanillaBtcDispense = "disable_vanilla_btc_dispense": Some(866_000), Some(2_925_800), Some(0);
    /// Subasset issuance is free.
    FreeSubassets = "free_subassets": Some(866_000), Some(2_925_800), Some(0);
    /// Descriptions can be locked.
    LockableIssuanceDescriptions = "lockable_issuance_descriptions": Some(866_000), Some(2_925_800), Some(0);
    /// One valid dispenser per address.
    AcceptOnlyOneValidDispenser = "accept_only_one_valid_dispenser": Some(868_300), Some(2_925_800), Some(0);
    /// Detach by spending the UTXO.
    SpendUtxoToDetach = "spend_utxo_to_detach": Some(871_900), Some(2_925_800), Some(0);
    /// Taproot sources and destinations, reveal envelopes, CBOR bodies, v2 packed addresses.
    TaprootSupport = "taproot_support": Some(902_000), Some(4_410_000), Some(85_000);
    /// Fairminter message v2 (CBOR).
    FairminterV2 = "fairminter_v2": Some(902_000), Some(4_410_000), Some(85_000);
    /// P2SH data encoding ends.
    P2shDisabled = "p2sh_disabled": Some(902_000), Some(4_410_000), Some(85_000);
    /// Canonical compacted subasset names.
    CanonicalSubassetCompact = "canonical_subasset_compact": Some(952_800), Some(4_961_300), Some(136_300);
    /// Compacted subasset names are at most 200 bytes.
    SubassetCompactExpandCap = "subasset_compact_expand_cap": Some(952_800), Some(4_961_300), Some(136_300);
    /// Issuance unpacking rejects malformed CBOR instead of falling back.
    IssuanceSafeUnpack = "issuance_safe_unpack": Some(952_800), Some(4_961_300), Some(136_300);
    /// Invalid dispenser asset ids give an invalid status instead of an error.
    CatchInvalidDispenserAssetId = "catch_invalid_dispenser_asset_id": Some(952_800), Some(4_961_300), Some(136_300);
    /// Parameters in MIME types, more textual types; non-text MIME values are binary.
    ExtendedMimeTypesSupport = "extended_mime_types_support": Some(952_800), Some(4_961_300), Some(136_300);
    /// Malformed broadcasts are recorded invalid instead of raising.
    BroadcastSafeUnpack = "broadcast_safe_unpack": Some(952_800), Some(4_961_300), Some(136_300);
    /// Ordinals envelope metadata may be a CBOR map holding the message under `xcp`.
    OrdinalsMetadataSupport = "ordinals_metadata_support": Some(952_800), Some(4_961_300), Some(136_300);
    /// Attach checks the OP_RETURN output correctly.
    FixAttachOpReturnCheck = "fix_attach_op_return_check": Some(952_800), Some(4_961_300), Some(136_300);
    /// UTXO references with a vout above `0xFFFFFFFF` are not UTXOs.
    EnforceUtxoVoutMax = "enforce_utxo_vout_max": Some(961_100), Some(5_064_400), Some(147_200);

    // Bitcoin Stamps (btc_stamps config.py). Rules that stop applying are expressed as the change that ends them.
    /// First stamp; the consensus hash chain starts.
    StampGenesis = "cp_stamp_genesis_block": Some(779_652), Some(0), Some(0);
    /// Base64 padding is no longer repaired (repair applies at or below 784550).
    StopBase64Repair = "stop_base64_repair": Some(784_551), Some(0), Some(0);
    /// First SRC-20 (on Counterparty); the SRC-20 ledger hash chain starts.
    CpSrc20Genesis = "cp_src20_genesis_block": Some(788_041), Some(0), Some(0);
    /// SRC-721.
    CpSrc721Genesis = "cp_src721_genesis_block": Some(792_370), Some(0), Some(0);
    /// Raw (non-Counterparty) `stamp:` transactions are read.
    BtcSrc20Genesis = "btc_src20_genesis_block": Some(793_068), Some(0), Some(0);
    /// Counterparty-encoded SRC-20 is no longer honoured.
    CpSrc20End = "cp_src20_end_block": Some(796_000), Some(0), Some(0);
    /// Leading whitespace is stripped before MIME detection (above 797200).
    StripWhitespace = "strip_whitespace": Some(797_201), Some(0), Some(0);
    /// `BMN` payloads are audio (above 815130).
    CpBmnFeat = "cp_bmn_feat_block_start": Some(815_131), Some(0), Some(0);
    /// OLGA P2WSH stamp data, strict base64, SRC-20 numbers no longer digit-filtered.
    CpP2wshFeat = "cp_p2wsh_feat_block_start": Some(833_000), Some(0), Some(0);
    /// Raw SRC-20 over OLGA P2WSH.
    BtcSrc20Olga = "btc_src20_olga_block": Some(865_000), Some(0), Some(0);
    /// Subasset stamps can be blessed.
    CpSubassetFeat = "cp_subasset_feat_block_start": Some(866_000), Some(0), Some(0);
    /// SRC-101.
    BtcSrc101Genesis = "btc_src101_genesis_block": Some(870_652), Some(0), Some(0);
    /// Placeholder in the reference: not active on any public network.
    EnhancedMimeDetection = "enhanced_mime_detection": NEVER, NEVER, NEVER;
}

/// Which changes apply at which heights on one network.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    network: Network,
    /// Bit `c as u8` set: change `c` is switched off.
    disabled: u64,
}

impl Default for Rules {
    fn default() -> Self {
        Self::MAINNET
    }
}

impl From<Network> for Rules {
    fn from(network: Network) -> Self {
        network.rules()
    }
}

impl Rules {
    /// Mainnet's rules.
    pub const MAINNET: Rules = Network::Mainnet.rules();
    /// Regtest's and the devnet's rules: everything active from the first block.
    pub const REGTEST: Rules = Network::Regtest.rules();

    /// The network.
    pub const fn network(self) -> Network {
        self.network
    }

    /// These rules with `change` switched off at every height.
    #[must_use]
    pub const fn without(self, change: Change) -> Self {
        Self {
            network: self.network,
            disabled: self.disabled | (1 << change as u8),
        }
    }

    /// Whether `change` applies at `height`.
    pub const fn active(self, change: Change, height: u64) -> bool {
        if self.disabled & (1 << change as u8) != 0 {
            return false;
        }
        match change.activation(self.network) {
            Some(from) => height >= from,
            None => false,
        }
    }
}

/// The Counterparty protocol version whose rules this crate implements: the version of counterparty-core
/// that introduced the newest change in the rules table (`enforce_utxo_vout_max`, 11.2.0).
pub const COUNTERPARTY_PROTOCOL_VERSION: &str = "11.2.0";

/// Heights at which rules start applying on mainnet (see PROTOCOL.md §1).
pub mod mainnet {
    /// First stamp (stamp 0), and the default first block of an indexer.
    pub const CP_STAMP_GENESIS_BLOCK: u64 = 779_652;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fits_the_bitmask() {
        assert!(Change::ALL.len() <= 64);
        for c in Change::ALL {
            assert_eq!(Change::from_name(c.name()), Some(*c));
        }
    }

    #[test]
    fn mainnet_heights_and_switches() {
        let r = Rules::MAINNET;
        assert!(!r.active(Change::TaprootSupport, 901_999));
        assert!(r.active(Change::TaprootSupport, 902_000));
        assert!(!r.active(Change::StopBase64Repair, 784_550));
        assert!(r.active(Change::StopBase64Repair, 784_551));
        assert!(
            !r.without(Change::TaprootSupport)
                .active(Change::TaprootSupport, 950_000)
        );
        assert!(!r.active(Change::EnhancedMimeDetection, u64::MAX));
    }

    #[test]
    fn regtest_has_everything_from_the_start() {
        let r = Rules::REGTEST;
        assert!(r.active(Change::TaprootSupport, 0));
        assert!(r.active(Change::CpSrc20End, 1));
        assert!(
            !r.without(Change::ShortTxTypeId)
                .active(Change::ShortTxTypeId, 5)
        );
    }
}
