//! ARC4 (RC4) as Counterparty uses it: plain KSA and PRGA, no dropped keystream bytes.
//!
//! The key is the txid of the transaction's first input in display (big-endian) order.

use bitcoin::Txid;
use bitcoin::hashes::Hash;

/// An RC4 keystream generator.
#[derive(Debug, Clone)]
pub struct Arc4 {
    s: [u8; 256],
    i: u8,
    j: u8,
}

impl Arc4 {
    /// A fresh cipher state for `key`. An empty key is treated as a single zero byte.
    pub fn new(key: &[u8]) -> Self {
        let key = if key.is_empty() { &[0u8][..] } else { key };
        let mut s = [0u8; 256];
        for (i, v) in s.iter_mut().enumerate() {
            *v = i as u8;
        }
        let mut j: u8 = 0;
        // The key schedule runs once per transaction scanned: keep it free of divisions and bounds checks.
        if let Ok(key) = <&[u8; 32]>::try_from(key) {
            for i in 0..256 {
                let si = s[i];
                j = j.wrapping_add(si).wrapping_add(key[i & 31]);
                s[i] = s[usize::from(j)];
                s[usize::from(j)] = si;
            }
        } else {
            for (i, k) in (0..256).zip(key.iter().cycle()) {
                let si = s[i];
                j = j.wrapping_add(si).wrapping_add(*k);
                s[i] = s[usize::from(j)];
                s[usize::from(j)] = si;
            }
        }
        Self { s, i: 0, j: 0 }
    }

    /// XORs the keystream into `data` in place (encryption and decryption are the same operation).
    pub fn apply(&mut self, data: &mut [u8]) {
        for byte in data {
            self.i = self.i.wrapping_add(1);
            self.j = self.j.wrapping_add(self.s[self.i as usize]);
            self.s.swap(self.i as usize, self.j as usize);
            let k =
                self.s[(self.s[self.i as usize].wrapping_add(self.s[self.j as usize])) as usize];
            *byte ^= k;
        }
    }
}

/// The Counterparty obfuscation key of a transaction whose first input spends `txid`.
pub fn key_for(txid: &Txid) -> [u8; 32] {
    let mut key = txid.to_byte_array();
    key.reverse();
    key
}

/// A copy of `data` run through a copy of `cipher` (which is left unchanged: a fresh stream each time, without
/// paying for the key schedule again).
pub fn apply_fresh(cipher: &Arc4, data: &[u8]) -> Vec<u8> {
    let mut out = data.to_vec();
    cipher.clone().apply(&mut out);
    out
}

/// Decrypts (or encrypts) `data` with a fresh cipher for `key`, returning a new buffer.
pub fn apply(key: &[u8], data: &[u8]) -> Vec<u8> {
    let mut out = data.to_vec();
    Arc4::new(key).apply(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_vector() {
        // Classic RC4 test vector ("Key", "Plaintext").
        assert_eq!(
            apply(b"Key", b"Plaintext"),
            [0xBB, 0xF3, 0x16, 0xE8, 0xD9, 0x40, 0xAF, 0x0A, 0xD3]
        );
    }

    #[test]
    fn key_is_txid_in_display_order() {
        let txid: Txid = "0321905ca9053a5b8313be9524a2af146196982a479573e9a324e8b929231730"
            .parse()
            .expect("txid");
        assert_eq!(key_for(&txid)[0], 0x03);
        assert_eq!(key_for(&txid)[31], 0x30);
    }
}
