//! Counterparty transport (PROTOCOL.md §2): where a message sits in a Bitcoin transaction and who sent it.
//!
//! Decoding follows the reference parser output by output ([`parse_outputs`]): OP_RETURN, P2PKH-shaped and
//! bare-multisig data obfuscated with ARC4 keyed by the first input's txid, destinations before the data and
//! change after it, and from `taproot_support` the reveal envelopes in the first input's witness. [`tx_info`]
//! adds what needs the spent outputs: the source address (first input, after the SIGHASH rule), the fee and
//! data carried in P2SH input scripts. Encoding builds OP_RETURN, multisig and taproot envelope outputs.

use bitcoin::hashes::{Hash, hash160, sha256};
use bitcoin::opcodes::all::{
    OP_CHECKMULTISIG, OP_CHECKSIG, OP_ENDIF, OP_EQUAL, OP_HASH160, OP_IF, OP_PUSHNUM_1,
    OP_PUSHNUM_2, OP_PUSHNUM_3, OP_RETURN,
};
use bitcoin::opcodes::{OP_0, OP_FALSE};
use bitcoin::script::{Builder, Instruction, PushBytesBuf};
use bitcoin::secp256k1::PublicKey;
use bitcoin::{Amount, OutPoint, Script, ScriptBuf, Transaction, TxOut, Txid};
use serde::Serialize;
use thiserror::Error;

use super::PREFIX;
use crate::network::{Change, Network, Rules};
use crate::{address, arc4, cbor};

/// Why a transaction is not a Counterparty transaction (or could not be read as one).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TransportError {
    /// Coinbase transactions carry no Counterparty data.
    #[error("coinbase transaction")]
    Coinbase,
    /// Before `multisig_addresses` (333500) a different, legacy parser applies; it is not implemented.
    #[error("the legacy (pre-333500) transaction format is not decoded")]
    Legacy,
    /// An output the parser does not recognise: the whole transaction is not Counterparty.
    #[error("output {index}: {reason}")]
    Output {
        /// Output index.
        index: usize,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The taproot reveal envelope could not be read.
    #[error("reveal envelope: {0}")]
    Envelope(&'static str),
    /// No data, and not a burn: a plain bitcoin transaction (or, before 866000, possibly a dispense, which
    /// only the ledger can tell).
    #[error("no data and not unspendable")]
    BtcOnly,
    /// The first input is not signed with SIGHASH_ALL (or ALL|ANYONECANPAY).
    #[error("{0}")]
    Sighash(String),
    /// The first input spends an output whose type cannot be a source.
    #[error("unrecognised source type")]
    UnrecognisedSource,
    /// The first input spends an output that itself carries Counterparty data.
    #[error("data in source")]
    DataInSource,
    /// A P2SH-encoded input that does not carry well-formed data.
    #[error("unrecognised P2SH output")]
    P2sh,
    /// A spent output needed for the source or the fee is unknown.
    #[error("previous output {0} is unknown")]
    MissingPrevout(OutPoint),
}

/// What a decoder needs besides the transaction: the network's rules at the block height, and the prefix
/// (`CNTRPRTY` everywhere but in the reference's own unit tests).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Params {
    /// Block height the transaction is (or will be) confirmed at.
    pub height: u64,
    /// The network's rules.
    pub rules: Rules,
    /// The 8-byte data prefix.
    pub prefix: [u8; 8],
}

impl Params {
    /// Parameters for `height` under `rules`, with the standard prefix.
    pub const fn new(height: u64, rules: Rules) -> Self {
        Self {
            height,
            rules,
            prefix: *PREFIX,
        }
    }

    fn active(&self, change: Change) -> bool {
        self.rules.active(change, self.height)
    }

    fn network(&self) -> Network {
        self.rules.network()
    }
}

/// The burn address of a network (BTC sent there before 283810 bought XCP).
pub fn unspendable(network: Network) -> &'static str {
    match network {
        Network::Mainnet => "1CounterpartyXXXXXXXXXXXXXXXUWLpVr",
        _ => "mvCounterpartyXXXXXXXXXXXXXXW24Hef",
    }
}

fn p2pkh_version(network: Network) -> u8 {
    match network {
        Network::Mainnet => 0x00,
        _ => 0x6f,
    }
}

fn p2sh_version(network: Network) -> u8 {
    match network {
        Network::Mainnet => 0x05,
        _ => 0xc4,
    }
}

