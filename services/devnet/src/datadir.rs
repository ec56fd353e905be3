//! The devnet's data directory: the chain as a file of length-prefixed consensus-encoded blocks (appended as
//! blocks are mined, cut back when blocks are disconnected), the mempool saved at shutdown, and the time of
//! the scenario's last block (the moment the devnet was first started), from which the chain is made again.

use std::fs::{File, OpenOptions};
use std::io::{self, BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use bitcoin::consensus::{deserialize, serialize};
use bitcoin::{Block, Transaction};

const BLOCKS: &str = "blocks.dat";
const MEMPOOL: &str = "mempool.dat";
const TIP_TIME: &str = "tip_time";
/// Largest record accepted when reading: a block is at most 4 MB.
const MAX_RECORD: u32 = 8_000_000;

/// The block file of a data directory.
pub struct BlockFile {
    file: File,
    /// Byte offset where each stored block starts; the file ends at `end`.
    offsets: Vec<u64>,
    end: u64,
}

/// Reads `[u32 LE length][bytes]` records until the end, or until a truncated or unreadable record (a crash in
/// the middle of a write), whose offset is returned so the caller can cut it off.
fn read_records<T: bitcoin::consensus::Decodable>(path: &Path) -> io::Result<(Vec<(u64, T)>, u64)> {
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok((Vec::new(), 0)),
        Err(e) => return Err(e),
    };
    let mut reader = BufReader::new(file);
    let mut records = Vec::new();
    let mut at = 0u64;
    loop {
        let mut len = [0u8; 4];
        if reader.read_exact(&mut len).is_err() {
            break;
        }
        let len = u32::from_le_bytes(len);
        if len > MAX_RECORD {
            break;
        }
        let mut bytes = vec![0u8; len as usize];
        if reader.read_exact(&mut bytes).is_err() {
            break;
        }
        match deserialize::<T>(&bytes) {
            Ok(item) => records.push((at, item)),
            Err(_) => break,
        }
        at += 4 + u64::from(len);
    }
    Ok((records, at))
}

fn record(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(4 + bytes.len());
    // Blocks are far below 4 GB.
    out.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
    out.extend_from_slice(bytes);
    out
}

impl BlockFile {
    /// Opens (creating) the block file in `dir` and returns it with the blocks it holds.
    pub fn open(dir: &Path) -> io::Result<(Self, Vec<Block>)> {
        std::fs::create_dir_all(dir)?;
        let path = dir.join(BLOCKS);
        let (records, end) = read_records::<Block>(&path)?;
        let file = OpenOptions::new()
            .create(true)
            .read(true)
            .write(true)
            .truncate(false)
            .open(&path)?;
        // Drop a torn tail left by a crash.
        file.set_len(end)?;
        let offsets = records.iter().map(|(at, _)| *at).collect();
        let blocks = records.into_iter().map(|(_, b)| b).collect();
        Ok((Self { file, offsets, end }, blocks))
    }

    /// Number of stored blocks.
    pub fn len(&self) -> usize {
        self.offsets.len()
    }

    /// Whether no block is stored.
    pub fn is_empty(&self) -> bool {
        self.offsets.is_empty()
    }

    /// Appends `block` and flushes it to disk.
    pub fn append(&mut self, block: &Block) -> io::Result<()> {
        let bytes = record(&serialize(block));
        self.file.seek(SeekFrom::Start(self.end))?;
        self.file.write_all(&bytes)?;
        self.file.sync_data()?;
        self.offsets.push(self.end);
        self.end += bytes.len() as u64;
        Ok(())
    }

    /// Keeps only the first `count` blocks.
    pub fn truncate(&mut self, count: usize) -> io::Result<()> {
        if let Some(&at) = self.offsets.get(count) {
            self.file.set_len(at)?;
            self.file.sync_data()?;
            self.offsets.truncate(count);
            self.end = at;
        }
        Ok(())
    }
}

