//! A bit column filled a game at a time: validity bits and the side to
//! move, appended from packed bytes with shifts (Arrow's
//! `BooleanBufferBuilder::append_packed_range` goes through its general
//! bitwise kernels, slow for a game's few bytes).

use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer};

/// Bits packed as Arrow keeps them: the first in the lowest bit of the
/// first byte. The bits past `len` in the last byte are 0.
#[derive(Default)]
pub(crate) struct Bits {
    bytes: Vec<u8>,
    len: usize,
}

/// Bit `i` set for even `i`, and for odd `i`: alternating bits starting
/// with a set one, or with a clear one.
const EVEN: [u8; 64] = [0x55; 64];
const ODD: [u8; 64] = [0xaa; 64];
/// All bits set.
const ONES: [u8; 64] = [0xff; 64];

impl Bits {
    /// No bits, room for `bits`.
    pub fn with_capacity(bits: usize) -> Bits {
        Bits { bytes: Vec::with_capacity(bits.div_ceil(8)), len: 0 }
    }

    /// Appends the first `n` bits of `packed` (the first in the lowest
    /// bit of its first byte).
    ///
    /// # Panics
    ///
    /// If `packed` has fewer than `n` bits.
    pub fn append_packed(&mut self, packed: &[u8], n: usize) {
        let src = &packed[..n.div_ceil(8)];
        let shift = self.len % 8;
        if shift == 0 {
            self.bytes.extend_from_slice(src);
        } else {
            // Each byte's low bits go into the free high bits of the byte
            // before, its others start the next one: eight bytes a step,
            // then the last few one by one.
            let mut carry = u64::from(self.bytes.pop().expect("a partly filled byte"));
            self.bytes.reserve(src.len() + 1);
            let mut words = src.chunks_exact(8);
            for word in words.by_ref() {
                let word = u64::from_le_bytes(word.try_into().expect("8 bytes"));
                self.bytes.extend_from_slice(&(carry | word << shift).to_le_bytes());
                carry = word >> (64 - shift);
            }
            for &b in words.remainder() {
                self.bytes.push((carry | u64::from(b) << shift) as u8);
                carry = u64::from(b) >> (8 - shift);
            }
            self.bytes.push(carry as u8);
        }
        self.len += n;
        self.bytes.truncate(self.len.div_ceil(8));
        if !self.len.is_multiple_of(8) {
            *self.bytes.last_mut().expect("a partly filled byte") &= (1 << (self.len % 8)) - 1;
        }
    }

    /// Appends `n` set bits.
    pub fn append_ones(&mut self, n: usize) {
        self.append_pattern(&ONES, n);
    }

    /// Appends `n` bits that alternate, the first one `first`.
    pub fn append_alternating(&mut self, first: bool, n: usize) {
        self.append_pattern(if first { &EVEN } else { &ODD }, n);
    }

    /// Appends `n` bits of a pattern that repeats every byte.
    fn append_pattern(&mut self, pattern: &[u8], n: usize) {
        let mut left = n;
        while left > 0 {
            let take = left.min(8 * pattern.len());
            self.append_packed(pattern, take);
            left -= take;
        }
    }

    /// The bits as a buffer.
    pub fn finish(self) -> BooleanBuffer {
        BooleanBuffer::new(Buffer::from_vec(self.bytes), 0, self.len)
    }

    /// The bits as validity bits: none when every value is there.
    pub fn into_nulls(self) -> Option<NullBuffer> {
        Some(NullBuffer::new(self.finish())).filter(|n| n.null_count() > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reference: the bits one by one.
    fn naive(parts: &[Vec<bool>]) -> Vec<bool> {
        parts.concat()
    }

    fn pack(bits: &[bool]) -> Vec<u8> {
        let mut bytes = vec![0u8; bits.len().div_ceil(8) + 1];
        for (i, &b) in bits.iter().enumerate() {
            bytes[i / 8] |= u8::from(b) << (i % 8);
        }
        // Bits past the end set, which must not be taken.
        *bytes.last_mut().unwrap() |= 0xff << (bits.len() % 8).min(7);
        bytes
    }

    #[test]
    fn appended_pieces_give_their_bits_in_order() {
        let mut next = crate::test_random();
        for _ in 0..500 {
            let mut bits = Bits::default();
            let mut parts = Vec::new();
            for _ in 0..next(8) {
                // Up to 150 bits: parts of 8 bytes and more too.
                let n = next(150) as usize;
                let part: Vec<bool> = match next(4) {
                    0 => {
                        bits.append_ones(n);
                        vec![true; n]
                    }
                    1 => {
                        let first = next(2) == 0;
                        bits.append_alternating(first, n);
                        (0..n).map(|i| (i % 2 == 0) == first).collect()
                    }
                    _ => {
                        let part: Vec<bool> = (0..n).map(|_| next(2) == 0).collect();
                        bits.append_packed(&pack(&part), n);
                        part
                    }
                };
                parts.push(part);
            }
            let expected = naive(&parts);
            let buffer = bits.finish();
            assert_eq!(buffer.len(), expected.len());
            assert_eq!(buffer.iter().collect::<Vec<_>>(), expected);
            // The bits past the end are clear.
            let raw = buffer.inner().as_slice();
            if !expected.len().is_multiple_of(8) {
                assert_eq!(raw[raw.len() - 1] >> (expected.len() % 8), 0);
            }
        }
    }

    #[test]
    fn long_patterns_go_on_in_phase() {
        for n in [511, 512, 513, 1500] {
            for first in [true, false] {
                let mut bits = Bits::default();
                bits.append_ones(3);
                bits.append_alternating(first, n);
                let got: Vec<bool> = bits.finish().iter().collect();
                let expected: Vec<bool> = [true; 3].into_iter().chain((0..n).map(|i| (i % 2 == 0) == first)).collect();
                assert_eq!(got, expected, "{n} {first}");
            }
        }
    }
}
