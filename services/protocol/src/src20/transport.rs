//! Where raw SRC-20 (and other `stamp:` JSON) payloads sit in a Bitcoin transaction (PROTOCOL.md §5.1):
//! keyburn bare multisig (one ARC4 stream over every 1-of-3 output) and, from `btc_src20_olga_block`, OLGA
//! P2WSH outputs. Decoding follows the reference's `transaction_utils.process_vout` / `get_tx_info` /
//! `decode_checkmultisig`, including which malformed outputs make it drop the whole transaction; the
//! pre-filter follows its Rust `TransactionInfo::from_transaction`.

use bitcoin::address::Address;
use bitcoin::hashes::{Hash, hash160};
use bitcoin::opcodes::all::{OP_CHECKMULTISIG, OP_PUSHNUM_1, OP_PUSHNUM_3};
use bitcoin::script::{Builder, Instruction};
use bitcoin::{
    Amount, Script, ScriptBuf, Transaction, TxOut, Txid, WitnessProgram, WitnessVersion,
};
use thiserror::Error;

use crate::counterparty::transport::make_valid_pubkey;
use crate::network::{Change, Network, Rules};
use crate::stamp::BURN_KEYS;
use crate::{address, arc4};

/// The prefix of every raw stamp payload.
pub const PREFIX: &[u8; 6] = b"stamp:";
/// Bytes of payload stream per multisig output (two 31-byte key bodies).
pub const MULTISIG_CHUNK: usize = 62;
/// Bytes per OLGA P2WSH output.
pub const OLGA_CHUNK: usize = 32;
/// The burn key the reference composer uses as the third key.
pub const DEFAULT_BURN_KEY: [u8; 33] = BURN_KEYS[2];

/// How a raw payload was carried.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Encoding {
    /// Keyburn bare multisig.
    #[serde(rename = "MULTISIG")]
    Multisig,
    /// P2WSH outputs.
    #[serde(rename = "OLGA")]
    Olga,
}

/// A raw `stamp:` payload found in a transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawPayload {
    /// The bytes after `stamp:` (normally JSON).
    pub payload: Vec<u8>,
    /// Multisig or OLGA.
    pub encoding: Encoding,
    /// Whether some multisig output burns its third key (always true for OLGA, as the reference sets it).
    pub keyburn: bool,
    /// The address of `vout[0]` (the mint/deploy beneficiary or transfer recipient).
    pub destination: String,
    /// The value of `vout[0]` in satoshis (the reference records it for OLGA only from
    /// `btc_src101_olga_block`; callers apply that rule).
    pub destination_value: u64,
    /// The address of the output spent by `vin[0]`, when the caller supplied it.
    pub creator: Option<String>,
    /// Whether the transaction has an OP_RETURN output.
    pub has_op_return: bool,
}

/// Why a transaction carries no raw payload for the reference.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NotRaw {
    /// Raw `stamp:` transactions are read from `btc_src20_genesis_block` on.
    #[error("before raw SRC genesis")]
    BeforeGenesis,
    /// Coinbase transactions carry nothing.
    #[error("coinbase")]
    Coinbase,
    /// An output script the reference cannot tokenise (empty, truncated push).
    #[error("output {0}: undecodable script")]
    BadScript(usize),
    /// A CHECKMULTISIG output that is not `OP_1 <push> <push> <push> OP_3 OP_CHECKMULTISIG`.
    #[error("output {0}: multisig is not 1-of-3")]
    BadMultisig(usize),
    /// An `OP_0` output without a following push the reference can measure.
    #[error("output {0}: malformed OP_0 output")]
    BadWitnessOutput(usize),
    /// The decrypted multisig stream does not carry `stamp:` at offset 2, or is shorter than its length.
    #[error("multisig data without stamp prefix or with a bad length")]
    BadMultisigData,
    /// No data (no carrier, empty payload, or OLGA data failing its checks).
    #[error("no stamp data")]
    NoData,
    /// `vout[0]` (destination) or the spent output (creator) has no address the reference can render.
    #[error("unsupported address script")]
    BadAddress,
}

/// A script element as python-bitcoinlib's "cooked" iteration yields it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tok<'a> {
    /// `OP_0` and `OP_1`..`OP_16` become integers.
    Int(u8),
    /// Data pushes (including zero-length `OP_PUSHDATA` pushes).
    Push(&'a [u8]),
    /// Any other opcode.
    Op(u8),
}