fn base58_with_version(version: u8, payload: &[u8]) -> String {
    let mut bytes = Vec::with_capacity(1 + payload.len());
    bytes.push(version);
    bytes.extend_from_slice(payload);
    bitcoin::base58::encode_check(&bytes)
}

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

fn output_error(index: usize, reason: &'static str) -> TransportError {
    TransportError::Output { index, reason }
}

/// `[len][prefix][data][padding]` → data, `len` counting prefix and data. `None` when the prefix is absent.
fn prefixed_chunk(plain: &[u8], prefix: &[u8; 8]) -> Option<Vec<u8>> {
    if plain.len() <= prefix.len() || plain.get(1..=prefix.len()) != Some(prefix.as_slice()) {
        return None;
    }
    let len = usize::from(plain[0]).min(plain.len() - 1);
    if len < prefix.len() {
        return Some(Vec::new());
    }
    Some(
        plain
            .get(1 + prefix.len()..=len)
            .unwrap_or_default()
            .to_vec(),
    )
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
        let dispenser = if params.active(Change::P2shDispensersSupport) {
            PotentialDispenser {
                destination: Some(dest.clone()),
                value: Some(value),
            }
        } else {
            none
        };
        return Ok((Parsed::Destination(dest), dispenser));
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
        let dispenser = if params.active(Change::CorrectSegwitTxids) {
            PotentialDispenser {
                destination: Some(dest.clone()),
                value: Some(value),
            }
        } else {
            none
        };
        return Ok((Parsed::Destination(dest), dispenser));
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

/// A destination output, recorded with its value as a possible dispenser.
fn destination_output(dest: String, value: u64) -> (Parsed, PotentialDispenser) {
    let dispenser = PotentialDispenser {
        destination: Some(dest.clone()),
        value: Some(value),
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
fn multisig_address(required: u8, keys: &[&[u8]], network: Network) -> String {
    let mut addresses: Vec<String> = keys
        .iter()
        .map(|pk| {
            base58_with_version(
                p2pkh_version(network),
                hash160::Hash::hash(pk).as_byte_array(),
            )
        })
        .collect();
    addresses.sort();
    format!("{required}_{}_{}", addresses.join("_"), keys.len())
}

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
        &encode_cbor(&cbor::Value::Array(fields)).ok_or("cannot re-encode metadata")?,
    );
    Ok(out)
}

/// CBOR of the values envelope metadata holds.
fn encode_cbor(value: &cbor::Value) -> Option<Vec<u8>> {
    fn write(w: &mut cbor::Writer, value: &cbor::Value) -> Option<()> {
        match value {
            cbor::Value::Int(n) => match (u64::try_from(*n), i64::try_from(*n)) {
                (Ok(u), _) => w.uint(u),
                (_, Ok(i)) => w.int(i),
                _ => return None,
            },
            cbor::Value::Bytes(b) => w.bytes(b),
            cbor::Value::Text(t) => w.text(t),
            cbor::Value::Bool(b) => w.bool(*b),
            cbor::Value::Null => w.null(),
            cbor::Value::Float(f) => w.float(*f),
            cbor::Value::Array(items) => {
                w.array(items.len());
                for item in items {
                    write(w, item)?;
                }
                w
            }
            _ => return None,
        };
        Some(())
    }
    let mut w = cbor::Writer::new();
    write(&mut w, value)?;
    Some(w.into_bytes())
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

/// The number of message bytes one multisig data output carries.
pub const MULTISIG_CHUNK: usize = 33 * 2 - 1 - PREFIX.len() - 2 - 2;
/// The value of each multisig data output, in satoshis.
pub const MULTISIG_DUST: u64 = 1000;
/// The largest push a tapscript envelope uses.
pub const ENVELOPE_CHUNK: usize = 520;

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

/// The pairs of fake public keys that carry `message` in bare multisig outputs, one pair per
/// [`MULTISIG_CHUNK`] bytes: `[len][prefix][chunk][zero padding]` (62 bytes), ARC4-encrypted, split 31/31.
pub fn data_pubkey_pairs(key: &[u8; 32], prefix: &[u8; 8], message: &[u8]) -> Vec<[[u8; 33]; 2]> {
    message
        .chunks(MULTISIG_CHUNK)
        .map(|part| {
            let mut plain = [0u8; 62];
            // A chunk is at most 53 bytes, so the length always fits a byte.
            plain[0] = (prefix.len() + part.len()) as u8;
            plain[1..9].copy_from_slice(prefix);
            plain[9..9 + part.len()].copy_from_slice(part);
            let enc = arc4::apply(key, &plain);
            let mut first = [0u8; 31];
            let mut second = [0u8; 31];
            first.copy_from_slice(&enc[..31]);
            second.copy_from_slice(&enc[31..]);
            [make_valid_pubkey(&first), make_valid_pubkey(&second)]
        })
        .collect()
}

/// The bare-multisig data outputs that carry `message` (type id and body): each is
/// `OP_1 <data pk 1> <data pk 2> <third pk> OP_3 OP_CHECKMULTISIG` worth [`MULTISIG_DUST`].
/// `third` is the spender's key, or a burn key for stamps (Counterparty ignores it).
pub fn multisig_data_outputs(key: &[u8; 32], message: &[u8], third: &[u8; 33]) -> Vec<TxOut> {
    data_pubkey_pairs(key, PREFIX, message)
        .into_iter()
        .map(|[a, b]| TxOut {
            value: Amount::from_sat(MULTISIG_DUST),
            script_pubkey: Builder::new()
                .push_opcode(OP_PUSHNUM_1)
                .push_slice(a)
                .push_slice(b)
                .push_slice(third)
                .push_opcode(OP_PUSHNUM_3)
                .push_opcode(OP_CHECKMULTISIG)
                .into_script(),
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
    let push = PushBytesBuf::try_from(enc).ok()?;
    Some(TxOut {
        value: Amount::ZERO,
        script_pubkey: ScriptBuf::new_op_return(push),
    })
}

/// The plaintext OP_RETURN `CNTRPRTY` output that marks a taproot reveal transaction.
pub fn reveal_marker_output() -> TxOut {
    TxOut {
        value: Amount::ZERO,
        script_pubkey: ScriptBuf::new_op_return(*PREFIX),
    }
}

fn push_chunks(mut builder: Builder, data: &[u8]) -> Builder {
    for chunk in data.chunks(ENVELOPE_CHUNK) {
        // Chunks are at most 520 bytes, which always fits a push.
        if let Ok(push) = PushBytesBuf::try_from(chunk.to_vec()) {
            builder = builder.push_slice(push);
        }
    }
    builder
}

/// The generic reveal tapscript: `OP_FALSE OP_IF <message in 520-byte pushes> OP_ENDIF <key> OP_CHECKSIG`.
pub fn envelope_script(message: &[u8], xonly: &bitcoin::XOnlyPublicKey) -> ScriptBuf {
    let builder = Builder::new().push_opcode(OP_FALSE).push_opcode(OP_IF);
    push_chunks(builder, message)
        .push_opcode(OP_ENDIF)
        .push_x_only_key(xonly)
        .push_opcode(OP_CHECKSIG)
        .into_script()
}

/// The ordinals-compatible reveal tapscript for a CBOR message whose last two fields are the MIME type and
/// the content: `OP_FALSE OP_IF "ord" 07 "xcp" 01 <mime> 05 <CBOR [type id, fields...]> OP_0 <content>
/// OP_ENDIF <key> OP_CHECKSIG`. `None` when `message` is not such a message.
pub fn ordinal_envelope_script(
    message: &[u8],
    xonly: &bitcoin::XOnlyPublicKey,
) -> Option<ScriptBuf> {
    let (&type_id, body) = message.split_first()?;
    let cbor::Value::Array(mut fields) = cbor::decode(body).ok()? else {
        return None;
    };
    let content = match fields.pop()? {
        cbor::Value::Bytes(b) => b,
        cbor::Value::Text(t) => t.into_bytes(),
        _ => return None,
    };
    let cbor::Value::Text(mut mime) = fields.pop()? else {
        return None;
    };
    if mime.is_empty() {
        // The reference composer's default content type.
        mime = "text/plain".to_owned();
    }
    fields.insert(0, cbor::Value::Int(i128::from(type_id)));
    let metadata = encode_cbor(&cbor::Value::Array(fields))?;
    let mut builder = Builder::new()
        .push_opcode(OP_FALSE)
        .push_opcode(OP_IF)
        .push_slice(b"ord")
        .push_slice([7u8])
        .push_slice(b"xcp")
        .push_slice([1u8])
        .push_slice(PushBytesBuf::try_from(mime.into_bytes()).ok()?)
        .push_slice([5u8]);
    builder = push_chunks(builder, &metadata).push_opcode(OP_0);
    builder = push_chunks(builder, &content);
    Some(
        builder
            .push_opcode(OP_ENDIF)
            .push_x_only_key(xonly)
            .push_opcode(OP_CHECKSIG)
            .into_script(),
    )
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
