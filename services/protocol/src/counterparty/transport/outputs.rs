//! Output by output, as the reference parser reads them: data, destinations, amounts, reveal envelopes.

use bitcoin::opcodes::all::{
    OP_CHECKMULTISIG, OP_CHECKSIG, OP_EQUAL, OP_HASH160, OP_IF, OP_PUSHNUM_1, OP_PUSHNUM_2,
    OP_PUSHNUM_3, OP_RETURN,
};
use bitcoin::opcodes::{OP_0, OP_FALSE};
use bitcoin::script::Instruction;
use bitcoin::{Script, Transaction, TxOut};
use serde::Serialize;

use crate::counterparty::PREFIX;
use crate::network::Change;
use crate::{address, arc4, cbor};

use super::{
    Params, TransportError, base58_with_version, multisig_address, output_error, p2pkh_version,
    p2sh_version, prefixed_chunk, unspendable,
};

/// An output that might pay a dispenser: its address and value, when the reference records them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
pub struct PotentialDispenser {
    /// Address paid.
    pub destination: Option<String>,
    /// Satoshis paid.
    pub value: Option<u64>,
}

/// What a transaction's outputs carry for Counterparty, before any spent output is looked at.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct ParsedOutputs {
    /// Destination addresses before the data, in output order.
    pub destinations: Vec<String>,
    /// Satoshis paid to those destinations.
    pub btc_amount: u64,
    /// Minus the value of every output visited (the input side is added by [`tx_info`]).
    pub fee: i64,
    /// The message: type id and body, prefix removed. Empty when there is none.
    #[serde(serialize_with = "crate::hex_bytes")]
    pub data: Vec<u8>,
    /// Per visited output, what a dispenser check would look at.
    pub potential_dispensers: Vec<PotentialDispenser>,
    /// Whether the data came from a taproot reveal envelope.
    pub is_reveal_tx: bool,
    /// Whether an OP_RETURN output carried data (stamps from OP_RETURN issuances are cursed).
    pub has_op_return: bool,
}

impl ParsedOutputs {
    /// The `destination` field the reference stores: destinations joined by `-`.
    pub fn destination(&self) -> String {
        self.destinations.join("-")
    }
}

enum Parsed {
    Data(Vec<u8>),
    Destination(String),
}

/// Classifies every output of `tx` as the reference parser does and assembles data, destinations and amounts.
pub fn parse_outputs(tx: &Transaction, params: &Params) -> Result<ParsedOutputs, TransportError> {
    if tx.is_coinbase() {
        return Err(TransportError::Coinbase);
    }
    if !params.active(Change::MultisigAddresses) {
        return Err(TransportError::Legacy);
    }
    let key = tx
        .input
        .first()
        .map(|i| arc4::key_for(&i.previous_output.txid))
        .unwrap_or_default();
    let cipher = arc4::Arc4::new(&key);
    let unspendable = unspendable(params.network());
    let mut out = ParsedOutputs::default();
    let mut envelope_error = None;
    for (index, txout) in tx.output.iter().enumerate() {
        let value = txout.value.to_sat();
        out.fee = out
            .fee
            .saturating_sub(i64::try_from(value).unwrap_or(i64::MAX));
        let (parsed, dispenser) = parse_output(index, txout, &cipher, params)?;
        out.potential_dispensers.push(dispenser);
        let only_unspendable = out.destinations.len() == 1 && out.destinations[0] == unspendable;
        match parsed {
            Parsed::Destination(dest) if out.data.is_empty() && !only_unspendable => {
                out.destinations.push(dest);
                out.btc_amount = out.btc_amount.saturating_add(value);
            }
            // A destination after the data is change: the scan stops.
            Parsed::Destination(_) => break,
            Parsed::Data(chunk) => {
                let marker = params.active(Change::TaprootSupport) && chunk == b"CNTRPRTY";
                let witness = tx.input.first().map(|i| &i.witness);
                match witness {
                    Some(w) if marker && w.len() == 3 => {
                        let ordinals_map = params.active(Change::OrdinalsMetadataSupport);
                        match w
                            .nth(1)
                            .map(|s| envelope_data(Script::from_bytes(s), ordinals_map))
                        {
                            Some(Ok(data)) if !data.is_empty() => {
                                out.is_reveal_tx = true;
                                out.data.extend_from_slice(&data);
                            }
                            Some(Ok(_)) => {}
                            Some(Err(e)) => envelope_error = Some(e),
                            None => envelope_error = Some("missing tapscript"),
                        }
                    }
                    _ => {
                        out.has_op_return |= txout.script_pubkey.is_op_return();
                        out.data.extend_from_slice(&chunk);
                    }
                }
            }
        }
    }
    match envelope_error {
        Some(e) => Err(TransportError::Envelope(e)),
        None => Ok(out),
    }
}

