//! Invariant: for positions from fuzzer-made FENs (lenient parsing, in
//! standard chess and in Chess960), the legal moves are exactly those of
//! the independent slow generator (`tests/oracle/mod.rs`), as a set, with
//! the same answer to "in check?"; and so at every ply of a short walk
//! from there, where the board after each move must equal the oracle's own
//! application of it. At the walk's end, bulk perft to depth 2 (the
//! leaf step that plays each move into a child held in registers and
//! counts its replies) must equal the oracle's count of replies.
//!
//! Byte 0: bit 0 picks Chess960, bit 1 makes the FEN from bytes
//! (`fen_from_bytes`) instead of reading the text. Byte 1: number of plies
//! to walk (at most 15), then one choice byte per ply; the rest is the FEN.
#![no_main]

use std::collections::HashSet;

use chess_movegen::{perft, CastlingMode, Move, Position};
use chess_movegen_fuzz::oracle::Slow;
use libfuzzer_sys::fuzz_target;

fn compare(pos: &Position, slow: &Slow) -> Vec<Move> {
    let expected = slow.legal();
    let actual: HashSet<Move> = pos.legal_moves().into_iter().collect();
    if actual != expected {
        let missing: Vec<_> = expected.difference(&actual).collect();
        let extra: Vec<_> = actual.difference(&expected).collect();
        panic!("{}: missing {missing:?}, extra {extra:?}", pos.fen());
    }
    assert_eq!(pos.is_check(), slow.in_check(), "{}", pos.fen());
    assert_eq!(pos.legal_move_count(), expected.len(), "{}", pos.fen());
    let mut moves: Vec<Move> = expected.into_iter().collect();
    moves.sort_by_key(|m| m.to_bits());
    moves
}

fuzz_target!(|data: &[u8]| {
    let [flags, plies, rest @ ..] = data else {
        return;
    };
    let plies = usize::from(plies & 15).min(rest.len());
    let (choices, source) = rest.split_at(plies);
    let mode = if flags & 1 != 0 { CastlingMode::Chess960 } else { CastlingMode::Standard };
    let fen = if flags & 2 != 0 {
        let Some(fen) = chess_movegen_fuzz::fen_from_bytes(source) else { return };
        fen
    } else {
        String::from_utf8_lossy(source).into_owned()
    };
    let Some(mut pos) = chess_movegen_fuzz::lenient(&fen, mode) else {
        return;
    };
    let mut slow = Slow::from_position(&pos);
    for &choice in choices {
        let moves = compare(&pos, &slow);
        if moves.is_empty() {
            return;
        }
        let mv = moves[usize::from(choice) % moves.len()];
        pos = pos.play(mv);
        slow = slow.apply(mv);
        assert_eq!(Slow::from_position(&pos), slow, "board after {mv:?}: {}", pos.fen());
    }
    let moves = compare(&pos, &slow);
    let replies: usize = moves.iter().map(|&mv| slow.apply(mv).legal().len()).sum();
    assert_eq!(perft(&pos, 2), replies as u64, "perft 2 of {}", pos.fen());
});