/// Tokenises like `CScript.__iter__`; `None` for empty or truncated scripts.
fn tokens(script: &[u8]) -> Option<Vec<Tok<'_>>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < script.len() {
        let op = script[i];
        i += 1;
        if op > 0x4e {
            out.push(match op {
                0x51..=0x60 => Tok::Int(op - 0x50),
                _ => Tok::Op(op),
            });
            continue;
        }
        if op == 0 {
            out.push(Tok::Int(0));
            continue;
        }
        let size = match op {
            0x4c => {
                let n = usize::from(*script.get(i)?);
                i += 1;
                n
            }
            0x4d => {
                let b = script.get(i..i + 2)?;
                i += 2;
                usize::from(u16::from_le_bytes([b[0], b[1]]))
            }
            0x4e => {
                let b = script.get(i..i + 4)?;
                i += 4;
                u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize
            }
            n => usize::from(n),
        };
        let data = script.get(i..i.checked_add(size)?)?;
        i += size;
        out.push(Tok::Push(data));
    }
    (!out.is_empty()).then_some(out)
}

/// The address the reference renders for a script (`util.decode_address`): standard types, bare-pubkey
/// `<pk> OP_CHECKSIG` as P2PKH, and any 34-byte `OP_1 ...` script as taproot.
pub fn decode_address(script: &Script, network: Network) -> Option<String> {
    let b = script.as_bytes();
    if b.len() == 34 && b[0] == 0x51 {
        let program = WitnessProgram::new(WitnessVersion::V1, &b[2..]).ok()?;
        return Some(Address::from_witness_program(program, network.bitcoin()).to_string());
    }
    if (b.len() == 35 && b[0] == 33 || b.len() == 67 && b[0] == 65) && b[b.len() - 1] == 0xac {
        let hash = hash160::Hash::hash(&b[1..b.len() - 1]);
        let pkh = bitcoin::PubkeyHash::from_raw_hash(hash);
        return Some(Address::p2pkh(pkh, network.bitcoin()).to_string());
    }
    if script.is_p2pkh() || script.is_p2sh() || script.is_p2wpkh() || script.is_p2wsh() {
        return address::from_script(script, network);
    }
    None
}