fn parse_output(
    index: usize,
    txout: &TxOut,
    cipher: &arc4::Arc4,
    params: &Params,
) -> Result<(Parsed, PotentialDispenser), TransportError> {
    let script = txout.script_pubkey.as_script();
    let value = txout.value.to_sat();
    let network = params.network();
    let none = PotentialDispenser::default();
    if script.is_op_return() {
        let mut it = script.instructions();
        let push = match (it.next(), it.next(), it.next()) {
            (Some(Ok(Instruction::Op(op))), Some(Ok(Instruction::PushBytes(p))), None)
                if op == OP_RETURN =>
            {
                p.as_bytes()
            }
            _ => return Err(output_error(index, "invalid OP_RETURN script")),
        };
        if params.active(Change::TaprootSupport) && push == b"CNTRPRTY" {
            return Ok((Parsed::Data(push.to_vec()), none));
        }
        let plain = arc4::apply_fresh(cipher, push);
        return match plain.strip_prefix(params.prefix.as_slice()) {
            Some(data) => Ok((Parsed::Data(data.to_vec()), none)),
            None => Err(output_error(index, "invalid OP_RETURN script")),
        };
    }
    let instructions: Vec<_> = script.instructions().collect();
    let last_op = |op| matches!(instructions.last(), Some(Ok(Instruction::Op(o))) if *o == op);
    if last_op(OP_CHECKSIG) {
        if instructions.len() < 3 {
            return Err(output_error(index, "invalid OP_CHECKSIG script"));
        }
        let hash = match instructions.get(2) {
            Some(Ok(Instruction::PushBytes(p))) => p.as_bytes().to_vec(),
            Some(Ok(Instruction::Op(op))) if *op == OP_PUSHNUM_1 => vec![1],
            Some(Ok(Instruction::Op(op))) => vec![op.to_u8()],
            _ => Vec::new(),
        };
        if let Some(data) = prefixed_chunk(&arc4::apply_fresh(cipher, &hash), &params.prefix) {
            return Ok(data_output(data, value));
        }
        return Ok(destination_output(
            base58_with_version(p2pkh_version(network), &hash),
            value,
            true,
        ));
    }
    if last_op(OP_CHECKMULTISIG) {
        let (required, keys) = multisig_shape(&instructions)
            .ok_or_else(|| output_error(index, "invalid OP_CHECKMULTISIG script"))?;
        let mut encrypted = Vec::with_capacity(62);
        for pk in &keys[..keys.len() - 1] {
            if pk.len() < 2 {
                return Err(output_error(index, "invalid OP_CHECKMULTISIG script"));
            }
            // Skip the sign byte and the nonce byte.
            encrypted.extend_from_slice(&pk[1..pk.len() - 1]);
        }
        if let Some(data) = prefixed_chunk(&arc4::apply_fresh(cipher, &encrypted), &params.prefix) {
            return Ok(data_output(data, value));
        }
        return Ok(destination_output(
            multisig_address(required, &keys, network),
            value,
            true,
        ));
    }
    let p2sh = match instructions.as_slice() {
        [
            Ok(Instruction::Op(a)),
            Ok(Instruction::PushBytes(p)),
            Ok(Instruction::Op(b)),
        ] if *a == OP_HASH160 && *b == OP_EQUAL => Some(p.as_bytes()),
        _ => None,
    };
    if let Some(hash) = p2sh.filter(|_| params.active(Change::P2shAddresses)) {
        let dest = base58_with_version(p2sh_version(network), hash);
        return Ok(destination_output(
            dest,
            value,
            params.active(Change::P2shDispensersSupport),
        ));
    }
    let first = instructions.first();
    let v0 = matches!(first, Some(Ok(Instruction::PushBytes(p))) if p.is_empty());
    let taproot = params.active(Change::TaprootSupport);
    // The reference recognises a witness program by its first opcode (OP_0, or from taproot_support any of
    // OP_1 and OP_10..OP_16, whose names start with "OP_PUSHNUM_1").
    let later_version = matches!(first, Some(Ok(Instruction::Op(op)))
        if op.to_u8() == 0x51 || (0x5a..=0x60).contains(&op.to_u8()));
    if (params.active(Change::SegwitSupport) && v0)
        || (taproot && (v0 || later_version || script.is_p2tr()))
    {
        if !taproot && !script.is_p2wpkh() && !script.is_p2wsh() {
            return Err(output_error(index, "segwit script to address failed"));
        }
        let dest = address::from_script(script, network)
            .ok_or_else(|| output_error(index, "segwit script to address failed"))?;
        return Ok(destination_output(
            dest,
            value,
            params.active(Change::CorrectSegwitTxids),
        ));
    }
    Err(output_error(index, "unrecognized output type"))
}

