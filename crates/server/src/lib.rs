//! # tabula-server
//!
//! Tabula's web app: accounts, every registered game, the daily puzzle
//! (of the game that offers one) with its leaderboard and statistics,
//! computer-vs-computer games, the review, the lab of a game with teaching
//! figures and the figures of a game's endgame tables, over an embedded
//! SQLite file or a shared PostgreSQL server. It names no game: what a
//! game offers beyond play it reaches through the game's capabilities. The server owns every game; the browser sends
//! actions and receives views. The HTTP API is documented in
//! `docs/web-api.md`.
//!
//! ```no_run
//! # async fn run() -> anyhow::Result<()> {
//! let config = tabula_server::Config::new("127.0.0.1:8080", "tabula.db");
//! let server = tabula_server::Server::start(config).await?;
//! println!("listening on http://{}", server.addr());
//! server.run().await?;
//! # Ok(())
//! # }
//! ```

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use tokio::net::TcpListener;

pub mod api;
pub mod assist;
pub mod attempts;
pub mod auth;
pub mod compute;
pub mod credentials;
pub mod daily;
pub mod db;
pub mod device;
pub mod error;
pub mod games;
pub mod legacy;
pub mod limits;
pub mod migrations;
pub mod pages;
pub mod rows;
pub mod session_key;
pub mod table_routes;
pub mod tables;
pub mod util;
pub mod wasm;

pub use db::{Backend, Db};
pub use error::ApiError;
pub use util::Clock;

use limits::{Backoff, RateLimiter, Slowdown, Turns};

/// How the server runs: where it listens, its database, its limits.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on (`127.0.0.1:0` picks a free port).
    pub addr: String,
    /// A SQLite file path, `sqlite://…` or `postgres://…`.
    pub database: String,
    /// Log-in attempts per minute, per client address and per (name,
    /// address) pair; over all addresses, a name's failures past this
    /// many a minute slow its log-ins down.
    pub login_per_minute: u32,
    /// Games created per minute per session.
    pub games_per_minute: u32,
    /// Games created per minute per client address (0: no limit).
    pub games_per_minute_by_address: u32,
    /// Moves (and requests to let the computers move) per minute per
    /// session, and five times as many per client address (0: no limit).
    pub moves_per_minute: u32,
    /// Reviews computed per minute per session.
    pub reviews_per_minute: u32,
    /// The longest the computer may think for one request.
    pub computer_deadline: Duration,
    /// The clock (tests move it).
    pub clock: Clock,
    /// Whether the session cookie carries `Secure` (served behind TLS).
    pub secure_cookies: bool,
    /// How long a client may take to send a request's headers, and how
    /// long a kept-alive connection may stay idle before its next request:
    /// a connection past it is closed.
    pub header_timeout: Duration,
    /// How long a request may take, its body's arrival included (a body
    /// trickled in byte by byte is cut off with 408).
    pub request_timeout: Duration,
    /// Connections open at once; one more is closed as soon as it is
    /// accepted (the descriptor limit is never reached).
    pub max_connections: usize,
    /// Where new tables' seeds come from (secret unless a test says).
    pub seeds: tables::Seeds,
}

impl Config {
    /// The defaults: 10 log-ins and 30 games a minute, 10 s for the computer.
    pub fn new(addr: &str, database: &str) -> Self {
        Config {
            addr: addr.to_string(),
            database: database.to_string(),
            login_per_minute: 10,
            games_per_minute: 30,
            games_per_minute_by_address: 120,
            moves_per_minute: 240,
            reviews_per_minute: 6,
            computer_deadline: Duration::from_secs(10),
            clock: Clock::default(),
            secure_cookies: false,
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(60),
            max_connections: 512,
            seeds: tables::Seeds::Secret,
        }
    }
}