/// Finds the raw `stamp:` payload of `tx` at `height`, as the reference's raw-transaction path does.
/// `prevout` is the output spent by `vin[0]` (for the creator address); without it `creator` is `None`.
pub fn decode(
    tx: &Transaction,
    height: u64,
    rules: Rules,
    prevout: Option<&TxOut>,
) -> Result<RawPayload, NotRaw> {
    if !rules.active(Change::BtcSrc20Genesis, height) {
        return Err(NotRaw::BeforeGenesis);
    }
    if tx.is_coinbase() {
        return Err(NotRaw::Coinbase);
    }
    let first = tx.input.first().ok_or(NotRaw::Coinbase)?;
    let olga_active = rules.active(Change::BtcSrc20Olga, height);
    // Cheap exit for the common case: no output can be a multisig or a P2WSH data chunk.
    let candidate = tx.output.iter().enumerate().any(|(idx, out)| {
        let b = out.script_pubkey.as_bytes();
        b.last() == Some(&OP_CHECKMULTISIG.to_u8())
            || (olga_active && idx > 0 && b.first() == Some(&0) && b.len() >= 34)
    });
    if !candidate {
        return Err(NotRaw::NoData);
    }
    let mut keyburn = false;
    let mut has_op_return = false;
    let mut multisig_keys: Vec<Tok<'_>> = Vec::new();
    let mut p2wsh_chunks: Vec<&[u8]> = Vec::new();
    for (idx, out) in tx.output.iter().enumerate() {
        let toks = tokens(out.script_pubkey.as_bytes()).ok_or(NotRaw::BadScript(idx))?;
        let last = toks.last().copied();
        if last == Some(Tok::Op(OP_CHECKMULTISIG.to_u8())) {
            let third = match toks.get(3) {
                Some(Tok::Push(p)) => *p,
                _ => return Err(NotRaw::BadMultisig(idx)),
            };
            let shape = toks.len() == 6
                && toks[0] == Tok::Int(1)
                && toks[4] == Tok::Int(3)
                && toks[5] == Tok::Op(OP_CHECKMULTISIG.to_u8());
            if !shape {
                return Err(NotRaw::BadMultisig(idx));
            }
            if BURN_KEYS.iter().any(|k| k.as_slice() == third) {
                keyburn = true;
            }
            multisig_keys.push(toks[1]);
            multisig_keys.push(toks[2]);
        } else if toks[0] == Tok::Op(0x6a) {
            has_op_return = true;
        } else if toks[0] == Tok::Int(0) {
            match toks.get(1) {
                Some(Tok::Push(p)) if p.len() == 32 => {
                    if olga_active && idx > 0 {
                        p2wsh_chunks.push(p);
                    }
                }
                Some(Tok::Push(_) | Tok::Op(_)) => {}
                _ => return Err(NotRaw::BadWitnessOutput(idx)),
            }
        }
    }
    let destination_of = || -> Result<(String, u64), NotRaw> {
        let out0 = tx.output.first().ok_or(NotRaw::BadAddress)?;
        let addr =
            decode_address(&out0.script_pubkey, rules.network()).ok_or(NotRaw::BadAddress)?;
        Ok((addr, out0.value.to_sat()))
    };
    let (payload, encoding, destination, destination_value) = if !p2wsh_chunks.is_empty() {
        let mut joined: Vec<u8> = p2wsh_chunks.concat();
        while joined.last() == Some(&0) {
            joined.pop();
        }
        if joined.len() < 2 + PREFIX.len() {
            return Err(NotRaw::NoData);
        }
        let len = usize::from(u16::from_be_bytes([joined[0], joined[1]]));
        let chunk = joined.get(2..2 + len).ok_or(NotRaw::NoData)?;
        let payload = chunk
            .strip_prefix(PREFIX.as_slice())
            .ok_or(NotRaw::NoData)?;
        keyburn = true;
        let (dest, value) = destination_of()?;
        (payload.to_vec(), Encoding::Olga, dest, value)
    } else if !multisig_keys.is_empty() {
        let mut chunk = Vec::with_capacity(multisig_keys.len() * 31);
        for key in &multisig_keys {
            let Tok::Push(pk) = key else {
                return Err(NotRaw::BadMultisigData);
            };
            if let Some(body) = pk.get(1..pk.len().saturating_sub(1)) {
                chunk.extend_from_slice(body);
            }
        }
        let key = arc4::key_for(&first.previous_output.txid);
        let plain = arc4::apply(&key, &chunk);
        if plain.get(2..2 + PREFIX.len()) != Some(PREFIX.as_slice()) {
            return Err(NotRaw::BadMultisigData);
        }
        let len = usize::from(u16::from_be_bytes([plain[0], plain[1]]));
        if plain.len() < 2 + len {
            return Err(NotRaw::BadMultisigData);
        }
        let payload = plain.get(2 + PREFIX.len()..2 + len).unwrap_or(&[]).to_vec();
        let (dest, value) = destination_of().map_err(|_| NotRaw::BadMultisigData)?;
        (payload, Encoding::Multisig, dest, value)
    } else {
        return Err(NotRaw::NoData);
    };
    if payload.is_empty() {
        return Err(NotRaw::NoData);
    }
    let creator = match prevout {
        Some(out) => {
            Some(decode_address(&out.script_pubkey, rules.network()).ok_or(NotRaw::BadAddress)?)
        }
        None => None,
    };
    Ok(RawPayload {
        payload,
        encoding,
        keyburn,
        destination,
        destination_value,
        creator,
        has_op_return,
    })
}

// ---------------------------------------------------------------------------------------------------------
// Pre-filter (the reference's Rust `should_include`)
// ---------------------------------------------------------------------------------------------------------

/// One output as the reference's Rust pre-filter describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputSummary {
    /// Output index.
    pub index: u32,
    /// Value in satoshis.
    pub value: u64,
    /// Whether the script parses and ends in `OP_CHECKMULTISIG` with at least 4 elements.
    pub has_op_checkmultisig: bool,
    /// Whether the third element is a burn key (with opcode `m` and `n`).
    pub keyburn: bool,
    /// The element before `n` (the last key), when `m` and `n` are opcodes and it is a push.
    pub last_pubkey: Vec<u8>,
    /// The third element (the key after two data keys), when `m` and `n` are opcodes and it is a push.
    pub third_pubkey: Vec<u8>,
}

