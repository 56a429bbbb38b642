//! Where the reader's bytes come from: a slice in memory, or (with `std`)
//! anything that implements [`std::io::Read`], read in chunks.

/// A source of PGN bytes for a [`Reader`](crate::pgn::Reader): a byte
/// slice ([`SliceInput`]) or, with the `std` feature, a reader
/// ([`IoInput`]). The methods are internal; the trait is sealed.
pub trait Input: sealed::Sealed {}

pub(crate) mod sealed {
    use alloc::string::String;

    pub trait Sealed {
        /// The bytes available now. Unless the input has ended, they end
        /// with a line feed, so no token but a brace comment crosses the
        /// end.
        fn data(&self) -> &[u8];
        /// Drops the first `consumed` bytes of [`Sealed::data`] and makes
        /// more available. `Ok(false)` at the end of the input (then the
        /// data is left as it was, without the dropped bytes).
        fn more(&mut self, consumed: usize) -> Result<bool, String>;
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
    #[inline(always)]
    fn data(&self) -> &[u8] {
        self.data
    }

    fn more(&mut self, consumed: usize) -> Result<bool, alloc::string::String> {
        self.data = &self.data[consumed..];
        Ok(false)
    }
}

#[cfg(feature = "std")]
pub use io::IoInput;

#[cfg(feature = "std")]
mod io {
    use alloc::string::{String, ToString};
    use alloc::vec::Vec;
    use std::io::Read;

    /// How much is read from the underlying reader at a time.
    const CHUNK: usize = 1 << 16;

    /// Input from a [`Read`] (a file, standard input, a [`std::io::BufRead`]),
    /// read in 64 KiB chunks into a buffer that holds whole lines. Memory
    /// stays bounded by the longest comment or line, not by the file.
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
    }

    impl<R: Read> super::Input for IoInput<R> {}

    impl<R: Read> super::sealed::Sealed for IoInput<R> {
        #[inline(always)]
        fn data(&self) -> &[u8] {
            &self.buf[..self.valid]
        }

        fn more(&mut self, consumed: usize) -> Result<bool, String> {
            self.buf.copy_within(consumed..self.filled, 0);
            self.filled -= consumed;
            self.valid -= consumed;
            loop {
                if self.eof {
                    if self.valid < self.filled {
                        self.valid = self.filled;
                        return Ok(true);
                    }
                    return Ok(false);
                }
                let old = self.filled;
                if self.buf.len() < old + CHUNK {
                    self.buf.resize(old + CHUNK, 0);
                }
                let n = loop {
                    match self.read.read(&mut self.buf[old..old + CHUNK]) {
                        Ok(n) => break n,
                        Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                        Err(e) => return Err(e.to_string()),
                    }
                };
                self.filled = old + n;
                if n == 0 {
                    self.eof = true;
                    continue;
                }
                if let Some(last) = self.buf[old..self.filled].iter().rposition(|&b| b == b'\n') {
                    self.valid = old + last + 1;
                    return Ok(true);
                }
            }
        }
    }
}
