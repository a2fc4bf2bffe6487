//! The computer's work: on the blocking pool, one search per core, under
//! the request's deadline with a cancel flag that really stops it.

use std::sync::atomic::Ordering;

use tabula_search::{CancelFlag, cancel_scope};

use crate::AppState;
use crate::error::{ApiError, ApiResult};

/// Runs the computer's work on the blocking pool under the deadline, with
/// a cancel flag the deadline sets: every search the work starts stops
/// within milliseconds then (whatever budget its player was built with),
/// and its thread is free again. A work whose answer is worthless cut short
/// (a whole computation) answers 503 then; see [`think_until`] for work
/// that keeps what it finished.
pub async fn think<T: Send + 'static>(
    state: &AppState,
    work: impl FnOnce() -> ApiResult<T> + Send + 'static,
) -> ApiResult<T> {
    match think_until(state, move |_| work()).await? {
        (_, true) => Err(ApiError::unavailable(
            "the computer did not answer in time; nothing was played, try again",
        )),
        (done, false) => done,
    }
}

/// Runs `work` like [`think`], handing it the flag; answers what it
/// returned and whether the deadline passed. The work's thread has ended
/// when this returns: no search outlives its request.
pub async fn think_until<T: Send + 'static>(
    state: &AppState,
    work: impl FnOnce(&CancelFlag) -> T + Send + 'static,
) -> ApiResult<(T, bool)> {
    let deadline = tokio::time::Instant::now() + state.computer_deadline;
    // One search per core at a time: more would only slow each other, and
    // the deadline counts the wait for a core too.
    let core = tokio::time::timeout_at(deadline, state.searches.clone().acquire_owned())
        .await
        .map_err(|_| ApiError::unavailable("the computer is busy; nothing was played, try again"))?
        .map_err(ApiError::internal)?;
    let flag = CancelFlag::new();
    let running = state.clone();
    let scoped = flag.clone();
    let mut job = tokio::task::spawn_blocking(move || {
        let _core = core;
        let _running = Running::start(&running);
        cancel_scope(&scoped, || work(&scoped))
    });
    tokio::select! {
        done = &mut job => Ok((done.map_err(ApiError::internal)?, false)),
        () = tokio::time::sleep_until(deadline) => {
            flag.cancel();
            Ok((job.await.map_err(ApiError::internal)?, true))
        }
    }
}

/// Counts a search in [`crate::Shared::running`] while it lives.
struct Running(AppState);

impl Running {
    fn start(state: &AppState) -> Running {
        state.running.fetch_add(1, Ordering::SeqCst);
        Running(state.clone())
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.0.running.fetch_sub(1, Ordering::SeqCst);
    }
}
