//! What needs the spent outputs: the source address, the SIGHASH rule, P2SH data inputs and the fee.

use bitcoin::hashes::{Hash, hash160};
use bitcoin::opcodes::all::{OP_CHECKMULTISIG, OP_CHECKSIG};
use bitcoin::script::Instruction;
use bitcoin::{OutPoint, Script, Transaction, TxOut, Txid};
use serde::Serialize;

use crate::network::{Change, Network};
use crate::{address, arc4};

use super::outputs::ParsedOutputs;
use super::outputs::parse_outputs;
use super::{
    Params, TransportError, base58_with_version, multisig_address, p2pkh_version, p2sh_version,
    prefixed_chunk, unspendable,
};

/// Gives the outputs a transaction spends, for its source and fee.
pub trait PrevoutSource {
    /// The output `outpoint` refers to, if known.
    fn prevout(&self, outpoint: &OutPoint) -> Option<TxOut>;
    /// The outpoint spent by the first input of transaction `txid`. Needed for taproot reveal transactions,
    /// whose source is the first input of their commit transaction.
    fn first_input_of(&self, txid: &Txid) -> Option<OutPoint> {
        let _ = txid;
        None
    }
}

impl PrevoutSource for std::collections::HashMap<OutPoint, TxOut> {
    fn prevout(&self, outpoint: &OutPoint) -> Option<TxOut> {
        self.get(outpoint).cloned()
    }
}

/// No spent outputs known.
pub struct NoPrevouts;

impl PrevoutSource for NoPrevouts {
    fn prevout(&self, _: &OutPoint) -> Option<TxOut> {
        None
    }
}

/// A Counterparty transaction as the reference's `get_tx_info` sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TxInfo {
    /// Source address (the first input's, or a P2SH data input's).
    pub source: String,
    /// Destinations joined by `-`.
    pub destination: String,
    /// Satoshis paid to the destinations.
    pub btc_amount: u64,
    /// Inputs minus visited outputs, in satoshis.
    pub fee: i64,
    /// The message (type id and body). For a dispense, `0d 00`.
    #[serde(serialize_with = "crate::hex_bytes")]
    pub data: Vec<u8>,
    /// For a dispense: every visited output not paying the source, `(address, satoshis, index)`.
    pub dispenses: Vec<DispenseOutput>,
    /// The outputs as parsed.
    #[serde(skip)]
    pub outputs: ParsedOutputs,
}

/// An output of a dispense transaction that pays a (possible) dispenser.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DispenseOutput {
    /// Dispenser address.
    pub destination: String,
    /// Satoshis paid.
    pub btc_amount: u64,
    /// Position among the visited outputs.
    pub out_index: usize,
}

/// The message type of a dispense.
const DISPENSE_ID: u8 = 13;

/// The full transaction info: outputs, then source (after the SIGHASH rule unless `composing`), fee and P2SH
/// data from the spent outputs. A transaction with no data that pays no burn address fails with
/// [`TransportError::BtcOnly`]; whether it is a plain-BTC dispense (585538 ≤ h < 866000) is for the ledger,
/// which has the dispensers, to decide from [`ParsedOutputs::potential_dispensers`].
pub fn tx_info(
    tx: &Transaction,
    params: &Params,
    prevouts: &dyn PrevoutSource,
    composing: bool,
) -> Result<TxInfo, TransportError> {
    tx_info_from(tx, parse_outputs(tx, params)?, params, prevouts, composing)
}

