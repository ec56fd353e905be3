//! Scripts to the address strings Counterparty and the Stamps indexer record, in each network's format, and
//! Counterparty's packed addresses (PROTOCOL.md §3.4; CP `lib/utils/address.py`, `counterparty-rs/src/utils.rs`).
//!
//! Two packings exist:
//! - **legacy** (21 bytes for base58 addresses): the base58 payload without its checksum, i.e. version byte
//!   (mainnet `0x00`/`0x05`, test networks `0x6f`/`0xc4`) and hash160; from `segwit_support` a witness
//!   address is `0x80 + version` followed by its program (at most 20 bytes). The reference encodes and decodes
//!   these witness addresses with the original bech32 checksum (BIP 173) whatever the version.
//! - **v2** (from `taproot_support`): `0x01 || pkh`, `0x02 || sh`, `0x03 || version || program`, for the
//!   network's addresses only. From `taproot_support` packing and unpacking try v2 first and fall back to legacy.

use std::str::FromStr;

use bitcoin::hashes::Hash;
use bitcoin::{Address, PubkeyHash, Script, ScriptHash, WitnessProgram, WitnessVersion};
use thiserror::Error;

use crate::network::{Change, Network, Rules};

/// The address a standard output script pays to on `network`: P2PKH, P2SH, and witness programs (P2WPKH, P2WSH,
/// P2TR). `None` for bare multisig, OP_RETURN and non-standard scripts.
pub fn from_script(script: &Script, network: Network) -> Option<String> {
    Address::from_script(script, network.bitcoin())
        .ok()
        .map(|a| a.to_string())
}

/// Why an address could not be packed or unpacked.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AddressError {
    /// Not an address this network's packing accepts (the reference's `AddressError`).
    #[error("The address {address} is not a valid bitcoin address ({network})")]
    Invalid {
        /// The address as given.
        address: String,
        /// The network's configuration name.
        network: &'static str,
    },
    /// Not base58 (the reference's `InvalidBase58Error`, before `segwit_support`).
    #[error("invalid base58 string {0:?}")]
    InvalidBase58(String),
    /// Packed bytes that no address format reads.
    #[error("could not unpack address from {0} bytes")]
    Unpack(usize),
}

/// The bech32 human-readable part the reference uses on `network`.
fn hrp(network: Network) -> &'static str {
    match network {
        Network::Mainnet => "bc",
        Network::Testnet3 | Network::Testnet4 | Network::Signet => "tb",
        Network::Regtest => "bcrt",
    }
}

/// Packs `address` in the layout active at `height`: v2 first from `taproot_support`, else (or on failure) legacy.
pub fn pack(address: &str, height: u64, rules: Rules) -> Result<Vec<u8>, AddressError> {
    if rules.active(Change::TaprootSupport, height)
        && let Some(packed) = pack_v2(address, rules.network())
    {
        return Ok(packed);
    }
    pack_legacy(address, height, rules)
}

/// Unpacks bytes in the layout active at `height`: v2 first from `taproot_support`, else (or on failure) legacy.
pub fn unpack(packed: &[u8], height: u64, rules: Rules) -> Result<String, AddressError> {
    if rules.active(Change::TaprootSupport, height)
        && let Some(address) = unpack_v2(packed, rules.network())
    {
        return Ok(address);
    }
    unpack_legacy(packed, height, rules)
}

/// The v2 packing of an address of `network`; `None` when it is not one.
pub fn pack_v2(address: &str, network: Network) -> Option<Vec<u8>> {
    let address = Address::from_str(address)
        .ok()?
        .require_network(network.bitcoin())
        .ok()?;
    if let Some(pkh) = address.pubkey_hash() {
        return Some([&[0x01][..], pkh.as_byte_array()].concat());
    }
    if let Some(sh) = address.script_hash() {
        return Some([&[0x02][..], sh.as_byte_array()].concat());
    }
    let program = address.witness_program()?;
    Some(
        [
            &[0x03, program.version().to_num()][..],
            program.program().as_bytes(),
        ]
        .concat(),
    )
}

/// The address of v2-packed bytes on `network`; `None` when the bytes are not a v2 packing.
pub fn unpack_v2(packed: &[u8], network: Network) -> Option<String> {
    let address = match packed {
        [0x01, hash @ ..] if packed.len() == 21 => Address::p2pkh(
            PubkeyHash::from_byte_array(hash.try_into().ok()?),
            network.bitcoin(),
        ),
        [0x02, hash @ ..] if packed.len() == 21 => Address::p2sh_from_hash(
            ScriptHash::from_byte_array(hash.try_into().ok()?),
            network.bitcoin(),
        ),
        [0x03, version, program @ ..] if packed.len() >= 22 => {
            let version = WitnessVersion::try_from(*version).ok()?;
            let program = WitnessProgram::new(version, program).ok()?;
            Address::from_witness_program(program, network.bitcoin())
        }
        _ => return None,
    };
    Some(address.to_string())
}

