//! Noticing Ctrl-C and termination signals while `--verify` has files written, so that it can put them back.

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use signal_hook::SigId;
use signal_hook::consts::{SIGINT, SIGTERM};

/// While alive, SIGINT and SIGTERM set a flag instead of ending the process (a second one ends it at once).
/// Dropping it restores the signals' earlier handling.
pub struct Interrupt {
    flag: Arc<AtomicBool>,
    ids: Vec<SigId>,
}

impl Interrupt {
    /// Starts catching the signals.
    pub fn catch() -> io::Result<Interrupt> {
        let flag = Arc::new(AtomicBool::new(false));
        let mut ids = Vec::new();
        for signal in [SIGINT, SIGTERM] {
            // Registered first, so that it sees the flag as it was before this signal: set means a second one.
            ids.push(signal_hook::flag::register_conditional_shutdown(
                signal,
                130,
                Arc::clone(&flag),
            )?);
            ids.push(signal_hook::flag::register(signal, Arc::clone(&flag))?);
        }
        Ok(Interrupt { flag, ids })
    }

    /// Whether a signal came since [`Interrupt::catch`].
    pub fn happened(&self) -> bool {
        self.flag.load(Ordering::SeqCst)
    }
}

impl Drop for Interrupt {
    fn drop(&mut self) {
        for id in self.ids.drain(..) {
            signal_hook::low_level::unregister(id);
        }
    }
}
