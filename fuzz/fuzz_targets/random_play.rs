//! Invariant: along any game of legal moves (chosen by index among the
//! legal moves), at every ply: `make_move` then `unmake_move` restores the
//! exact position (`==`, hash included); the position after `make_move`
//! passes `check_consistency()` (bitboards against mailbox, incremental
//! hash against recomputed, validity); `play` gives the same position as
//! `make_move`; `legal_move_count()` equals `legal_moves().len()`; null
//! moves (choice byte 255, when not in check) round-trip too.
//!
//! Byte 0 picks a start position; if its top bit is set, the bytes up to
//! the first newline are a FEN instead (lenient; bit 6 picks Chess960).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((mut pos, choices)) = chess_movegen_fuzz::start(data) else {
        return;
    };
    if let Err(reason) = pos.check_consistency() {
        panic!("start {}: {reason}", pos.fen());
    }
    for &choice in choices {
        let moves = pos.legal_moves();
        assert_eq!(pos.legal_move_count(), moves.len(), "{}", pos.fen());
        assert_eq!(pos.has_legal_moves(), !moves.is_empty(), "{}", pos.fen());
        let before = pos;
        if choice == 255 && !pos.is_check() {
            let undo = pos.make_null_move();
            if let Err(reason) = pos.check_consistency() {
                panic!("null move from {}: {reason}", before.fen());
            }
            pos.unmake_null_move(undo);
            assert_eq!(pos, before, "unmake_null_move did not restore {}", before.fen());
            continue;
        }
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(choice) % moves.len()];
        let copied = pos.play(mv);
        let undo = pos.make_move(mv);
        if let Err(reason) = pos.check_consistency() {
            panic!("{mv:?} from {}: {reason}", before.fen());
        }
        assert_eq!(pos, copied, "play and make_move disagree on {mv:?} from {}", before.fen());
        pos.unmake_move(mv, undo);
        assert_eq!(pos, before, "unmake of {mv:?} did not restore {}", before.fen());
        assert_eq!(pos.zobrist_hash(), before.zobrist_hash());
        pos.make_move(mv);
    }
});
