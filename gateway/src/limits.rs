//! What one request may hold of the gateway beyond its connection: a place among the image workers (decoding
//! and encoding images is the costliest work the gateway does), and a live event stream (each holds a NATS
//! watch and memory for as long as the client stays). Past a limit the request is refused at once, 503 (or 429
//! for one client's streams) with `Retry-After`, instead of queueing without end.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::config::EdgeLimits;
use crate::error::ApiError;

/// The message of a 503 for image work.
pub const IMAGES_BUSY: &str = "Too many images are being drawn; try again in a moment";
/// The message of a 503 for live streams in all.
pub const STREAMS_BUSY: &str = "Too many live streams are open; try again later";
/// The message of a 429 for one client's live streams.
pub const CLIENT_STREAMS: &str = "Too many live streams are open from this address";

/// Image decodes and encodes, a bounded number at once on the blocking pool, with a bounded queue.
#[derive(Clone)]
pub struct ImageWork {
    workers: Arc<Semaphore>,
    waiting: Arc<AtomicUsize>,
    queue: usize,
    wait: Duration,
}

/// Takes a place in a queue and gives it back when dropped.
struct Queued(Arc<AtomicUsize>);

impl Drop for Queued {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl ImageWork {
    /// `workers` at once (0: twice the cores), `queue` waiting at most `wait` each.
    pub fn new(workers: usize, queue: usize, wait: Duration) -> Self {
        let workers = match workers {
            0 => std::thread::available_parallelism().map_or(2, |n| n.get() * 2),
            n => n,
        };
        Self {
            workers: Arc::new(Semaphore::new(workers)),
            waiting: Arc::new(AtomicUsize::new(0)),
            queue,
            wait,
        }
    }

    /// Runs `work` on the blocking pool once a worker is free; 503 when the queue is full or the wait too long.
    /// The worker's place is held until `work` ends, even when the client has gone meanwhile.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let worker = self.worker().await?;
        tokio::task::spawn_blocking(move || {
            let _worker = worker;
            work()
        })
        .await
        .map_err(|e| ApiError::Internal(format!("image work: {e}")))
    }

    async fn worker(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        if let Ok(worker) = self.workers.clone().try_acquire_owned() {
            return Ok(worker);
        }
        let busy = || ApiError::Busy(IMAGES_BUSY, self.wait.as_secs().max(1));
        let queued = Queued(self.waiting.clone());
        if self.waiting.fetch_add(1, Ordering::AcqRel) >= self.queue {
            return Err(busy());
        }
        let worker = tokio::time::timeout(self.wait, self.workers.clone().acquire_owned()).await;
        drop(queued);
        match worker {
            Ok(Ok(worker)) => Ok(worker),
            _ => Err(busy()),
        }
    }
}

/// The live event streams open, in all and per client address.
#[derive(Clone)]
pub struct StreamSlots {
    all: Arc<Semaphore>,
    per_client: usize,
    clients: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// One open stream: its slots are given back when the stream ends.
pub struct StreamSlot {
    _all: OwnedSemaphorePermit,
    client: IpAddr,
    clients: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut clients = self.clients.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = clients.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                clients.remove(&self.client);
            }
        }
    }
}

impl StreamSlots {
    /// At most `all` streams at once, `per_client` from one address.
    pub fn new(all: usize, per_client: usize) -> Self {
        Self {
            all: Arc::new(Semaphore::new(all)),
            per_client,
            clients: Arc::default(),
        }
    }

    /// A slot for a stream from `client`: 429 when that address holds its share, 503 when all are taken.
    pub fn open(&self, client: IpAddr) -> Result<StreamSlot, ApiError> {
        let mut clients = self.clients.lock().unwrap_or_else(|e| e.into_inner());
        if clients.get(&client).copied().unwrap_or(0) >= self.per_client {
            return Err(ApiError::TooMany(CLIENT_STREAMS, 30));
        }
        let Ok(all) = self.all.clone().try_acquire_owned() else {
            return Err(ApiError::Busy(STREAMS_BUSY, 30));
        };
        *clients.entry(client).or_insert(0) += 1;
        Ok(StreamSlot {
            _all: all,
            client,
            clients: self.clients.clone(),
        })
    }
}

/// The limits' shared state.
#[derive(Clone)]
pub struct Limits {
    /// Image work.
    pub images: ImageWork,
    /// Live streams.
    pub streams: StreamSlots,
    /// Time a request has to be answered (504 past it).
    pub request_timeout: Duration,
}

impl Limits {
    /// The limits `config` sets.
    pub fn new(config: &EdgeLimits) -> Self {
        Self {
            images: ImageWork::new(
                config.image_workers,
                config.image_queue,
                Duration::from_millis(config.image_wait_ms),
            ),
            streams: StreamSlots::new(config.max_streams, config.max_streams_per_client),
            request_timeout: Duration::from_millis(config.request_timeout_ms.max(1)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn image_work_past_its_workers_and_queue_is_refused_with_retry_after() {
        let work = ImageWork::new(1, 1, Duration::from_millis(200));
        let (release, hold) = std::sync::mpsc::channel::<()>();
        let first = {
            let work = work.clone();
            tokio::spawn(async move { work.run(move || hold.recv().is_ok()).await })
        };
        tokio::time::sleep(Duration::from_millis(50)).await;
        // The one worker is busy: the next waits its 200 ms in the queue, then is refused.
        let waited = work.run(|| true).await;
        assert!(
            matches!(waited, Err(ApiError::Busy(IMAGES_BUSY, 1))),
            "{waited:?}"
        );
        // With the queue taken by one waiter, another is refused at once.
        let queued = {
            let work = work.clone();
            tokio::spawn(async move { work.run(|| 7).await })
        };
        tokio::time::sleep(Duration::from_millis(20)).await;
        let refused = work.run(|| 8).await;
        assert!(matches!(refused, Err(ApiError::Busy(..))), "{refused:?}");
        release.send(()).expect("worker waits");
        assert!(matches!(first.await, Ok(Ok(true))));
        assert!(
            matches!(queued.await, Ok(Ok(7))),
            "the waiter got the freed worker"
        );
        assert!(matches!(work.run(|| 9).await, Ok(9)), "free again");
    }

    #[test]
    fn streams_are_capped_per_client_and_in_all() {
        let slots = StreamSlots::new(3, 2);
        let a: IpAddr = [10, 0, 0, 1].into();
        let b: IpAddr = [10, 0, 0, 2].into();
        let a1 = slots.open(a).expect("first");
        let _a2 = slots.open(a).expect("second");
        assert!(matches!(slots.open(a), Err(ApiError::TooMany(..))));
        let _b1 = slots.open(b).expect("another client");
        assert!(
            matches!(slots.open(b), Err(ApiError::Busy(..))),
            "all taken"
        );
        drop(a1);
        let _b2 = slots.open(b).expect("a slot came back");
        assert_eq!(
            slots.clients.lock().expect("lock").get(&a),
            Some(&1),
            "a's count went down"
        );
    }
}
