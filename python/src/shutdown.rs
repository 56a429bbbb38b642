//! Work without the GIL that is safe while the interpreter exits.
//!
//! Up to Python 3.13, a thread that asks for the GIL once the interpreter
//! has begun finalizing (a daemon thread still running when the program
//! ends) is ended with `pthread_exit`. That forced unwind cannot cross the
//! Rust frames of an extension call (pyo3's panic guard catches it and the
//! C runtime aborts the process: `FATAL: exception not rethrown`). So a
//! thread that ran Rust code without the GIL must not ask for it again
//! once finalizing has begun: it parks for good instead, as Python 3.14
//! itself parks such threads, and the process ends around it.
//!
//! Python sets its finalizing flag only after the `atexit` handlers have
//! run. The handler registered here marks the exit and waits, with the GIL
//! released, until no thread is between its own check of the mark and
//! holding the GIL again; every later thread sees the mark and parks.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::SeqCst};
use std::sync::OnceLock;
use std::thread::ThreadId;

use pyo3::prelude::*;

/// Set by the `atexit` handler: the interpreter is about to finalize.
static EXITING: AtomicBool = AtomicBool::new(false);

/// Threads that checked `EXITING` (unset) and have not yet taken the GIL
/// back.
static RETURNING: AtomicUsize = AtomicUsize::new(0);

/// The thread that ran the `atexit` handler: the one that finalizes, which
/// Python lets take the GIL.
static FINALIZER: OnceLock<ThreadId> = OnceLock::new();

/// Runs `f` with the GIL released, as [`Python::detach`], and takes the
/// GIL back only if the interpreter is not exiting; otherwise the thread
/// (a daemon thread: Python waits for the others before exiting) parks
/// until the process ends.
pub(crate) fn detach<T, F>(py: Python<'_>, f: F) -> T
where
    F: Send + FnOnce() -> T,
    T: Send,
{
    let out = py.detach(|| {
        let out = f();
        RETURNING.fetch_add(1, SeqCst);
        if EXITING.load(SeqCst) && FINALIZER.get() != Some(&std::thread::current().id()) {
            RETURNING.fetch_sub(1, SeqCst);
            loop {
                std::thread::park();
            }
        }
        out
    });
    RETURNING.fetch_sub(1, SeqCst);
    out
}

/// The `atexit` handler: marks the exit, then lets the threads already on
/// their way back take the GIL and leave this module's code.
#[pyfunction]
fn _at_exit(py: Python<'_>) {
    let _ = FINALIZER.set(std::thread::current().id());
    EXITING.store(true, SeqCst);
    py.detach(|| {
        while RETURNING.load(SeqCst) != 0 {
            std::thread::sleep(std::time::Duration::from_micros(100));
        }
    });
}

/// Registers the `atexit` handler.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let handler = wrap_pyfunction!(_at_exit, m)?;
    m.py().import("atexit")?.call_method1("register", (handler,))?;
    Ok(())
}