/// What every handler shares.
#[derive(Debug)]
pub struct Shared {
    /// The database.
    pub db: Db,
    /// Log-in attempts per client address.
    pub login_by_addr: RateLimiter,
    /// Log-in attempts per (name, client address) pair.
    pub login_by_pair: RateLimiter,
    /// The delay of log-ins on a name that many get wrong.
    pub login_slowdown: Slowdown,
    /// The lock on a name that many get wrong, from every address: a
    /// browser the account logged in from before passes it.
    pub login_backoff: Backoff,
    /// Signs session tokens and derives CSRF tokens.
    pub session_key: session_key::SessionKey,
    /// Whether the session cookie carries `Secure`.
    pub secure_cookies: bool,
    /// Game creation per session.
    pub game_creation: RateLimiter,
    /// Game creation per client address (sessions cost nothing to make).
    pub game_creation_by_addr: RateLimiter,
    /// Reviews computed per minute per session (a cached one is free).
    pub reviews: RateLimiter,
    /// Moves per minute per session.
    pub moves: RateLimiter,
    /// Moves per minute per client address.
    pub moves_by_addr: RateLimiter,
    /// One computation at a time per session and per address.
    pub turns: Turns,
    /// The computer's deadline per request.
    pub computer_deadline: Duration,
    /// Searches allowed at once (one per core).
    pub searches: Arc<tokio::sync::Semaphore>,
    /// Searches running now (`/api/health` shows it).
    pub running: std::sync::atomic::AtomicUsize,
    /// The clock.
    pub clock: Clock,
    /// New tables' seeds.
    pub seeds: tables::SeedSource,
}

impl Shared {
    /// Counts a new game against the session's and the address's limits.
    ///
    /// # Errors
    /// 429 with the wait when either is used up.
    pub fn count_new_game(&self, session: &str, addr: &str) -> Result<(), ApiError> {
        count_both(
            &self.game_creation_by_addr,
            &self.game_creation,
            addr,
            session,
            "new games",
        )
    }

    /// Counts a move against the session's and the address's limits.
    ///
    /// # Errors
    /// 429 with the wait when either is used up.
    pub fn count_move(&self, session: &str, addr: &str) -> Result<(), ApiError> {
        count_both(&self.moves_by_addr, &self.moves, addr, session, "moves")
    }

    /// The client's turn to make the computer think: after its own
    /// computation in flight, if any, within the computer's deadline.
    ///
    /// # Errors
    /// 503 when its previous request still computes past that.
    pub async fn client_turn(&self, session: &str, addr: &str) -> Result<limits::Turn, ApiError> {
        self.turns
            .take(&[session, addr], self.computer_deadline)
            .await
            .ok_or_else(|| ApiError::unavailable("your previous request is still with the computer; try again"))
    }
}

/// Counts a hit against an address's limiter, then a session's: 429 with
/// the wait for `what` when either is used up.
fn count_both(
    by_addr: &RateLimiter,
    by_session: &RateLimiter,
    addr: &str,
    session: &str,
    what: &str,
) -> Result<(), ApiError> {
    by_addr
        .hit(addr)
        .and_then(|()| by_session.hit(session))
        .map_err(|s| ApiError::too_many(what, s))
}

/// The handlers' state.
pub type AppState = Arc<Shared>;

/// The application's routes over a state.
pub fn router(state: AppState) -> Router {
    api::routes()
        .merge(pages::routes())
        .with_state(state)
        .layer(axum::middleware::map_response(security_headers))
}

/// The routes with the request timeout: a request (its body included)
/// that takes longer is answered 408 and its work dropped.
fn timed(app: Router, limit: Duration) -> Router {
    app.layer(axum::middleware::from_fn(
        move |request: axum::extract::Request, next: axum::middleware::Next| async move {
            match tokio::time::timeout(limit, next.run(request)).await {
                Ok(response) => response,
                Err(_) => axum::response::IntoResponse::into_response(ApiError::new(
                    axum::http::StatusCode::REQUEST_TIMEOUT,
                    "the request took too long to arrive or to answer",
                )),
            }
        },
    ))
}

/// Headers every answer carries: scripts and styles from this server only
/// (WebAssembly compiled from them: the browser module), no framing, no
/// content sniffing.
async fn security_headers(mut response: axum::response::Response) -> axum::response::Response {
    use axum::http::{HeaderValue, header};
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
        ),
    );
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    response
}

/// A bound server, ready to run.
pub struct Server {
    listener: TcpListener,
    state: AppState,
    connections: Connections,
}

/// The connection loop's limits (see [`Config`]).
#[derive(Clone, Copy, Debug)]
struct Connections {
    header_timeout: Duration,
    request_timeout: Duration,
    max: usize,
}