/// The reference's pre-filter result for a transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prefilter {
    /// Some output at index > 0 is exactly `OP_0 <32 bytes>`.
    pub has_valid_pattern: bool,
    /// Some keyburn multisig output decrypts (alone) to `stamp:` at offset 2, or the OLGA data carries
    /// `stamp:` after its length.
    pub has_valid_data: bool,
    /// Keyburn (a burn-key multisig output, or valid OLGA data).
    pub keyburn: bool,
    /// `(keyburn || has_valid_pattern) && has_valid_data`: the transaction is decoded as a raw stamp.
    pub should_include: bool,
    /// Per-output details.
    pub outputs: Vec<OutputSummary>,
}

fn summarize_output(out: &TxOut, index: u32) -> OutputSummary {
    let mut s = OutputSummary {
        index,
        value: out.value.to_sat(),
        has_op_checkmultisig: false,
        keyburn: false,
        last_pubkey: Vec::new(),
        third_pubkey: Vec::new(),
    };
    let Ok(ins) = out
        .script_pubkey
        .instructions()
        .collect::<Result<Vec<_>, _>>()
    else {
        return s;
    };
    let n = ins.len();
    if n < 4 || ins.last().and_then(Instruction::opcode) != Some(OP_CHECKMULTISIG) {
        return s;
    }
    s.has_op_checkmultisig = true;
    if matches!(ins.first(), Some(Instruction::Op(_)))
        && matches!(ins.get(n - 2), Some(Instruction::Op(_)))
    {
        if let Some(Instruction::PushBytes(third)) = ins.get(3) {
            s.third_pubkey = third.as_bytes().to_vec();
            s.keyburn = BURN_KEYS.iter().any(|k| k.as_slice() == third.as_bytes());
        }
        if let Some(Instruction::PushBytes(last)) = ins.get(n - 3) {
            s.last_pubkey = last.as_bytes().to_vec();
        }
    }
    s
}

/// Whether the reference decodes `tx` as a raw stamp candidate (after `btc_src20_genesis_block`), with the
/// per-output details its parser records.
pub fn prefilter(tx: &Transaction) -> Prefilter {
    let mut has_valid_pattern = false;
    let mut has_valid_data = false;
    let mut keyburn = false;
    let mut chunks: Vec<u8> = Vec::new();
    let mut outputs = Vec::with_capacity(tx.output.len());
    for (i, out) in tx.output.iter().enumerate() {
        let summary = summarize_output(out, i as u32);
        let b = out.script_pubkey.as_bytes();
        if i > 0 && b.len() == 34 && b[0] == 0x00 && b[1] == 0x20 {
            has_valid_pattern = true;
            chunks.extend_from_slice(&b[2..34]);
        }
        if summary.has_op_checkmultisig && summary.keyburn {
            keyburn = true;
            if let Ok(ins) = out
                .script_pubkey
                .instructions()
                .collect::<Result<Vec<_>, _>>()
            {
                let mut chunk = Vec::new();
                let pushes = ins
                    .iter()
                    .skip(1)
                    .take(ins.len().saturating_sub(3))
                    .filter_map(|i| match i {
                        Instruction::PushBytes(p) => Some(p.as_bytes()),
                        Instruction::Op(_) => None,
                    });
                for pk in pushes.take(2) {
                    if pk.len() > 2 {
                        chunk.extend_from_slice(&pk[1..pk.len() - 1]);
                    }
                }
                if let Some(input) = tx.input.first() {
                    let plain = arc4::apply(&arc4::key_for(&input.previous_output.txid), &chunk);
                    if plain.get(2..2 + PREFIX.len()) == Some(PREFIX.as_slice()) {
                        has_valid_data = true;
                    }
                }
            }
        }
        outputs.push(summary);
    }
    while chunks.last() == Some(&0) {
        chunks.pop();
    }
    if chunks.len() >= 2 + PREFIX.len() {
        let len = usize::from(u16::from_be_bytes([chunks[0], chunks[1]]));
        if let Some(data) = chunks.get(2..2 + len)
            && data.starts_with(PREFIX)
        {
            has_valid_data = true;
            keyburn = true;
        }
    }
    Prefilter {
        has_valid_pattern,
        has_valid_data,
        keyburn,
        should_include: (keyburn || has_valid_pattern) && has_valid_data,
        outputs,
    }
}

// ---------------------------------------------------------------------------------------------------------
// Encoding
// ---------------------------------------------------------------------------------------------------------

