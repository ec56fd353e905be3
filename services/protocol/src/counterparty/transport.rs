//! Counterparty transport (PROTOCOL.md §2): data in OP_RETURN, P2PKH-data and bare multisig outputs,
//! obfuscated with ARC4 keyed by the first input's txid.

use bitcoin::hashes::{Hash, sha256};
use bitcoin::opcodes::all::{
    OP_CHECKMULTISIG, OP_CHECKSIG, OP_PUSHNUM_1, OP_PUSHNUM_16, OP_RETURN,
};
use bitcoin::script::{Builder, Instruction};
use bitcoin::secp256k1::PublicKey;
use bitcoin::{Amount, Script, ScriptBuf, Transaction, TxOut};
use thiserror::Error;

use super::PREFIX;
use crate::{address, arc4};

/// Why a transaction is not a Counterparty transaction.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TransportError {
    /// Coinbase or input-less transactions carry no Counterparty data.
    #[error("transaction has no spendable first input")]
    NoInput,
    /// An output that is neither data nor a recognised destination.
    #[error("output {0} has an unrecognised script")]
    UnrecognisedOutput(usize),
    /// An OP_RETURN whose decrypted push does not start with the prefix.
    #[error("output {0} is an OP_RETURN without Counterparty data")]
    ForeignOpReturn(usize),
}

/// What a transaction's outputs carry for Counterparty.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TxData {
    /// Destination addresses before the data, in output order.
    pub destinations: Vec<String>,
    /// Satoshis paid to those destinations.
    pub btc_amount: u64,
    /// The message: type id and body, prefix removed.
    pub data: Vec<u8>,
    /// Whether an OP_RETURN output carried data (stamps from OP_RETURN issuances are cursed).
    pub has_op_return: bool,
}

/// One classified output.
enum Output {
    Data(Vec<u8>),
    Destination(String),
}

/// Decodes the Counterparty data and destinations of `tx`. `Ok(None)` when it carries no Counterparty data.
pub fn decode(tx: &Transaction) -> Result<Option<TxData>, TransportError> {
    if tx.is_coinbase() {
        return Ok(None);
    }
    let first = tx.input.first().ok_or(TransportError::NoInput)?;
    let key = arc4::key_for(&first.previous_output.txid);
    let mut out = TxData::default();
    for (index, txout) in tx.output.iter().enumerate() {
        let script = txout.script_pubkey.as_script();
        let is_op_return = script.is_op_return();
        match classify(index, script, &key)? {
            Output::Data(chunk) => {
                out.has_op_return |= is_op_return;
                out.data.extend_from_slice(&chunk);
            }
            // A destination after the data is change: the scan stops.
            Output::Destination(_) if !out.data.is_empty() => break,
            Output::Destination(dest) => {
                out.destinations.push(dest);
                out.btc_amount = out.btc_amount.saturating_add(txout.value.to_sat());
            }
        }
    }
    Ok((!out.data.is_empty()).then_some(out))
}

fn classify(index: usize, script: &Script, key: &[u8; 32]) -> Result<Output, TransportError> {
    if script.is_op_return() {
        let push =
            single_push_after_op_return(script).ok_or(TransportError::ForeignOpReturn(index))?;
        let plain = arc4::apply(key, push);
        return match plain.strip_prefix(PREFIX.as_slice()) {
            Some(data) => Ok(Output::Data(data.to_vec())),
            None => Err(TransportError::ForeignOpReturn(index)),
        };
    }
    let instructions: Vec<Instruction<'_>> = match script.instructions().collect::<Result<_, _>>() {
        Ok(i) => i,
        Err(_) => return Err(TransportError::UnrecognisedOutput(index)),
    };
    match instructions.last() {
        Some(Instruction::Op(op)) if *op == OP_CHECKSIG && script.is_p2pkh() => {
            let hash = match instructions.get(2) {
                Some(Instruction::PushBytes(p)) => p.as_bytes(),
                _ => return Err(TransportError::UnrecognisedOutput(index)),
            };
            if let Some(data) = prefixed_chunk(&arc4::apply(key, hash)) {
                return Ok(Output::Data(data));
            }
            address::from_script(script, crate::Network::Mainnet)
                .map(Output::Destination)
                .ok_or(TransportError::UnrecognisedOutput(index))
        }
        Some(Instruction::Op(op)) if *op == OP_CHECKMULTISIG => multisig(index, &instructions, key),
        _ => address::from_script(script, crate::Network::Mainnet)
            .map(Output::Destination)
            .ok_or(TransportError::UnrecognisedOutput(index)),
    }
}

fn single_push_after_op_return(script: &Script) -> Option<&[u8]> {
    let mut it = script.instructions();
    match it.next()? {
        Ok(Instruction::Op(op)) if op == OP_RETURN => {}
        _ => return None,
    }
    let push = match it.next()? {
        Ok(Instruction::PushBytes(p)) => p.as_bytes(),
        _ => return None,
    };
    it.next().is_none().then_some(push)
}

/// `[len][CNTRPRTY][data][padding]` → data, with `len` counting prefix and data.
fn prefixed_chunk(plain: &[u8]) -> Option<Vec<u8>> {
    if plain.len() < 1 + PREFIX.len() || &plain[1..1 + PREFIX.len()] != PREFIX.as_slice() {
        return None;
    }
    let len = usize::from(plain[0]).min(plain.len() - 1);
    plain.get(1 + PREFIX.len()..1 + len).map(<[u8]>::to_vec)
}

fn small_int(instruction: &Instruction<'_>) -> Option<u8> {
    match instruction {
        Instruction::Op(op) => {
            let code = op.to_u8();
            (OP_PUSHNUM_1.to_u8()..=OP_PUSHNUM_16.to_u8())
                .contains(&code)
                .then(|| code - OP_PUSHNUM_1.to_u8() + 1)
        }
        Instruction::PushBytes(p) if p.len() == 1 => Some(p.as_bytes()[0]),
        _ => None,
    }
}