/// A data output: the reference records its value as a possible dispenser payment unless the chunk is empty.
fn data_output(data: Vec<u8>, value: u64) -> (Parsed, PotentialDispenser) {
    let dispenser = PotentialDispenser {
        destination: None,
        value: (!data.is_empty()).then_some(value),
    };
    (Parsed::Data(data), dispenser)
}

/// A destination output. Where the reference records it as a possible dispenser (`recorded`), the dispenser
/// carries its address and value; otherwise it is empty.
fn destination_output(dest: String, value: u64, recorded: bool) -> (Parsed, PotentialDispenser) {
    let dispenser = if recorded {
        PotentialDispenser {
            destination: Some(dest.clone()),
            value: Some(value),
        }
    } else {
        PotentialDispenser::default()
    };
    (Parsed::Destination(dest), dispenser)
}

/// The shapes of bare multisig the reference accepts: `(signatures required, pubkeys)`.
fn multisig_shape<'a>(
    ins: &[Result<Instruction<'a>, bitcoin::script::Error>],
) -> Option<(u8, Vec<&'a [u8]>)> {
    use Instruction::{Op, PushBytes as P};
    let ok: Vec<&Instruction<'a>> = ins.iter().map(|i| i.as_ref().ok()).collect::<Option<_>>()?;
    let keys = |ps: &[&Instruction<'a>]| -> Option<Vec<&'a [u8]>> {
        ps.iter()
            .map(|i| match i {
                P(p) => Some(p.as_bytes()),
                Op(_) => None,
            })
            .collect()
    };
    match ok.as_slice() {
        [P(_), a, b, P(_), Op(_)] => Some((1, keys(&[a, b])?)),
        [Op(m), a, b, Op(n), Op(_)] if *n == OP_PUSHNUM_2 => {
            let required = match *m {
                m if m == OP_PUSHNUM_1 => 1,
                m if m == OP_PUSHNUM_2 => 2,
                m if m == OP_PUSHNUM_3 => 3,
                _ => return None,
            };
            Some((required, keys(&[a, b])?))
        }
        [P(_), a, b, c, P(_), Op(_)] => Some((2, keys(&[a, b, c])?)),
        [Op(m), a, b, c, Op(n), Op(_)] if *n == OP_PUSHNUM_3 => {
            let required = match *m {
                m if m == OP_PUSHNUM_1 => 1,
                m if m == OP_PUSHNUM_2 => 2,
                m if m == OP_PUSHNUM_3 => 3,
                _ => return None,
            };
            Some((required, keys(&[a, b, c])?))
        }
        _ => None,
    }
}

/// `"{m}_{sorted P2PKH addresses of the keys}_{n}"`, the reference's name for a bare multisig.
/// The data in a taproot reveal envelope script (PROTOCOL.md §2.6): the generic
/// `OP_FALSE OP_IF <pushes> OP_ENDIF <key> OP_CHECKSIG`, or the ordinals-compatible one, which is rebuilt as
/// `type id || CBOR([fields..., mime, content])`.
pub fn envelope_data(script: &Script, ordinals_map: bool) -> Result<Vec<u8>, &'static str> {
    let ins: Vec<Instruction<'_>> = script
        .instructions()
        .collect::<Result<_, _>>()
        .map_err(|_| "invalid script")?;
    if ins.len() < 5 {
        return Err("too few instructions");
    }
    let starts_false = match &ins[0] {
        Instruction::PushBytes(p) => p.is_empty(),
        Instruction::Op(op) => *op == OP_FALSE,
    };
    let envelope = starts_false
        && matches!(ins[1], Instruction::Op(op) if op == OP_IF)
        && matches!(ins.last(), Some(Instruction::Op(op)) if *op == OP_CHECKSIG);
    if !envelope {
        return Err("not an envelope script");
    }
    let body = &ins[2..ins.len() - 3];
    let push = |i: &Instruction<'_>| match i {
        Instruction::PushBytes(p) => Some(p.as_bytes().to_vec()),
        Instruction::Op(_) => None,
    };
    let is_ord = ins.len() >= 7
        && matches!(&ins[2], Instruction::PushBytes(p) if p.as_bytes() == b"ord")
        && matches!(&ins[3], Instruction::PushBytes(p) if p.as_bytes() == [7]);
    if !is_ord {
        return Ok(body.iter().filter_map(push).flatten().collect());
    }
    let mime = match ins.get(6) {
        Some(Instruction::PushBytes(p)) => {
            String::from_utf8(p.as_bytes().to_vec()).unwrap_or_default()
        }
        _ => String::new(),
    };
    let mut metadata = Vec::new();
    let mut content = Vec::new();
    let mut content_chunks = 0usize;
    #[derive(PartialEq)]
    enum Section {
        None,
        Metadata,
        Content,
    }
    let mut section = Section::None;
    for i in ins.get(7..ins.len() - 3).unwrap_or_default() {
        match i {
            Instruction::PushBytes(p) if p.as_bytes() == [5] => {
                section = Section::Metadata;
                continue;
            }
            Instruction::PushBytes(p) if p.is_empty() || p.as_bytes() == [0] => {
                section = Section::Content;
                continue;
            }
            Instruction::Op(op) if *op == OP_0 => {
                section = Section::Content;
                continue;
            }
            _ => {}
        }
        if let Instruction::PushBytes(p) = i {
            match section {
                Section::Metadata => metadata.extend_from_slice(p.as_bytes()),
                Section::Content => {
                    content.extend_from_slice(p.as_bytes());
                    content_chunks += 1;
                }
                Section::None => {}
            }
        }
    }
    if metadata.is_empty() {
        return Err("no data found in the ord inscription");
    }
    let value = cbor::decode(&metadata).map_err(|_| "CBOR decode error")?;
    let mut fields = match value {
        cbor::Value::Array(items) => items,
        cbor::Value::Map(entries) if ordinals_map => {
            match entries
                .into_iter()
                .rev()
                .find(|(k, _)| *k == cbor::Value::Text("xcp".into()))
                .map(|(_, v)| v)
            {
                Some(cbor::Value::Array(items)) => items,
                Some(_) => return Err("xcp key in metadata map is not an array"),
                None => return Err("no xcp key found in metadata map"),
            }
        }
        _ => return Err("expected CBOR array"),
    };
    if fields.is_empty() {
        return Err("CBOR array is empty, missing message_type_id");
    }
    let type_id = match fields.remove(0) {
        // The reference truncates the id to a byte.
        cbor::Value::Int(id) => id as u8,
        _ => return Err("message_type_id must be an integer"),
    };
    fields.push(cbor::Value::Text(mime));
    if content_chunks > 0 {
        fields.push(cbor::Value::Bytes(content));
    }
    let mut out = vec![type_id];
    out.extend_from_slice(
        &cbor::encode(&cbor::Value::Array(fields)).ok_or("cannot re-encode metadata")?,
    );
    Ok(out)
}

