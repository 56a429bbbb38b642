//! A fixed-seed SplitMix64 generator.
//!
//! Shared with `build.rs` (mounted with `#[path]`), so it uses only `core`.
//! It makes the Zobrist keys and drives the offline magic-number finder;
//! the same seed always gives the same sequence, so builds are reproducible.

/// SplitMix64 (Steele, Lea and Flood): a 64-bit state advanced by a Weyl
/// increment and finalised by a mixing function.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator starting from `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 pseudo-random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}
