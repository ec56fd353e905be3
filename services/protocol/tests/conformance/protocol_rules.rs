//! The rule table against the reference's `protocol_changes.json` heights (as copied into
//! `counterparty/vectors.json`): every change the table shares with it activates at the same height on every
//! network.

use crate::common;

use stamps_protocol::{Change, Network};

#[test]
fn activation_heights_match_the_reference() {
    let changes = common::vectors()["protocol_change_heights"]["changes"]
        .as_object()
        .expect("changes");
    let mut compared = 0;
    for (name, heights) in changes {
        let Some(change) = Change::from_name(name) else {
            continue;
        };
        for (network, key) in [
            (Network::Mainnet, "block_index"),
            (Network::Testnet3, "testnet3_block_index"),
            (Network::Testnet4, "testnet4_block_index"),
            (Network::Signet, "signet_block_index"),
        ] {
            let expected = heights[key].as_u64();
            assert_eq!(
                change.activation(network),
                expected,
                "{name} on {network:?}"
            );
        }
        assert_eq!(
            change.activation(Network::Regtest),
            Some(0),
            "{name} on regtest"
        );
        compared += 1;
    }
    assert!(compared >= 25, "only {compared} changes compared");
}

#[test]
fn message_type_ids_match_the_reference() {
    use stamps_protocol::counterparty::message::type_name;
    let ids = common::vectors()["message_type_ids"]["ids"]
        .as_object()
        .expect("ids");
    let mut named = 0;
    for (label, id) in ids {
        let id = u32::try_from(id.as_u64().expect("id")).expect("small");
        // Labels are `name` or `name (note)`; burns (no data) and pools (952800+) are not messages we decode.
        let name = label.split(' ').next().expect("name");
        if matches!(name, "burn" | "pooldeposit" | "poolwithdraw") {
            assert_eq!(type_name(id), "unknown", "{label}");
            continue;
        }
        assert_eq!(type_name(id), name, "{label}");
        named += 1;
    }
    assert_eq!(named, ids.len() - 3);
}