/// [`tx_info`] for outputs already parsed with [`parse_outputs`].
pub fn tx_info_from(
    tx: &Transaction,
    mut outputs: ParsedOutputs,
    params: &Params,
    prevouts: &dyn PrevoutSource,
    composing: bool,
) -> Result<TxInfo, TransportError> {
    let network = params.network();
    let mut fee = outputs.fee;
    let mut data = outputs.data.clone();
    let mut p2sh_source = None;
    let mut fee_added = false;
    if params.active(Change::P2shEncoding)
        && !params.active(Change::P2shDisabled)
        && data == b"P2SH"
    {
        let (source, p2sh_data, inputs_value) = p2sh_inputs(tx, params, prevouts)?;
        p2sh_source = source;
        data = p2sh_data;
        fee = fee.saturating_add(inputs_value);
        fee_added = true;
    }
    if data.is_empty() && outputs.destinations != [unspendable(network)] {
        return Err(TransportError::BtcOnly);
    }
    let source = match p2sh_source {
        Some(source) => source,
        None => {
            if !composing {
                check_sighash(tx, params)?;
            }
            let (source, inputs_value) = sources(tx, params, prevouts, outputs.is_reveal_tx)?;
            if !fee_added {
                fee = fee.saturating_add(inputs_value);
            }
            source
        }
    };
    let mut dispenses = Vec::new();
    if params.active(Change::EnableDispenseTx)
        && message_type_id(&data, params) == Some(u32::from(DISPENSE_ID))
    {
        let buyer = source.split('-').next().unwrap_or_default();
        for (index, out) in outputs.potential_dispensers.iter().enumerate() {
            let (Some(dest), Some(value)) = (&out.destination, out.value) else {
                continue;
            };
            if dest != buyer {
                dispenses.push(DispenseOutput {
                    destination: dest.clone(),
                    btc_amount: value,
                    out_index: index,
                });
                if !params.active(Change::MultipleDispenses) {
                    break;
                }
            }
        }
    }
    outputs.data = data.clone();
    Ok(TxInfo {
        source,
        destination: outputs.destination(),
        btc_amount: outputs.btc_amount,
        fee,
        data,
        dispenses,
        outputs,
    })
}

/// The message type id of `data`, one byte from `short_tx_type_id`, else four (PROTOCOL.md §3.1).
fn message_type_id(data: &[u8], params: &Params) -> Option<u32> {
    match data {
        [first, rest @ ..]
            if *first != 0 && !rest.is_empty() && params.active(Change::ShortTxTypeId) =>
        {
            Some(u32::from(*first))
        }
        [a, b, c, d, _, ..] => Some(u32::from_be_bytes([*a, *b, *c, *d])),
        _ => None,
    }
}

/// The UTXO facts the reference records per transaction: the first output that is not OP_RETURN (as
/// `txid:vout`), the number of outputs, and the index of the OP_RETURN output, if any.
pub fn utxos_info(tx: &Transaction) -> (Option<String>, usize, Option<usize>) {
    let txid = tx.compute_txid();
    let first = tx
        .output
        .iter()
        .position(|o| !o.script_pubkey.is_op_return())
        .map(|i| format!("{txid}:{i}"));
    let op_return = tx
        .output
        .iter()
        .position(|o| o.script_pubkey.is_op_return());
    (first, tx.output.len(), op_return)
}

fn value_of(prevouts: &dyn PrevoutSource, outpoint: &OutPoint) -> Result<TxOut, TransportError> {
    prevouts
        .prevout(outpoint)
        .ok_or(TransportError::MissingPrevout(*outpoint))
}

/// The source address and the sum of every input's value.
fn sources(
    tx: &Transaction,
    params: &Params,
    prevouts: &dyn PrevoutSource,
    is_reveal: bool,
) -> Result<(String, i64), TransportError> {
    let network = params.network();
    let mut total: i64 = 0;
    let mut source = None;
    let key = tx
        .input
        .first()
        .map(|i| arc4::key_for(&i.previous_output.txid))
        .unwrap_or_default();
    for (index, input) in tx.input.iter().enumerate() {
        let spent = value_of(prevouts, &input.previous_output)?;
        total = total.saturating_add(i64::try_from(spent.value.to_sat()).unwrap_or(i64::MAX));
        if index > 0 {
            continue;
        }
        // A taproot reveal's source is the first input of its commit transaction.
        let script = if is_reveal {
            let commit_input = prevouts
                .first_input_of(&input.previous_output.txid)
                .ok_or(TransportError::MissingPrevout(input.previous_output))?;
            value_of(prevouts, &commit_input)?.script_pubkey
        } else {
            spent.script_pubkey
        };
        source = Some(source_address(&script, &key, params, network)?);
    }
    Ok((source.ok_or(TransportError::UnrecognisedSource)?, total))
}

