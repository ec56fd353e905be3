//! Composers: OP_RETURN and bare-multisig data outputs, and taproot reveal envelopes.

use bitcoin::hashes::{Hash, sha256};
use bitcoin::opcodes::all::{
    OP_CHECKMULTISIG, OP_CHECKSIG, OP_ENDIF, OP_IF, OP_PUSHNUM_1, OP_PUSHNUM_3,
};
use bitcoin::opcodes::{OP_0, OP_FALSE};
use bitcoin::script::{Builder, PushBytesBuf};
use bitcoin::secp256k1::PublicKey;
use bitcoin::{Amount, ScriptBuf, TxOut};

use crate::counterparty::PREFIX;
use crate::{arc4, cbor};

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
    let metadata = cbor::encode(&cbor::Value::Array(fields))?;
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
