//! Accepting connections for a gRPC server.

use futures::Stream;
use tokio::net::{TcpListener, TcpStream};

/// The connections `listener` accepts, each with TCP_NODELAY set: a server's small frames leave at once instead of
/// waiting for the client's delayed acknowledgement (40 ms on Linux). tonic's own option applies only to the
/// listeners it binds itself.
pub fn incoming(listener: TcpListener) -> impl Stream<Item = std::io::Result<TcpStream>> {
    futures::stream::unfold(listener, |listener| async move {
        let accepted = listener.accept().await.map(|(stream, _)| {
            let _ = stream.set_nodelay(true);
            stream
        });
        Some((accepted, listener))
    })
}
