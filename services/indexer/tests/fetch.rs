//! The block source against the devnet: REST blocks equal JSON-RPC ones, prefetched blocks come in order,
//! batched prevout lookups find every spent output, and a node that is not up yet is waited for.

use std::sync::Arc;
use std::time::Duration;

use bitcoin::OutPoint;
use bitcoin::hashes::Hash;
use stamps_devnet::{DevnetConfig, ScenarioKind, scenario};
use stamps_indexer::IndexerConfig;
use stamps_indexer::bitcoind::BitcoinRpc;
use stamps_indexer::fetch::{BlockSource, Prefetch, RecentBlocks, Retry};
use stamps_platform::shutdown::Shutdown;

/// The outputs `outpoints` spend, as the indexer's reader finds them: `block` joins `recent`, the remembered
/// blocks answer what they hold, the node the rest.
async fn prevouts(
    source: &BlockSource,
    block: &Arc<bitcoin::Block>,
    outpoints: &[OutPoint],
    recent: &mut RecentBlocks,
) -> Result<std::collections::HashMap<OutPoint, bitcoin::TxOut>, stamps_indexer::bitcoind::RpcError>
{
    recent.push_indexed(block.clone(), &stamps_protocol::block::block_txids(block));
    let (mut found, wanted) = recent.resolve(outpoints);
    source.fetch_outputs(wanted, &mut found).await?;
    Ok(found)
}

struct Node {
    url: String,
    chain: stamps_devnet::chain::Chain,
    stop: Shutdown,
    server: tokio::task::JoinHandle<std::io::Result<()>>,
}

async fn devnet(rpc_listen: &str) -> Node {
    let config = DevnetConfig {
        rpc_listen: rpc_listen.into(),
        api_listen: "127.0.0.1:0".into(),
        scenario: ScenarioKind::Demo,
        scale: 0.1,
        ..DevnetConfig::default()
    };
    let generated = scenario::generate(&config);
    let chain = generated.chain.clone();
    let devnet = stamps_devnet::build_with(&config, generated)
        .await
        .expect("binds");
    let url = format!("http://{}", devnet.rpc_addr().expect("addr"));
    let stop = Shutdown::new();
    let server = tokio::spawn(devnet.run_until_stopped(stop.clone()));
    Node {
        url,
        chain,
        stop,
        server,
    }
}

fn source(url: &str, retry: Retry) -> BlockSource {
    let config = IndexerConfig {
        rpc_url: url.into(),
        ..IndexerConfig::default()
    };
    BlockSource::new(BitcoinRpc::new(&config).expect("client"), retry)
}