/// The address a spent output's script stands for as a source (`get_transaction_sources`).
pub fn source_address(
    script: &Script,
    key: &[u8; 32],
    params: &Params,
    network: Network,
) -> Result<String, TransportError> {
    let ins: Vec<Instruction<'_>> = script
        .instructions()
        .collect::<Result<_, _>>()
        .map_err(|_| TransportError::UnrecognisedSource)?;
    let last_is = |op| matches!(ins.last(), Some(Instruction::Op(o)) if *o == op);
    if last_is(OP_CHECKSIG) {
        if !script.is_p2pkh() {
            return Err(TransportError::UnrecognisedSource);
        }
        let hash = match ins.get(2) {
            Some(Instruction::PushBytes(p)) => p.as_bytes(),
            _ => return Err(TransportError::UnrecognisedSource),
        };
        if prefixed_chunk(&arc4::apply(key, hash), &params.prefix).is_some() {
            return Err(TransportError::DataInSource);
        }
        return Ok(base58_with_version(p2pkh_version(network), hash));
    }
    if last_is(OP_CHECKMULTISIG) {
        let (required, keys) = match ins.as_slice() {
            [m, a, b, n, _] if small_int(n) == Some(2) => (small_int(m), vec![a, b]),
            [m, a, b, c, n, _] if small_int(n) == Some(3) => (small_int(m), vec![a, b, c]),
            _ => return Err(TransportError::UnrecognisedSource),
        };
        let keys: Vec<&[u8]> = keys
            .into_iter()
            .map(|i| match i {
                Instruction::PushBytes(p) => Ok(p.as_bytes()),
                Instruction::Op(_) => Err(TransportError::UnrecognisedSource),
            })
            .collect::<Result<_, _>>()?;
        let mut chunk = Vec::new();
        for pk in &keys[..keys.len() - 1] {
            chunk.extend_from_slice(pk.get(1..pk.len().saturating_sub(1)).unwrap_or_default());
        }
        if prefixed_chunk(&arc4::apply(key, &chunk), &params.prefix).is_some() {
            return Err(TransportError::DataInSource);
        }
        let required = required.ok_or(TransportError::UnrecognisedSource)?;
        return Ok(multisig_address(required, &keys, network));
    }
    if script.is_p2sh() {
        let hash = script.as_bytes().get(2..22).unwrap_or_default();
        return Ok(base58_with_version(p2sh_version(network), hash));
    }
    let v0 = script.witness_version() == Some(bitcoin::WitnessVersion::V0);
    let v1 = script.witness_version() == Some(bitcoin::WitnessVersion::V1);
    if (params.active(Change::SegwitSupport) && v0) || (params.active(Change::TaprootSupport) && v1)
    {
        return address::from_script(script, network).ok_or(TransportError::UnrecognisedSource);
    }
    Err(TransportError::UnrecognisedSource)
}

fn small_int(i: &Instruction<'_>) -> Option<u8> {
    match i {
        Instruction::Op(op) if (0x51..=0x60).contains(&op.to_u8()) => Some(op.to_u8() - 0x50),
        Instruction::PushBytes(p) if p.len() == 1 => Some(p.as_bytes()[0]),
        _ => None,
    }
}

/// Data and source from P2SH-encoded inputs (PROTOCOL.md §2.5), and the sum of the inputs' values.
fn p2sh_inputs(
    tx: &Transaction,
    params: &Params,
    prevouts: &dyn PrevoutSource,
) -> Result<(Option<String>, Vec<u8>, i64), TransportError> {
    let mut source = None;
    let mut data = Vec::new();
    let mut total: i64 = 0;
    for input in &tx.input {
        let spent = value_of(prevouts, &input.previous_output)?;
        total = total.saturating_add(i64::try_from(spent.value.to_sat()).unwrap_or(i64::MAX));
        let is_segwit = spent.script_pubkey.is_witness_program();
        let Some((input_source, chunk)) = p2sh_input(&input.script_sig, params, is_segwit)? else {
            continue;
        };
        if input_source.is_some() {
            source = input_source;
        }
        data.extend_from_slice(&chunk);
    }
    Ok((source, data, total))
}

