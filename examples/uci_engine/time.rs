//! Time control: how long a `go` may think, from `movetime` or from the
//! clock, increment and moves to go.

use chess_movegen::Color;

use super::go::GoCommand;

/// Kept from a `go movetime` budget for the answer to reach the client.
/// `Move Overhead` is for clock-based time only: a fixed time per move is
/// used in full.
pub(super) const MOVETIME_MARGIN_MS: u64 = 5;

/// The time budget in milliseconds from the search's start: (no new
/// iteration after, cut off at), `u64::MAX` for no limit. `movetime` is
/// used in full (less `MOVETIME_MARGIN_MS`); a clock budget is never more
/// than the remaining time of `side` minus `move_overhead`.
pub(super) fn budget(go: &GoCommand, side: Color, move_overhead: u64) -> (u64, u64) {
    if go.infinite {
        return (u64::MAX, u64::MAX);
    }
    if let Some(ms) = go.movetime {
        let ms = ms.saturating_sub(MOVETIME_MARGIN_MS).max(1);
        return (ms, ms);
    }
    let side = match side {
        Color::White => 0,
        Color::Black => 1,
    };
    let Some(time) = go.time[side] else { return (u64::MAX, u64::MAX) };
    let inc = go.inc[side].unwrap_or(0);
    let available = time.saturating_sub(move_overhead);
    let moves_to_go = go.movestogo.unwrap_or(30).clamp(1, 50);
    let target = (available / moves_to_go).saturating_add(inc / 4 * 3).min(available);
    // The soft limit stops before a new iteration; the hard one cuts a
    // running iteration and is never above what the clock allows.
    let soft = target / 2;
    let hard = target.saturating_mul(2).min(available);
    (soft, hard)
}
