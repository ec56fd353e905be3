//! Scripts to the address strings Counterparty and the Stamps indexer record, in each network's format.

use bitcoin::{Address, Script};

use crate::Network;

/// The address a standard output script pays to on `network`: P2PKH, P2SH, and witness programs (P2WPKH, P2WSH,
/// P2TR). `None` for bare multisig, OP_RETURN and non-standard scripts.
pub fn from_script(script: &Script, network: Network) -> Option<String> {
    Address::from_script(script, network.bitcoin())
        .ok()
        .map(|a| a.to_string())
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
}