/// One P2SH data input: `[signature] [data] [redeem script]`. `Ok(None)` when it carries no data.
#[allow(clippy::type_complexity)]
fn p2sh_input(
    script_sig: &Script,
    params: &Params,
    is_segwit: bool,
) -> Result<Option<(Option<String>, Vec<u8>)>, TransportError> {
    let Ok(items) = script_sig
        .instructions()
        .map(|i| match i {
            Ok(Instruction::PushBytes(p)) => Ok(p.as_bytes().to_vec()),
            Ok(Instruction::Op(op)) => Ok(vec![op.to_u8()]),
            Err(e) => Err(e),
        })
        .collect::<Result<Vec<_>, _>>()
    else {
        return Ok(None);
    };
    let Some(redeem) = items.last() else {
        return Ok(None);
    };
    let network = params.network();
    let (source, valid, found) = redeem_script(redeem, network, is_segwit);
    let chunk = if valid {
        found
    } else {
        if items.len() != 3 {
            return Ok(None);
        }
        items[0].clone()
    };
    match chunk.strip_prefix(params.prefix.as_slice()) {
        Some(data) => Ok(Some((source, data.to_vec()))),
        None if chunk.is_empty() => Ok(None),
        None => Err(TransportError::P2sh),
    }
}

fn pubkey_source(pubkey: &[u8], network: Network, is_segwit: bool) -> Option<String> {
    let hash = hash160::Hash::hash(pubkey);
    if is_segwit {
        let program = bitcoin::WitnessProgram::p2wpkh(
            &bitcoin::CompressedPublicKey::from_slice(pubkey).ok()?,
        );
        Some(bitcoin::Address::from_witness_program(program, network.bitcoin()).to_string())
    } else {
        Some(base58_with_version(
            p2pkh_version(network),
            hash.as_byte_array(),
        ))
    }
}

/// Reads a data push at `pos` of a raw script: `(next position, pushed bytes)`.
fn data_push(script: &[u8], pos: usize) -> Option<(usize, &[u8])> {
    let op = *script.get(pos)?;
    let (len, start) = match op {
        1..=0x4b => (usize::from(op), pos + 1),
        0x4c => (usize::from(*script.get(pos + 1)?), pos + 2),
        0x4d => (
            usize::from(u16::from_le_bytes(
                script.get(pos + 1..pos + 3)?.try_into().ok()?,
            )),
            pos + 3,
        ),
        0x4e => (
            usize::try_from(u32::from_le_bytes(
                script.get(pos + 1..pos + 5)?.try_into().ok()?,
            ))
            .ok()?,
            pos + 5,
        ),
        _ => (0, pos),
    };
    let end = start.checked_add(len)?;
    // The reference slices leniently: a short push yields what is there.
    Some((end, script.get(start..end.min(script.len()))?))
}

/// `decode_data_redeem_script`: `(source, valid, data)`.
fn redeem_script(
    script: &[u8],
    network: Network,
    is_segwit: bool,
) -> (Option<String>, bool, Vec<u8>) {
    const DROP: u8 = 0x75;
    const CHECKSIGVERIFY: u8 = 0xad;
    const CHECKMULTISIGVERIFY: u8 = 0xaf;
    const DEPTH: u8 = 0x74;
    const EQUAL: u8 = 0x87;
    let len = script.len();
    let at = |i: usize| script.get(i).copied();
    if len == 41
        && at(0) == Some(DROP)
        && at(35) == Some(CHECKSIGVERIFY)
        && at(37) == Some(DROP)
        && at(38) == Some(DEPTH)
        && at(39) == Some(0)
        && at(40) == Some(EQUAL)
    {
        let source = script
            .get(2..35)
            .and_then(|pk| pubkey_source(pk, network, is_segwit));
        return (source, true, Vec::new());
    }
    if len > 41
        && at(0) == Some(DROP)
        && at(len - 4) == Some(DROP)
        && at(len - 3) == Some(DEPTH)
        && at(len - 2) == Some(0)
        && at(len - 1) == Some(EQUAL)
    {
        return (None, true, Vec::new());
    }
    let parse = || -> Option<(Option<String>, bool, Vec<u8>)> {
        let first = at(0)?;
        if !(1..=0x4e).contains(&first) {
            return Some((None, false, Vec::new()));
        }
        let (mut pos, found) = data_push(script, 0)?;
        let found = found.to_vec();
        if at(pos)? != DROP {
            return Some((None, false, found));
        }
        pos += 1;
        let op = at(pos)?;
        let mut source = None;
        let valid_sig;
        if (0x52..=0x5f).contains(&op) {
            pos += 1;
            let mut sigs = 0u32;
            loop {
                let (next, _) = data_push(script, pos)?;
                pos = next;
                sigs += 1;
                if u32::from(at(pos)?).wrapping_sub(0x51).wrapping_add(1) == sigs {
                    break;
                }
                if sigs > 20 {
                    return None;
                }
            }
            pos += 1;
            valid_sig = at(pos)? == CHECKMULTISIGVERIFY;
        } else {
            let (next, pubkey) = data_push(script, pos)?;
            source = pubkey_source(pubkey, network, is_segwit);
            pos = next;
            valid_sig = at(pos)? == CHECKSIGVERIFY;
        }
        pos += 1;
        if !valid_sig {
            return Some((source, false, found));
        }
        let mut offset = 0;
        for i in pos + 1..len {
            if at(i)? == DROP {
                offset = i - pos - 1;
                break;
            }
        }
        let valid = at(pos + 1 + offset)? == DROP
            && at(pos + 2 + offset)? == DEPTH
            && at(pos + 3 + offset)? == 0
            && at(pos + 4 + offset)? == EQUAL;
        Some((source, valid, found))
    };
    parse().unwrap_or((None, false, Vec::new()))
}

