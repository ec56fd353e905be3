//! Encode → decode round trips of the Counterparty transport: whatever message the composer writes into
//! OP_RETURN, bare-multisig or envelope outputs, the parser reads back byte for byte.

use bitcoin::absolute::LockTime;
use bitcoin::hashes::Hash;
use bitcoin::transaction::Version;
use bitcoin::{
    Amount, OutPoint, ScriptBuf, Sequence, Transaction, TxIn, TxOut, Txid, Witness, XOnlyPublicKey,
};
use proptest::prelude::*;
use stamps_protocol::Rules;
use stamps_protocol::counterparty::transport::{self, Params};

fn tx_spending(txid: [u8; 32], outputs: Vec<TxOut>, witness: Witness) -> Transaction {
    Transaction {
        version: Version::TWO,
        lock_time: LockTime::ZERO,
        input: vec![TxIn {
            previous_output: OutPoint::new(Txid::from_byte_array(txid), 0),
            script_sig: ScriptBuf::new(),
            sequence: Sequence::MAX,
            witness,
        }],
        output: outputs,
    }
}

fn change() -> TxOut {
    TxOut {
        value: Amount::from_sat(50_000),
        script_pubkey: ScriptBuf::from_hex("0014350df4908b68d48dbc8c64b2df27c69261261652")
            .expect("p2wpkh"),
    }
}

fn key() -> XOnlyPublicKey {
    "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
        .parse()
        .expect("key")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn op_return(txid in any::<[u8; 32]>(), message in proptest::collection::vec(any::<u8>(), 1..=72)) {
        let key = stamps_protocol::arc4::key_for(&Txid::from_byte_array(txid));
        let out = transport::op_return_output(&key, &message).expect("fits");
        let tx = tx_spending(txid, vec![out, change()], Witness::new());
        let parsed = transport::parse_outputs(&tx, &Params::new(850_000, Rules::MAINNET)).expect("parses");
        prop_assert_eq!(parsed.data, message);
        prop_assert!(parsed.has_op_return);
        prop_assert!(parsed.destinations.is_empty());
    }

    #[test]
    fn multisig(txid in any::<[u8; 32]>(), message in proptest::collection::vec(any::<u8>(), 1..=600)) {
        let key = stamps_protocol::arc4::key_for(&Txid::from_byte_array(txid));
        let mut outputs = transport::multisig_data_outputs(&key, &message, &[0x02; 33]);
        outputs.push(change());
        let tx = tx_spending(txid, outputs, Witness::new());
        let parsed = transport::parse_outputs(&tx, &Params::new(850_000, Rules::MAINNET)).expect("parses");
        prop_assert_eq!(parsed.data, message);
        prop_assert!(!parsed.has_op_return);
        prop_assert!(transport::has_counterparty_data(&tx));
    }

    #[test]
    fn generic_envelope(txid in any::<[u8; 32]>(), message in proptest::collection::vec(any::<u8>(), 1..=3000)) {
        let script = transport::envelope_script(&message, &key());
        let witness = Witness::from_slice(&[vec![0u8; 64], script.to_bytes(), vec![0xc0; 33]]);
        let tx = tx_spending(txid, vec![transport::reveal_marker_output(), change()], witness);
        let parsed = transport::parse_outputs(&tx, &Params::new(910_000, Rules::MAINNET)).expect("parses");
        prop_assert!(parsed.is_reveal_tx);
        prop_assert_eq!(parsed.data, message);
    }
}
