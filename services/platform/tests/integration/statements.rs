//! Connections for single statements: given back when their statement ran to its end, closed when it did not,
//! never more than the pool's width.

use std::time::Duration;

use stamps_platform::statements::Statements;

use crate::Scratch;

/// A scratch database (its pool two connections wide) and statements made like its pool's.
async fn two_wide(tag: &str) -> (Scratch, Statements) {
    let scratch = Scratch::new(tag, 2).await;
    let statements = Statements::like(&scratch.pool);
    (scratch, statements)
}

/// The backend serving the next statement: `(its pid, the idle connections before it was taken)`.
async fn backend(statements: &Statements) -> (i32, usize) {
    let idle = statements.idle();
    let pid = statements
        .run(async |c| {
            sqlx::query_scalar("SELECT pg_backend_pid()")
                .fetch_one(c)
                .await
        })
        .await
        .expect("pid");
    (pid, idle)
}

#[tokio::test]
async fn a_statement_run_to_its_end_gives_its_connection_back_and_a_dropped_one_closes_it() {
    let (scratch, statements) = two_wide("stmts").await;

    // The first statement opens a connection; the next ones reuse it.
    let (first, idle) = backend(&statements).await;
    assert_eq!(idle, 0);
    let (again, idle) = backend(&statements).await;
    assert_eq!((again, idle), (first, 1));

    // An error Postgres reports leaves the connection usable: it is kept.
    let mut c = statements.take().await.expect("a connection");
    let failed = sqlx::query_scalar::<_, i32>("SELECT 1 / 0")
        .fetch_one(&mut *c)
        .await;
    let failed = c.give_back(failed);
    assert!(
        matches!(failed, Err(sqlx::Error::Database(_))),
        "{failed:?}"
    );
    assert_eq!(backend(&statements).await, (first, 1));

    // A statement dropped half-way (its caller gone) leaves its connection mid-answer: it is closed, and the next
    // statement gets a new connection that answers its own question.
    let mut c = statements.take().await.expect("a connection");
    let slow = tokio::time::timeout(
        Duration::from_millis(100),
        sqlx::query_scalar::<_, i32>("SELECT 7 FROM pg_sleep(0.5)").fetch_one(&mut *c),
    )
    .await;
    assert!(slow.is_err(), "the statement was to be cut short");
    drop(c);
    assert_eq!(statements.idle(), 0);
    let mut c = statements.take().await.expect("a connection");
    let answer = sqlx::query_scalar::<_, i32>("SELECT 42")
        .fetch_one(&mut *c)
        .await;
    assert_eq!(c.give_back(answer).expect("answer"), 42);
    let (next, _) = backend(&statements).await;
    assert_ne!(next, first);

    scratch.remove().await;
}

#[tokio::test]
async fn a_connection_closed_by_the_server_while_idle_is_replaced_when_taken() {
    let (scratch, statements) = two_wide("stmtc").await;
    let (first, _) = backend(&statements).await;
    let ended: bool = sqlx::query_scalar("SELECT pg_terminate_backend($1)")
        .bind(first)
        .fetch_one(&scratch.pool)
        .await
        .expect("terminate");
    assert!(ended);
    // Idle past the check's threshold: the closed connection is found out when taken, and a new one serves.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    assert_eq!(statements.idle(), 1);
    let (next, idle) = backend(&statements).await;
    assert_eq!(idle, 1);
    assert_ne!(next, first);
    scratch.remove().await;
}

#[tokio::test]
async fn no_more_connections_are_taken_at_once_than_the_pool_has() {
    let (scratch, statements) = two_wide("stmtw").await;
    let a = statements.take().await.expect("a connection");
    let b = statements.take().await.expect("a connection");
    let third = tokio::time::timeout(Duration::from_millis(200), statements.take()).await;
    assert!(
        third.is_err(),
        "a third connection was given with two taken"
    );
    drop(a);
    let third = tokio::time::timeout(Duration::from_secs(5), statements.take())
        .await
        .expect("a connection once one is given back")
        .expect("a connection");
    drop((b, third));
    scratch.remove().await;
}