/// Transactions the reference accepts whatever their first input's SIGHASH flags.
const SIGHASH_WHITELIST: &[&str] =
    &["c8091f1ef768a2f00d48e6d0f7a2c2d272a5d5c8063db78bf39977adcb12e103"];

/// The first input must be signed with SIGHASH_ALL or SIGHASH_ALL|ANYONECANPAY (PROTOCOL.md §2.4).
pub fn check_sighash(tx: &Transaction, params: &Params) -> Result<(), TransportError> {
    let txid = tx.compute_txid();
    if SIGHASH_WHITELIST.contains(&txid.to_string().as_str()) {
        return Ok(());
    }
    let flags = sighash_flags(tx, params);
    if flags.is_empty() {
        return Err(TransportError::Sighash(format!(
            "impossible to determine SIGHASH flag for transaction {txid}"
        )));
    }
    if flags.iter().any(|f| *f != 0x01 && *f != 0x81) {
        return Err(TransportError::Sighash(format!(
            "invalid SIGHASH flag for transaction {txid}"
        )));
    }
    Ok(())
}

fn sighash_flags(tx: &Transaction, params: &Params) -> Vec<u8> {
    let Some(input) = tx.input.first() else {
        return Vec::new();
    };
    let mut flags = Vec::new();
    for item in input.script_sig.instructions().map_while(Result::ok) {
        if let Instruction::PushBytes(p) = item {
            flags.extend(der_flag(p.as_bytes()));
        }
    }
    let witness: Vec<&[u8]> = input.witness.iter().collect();
    if witness.is_empty() {
        return flags;
    }
    if witness.len() == 2 {
        flags.extend(der_flag(witness[0]));
        return flags;
    }
    if params.active(Change::TaprootSupport) || witness.len() == 1 {
        flags.extend(schnorr_flag(witness[0]));
        return flags;
    }
    for item in witness {
        flags.extend(schnorr_flag(item).or_else(|| der_flag(item)));
    }
    flags
}

fn der_flag(value: &[u8]) -> Option<u8> {
    let (flag, der) = value.split_last()?;
    is_valid_der(der).then_some(*flag)
}

/// The reference's loose DER shape check.
fn is_valid_der(der: &[u8]) -> bool {
    let check = || -> Option<bool> {
        if *der.first()? != 0x30
            || usize::from(*der.get(1)?) + 2 != der.len()
            || *der.get(2)? != 0x02
        {
            return Some(false);
        }
        let rlen = usize::from(*der.get(3)?);
        if rlen == 0 || der.len() < 4 + rlen {
            return None;
        }
        if *der.get(4 + rlen)? != 0x02 {
            return Some(false);
        }
        let slen = usize::from(*der.get(5 + rlen)?);
        if slen == 0 || der.len() < 6 + rlen + slen {
            return None;
        }
        Some(der.len() == 6 + rlen + slen)
    };
    check().unwrap_or(false)
}

fn schnorr_flag(value: &[u8]) -> Option<u8> {
    const P: [u8; 32] = [
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe, 0xff, 0xff,
        0xfc, 0x2f,
    ];
    const N: [u8; 32] = [
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xfe, 0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36,
        0x41, 0x41,
    ];
    if value.len() != 64 && value.len() != 65 {
        return None;
    }
    // Big-endian byte strings of equal length compare like the numbers they encode.
    if value[..32] >= P[..] || value[32..64] >= N[..] {
        return None;
    }
    Some(if value.len() == 65 { value[64] } else { 0x01 })
}