/// The legacy packing (CP `pack_legacy`).
pub fn pack_legacy(address: &str, height: u64, rules: Rules) -> Result<Vec<u8>, AddressError> {
    let network = rules.network();
    if !rules.active(Change::SegwitSupport, height) {
        return base58_payload(address)
            .ok_or_else(|| AddressError::InvalidBase58(address.to_owned()));
    }
    if let Some((version, program)) = bech32_decode(hrp(network), address)
        && program.len() <= 20
    {
        return Ok([&[0x80 + version][..], &program].concat());
    }
    let invalid = || AddressError::Invalid {
        address: address.to_owned(),
        network: network.as_str(),
    };
    if !is_valid(address, height, rules) {
        return Err(invalid());
    }
    base58_payload(address).ok_or_else(invalid)
}

/// Base58 decoding without checksum verification, minus the last four bytes (python-bitcoinlib's
/// `base58.decode(address)[:-4]`).
fn base58_payload(address: &str) -> Option<Vec<u8>> {
    let mut bytes = bitcoin::base58::decode(address).ok()?;
    bytes.truncate(bytes.len().saturating_sub(4));
    Some(bytes)
}

/// The reference's `address.validate` for a single (non-multisig) address.
fn is_valid(address: &str, height: u64, rules: Rules) -> bool {
    let network = rules.network();
    if rules.active(Change::TaprootSupport, height) {
        return Address::from_str(address)
            .ok()
            .and_then(|a| a.require_network(network.bitcoin()).ok())
            .is_some_and(|a| {
                a.pubkey_hash().is_some()
                    || a.script_hash().is_some()
                    || a.witness_program().is_some_and(|p| {
                        p.version() == WitnessVersion::V1
                            || (p.version() == WitnessVersion::V0 && p.program().len() == 20)
                    })
            });
    }
    if bech32_decode(hrp(network), address).is_some() {
        return true;
    }
    let (pkh, sh) = version_bytes(network);
    bitcoin::base58::decode_check(address)
        .ok()
        .and_then(|b| b.first().copied())
        .is_some_and(|v| v == pkh || v == sh)
}

/// The base58 version bytes (P2PKH, P2SH) of `network`.
pub fn version_bytes(network: Network) -> (u8, u8) {
    match network {
        Network::Mainnet => (0x00, 0x05),
        _ => (0x6f, 0xc4),
    }
}

/// The legacy unpacking (CP `unpack_legacy`): a segwit marker byte from `segwit_support`, otherwise base58check
/// of whatever bytes are given (any length).
pub fn unpack_legacy(packed: &[u8], height: u64, rules: Rules) -> Result<String, AddressError> {
    match packed {
        [] => Err(AddressError::Unpack(0)),
        [marker @ 0x80..=0x8f, program @ ..] if rules.active(Change::SegwitSupport, height) => {
            bech32_encode(hrp(rules.network()), marker - 0x80, program)
                .ok_or(AddressError::Unpack(packed.len()))
        }
        _ => Ok(bitcoin::base58::encode_check(packed)),
    }
}

// BIP 173 bech32, as python-bitcoinlib's `segwit_addr` implements it (no bech32m).

const CHARSET: &[u8; 32] = b"qpzry9x8gf2tvdw0s3jn54khce6mua7l";

fn polymod(values: impl IntoIterator<Item = u8>) -> u32 {
    const GEN: [u32; 5] = [
        0x3b6a_57b2,
        0x2650_8e6d,
        0x1ea1_19fa,
        0x3d42_33dd,
        0x2a14_62b3,
    ];
    let mut chk: u32 = 1;
    for v in values {
        let top = chk >> 25;
        chk = ((chk & 0x1ff_ffff) << 5) ^ u32::from(v);
        for (i, g) in GEN.iter().enumerate() {
            if (top >> i) & 1 == 1 {
                chk ^= g;
            }
        }
    }
    chk
}

fn hrp_expand(hrp: &str) -> Vec<u8> {
    let b = hrp.as_bytes();
    b.iter()
        .map(|c| c >> 5)
        .chain([0])
        .chain(b.iter().map(|c| c & 31))
        .collect()
}

