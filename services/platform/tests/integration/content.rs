//! The content store on a real NATS server (`STAMPS_TEST_NATS`, default the local one), in a bucket of its own.

use stamps_platform::config::NatsConfig;
use stamps_platform::content::{ContentStore, sha256_hex};
use stamps_platform::nats::Nats;

async fn store(test: &str) -> (Nats, ContentStore) {
    let url = std::env::var("STAMPS_TEST_NATS").unwrap_or_else(|_| "nats://127.0.0.1:4222".into());
    let prefix = format!("c{}{test}", std::process::id());
    let nats = Nats::connect(&NatsConfig { url, prefix })
        .await
        .expect("NATS with JetStream at STAMPS_TEST_NATS");
    let store = ContentStore::open(&nats).await.expect("bucket");
    (nats, store)
}

/// Messages in the bucket's stream: every chunk and every info.
async fn messages(nats: &Nats) -> u64 {
    let mut stream = nats
        .js
        .get_stream(format!(
            "OBJ_{}",
            nats.bucket(stamps_platform::content::BUCKET)
        ))
        .await
        .expect("object store stream");
    stream.info().await.expect("stream info").state.messages
}

#[tokio::test]
async fn files_are_stored_once_and_read_back_whole() {
    let (nats, store) = store("once").await;
    // One file smaller than a chunk, one spanning three chunks, one empty.
    let small = b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec();
    let large: Vec<u8> = (0..300_000u32).map(|i| (i * 7 % 251) as u8).collect();
    let empty: Vec<u8> = Vec::new();
    for file in [&small, &large, &empty] {
        let key = sha256_hex(file);
        store.put_keyed(&key, file).await.expect("put");
        assert_eq!(
            store.get(&key).await.expect("get").as_deref(),
            Some(&file[..])
        );
    }
    // small: 1 chunk + info; large: 3 chunks + info; empty: info only.
    let before = messages(&nats).await;
    assert_eq!(before, 2 + 4 + 1);

    // Storing the same files again adds no copy: a one-chunk file's chunk and info are not written again, a
    // larger file's first chunk rolls up the subject holding its old chunks and its info replaces the old one.
    for file in [&small, &large] {
        store
            .put_keyed(&sha256_hex(file), file)
            .await
            .expect("put again");
        assert_eq!(
            store.get(&sha256_hex(file)).await.expect("get").as_deref(),
            Some(&file[..])
        );
    }
    assert_eq!(messages(&nats).await, before);

    // A one-chunk file whose chunk was stored without its info (a put cut short) gets its info.
    let cut = b"cut short".to_vec();
    let key = sha256_hex(&cut);
    nats.js
        .publish(
            format!(
                "$O.{}.C.{key}",
                nats.bucket(stamps_platform::content::BUCKET)
            ),
            cut.clone().into(),
        )
        .await
        .expect("publish")
        .await
        .expect("stored");
    assert_eq!(store.get(&key).await.expect("get"), None, "no info yet");
    store.put_keyed(&key, &cut).await.expect("put");
    assert_eq!(store.get(&key).await.expect("get"), Some(cut));
    assert_eq!(messages(&nats).await, before + 2);

    // `put` hashes for the caller; a key that is not a sha256 is refused.
    assert_eq!(store.put(&small).await.expect("put"), sha256_hex(&small));
    assert_eq!(messages(&nats).await, before + 2);
    assert!(store.put_keyed("not-a-hash", &small).await.is_err());
    assert_eq!(store.get(&sha256_hex(b"absent")).await.expect("get"), None);

    let _ = nats
        .js
        .delete_object_store(nats.bucket(stamps_platform::content::BUCKET))
        .await;
}

#[tokio::test]
async fn many_files_are_stored_together_as_one_by_one() {
    let (nats, store) = store("many").await;
    let bucket = nats.bucket(stamps_platform::content::BUCKET);
    // 600 one-chunk files (more than a group), one of three chunks, one empty, and one whose chunk a put cut
    // short left without its info.
    let mut files: Vec<Vec<u8>> = (0..600u32)
        .map(|i| format!("<svg id='{i}'/>").into_bytes())
        .collect();
    files.push((0..300_000u32).map(|i| (i * 13 % 251) as u8).collect());
    files.push(Vec::new());
    let cut = b"cut short before its info".to_vec();
    nats.js
        .publish(
            format!("$O.{bucket}.C.{}", sha256_hex(&cut)),
            cut.clone().into(),
        )
        .await
        .expect("publish")
        .await
        .expect("stored");
    files.push(cut);
    // One file stored before, and one named twice in the same call.
    store
        .put_keyed(&sha256_hex(&files[7]), &files[7])
        .await
        .expect("put");
    files.push(files[3].clone());
    let before = messages(&nats).await;
    let keyed: Vec<(String, bytes::Bytes)> = files
        .iter()
        .map(|f| (sha256_hex(f), bytes::Bytes::from(f.clone())))
        .collect();
    store.put_many(&keyed).await.expect("put many");
    for file in &files {
        assert_eq!(
            store.get(&sha256_hex(file)).await.expect("get").as_deref(),
            Some(&file[..])
        );
    }
    // New: 599 one-chunk files (chunk + info), the large one (3 chunks + info), the empty one (info), and the
    // cut one's info. The file stored before and the repeated one add nothing.
    assert_eq!(messages(&nats).await, before + 599 * 2 + 4 + 1 + 1);
    // Again: nothing more.
    store.put_many(&keyed).await.expect("put many again");
    assert_eq!(messages(&nats).await, before + 599 * 2 + 4 + 1 + 1);
    // A key that is not a sha256 fails the call.
    let bad = vec![("not-a-hash".to_owned(), bytes::Bytes::from_static(b"x"))];
    assert!(store.put_many(&bad).await.is_err());

    let _ = nats.js.delete_object_store(bucket).await;
}
