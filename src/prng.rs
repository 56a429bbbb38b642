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
        self.state = self.state.wrapping_add(GAMMA);
        finalise(self.state)
    }

    /// The `n`-th output (from 0) of the generator started from `seed`,
    /// without drawing the ones before it: the state is then `n + 1` Weyl
    /// steps past the seed.
    #[allow(dead_code)]
    pub const fn nth(seed: u64, n: u64) -> u64 {
        finalise(seed.wrapping_add(n.wrapping_add(1).wrapping_mul(GAMMA)))
    }
}

/// The Weyl increment of the state.
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// The mixing function that makes an output of a state.
const fn finalise(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