#[tokio::test]
async fn blocks_prefetch_and_prevouts_match_the_chain() {
    let node = devnet("127.0.0.1:0").await;
    let config = IndexerConfig {
        rpc_url: node.url.clone(),
        ..IndexerConfig::default()
    };
    let rpc = BitcoinRpc::new(&config).expect("client");
    let source = Arc::new(source(&node.url, Retry::default()));
    let tip = source.tip().await.expect("tip");
    assert_eq!(tip, node.chain.tip_height());

    // REST and getblock give the same block.
    let (busiest_index, busiest) = node
        .chain
        .blocks()
        .iter()
        .enumerate()
        .max_by_key(|(_, b)| b.txdata.len())
        .expect("blocks");
    let busiest_height = node.chain.first_height() + busiest_index as u64;
    let hash = busiest.block_hash();
    assert_eq!(&source.block(&hash).await.expect("rest"), busiest);
    assert_eq!(&rpc.block(&hash).await.expect("rpc"), busiest);

    // Headers come 2,000 at a time over REST, and stop at the tip.
    let first = node.chain.first_height();
    let headers = source.headers(first, 2000).await.expect("headers");
    let expected: Vec<bitcoin::block::Header> =
        node.chain.blocks().iter().map(|b| b.header).collect();
    assert_eq!(
        headers, expected,
        "every header from the first block to the tip"
    );
    assert_eq!(
        source.headers(first + 5, 3).await.expect("headers"),
        expected[5..8]
    );
    assert_eq!(
        stamps_indexer::headers::check(None, &headers),
        Ok(()),
        "the devnet's headers link and carry their work"
    );
    // JSON-RPC's getblockheader gives the same header.
    assert_eq!(
        rpc.block_header(&expected[7].block_hash())
            .await
            .expect("getblockheader"),
        expected[7]
    );

    // Prefetched blocks arrive in height order, and a jump starts over.
    let mut prefetch = Prefetch::new(source.clone(), 4);
    for h in first..first + 10 {
        let block = prefetch.block(h, tip).await.expect("block");
        assert_eq!(Some(&block), node.chain.block_at(h));
    }
    let block = prefetch.block(tip, tip).await.expect("tip block");
    assert_eq!(Some(&block), node.chain.block_at(tip));

    // Every input of the busiest block resolves to the output it spends, in-block parents included, over
    // batches of at most 50 transactions with at most 12 batches in flight.
    let outpoints: Vec<OutPoint> = busiest
        .txdata
        .iter()
        .skip(1)
        .flat_map(|tx| tx.input.iter().map(|i| i.previous_output))
        .collect();
    assert!(outpoints.len() > 5, "{} inputs", outpoints.len());
    let busiest = std::sync::Arc::new(busiest.clone());
    let mut recent = RecentBlocks::new(1);
    let found = prevouts(&source, &busiest, &outpoints, &mut recent)
        .await
        .expect("prevouts");
    assert_eq!(found.len(), outpoints.len());
    for o in &outpoints {
        assert_eq!(found.get(o), node.chain.output(o), "{o}");
    }
    let unknown = OutPoint::new(bitcoin::Txid::from_byte_array([7; 32]), 0);
    let none = prevouts(&source, &busiest, &[unknown], &mut recent)
        .await
        .expect("answered");
    assert!(none.is_empty(), "an unknown transaction is left out");

    // Outputs of remembered blocks resolve without the node: with the node gone, the busiest block's own
    // inputs whose transactions are in it or in the blocks remembered before it still resolve.
    let mut recent = RecentBlocks::new(3);
    let before: Vec<std::sync::Arc<bitcoin::Block>> = (busiest_height.saturating_sub(2)
        ..busiest_height)
        .filter_map(|h| node.chain.block_at(h).cloned().map(std::sync::Arc::new))
        .collect();
    for b in &before {
        recent.push_indexed(b.clone(), &stamps_protocol::block::block_txids(b));
    }
    let local: Vec<OutPoint> = outpoints
        .iter()
        .filter(|o| {
            busiest
                .txdata
                .iter()
                .chain(before.iter().flat_map(|b| b.txdata.iter()))
                .any(|t| t.compute_txid() == o.txid)
        })
        .copied()
        .collect();
    assert!(
        !local.is_empty(),
        "the busiest block spends outputs of itself or the blocks before it"
    );
    node.stop.cancel();
    node.server.await.expect("joins").expect("served");
    let found = prevouts(&source, &busiest, &local, &mut recent)
        .await
        .expect("resolved without the node");
    for o in &local {
        assert_eq!(found.get(o), node.chain.output(o), "{o}");
    }
}

#[tokio::test]
async fn a_node_that_is_not_up_yet_is_retried_with_backoff() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .expect("free port")
        .local_addr()
        .expect("addr")
        .port();
    let listen = format!("127.0.0.1:{port}");
    let url = format!("http://{listen}");
    let retry = Retry {
        retries: 8,
        initial: Duration::from_millis(50),
        max: Duration::from_millis(400),
    };
    let impatient = source(
        &url,
        Retry {
            retries: 0,
            ..retry
        },
    );
    assert!(impatient.tip().await.is_err(), "nothing listens yet");
    let patient = source(&url, retry);
    let starter = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(300)).await;
        devnet(&listen).await
    });
    let tip = patient.tip().await.expect("answered once the node is up");
    let node = starter.await.expect("started");
    assert_eq!(tip, node.chain.tip_height());
    node.stop.cancel();
    node.server.await.expect("joins").expect("served");
}
