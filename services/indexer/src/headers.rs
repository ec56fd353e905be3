//! The best chain's headers below the start height. The indexer downloads no block below `start_height`, but
//! it keeps the headers from `headers_from` up to it, each checked to link to its parent and to meet the proof
//! of work its own bits claim, so that the first indexed block's parent is known rather than taken on trust.
//! Headers the node no longer has on its best chain are dropped, newest first, before new ones are fetched.

use std::time::{Duration, Instant};

use bitcoin::BlockHash;
use bitcoin::block::Header;
use sqlx::PgPool;
use stamps_platform::shutdown::Shutdown;

use crate::bitcoind::RpcError;
use crate::fetch::BlockSource;

/// Headers asked for at once (Core's REST limit).
pub const BATCH: u32 = 2000;

/// Why a header was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HeaderFault {
    /// It does not name the header before it as its parent.
    #[error("its parent is {found}, the header below is {expected}")]
    Link {
        /// The parent it names.
        found: BlockHash,
        /// The hash of the header below it.
        expected: BlockHash,
    },
    /// Its hash does not meet the target its bits encode.
    #[error("its hash {hash} does not meet the target of its bits ({bits:#010x})")]
    ProofOfWork {
        /// Its hash.
        hash: BlockHash,
        /// Its compact target.
        bits: u32,
    },
}

/// Checks a run of headers that follows `parent` (none for the first header kept): each must link to the one
/// before it and carry its proof of work. Returns the index of the first bad header and why.
pub fn check(parent: Option<BlockHash>, headers: &[Header]) -> Result<(), (usize, HeaderFault)> {
    let mut expected = parent;
    for (i, header) in headers.iter().enumerate() {
        if let Some(expected) = expected
            && header.prev_blockhash != expected
        {
            return Err((
                i,
                HeaderFault::Link {
                    found: header.prev_blockhash,
                    expected,
                },
            ));
        }
        let hash = header.validate_pow(header.target()).map_err(|_| {
            (
                i,
                HeaderFault::ProofOfWork {
                    hash: header.block_hash(),
                    bits: header.bits.to_consensus(),
                },
            )
        })?;
        expected = Some(hash);
    }
    Ok(())
}

