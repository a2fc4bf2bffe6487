//! The clock a decision's deadline is read on: the page's
//! `performance.now()` in the browser (the standard library has no clock
//! on `wasm32-unknown-unknown`), the system's natively.

use std::sync::Arc;
use std::time::Duration;

use tabula_search::Clock;

/// `performance.now()`, in the window or the worker.
#[cfg(target_arch = "wasm32")]
mod page {
    use std::time::Duration;

    use wasm_bindgen::prelude::*;

    #[wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(js_namespace = performance, js_name = now)]
        fn performance_now() -> f64;
    }

    /// The page's monotonic clock, in milliseconds since the page (or the
    /// worker) began.
    #[derive(Clone, Copy, Debug, Default)]
    pub struct PageClock;

    impl tabula_search::Clock for PageClock {
        fn now(&self) -> Duration {
            Duration::from_secs_f64(performance_now().max(0.0) / 1000.0)
        }
    }
}

/// The clock of this target.
pub fn clock() -> Arc<dyn Clock> {
    #[cfg(target_arch = "wasm32")]
    {
        Arc::new(page::PageClock)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        Arc::new(tabula_search::SystemClock)
    }
}

/// Milliseconds, as a duration (negative and unreadable values are none).
pub fn millis(ms: f64) -> Duration {
    if ms.is_finite() && ms > 0.0 {
        Duration::from_secs_f64(ms / 1000.0)
    } else {
        Duration::ZERO
    }
}