impl Server {
    /// Opens (and migrates) the database and binds the address.
    ///
    /// # Errors
    /// If the database cannot be opened or the address bound.
    pub async fn start(config: Config) -> anyhow::Result<Server> {
        let db = Db::open(&config.database).await?;
        let session_key = session_key::SessionKey::load(&db).await?;
        let listener = TcpListener::bind(&config.addr)
            .await
            .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", config.addr))?;
        let minute = Duration::from_secs(60);
        let state = Arc::new(Shared {
            db,
            login_by_addr: RateLimiter::new(config.login_per_minute, minute),
            login_by_pair: RateLimiter::new(config.login_per_minute, minute),
            login_slowdown: Slowdown::new(
                config.login_per_minute,
                minute,
                auth::LOGIN_SLOWDOWN_STEP,
                auth::LOGIN_SLOWDOWN_MAX,
            ),
            login_backoff: Backoff::new(config.login_per_minute, auth::LOGIN_LOCK_BASE, auth::LOGIN_LOCK_MAX),
            session_key,
            secure_cookies: config.secure_cookies,
            game_creation: RateLimiter::new(config.games_per_minute, minute),
            game_creation_by_addr: RateLimiter::new(config.games_per_minute_by_address, minute),
            reviews: RateLimiter::new(config.reviews_per_minute, minute),
            moves: RateLimiter::new(config.moves_per_minute, minute),
            moves_by_addr: RateLimiter::new(config.moves_per_minute.saturating_mul(5), minute),
            turns: Turns::default(),
            computer_deadline: config.computer_deadline,
            searches: Arc::new(tokio::sync::Semaphore::new(
                std::thread::available_parallelism().map_or(2, |n| n.get()),
            )),
            running: std::sync::atomic::AtomicUsize::new(0),
            clock: config.clock,
            seeds: tables::SeedSource::new(config.seeds),
        });
        let connections = Connections {
            header_timeout: config.header_timeout,
            request_timeout: config.request_timeout,
            max: config.max_connections.max(1),
        };
        Ok(Server {
            listener,
            state,
            connections,
        })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.listener.local_addr().expect("a bound listener has an address")
    }

    /// The shared state (tests inspect the database through it).
    pub fn state(&self) -> AppState {
        self.state.clone()
    }

    /// Serves until the process ends (or Ctrl-C: then it finishes the
    /// requests in flight).
    ///
    /// # Errors
    /// If serving fails.
    pub async fn run(self) -> anyhow::Result<()> {
        tokio::spawn(auth::sweep_sessions(self.state.clone()));
        let app = timed(router(self.state.clone()), self.connections.request_timeout);
        serve(self.listener, app, self.connections, async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await;
        Ok(())
    }

    /// Serves in the background on the current runtime (tests).
    pub fn spawn(self) -> (SocketAddr, AppState) {
        let (addr, state) = (self.addr(), self.state.clone());
        tokio::spawn(async move {
            if let Err(e) = self.run().await {
                tracing::error!("server stopped: {e}");
            }
        });
        (addr, state)
    }
}

/// Serves `app` on `listener` until `shutdown`, then lets the connections
/// finish the requests in flight. HTTP/1.1, each connection on its own
/// task with the client's address (the rate limits' key) in its requests;
/// a connection that takes longer than the header timeout to send a
/// request's headers, or stays idle that long between requests, is
/// closed; past the cap, a new connection is closed at once.
async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Connections,
    shutdown: impl std::future::Future<Output = ()>,
) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt;
    let open = Arc::new(tokio::sync::Semaphore::new(limits.max));
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout);
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of descriptors or a connection reset before it
                    // was accepted: wait a moment rather than spin.
                    tracing::warn!("accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Ok(permit) = open.clone().try_acquire_owned() else {
            tracing::debug!("connection from {peer} closed: {} open", limits.max);
            drop(stream);
            continue;
        };
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            app.clone().oneshot(request.map(axum::body::Body::new))
        });
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            let _permit = permit;
            if let Err(e) = connection.await {
                tracing::debug!("connection from {peer}: {e}");
            }
        });
    }
    // In-flight requests finish (each within the request timeout).
    let _ = tokio::time::timeout(limits.request_timeout + limits.header_timeout, graceful.shutdown()).await;
}
