//! The magic lookup of rook and bishop attacks: one square's entry and
//! its index formula.
//!
//! Shared with `build.rs` (mounted with `#[path]`), so it uses only `core`:
//! the build script fills the table with this formula and the library
//! reads it with the same one. The multipliers themselves are build input
//! only, in `magic_numbers.rs`.
//!
//! Each square uses a "fancy" magic: the shift is 64 minus the number of
//! relevant occupancy bits, and the square owns a slice of `2^bits` entries
//! in one shared attack table (rook slices first, then bishop slices).

/// Everything needed to look up one square's slider attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Magic {
    /// The occupancy bits that matter (rays without their edge squares).
    pub mask: u64,
    /// The multiplier mapping masked occupancies to distinct indexes.
    pub magic: u64,
    /// Start of this square's slice in the shared attack table.
    pub offset: u32,
    /// `64 - mask.count_ones()`.
    pub shift: u8,
}

impl Magic {
    /// Index into the shared attack table for the given board occupancy.
    #[inline(always)]
    pub const fn index(&self, occupied: u64) -> usize {
        self.offset as usize + ((occupied & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}