/// Whether any output might carry Counterparty data, without parsing the transaction (the Stamps indexer's
/// over-approximate pre-filter, PROTOCOL.md §2.8): never false when [`parse_outputs`] finds data. Cheap: the
/// common output types are recognised by their bytes, and the cipher is only keyed when an output needs it.
pub fn has_counterparty_data(tx: &Transaction) -> bool {
    let Some(first) = tx.input.first() else {
        return false;
    };
    let mut cipher: Option<arc4::Arc4> = None;
    let at_one = |plain: &[u8]| plain.get(1..9) == Some(PREFIX.as_slice());
    tx.output.iter().any(|out| {
        let bytes = out.script_pubkey.as_bytes();
        match bytes {
            // P2WPKH, P2WSH, P2TR and P2SH never carry data.
            [0x00, 0x14, ..] if bytes.len() == 22 => false,
            [0x00, 0x20, ..] | [0x51, 0x20, ..] if bytes.len() == 34 => false,
            [0xa9, 0x14, .., 0x87] if bytes.len() == 23 => false,
            // P2PKH: the 20-byte hash may be data.
            [0x76, 0xa9, 0x14, hash @ .., 0x88, 0xac] if hash.len() == 20 => {
                // Only bytes 1..9 decide: decrypt those nine without allocating.
                let c = cipher.get_or_insert_with(|| {
                    arc4::Arc4::new(&arc4::key_for(&first.previous_output.txid))
                });
                let mut head = [0u8; 9];
                head.copy_from_slice(&hash[..9]);
                c.clone().apply(&mut head);
                head[1..] == PREFIX[..]
            }
            [0x6a, ..] => {
                let mut it = out.script_pubkey.instructions();
                match (it.next(), it.next()) {
                    // A push shorter than the prefix cannot start with it: no need to key the cipher.
                    (Some(Ok(_)), Some(Ok(Instruction::PushBytes(p))))
                        if p.len() >= PREFIX.len() =>
                    {
                        let c = cipher.get_or_insert_with(|| {
                            arc4::Arc4::new(&arc4::key_for(&first.previous_output.txid))
                        });
                        p.as_bytes() == PREFIX.as_slice()
                            || arc4::apply_fresh(c, p.as_bytes()).starts_with(PREFIX.as_slice())
                    }
                    _ => false,
                }
            }
            [.., 0xac] | [.., 0xae] => {
                let ins: Vec<Instruction<'_>> = out
                    .script_pubkey
                    .instructions()
                    .map_while(Result::ok)
                    .collect();
                fn push<'s>(i: &Instruction<'s>) -> Option<&'s [u8]> {
                    match i {
                        Instruction::PushBytes(p) => Some(p.as_bytes()),
                        Instruction::Op(_) => None,
                    }
                }
                let c = cipher.get_or_insert_with(|| {
                    arc4::Arc4::new(&arc4::key_for(&first.previous_output.txid))
                });
                if bytes.last() == Some(&0xac) {
                    return ins
                        .get(2)
                        .and_then(push)
                        .is_some_and(|p| at_one(&arc4::apply_fresh(c, p)));
                }
                let keys: Vec<&[u8]> = ins
                    .iter()
                    .filter_map(push)
                    .filter(|k| k.len() >= 2)
                    .collect();
                let mut chunk = Vec::new();
                for k in keys.iter().take(keys.len().saturating_sub(1)) {
                    chunk.extend_from_slice(&k[1..k.len() - 1]);
                }
                !chunk.is_empty() && at_one(&arc4::apply_fresh(c, &chunk))
            }
            _ => false,
        }
    })
}
