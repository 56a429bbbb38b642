//! WebAssembly exports of `chess-movegen` for the npm package in `js/`.
//!
//! Plain `extern "C"` functions over numbers, no bindings generator: text
//! goes both ways through one byte buffer in the module's memory. The
//! JavaScript side asks for room with [`io_reserve`], writes UTF-8 there
//! and passes its length; a function writes its answer into the same
//! buffer and returns its length, or, for an error, `-1 - length` of the
//! message (so an error is always negative). [`io_ptr`] tells where the
//! buffer is (it moves when it grows).
//!
//! A game lives here as a session ([`session_new`] gives its handle): the
//! board, the library's [`Game`] with its history, the PGN tags and
//! comments. Every rule is the library's; this crate only moves text.
//!
//! For `wasm32` the crate is `no_std` (with `alloc`): its own allocator
//! ([`heap`]) and a panic handler that traps, so that neither the
//! standard library's allocator nor its panic messages are in the
//! module. (Built natively, for its lints, it has `std`.)

#![cfg_attr(target_arch = "wasm32", no_std)]

#[cfg(target_arch = "wasm32")]
mod heap;
mod order;
mod pgn;
mod record;
mod session;
#[cfg(feature = "full")]
mod tree;

extern crate alloc;

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::cell::RefCell;

pub use pgn::*;
pub use session::*;
#[cfg(feature = "full")]
pub use tree::*;

/// The module's allocator: smaller than the standard library's.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: heap::Allocator = heap::Allocator::new();

/// A panic (a bug: bad input gives an error, never a panic) traps: the
/// JavaScript side gets a `RuntimeError`.
#[cfg(target_arch = "wasm32")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    core::arch::wasm32::unreachable()
}

/// A value of the module's one thread (WebAssembly without threads runs
/// one): what `thread_local!` would hold with `std`.
pub(crate) struct Local<T>(RefCell<T>);

// Safety: the module runs on one thread; the native build (for lints)
// calls nothing from several threads.
unsafe impl<T> Sync for Local<T> {}

impl<T> Local<T> {
    /// A cell holding `value`.
    pub(crate) const fn new(value: T) -> Local<T> {
        Local(RefCell::new(value))
    }

    /// Runs `f` on the value.
    pub(crate) fn with_borrow<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        f(&self.0.borrow())
    }

    /// Runs `f` on the value, mutably.
    pub(crate) fn with_borrow_mut<R>(&self, f: impl FnOnce(&mut T) -> R) -> R {
        f(&mut self.0.borrow_mut())
    }
}

/// The shared text buffer.
static IO: Local<Vec<u8>> = Local::new(Vec::new());

/// Makes the buffer at least `len` bytes long and returns where it is.
#[no_mangle]
pub extern "C" fn io_reserve(len: usize) -> *mut u8 {
    IO.with_borrow_mut(|io| {
        if io.len() < len {
            io.resize(len, 0);
        }
        io.as_mut_ptr()
    })
}

/// Where the buffer is now.
#[no_mangle]
pub extern "C" fn io_ptr() -> *const u8 {
    IO.with_borrow(|io| io.as_ptr())
}

/// The first `len` bytes of the buffer (fewer if it is shorter).
#[cfg(feature = "full")]
pub(crate) fn input_bytes(len: usize) -> Vec<u8> {
    IO.with_borrow(|io| io[..len.min(io.len())].to_vec())
}

/// Runs `f` on the buffer's first `len` bytes as text, read in place
/// (invalid UTF-8 replaced; a length past the buffer reads what there
/// is); `f` must not write the buffer: the answer goes there after it
/// returns.
pub(crate) fn with_input<R>(len: usize, f: impl FnOnce(&str) -> R) -> R {
    IO.with_borrow(|io| {
        let bytes = &io[..len.min(io.len())];
        // Valid UTF-8 (JavaScript's encoder writes nothing else) is read
        // with the faster check.
        match core::str::from_utf8(bytes) {
            Ok(text) => f(text),
            Err(_) => f(&String::from_utf8_lossy(bytes)),
        }
    })
}

/// Answers with what `write` appends to the emptied buffer: its length
/// (an answer made in place, without a copy).
pub(crate) fn reply_in_place(write: impl FnOnce(&mut Vec<u8>)) -> i32 {
    IO.with_borrow_mut(|io| {
        io.clear();
        write(io);
        io.len() as i32
    })
}

/// Writes an answer into the buffer: its length, or `-1 - length` of
/// the error message.
pub(crate) fn reply(result: Result<String, String>) -> i32 {
    reply_bytes(result.map(String::into_bytes))
}

/// [`reply`] for an answer in bytes.
pub(crate) fn reply_bytes(result: Result<Vec<u8>, String>) -> i32 {
    let (bytes, ok) = match result {
        Ok(bytes) => (bytes, true),
        Err(message) => (message.into_bytes(), false),
    };
    let len = IO.with_borrow_mut(|io| {
        io.clear();
        io.extend_from_slice(&bytes);
        io.len() as i32
    });
    if ok {
        len
    } else {
        -1 - len
    }
}

/// `text` before and after the first `sep` (an ASCII byte), or all of it
/// and nothing. (A byte search: `split_once` would bring core's character
/// searcher into the module; `get`, not `[..]`, because a slice that
/// cannot fail still brings core's panic message and its Unicode tables.)
pub(crate) fn split_at_byte(text: &str, sep: u8) -> (&str, &str) {
    match text.bytes().position(|b| b == sep) {
        Some(i) => (text.get(..i).unwrap_or(text), text.get(i + 1..).unwrap_or("")),
        None => (text, ""),
    }
}

/// At most 24 characters of `text` for an error message (with `…` when
/// cut), so that a long input is not echoed whole. (`get`: see
/// [`split_at_byte`].)
pub(crate) fn short(text: &str) -> String {
    match text.char_indices().nth(24) {
        Some((cut, _)) => String::from(text.get(..cut).unwrap_or(text)) + "…",
        None => String::from(text),
    }
}

/// Validates a FEN: `0`, or an error (see the crate's conventions). Flag
/// bit 0: Chess960 castling rights.
#[no_mangle]
pub extern "C" fn validate_fen(len: usize, flags: u32) -> i32 {
    reply(with_input(len, |fen| session::parse_fen(fen, flags & 1 != 0, false).map(|_| String::new())))
}

/// The FEN of Chess960 start position `n` (0..960), or an error.
#[no_mangle]
pub extern "C" fn chess960_fen(n: u32) -> i32 {
    reply(
        chess_movegen::Position::chess960(n)
            .map(|pos| pos.fen())
            .ok_or_else(|| format!("no Chess960 position {n}: the numbers are 0 to 959")),
    )
}