fn multisig(
    index: usize,
    ins: &[Instruction<'_>],
    key: &[u8; 32],
) -> Result<Output, TransportError> {
    let bad = || TransportError::UnrecognisedOutput(index);
    if ins.len() < 4 {
        return Err(bad());
    }
    let m = small_int(&ins[0]).ok_or_else(bad)?;
    let n = small_int(&ins[ins.len() - 2]).ok_or_else(bad)?;
    let pubkeys: Vec<&[u8]> = ins[1..ins.len() - 2]
        .iter()
        .map(|i| match i {
            Instruction::PushBytes(p) if p.len() == 33 || p.len() == 65 => Ok(p.as_bytes()),
            _ => Err(bad()),
        })
        .collect::<Result<_, _>>()?;
    if pubkeys.len() < 2 || !(1..=3).contains(&m) || !(2..=3).contains(&n) {
        return Err(bad());
    }
    // Data lives in every pubkey but the last, each stripped of its sign byte and its nonce byte.
    let mut chunk = Vec::with_capacity(62);
    for pk in &pubkeys[..pubkeys.len() - 1] {
        chunk.extend_from_slice(&pk[1..pk.len() - 1]);
    }
    if let Some(data) = prefixed_chunk(&arc4::apply(key, &chunk)) {
        return Ok(Output::Data(data));
    }
    let mut addresses = Vec::with_capacity(pubkeys.len());
    for pk in &pubkeys {
        let pk = bitcoin::PublicKey::from_slice(pk).map_err(|_| bad())?;
        addresses.push(bitcoin::Address::p2pkh(pk, bitcoin::Network::Bitcoin).to_string());
    }
    addresses.sort();
    Ok(Output::Destination(format!(
        "{m}_{}_{n}",
        addresses.join("_")
    )))
}

/// The number of message bytes one multisig data output carries.
pub const MULTISIG_CHUNK: usize = 33 * 2 - 1 - PREFIX.len() - 2 - 2;
/// The value of each multisig data output, in satoshis.
pub const MULTISIG_DUST: u64 = 1000;

/// Makes 31 obfuscated bytes a valid compressed public key by choosing a sign byte and a nonce byte,
/// deterministically from their sha256, as the reference composer does.
pub fn make_valid_pubkey(start: &[u8; 31]) -> [u8; 33] {
    let seed = sha256::Hash::hash(start).to_byte_array();
    let sign = (seed[0] & 1) + 2;
    let mut candidate = [0u8; 33];
    candidate[0] = sign;
    candidate[1..32].copy_from_slice(start);
    // The first candidate is the seed's nonce plus one. About half of all x coordinates are on the curve,
    // so 255 tries never all fail in practice (the reference asserts the same).
    for step in 1..=255u8 {
        candidate[32] = seed[1].wrapping_add(step);
        if PublicKey::from_slice(&candidate).is_ok() {
            return candidate;
        }
    }
    candidate
}

/// The bare-multisig data outputs that carry `message` (type id and body): each is
/// `OP_1 <data pk 1> <data pk 2> <third pk> OP_3 OP_CHECKMULTISIG` worth [`MULTISIG_DUST`].
/// `third` is the spender's key, or a burn key for stamps (Counterparty ignores it).
pub fn multisig_data_outputs(key: &[u8; 32], message: &[u8], third: &[u8; 33]) -> Vec<TxOut> {
    message
        .chunks(MULTISIG_CHUNK)
        .map(|part| {
            let mut plain = [0u8; 62];
            plain[0] = (PREFIX.len() + part.len()) as u8;
            plain[1..9].copy_from_slice(PREFIX);
            plain[9..9 + part.len()].copy_from_slice(part);
            let enc = arc4::apply(key, &plain);
            let mut first = [0u8; 31];
            let mut second = [0u8; 31];
            first.copy_from_slice(&enc[..31]);
            second.copy_from_slice(&enc[31..]);
            let script = Builder::new()
                .push_opcode(OP_PUSHNUM_1)
                .push_slice(make_valid_pubkey(&first))
                .push_slice(make_valid_pubkey(&second))
                .push_slice(third)
                .push_opcode(bitcoin::opcodes::all::OP_PUSHNUM_3)
                .push_opcode(OP_CHECKMULTISIG)
                .into_script();
            TxOut {
                value: Amount::from_sat(MULTISIG_DUST),
                script_pubkey: script,
            }
        })
        .collect()
}

/// The OP_RETURN output that carries `message`: `OP_RETURN ARC4(key, "CNTRPRTY" + message)`, worth 0.
/// Returns `None` when the message does not fit the 80-byte OP_RETURN limit.
pub fn op_return_output(key: &[u8; 32], message: &[u8]) -> Option<TxOut> {
    let mut plain = PREFIX.to_vec();
    plain.extend_from_slice(message);
    if plain.len() > 80 {
        return None;
    }
    let enc = arc4::apply(key, &plain);
    let push = bitcoin::script::PushBytesBuf::try_from(enc).ok()?;
    Some(TxOut {
        value: Amount::ZERO,
        script_pubkey: ScriptBuf::new_op_return(push),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn make_valid_pubkey_matches_reference_vectors() {
        let a = make_valid_pubkey(&[0xaa; 31]);
        assert_eq!(a[0], 0x02);
        assert_eq!(a[32], 0x7c);
        let b = make_valid_pubkey(&[0xbb; 31]);
        assert_eq!(b[0], 0x03);
        assert_eq!(b[32], 0xc4);
    }
}