fn convert_bits(data: &[u8], from: u32, to: u32, pad: bool) -> Option<Vec<u8>> {
    let mut acc: u32 = 0;
    let mut bits: u32 = 0;
    let mut out = Vec::with_capacity(data.len() * from as usize / to as usize + 1);
    let maxv: u32 = (1 << to) - 1;
    let max_acc: u32 = (1 << (from + to - 1)) - 1;
    for v in data {
        let v = u32::from(*v);
        if v >> from != 0 {
            return None;
        }
        acc = ((acc << from) | v) & max_acc;
        bits += from;
        while bits >= to {
            bits -= to;
            out.push(((acc >> bits) & maxv) as u8);
        }
    }
    if pad {
        if bits > 0 {
            out.push(((acc << (to - bits)) & maxv) as u8);
        }
    } else if bits >= from || ((acc << (to - bits)) & maxv) != 0 {
        return None;
    }
    Some(out)
}

/// Decodes a segwit address with the bech32 checksum; `(version, program)`.
fn bech32_decode(hrp: &str, address: &str) -> Option<(u8, Vec<u8>)> {
    if address.bytes().any(|b| !(33..=126).contains(&b))
        || (address.to_lowercase() != address && address.to_uppercase() != address)
    {
        return None;
    }
    let lower = address.to_lowercase();
    let pos = lower.rfind('1')?;
    if pos < 1 || pos + 7 > lower.len() || lower.len() > 90 {
        return None;
    }
    let (got_hrp, rest) = lower.split_at(pos);
    let data: Vec<u8> = rest
        .get(1..)?
        .bytes()
        .map(|c| CHARSET.iter().position(|x| *x == c).map(|p| p as u8))
        .collect::<Option<_>>()?;
    if polymod(hrp_expand(got_hrp).into_iter().chain(data.iter().copied())) != 1 || got_hrp != hrp {
        return None;
    }
    let payload = data.get(..data.len().checked_sub(6)?)?;
    let (version, program) = payload.split_first()?;
    let program = convert_bits(program, 5, 8, false)?;
    if !(2..=40).contains(&program.len())
        || *version > 16
        || (*version == 0 && program.len() != 20 && program.len() != 32)
    {
        return None;
    }
    Some((*version, program))
}

/// Encodes a segwit address with the bech32 checksum; `None` when the reference's round-trip check fails.
fn bech32_encode(hrp: &str, version: u8, program: &[u8]) -> Option<String> {
    let mut data = vec![version];
    data.extend(convert_bits(program, 8, 5, true)?);
    let values: Vec<u8> = hrp_expand(hrp)
        .into_iter()
        .chain(data.iter().copied())
        .chain([0; 6])
        .collect();
    let pm = polymod(values) ^ 1;
    data.extend((0..6).map(|i| ((pm >> (5 * (5 - i))) & 31) as u8));
    let mut out = String::with_capacity(hrp.len() + 1 + data.len());
    out.push_str(hrp);
    out.push('1');
    for d in data {
        out.push(char::from(*CHARSET.get(usize::from(d))?));
    }
    bech32_decode(hrp, &out).map(|_| out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitcoin::ScriptBuf;

    #[test]
    fn p2wpkh_renders_bech32() {
        let script =
            ScriptBuf::from_hex("0014350df4908b68d48dbc8c64b2df27c69261261652").expect("hex");
        assert_eq!(
            from_script(&script, Network::Mainnet).as_deref(),
            Some("bc1qx5xlfyytdr2gm0yvvjed7f7xjfsjv9jjpz64t4")
        );
    }

    #[test]
    fn op_return_has_no_address() {
        let script = ScriptBuf::from_hex("6a0401020304").expect("hex");
        assert_eq!(from_script(&script, Network::Mainnet), None);
    }

    #[test]
    fn legacy_segwit_round_trip() {
        let rules = Rules::MAINNET;
        let addr = "bc1qx5xlfyytdr2gm0yvvjed7f7xjfsjv9jjpz64t4";
        let packed = pack_legacy(addr, 800_000, rules).expect("packs");
        assert_eq!(packed.first(), Some(&0x80));
        assert_eq!(packed.len(), 21);
        assert_eq!(unpack_legacy(&packed, 800_000, rules).as_deref(), Ok(addr));
        // P2WSH is not packable in the legacy form.
        assert!(
            pack_legacy(
                "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3",
                800_000,
                rules
            )
            .is_err()
        );
    }

    #[test]
    fn v2_round_trip() {
        for (addr, network) in [
            ("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", Network::Mainnet),
            (
                "bcrt1pn8p562k8ztfd76lrnsgt4s3su5l630rwzra0jwaxgamurpj0elkqsflm7x",
                Network::Regtest,
            ),
        ] {
            let packed = pack_v2(addr, network).expect("packs");
            assert_eq!(unpack_v2(&packed, network).as_deref(), Some(addr));
        }
        assert_eq!(
            pack_v2("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", Network::Testnet3),
            None
        );
    }
}
