//! Correction history: how far the static evaluation missed the search's
//! score in positions with the same pawns (`Position::pawn_key`) and side
//! to move, kept as a moving average and added to later static
//! evaluations of such positions.

use chess_movegen::Position;

use super::eval::{evaluate, MATE_BOUND};

/// Entries per side (a power of two: the pawn key's low bits index it).
const SIZE: usize = 16_384;
/// Entries hold centipawns times `GRAIN`, for a smooth average.
const GRAIN: i32 = 256;
/// The largest correction, in centipawns.
const LIMIT: i32 = 200;

/// The average error of the static evaluation by side and pawn key.
pub(super) struct Correction(Box<[[i32; SIZE]; 2]>);

impl Correction {
    /// No correction known.
    pub(super) fn new() -> Correction {
        Correction(Box::new([[0; SIZE]; 2]))
    }

    fn entry(&mut self, pos: &Position) -> &mut i32 {
        &mut self.0[pos.side_to_move().index()][pos.pawn_key() as usize & (SIZE - 1)]
    }

    /// The static evaluation of `pos` with half its correction added (the
    /// whole of it lost about 20 Elo in fixed-node games; half lost none).
    pub(super) fn evaluate(&mut self, pos: &Position) -> i32 {
        evaluate(pos) + *self.entry(pos) / (2 * GRAIN)
    }

    /// Moves the correction of `pos` towards `score - evaluate(pos)`, by
    /// up to 1/8 of the way, the more so the deeper the search that found
    /// `score` (mate scores are not errors of the evaluation).
    pub(super) fn update(&mut self, pos: &Position, depth: i32, score: i32) {
        if score.abs() > MATE_BOUND {
            return;
        }
        let error = (score - evaluate(pos)).clamp(-LIMIT, LIMIT) * GRAIN;
        let weight = depth.clamp(1, 16);
        let entry = self.entry(pos);
        *entry += (error - *entry) * weight / 128;
    }
}