/// The keyburn multisig outputs carrying `payload` (JSON, without `stamp:`) for a transaction whose first
/// input spends `first_input`: `u16 BE length` + `stamp:` + payload, zero padded to a multiple of 62, one
/// ARC4 stream, each 62 bytes as two valid compressed keys plus `burn_key`, 1-of-3, worth `dust` each.
/// `None` when the payload does not fit the 16-bit length.
pub fn multisig_outputs(
    payload: &[u8],
    first_input: &Txid,
    burn_key: &[u8; 33],
    dust: Amount,
) -> Option<Vec<TxOut>> {
    let len = u16::try_from(PREFIX.len() + payload.len()).ok()?;
    let mut plain = Vec::with_capacity(2 + usize::from(len) + MULTISIG_CHUNK);
    plain.extend_from_slice(&len.to_be_bytes());
    plain.extend_from_slice(PREFIX);
    plain.extend_from_slice(payload);
    let padded = plain.len().div_ceil(MULTISIG_CHUNK) * MULTISIG_CHUNK;
    plain.resize(padded, 0);
    let enc = arc4::apply(&arc4::key_for(first_input), &plain);
    let outputs = enc
        .chunks_exact(MULTISIG_CHUNK)
        .map(|c| {
            let mut a = [0u8; 31];
            let mut b = [0u8; 31];
            a.copy_from_slice(&c[..31]);
            b.copy_from_slice(&c[31..]);
            let script = Builder::new()
                .push_opcode(OP_PUSHNUM_1)
                .push_slice(make_valid_pubkey(&a))
                .push_slice(make_valid_pubkey(&b))
                .push_slice(burn_key)
                .push_opcode(OP_PUSHNUM_3)
                .push_opcode(OP_CHECKMULTISIG)
                .into_script();
            TxOut {
                value: dust,
                script_pubkey: script,
            }
        })
        .collect();
    Some(outputs)
}

/// The OLGA P2WSH outputs carrying `payload`: `u16 BE length` + `stamp:` + payload in 32-byte witness
/// programs (the last zero padded), worth `dust` each. They must follow the destination output (the
/// reference reads P2WSH data only at index > 0). `None` when the payload does not fit the 16-bit length.
pub fn olga_outputs(payload: &[u8], dust: Amount) -> Option<Vec<TxOut>> {
    let len = u16::try_from(PREFIX.len() + payload.len()).ok()?;
    let mut data = Vec::with_capacity(2 + usize::from(len) + OLGA_CHUNK);
    data.extend_from_slice(&len.to_be_bytes());
    data.extend_from_slice(PREFIX);
    data.extend_from_slice(payload);
    let padded = data.len().div_ceil(OLGA_CHUNK) * OLGA_CHUNK;
    data.resize(padded, 0);
    let outputs = data
        .chunks_exact(OLGA_CHUNK)
        .map(|c| {
            let mut program = [0u8; 32];
            program.copy_from_slice(c);
            TxOut {
                value: dust,
                script_pubkey: ScriptBuf::new_p2wsh(&bitcoin::WScriptHash::from_byte_array(
                    program,
                )),
            }
        })
        .collect();
    Some(outputs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokenizer_matches_python_bitcoinlib() {
        assert_eq!(tokens(&[]), None);
        assert_eq!(tokens(&[0x4c]), None);
        assert_eq!(tokens(&[0x02, 0x01]), None);
        assert_eq!(
            tokens(&[0x00, 0x51, 0x4c, 0x00, 0xae]),
            Some(vec![
                Tok::Int(0),
                Tok::Int(1),
                Tok::Push(&[]),
                Tok::Op(0xae)
            ])
        );
    }

    #[test]
    fn taproot_and_bare_pubkey_addresses() {
        let mut p2pk = vec![33u8];
        p2pk.extend_from_slice(&BURN_KEYS[0]);
        p2pk.push(0xac);
        let addr = decode_address(Script::from_bytes(&p2pk), Network::Mainnet).expect("p2pk");
        assert!(addr.starts_with('1'));
        let mut p2tr = vec![0x51, 0x20];
        p2tr.extend_from_slice(&[7u8; 32]);
        let addr = decode_address(Script::from_bytes(&p2tr), Network::Mainnet).expect("p2tr");
        assert!(addr.starts_with("bc1p"));
    }
}