/// Why the headers could not be brought up to date.
#[derive(Debug, thiserror::Error)]
pub enum SyncError {
    /// The node.
    #[error(transparent)]
    Rpc(#[from] RpcError),
    /// A query.
    #[error("postgres: {0}")]
    Sqlx(#[from] sqlx::Error),
    /// The node served a header that does not fit.
    #[error("the node's header at height {height} is refused: {fault}")]
    Refused {
        /// Its height.
        height: u64,
        /// Why.
        fault: HeaderFault,
    },
    /// The node served no header where one was expected.
    #[error("the node served no header at height {0}")]
    Missing(u64),
}

/// The highest kept header: its height and hash.
async fn top(pool: &PgPool) -> Result<Option<(u64, BlockHash)>, SyncError> {
    let row: Option<(i64, String)> =
        sqlx::query_as("SELECT height, hash FROM headers ORDER BY height DESC LIMIT 1")
            .fetch_optional(pool)
            .await?;
    row.map(|(h, hash)| {
        let hash = hash
            .parse()
            .map_err(|e| sqlx::Error::Decode(format!("header hash {hash:?}: {e}").into()))?;
        Ok((u64::try_from(h).unwrap_or(0), hash))
    })
    .transpose()
}

/// The kept header hash at `height`.
pub async fn hash_at(pool: &PgPool, height: u64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT hash FROM headers WHERE height = $1")
        .bind(i64::try_from(height).unwrap_or(i64::MAX))
        .fetch_optional(pool)
        .await
}

/// How many headers are kept, and the highest one's height.
pub async fn kept(pool: &PgPool) -> Result<(u64, Option<u64>), sqlx::Error> {
    let (count, max): (i64, Option<i64>) =
        sqlx::query_as("SELECT count(*), max(height) FROM headers")
            .fetch_one(pool)
            .await?;
    Ok((
        u64::try_from(count).unwrap_or(0),
        max.and_then(|m| u64::try_from(m).ok()),
    ))
}

/// Brings the kept headers to the node's best chain from `from` up to (not including) `until`, and returns the
/// hash of the header just below `until` (`None` when no header is kept: `until <= from`). Stops early, with
/// `None`, when `shutdown` is cancelled.
pub async fn sync(
    pool: &PgPool,
    source: &BlockSource,
    from: u64,
    until: u64,
    shutdown: &Shutdown,
) -> Result<Option<BlockHash>, SyncError> {
    if until <= from {
        return Ok(None);
    }
    // Drop what is no longer on the node's best chain (or outside the range), newest first.
    let mut kept = top(pool).await?;
    while let Some((height, hash)) = kept {
        if height >= from && height < until && source.hash(height).await? == hash {
            break;
        }
        sqlx::query("DELETE FROM headers WHERE height >= $1")
            .bind(i64::try_from(height).unwrap_or(i64::MAX))
            .execute(pool)
            .await?;
        kept = top(pool).await?;
    }
    let mut next = kept.map_or(from, |(h, _)| h + 1);
    let mut parent = kept.map(|(_, hash)| hash);
    let started = Instant::now();
    let mut logged = Instant::now();
    while next < until {
        if shutdown.is_cancelled() {
            return Ok(None);
        }
        let count = u32::try_from((until - next).min(u64::from(BATCH))).unwrap_or(BATCH);
        let headers = source.headers(next, count).await?;
        if headers.is_empty() {
            return Err(SyncError::Missing(next));
        }
        let headers = &headers[..headers.len().min(count as usize)];
        if let Err((i, fault)) = check(parent, headers) {
            return Err(SyncError::Refused {
                height: next + i as u64,
                fault,
            });
        }
        let hashes: Vec<String> = headers.iter().map(|h| h.block_hash().to_string()).collect();
        let heights: Vec<i64> = (0..headers.len() as u64)
            .map(|i| i64::try_from(next + i).unwrap_or(i64::MAX))
            .collect();
        let raw: Vec<Vec<u8>> = headers.iter().map(bitcoin::consensus::serialize).collect();
        sqlx::query(
            "INSERT INTO headers (height, hash, header)
             SELECT * FROM UNNEST($1::BIGINT[], $2::TEXT[], $3::BYTEA[])",
        )
        .bind(&heights)
        .bind(&hashes)
        .bind(&raw)
        .execute(pool)
        .await?;
        parent = headers.last().map(Header::block_hash);
        next += headers.len() as u64;
        if logged.elapsed() >= Duration::from_secs(10) || next >= until {
            logged = Instant::now();
            tracing::info!(
                height = next - 1,
                until = until - 1,
                secs = started.elapsed().as_secs(),
                "headers below the start height"
            );
        }
    }
    Ok(parent)
}

#[cfg(test)]
mod tests {
    use bitcoin::hashes::Hash;
    use bitcoin::{CompactTarget, TxMerkleNode};

    use super::*;

    /// Regtest's easiest target: about every other nonce meets it.
    const EASY: u32 = 0x207f_ffff;

    fn mine(prev: BlockHash, time: u32) -> Header {
        let mut header = Header {
            version: bitcoin::block::Version::from_consensus(0x2000_0000),
            prev_blockhash: prev,
            merkle_root: TxMerkleNode::all_zeros(),
            time,
            bits: CompactTarget::from_consensus(EASY),
            nonce: 0,
        };
        while header.validate_pow(header.target()).is_err() {
            header.nonce += 1;
        }
        header
    }

    fn chain(n: u32) -> Vec<Header> {
        let mut out: Vec<Header> = Vec::new();
        for i in 0..n {
            let prev = out
                .last()
                .map_or(BlockHash::all_zeros(), Header::block_hash);
            out.push(mine(prev, 1_700_000_000 + i));
        }
        out
    }

    #[test]
    fn a_linked_chain_with_its_work_is_accepted() {
        let headers = chain(5);
        assert_eq!(check(None, &headers), Ok(()));
        assert_eq!(check(Some(headers[1].block_hash()), &headers[2..]), Ok(()));
    }

    #[test]
    fn a_header_that_does_not_name_the_one_below_is_refused() {
        let headers = chain(4);
        let other = mine(BlockHash::all_zeros(), 1_600_000_000);
        assert_eq!(
            check(Some(other.block_hash()), &headers[1..]),
            Err((
                0,
                HeaderFault::Link {
                    found: headers[0].block_hash(),
                    expected: other.block_hash(),
                }
            ))
        );
        let mut swapped = headers.clone();
        swapped.swap(2, 3);
        assert!(matches!(
            check(None, &swapped),
            Err((2, HeaderFault::Link { .. }))
        ));
    }

    #[test]
    fn a_header_without_its_proof_of_work_is_refused() {
        let mut headers = chain(3);
        // Mainnet's first target: no regtest nonce meets it.
        headers[2].bits = CompactTarget::from_consensus(0x1d00_ffff);
        let (i, fault) = check(None, &headers).expect_err("refused");
        assert_eq!(i, 2);
        assert!(
            matches!(
                fault,
                HeaderFault::ProofOfWork {
                    bits: 0x1d00_ffff,
                    ..
                }
            ),
            "{fault}"
        );
    }
}
