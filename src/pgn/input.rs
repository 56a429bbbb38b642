//! Where the reader's bytes come from: a slice in memory, or (with `std`)
//! anything that implements [`std::io::Read`], read in chunks.

/// A source of PGN bytes for a [`Reader`](crate::pgn::Reader): a byte
/// slice ([`SliceInput`]) or, with the `std` feature, a reader
/// ([`IoInput`]). The methods are internal; the trait is sealed.
pub trait Input: sealed::Sealed {}

pub(crate) mod sealed {
    use crate::pgn::PgnErrorKind;

    pub trait Sealed {
        /// The bytes available now. Unless the input has ended, they end
        /// with a line feed, so no token but a brace comment crosses the
        /// end.
        fn data(&self) -> &[u8];
        /// May drop the first `consumed` bytes of [`Sealed::data`] (or
        /// fewer: their number comes first) and makes more available.
        /// `Ok(false)` at the end of the input (then the data is left as
        /// it was, without the dropped bytes). A line of more than
        /// `max_line` bytes (its line feed not counted) that is not yet in
        /// the data is an error ([`PgnErrorKind::TooLong`]), as a failed
        /// read is ([`PgnErrorKind::Io`]); either ends the input.
        fn more(&mut self, consumed: usize, max_line: usize) -> (usize, Result<bool, PgnErrorKind>);
    }
}

/// Input from a byte slice held in memory: no copy, no allocation.
#[derive(Clone, Copy, Debug)]
pub struct SliceInput<'a> {
    data: &'a [u8],
}

impl<'a> SliceInput<'a> {
    pub(crate) fn new(data: &'a [u8]) -> SliceInput<'a> {
        SliceInput { data }
    }
}

impl Input for SliceInput<'_> {}

impl sealed::Sealed for SliceInput<'_> {
    #[cfg_attr(hot_inline, inline(always))]
    fn data(&self) -> &[u8] {
        self.data
    }

    fn more(&mut self, consumed: usize, _max_line: usize) -> (usize, Result<bool, crate::pgn::PgnErrorKind>) {
        // The text is in memory already: its lines cost nothing more.
        self.data = &self.data[consumed..];
        (consumed, Ok(false))
    }
}

#[cfg(feature = "std")]
pub use io::IoInput;

#[cfg(feature = "std")]
mod io {
    use alloc::string::ToString;
    use alloc::vec::Vec;
    use std::io::Read;

    use crate::pgn::{Limit, PgnErrorKind};

    /// How much is read from the underlying reader at a time (less when
    /// lines are limited to fewer bytes).
    const CHUNK: usize = 1 << 16;

    /// Input from a [`Read`] (a file, standard input, a [`std::io::BufRead`]),
    /// read in 64 KiB chunks into a buffer that holds whole lines. Memory
    /// stays bounded by the reader's limits on lines and comments (see
    /// [`ReadOptions`](crate::pgn::ReadOptions)), not by the file.
    #[derive(Debug)]
    pub struct IoInput<R> {
        read: R,
        /// `buf[..filled]` holds the bytes read and not yet dropped; the
        /// rest is room for the next read (zeroed once, when it grows, not
        /// at every read).
        buf: Vec<u8>,
        filled: usize,
        /// `buf[..valid]` is handed out: whole lines, or everything at the end.
        valid: usize,
        eof: bool,
    }

    impl<R: Read> IoInput<R> {
        pub(crate) fn new(read: R) -> IoInput<R> {
            IoInput { read, buf: Vec::new(), filled: 0, valid: 0, eof: false }
        }

        /// Reads until the data ends with a whole line, or the input ends.
        fn fill(&mut self, max_line: usize) -> Result<bool, PgnErrorKind> {
            // Reads no more than a line may hold, so that every line that
            // starts and ends within one read is short enough: only the
            // line a read continues needs counting.
            let chunk = CHUNK.min(max_line.max(1));
            loop {
                if self.eof {
                    if self.valid < self.filled {
                        self.valid = self.filled;
                        return Ok(true);
                    }
                    return Ok(false);
                }
                let old = self.filled;
                if self.buf.len() < old + chunk {
                    self.buf.resize(old + chunk, 0);
                }
                let n = loop {
                    match self.read.read(&mut self.buf[old..old + chunk]) {
                        Ok(n) => break n,
                        Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                        Err(e) => return Err(PgnErrorKind::Io(e.to_string())),
                    }
                };
                self.filled = old + n;
                if n == 0 {
                    self.eof = true;
                    continue;
                }
                // `buf[valid..old]` is the start of a line, without its
                // line feed (the data handed out ends with one, or is
                // empty at the start of the input).
                let new = &self.buf[old..self.filled];
                let first = new.iter().position(|&b| b == b'\n');
                if old - self.valid + first.unwrap_or(n) > max_line {
                    return Err(PgnErrorKind::TooLong { limit: Limit::Line, max: max_line });
                }
                if first.is_some() {
                    let last = new.iter().rposition(|&b| b == b'\n').unwrap_or(0);
                    self.valid = old + last + 1;
                    return Ok(true);
                }
            }
        }
    }

    impl<R: Read> super::Input for IoInput<R> {}

    impl<R: Read> super::sealed::Sealed for IoInput<R> {
        #[cfg_attr(hot_inline, inline(always))]
        fn data(&self) -> &[u8] {
            &self.buf[..self.valid]
        }

        fn more(&mut self, consumed: usize, max_line: usize) -> (usize, Result<bool, PgnErrorKind>) {
            // Consumed bytes stay in front until they are as many as those
            // kept: moving the kept bytes (a long comment) at every read
            // made reading time quadratic in their length.
            let dropped = if consumed >= self.filled - consumed { consumed } else { 0 };
            if dropped > 0 {
                self.buf.copy_within(dropped..self.filled, 0);
                self.filled -= dropped;
                self.valid -= dropped;
            }
            (dropped, self.fill(max_line))
        }
    }
}