/// Where the mempool is saved.
pub fn mempool_path(dir: &Path) -> PathBuf {
    dir.join(MEMPOOL)
}

/// Saves `txs` (parents before children) to the data directory, replacing what was there.
pub fn save_mempool(dir: &Path, txs: &[Transaction]) -> io::Result<()> {
    let tmp = dir.join(format!("{MEMPOOL}.new"));
    let mut file = File::create(&tmp)?;
    for tx in txs {
        file.write_all(&record(&serialize(tx)))?;
    }
    file.sync_all()?;
    std::fs::rename(tmp, mempool_path(dir))
}

/// The mempool saved at the last shutdown (empty when none).
pub fn load_mempool(dir: &Path) -> io::Result<Vec<Transaction>> {
    Ok(read_records::<Transaction>(&mempool_path(dir))?
        .0
        .into_iter()
        .map(|(_, tx)| tx)
        .collect())
}

/// The scenario's tip time kept in `dir`: `Ok(None)` when there is none.
pub fn load_tip_time(dir: &Path) -> io::Result<Option<i64>> {
    match std::fs::read_to_string(dir.join(TIP_TIME)) {
        Ok(text) => text.trim().parse().map(Some).map_err(|_| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{}: not a unix time", dir.join(TIP_TIME).display()),
            )
        }),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// Keeps the scenario's tip time in `dir`.
pub fn save_tip_time(dir: &Path, time: i64) -> io::Result<()> {
    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join(TIP_TIME), format!("{time}\n"))
}

/// Whether `dir` holds blocks.
pub fn has_blocks(dir: &Path) -> bool {
    std::fs::metadata(dir.join(BLOCKS)).is_ok_and(|m| m.len() > 0)
}

/// Deletes the chain, the mempool and the tip time (`--fresh`).
pub fn wipe(dir: &Path) -> io::Result<()> {
    for name in [BLOCKS, MEMPOOL, TIP_TIME] {
        match std::fs::remove_file(dir.join(name)) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chain::Chain;

    fn dir(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("stamps-devnet-store-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn blocks_survive_reopen_truncation_and_a_torn_tail() {
        let d = dir("blocks");
        let mut chain = Chain::new(100);
        let mut blocks = Vec::new();
        for _ in 0..3 {
            let hash = chain.mine(vec![], vec![]);
            blocks.push(chain.block(&hash).expect("mined").0.clone());
        }
        let (mut file, stored) = BlockFile::open(&d).expect("open");
        assert!(stored.is_empty());
        for b in &blocks {
            file.append(b).expect("append");
        }
        drop(file);
        let (mut file, stored) = BlockFile::open(&d).expect("reopen");
        assert_eq!(stored, blocks);
        file.truncate(2).expect("truncate");
        drop(file);
        // A crash mid-write leaves half a record behind: it is dropped on open.
        let mut raw = OpenOptions::new()
            .append(true)
            .open(d.join(BLOCKS))
            .expect("raw");
        raw.write_all(&[200, 0, 0, 0, 1, 2, 3]).expect("torn");
        drop(raw);
        let (file, stored) = BlockFile::open(&d).expect("reopen");
        assert_eq!(stored, blocks[..2]);
        assert_eq!(file.len(), 2);
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn mempool_round_trip_and_wipe() {
        let d = dir("mempool");
        std::fs::create_dir_all(&d).expect("dir");
        let mut chain = Chain::new(5);
        let hash = chain.mine(vec![], vec![]);
        let tx = chain.block(&hash).expect("mined").0.txdata[0].clone();
        save_mempool(&d, std::slice::from_ref(&tx)).expect("save");
        assert_eq!(load_mempool(&d).expect("load"), vec![tx]);
        wipe(&d).expect("wipe");
        assert!(load_mempool(&d).expect("load").is_empty());
        let _ = std::fs::remove_dir_all(&d);
    }
}
