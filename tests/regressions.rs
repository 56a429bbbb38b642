//! Inputs that once broke an invariant, one test each, with the fix in
//! the library. Found by the fuzz targets in `fuzz/`, the bad-input tests
//! (`tests/bad_fens.rs`) and review of the consistency checker.

use crate::oracle;

use chess_movegen::{Move, MoveError, Position, Square, Undo};

/// A legal move by Black at fullmove number `u32::MAX` wrapped the number
/// to 0: the position then failed its own validity check, and `fen()`
/// wrote a FEN (`... 1 0`) that does not parse. The number now stays at
/// its maximum, and unmake gives back the position as it was.
#[test]
fn fullmove_number_at_u32_max() {
    let fen = "4k3/8/8/8/8/8/8/4K3 b - - 0 4294967295";
    let start = Position::from_fen(fen).unwrap();
    let mut pos = start;
    let mv = Move::new(Square::E8, Square::D7);
    let undo = pos.make_move(mv);
    assert_eq!(pos.check_consistency(), Ok(()));
    assert_eq!(pos.fullmove_number(), u32::MAX);
    assert_eq!(pos.fen(), "8/3k4/8/8/8/8/8/4K3 w - - 1 4294967295");
    assert_eq!(Position::from_fen(&pos.fen()), Ok(pos));
    assert_eq!(pos, start.play(mv));
    pos.unmake_move(mv, undo);
    assert_eq!(pos, start);

    // One below the maximum still counts up, and back down.
    let below = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 4294967294").unwrap();
    let mut pos = below;
    let undo = pos.make_move(mv);
    assert_eq!(pos.fullmove_number(), u32::MAX);
    pos.unmake_move(mv, undo);
    assert_eq!(pos, below);

    // The null move, too.
    let mut pos = start;
    let undo = pos.make_null_move();
    assert_eq!(pos.check_consistency(), Ok(()));
    assert_eq!(pos.fullmove_number(), u32::MAX);
    pos.unmake_null_move(undo);
    assert_eq!(pos, start);

    // The undo record did not grow.
    assert_eq!(core::mem::size_of::<Undo>(), 24);
}

/// `parse_san` trimmed surrounding whitespace before reading and then
/// quoted the trimmed text in syntax errors, while other errors quoted the
/// text as given. Every error now quotes the text as given.
#[test]
fn san_errors_quote_the_text_as_given() {
    let pos = Position::startpos();
    for text in ["   ", " Nf9 ", "\tZ4\n", " e4=K"] {
        match pos.parse_san(text) {
            Err(MoveError::Syntax { text: quoted, .. }) => assert_eq!(quoted, text),
            other => panic!("{text:?}: {other:?}"),
        }
    }
    match pos.parse_san(" Nf4 ") {
        Err(MoveError::Illegal { text: quoted, .. }) => assert_eq!(quoted, " Nf4 "),
        other => panic!("{other:?}"),
    }
    // Whitespace around a good move is still accepted.
    assert_eq!(pos.parse_san(" Nf3\n"), Ok(Move::new(Square::G1, Square::F3)));
}

/// `perft_stats` allocated one entry per requested depth before looking at
/// the position: `u32::MAX` aborted the process (309 GB). It now grows the
/// list as depths are reached and returns at once without legal moves.
/// Then `perft`, `perft_divide` and `perft_stats` at depth 20,000 of king
/// and rook against king overflowed the stack (one frame per ply of a
/// line that never ends); their depth is now a `u8`, so a wider value does
/// not compile (the `compile_fail` examples of `perft`) and the deepest
/// one, 255, recurses at most 255 frames.
#[test]
fn perft_with_huge_depth() {
    use chess_movegen::{perft, perft_divide, perft_stats};
    let mated = Position::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    let stalemate = Position::from_fen("k7/8/1Q6/8/8/8/8/K7 b - - 0 1").unwrap();
    assert!(stalemate.legal_moves().is_empty());
    for pos in [mated, stalemate] {
        assert!(perft_stats(&pos, u8::MAX).is_empty());
        assert_eq!(perft(&pos, u8::MAX), 0);
        assert!(perft_divide(&pos, u8::MAX).is_empty());
    }
    assert!(perft_stats(&Position::startpos(), 0).is_empty());
    let stats = perft_stats(&Position::startpos(), 2);
    assert_eq!(stats.iter().map(|s| s.nodes).collect::<Vec<_>>(), [20, 400]);
}

/// `Square::offset` added in `i8`, which overflowed (a panic in debug
/// builds) for large offsets; the documented answer is `None`.
#[test]
fn square_offset_never_overflows() {
    for sq in Square::ALL {
        for (files, ranks) in [(127, 0), (0, 127), (-128, 0), (0, -128), (127, 127), (-128, -128), (127, -128)] {
            assert_eq!(sq.offset(files, ranks), None, "{sq} + ({files}, {ranks})");
        }
    }
    assert_eq!(Square::A1.offset(7, 7), Some(Square::H8));
    assert_eq!(Square::H8.offset(-7, -7), Some(Square::A1));
}

/// A fullmove number of 0 was reported against the halfmove-clock field.
#[test]
fn fullmove_zero_names_its_field() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 0";
    let err = Position::from_fen(fen).unwrap_err();
    assert_eq!(err.field(), chess_movegen::FenField::FullmoveNumber);
    assert_eq!(err.offset(), fen.len() - 1);
}

/// Found by `legal_vs_oracle`, a fault of the test oracle, not of the
/// library: a white king moving along the eighth rank made the oracle drop
/// Black's castling rights (it cleared the rank the king left instead of
/// the mover's own back rank). The crate keeps them; so does the oracle now.
#[test]
fn oracle_king_on_the_far_rank_keeps_opponent_rights() {
    let fen = "4kr1K/8/4P3/b2P4/8/8/3P4/bB1QQQ2 w k - 44 100";
    let options = chess_movegen::FenOptions::new().castling(chess_movegen::CastlingMode::Chess960);
    let (pos, _) = Position::from_fen_with(fen, options).unwrap();
    let mv = Move::new(Square::H8, Square::H7);
    let after = pos.play(mv);
    assert_eq!(after.fen(), "4kr2/7K/4P3/b2P4/8/8/3P4/bB1QQQ2 b k - 45 100");
    let slow = oracle::Slow::from_position(&pos).apply(mv);
    assert_eq!(slow, oracle::Slow::from_position(&after));
    assert_eq!(slow.legal(), after.legal_moves().into_iter().collect());
}

/// Bulk perft's reply counter for standard castling leaves the mover's
/// king out of the replying side's danger maps when that king stands on
/// its own first four ranks. Here it stands on the sixth and, after one
/// step, takes the replying king's squares and castling paths: counting
/// its attacks is what makes depth 4 exact (without them, 24,691 and
/// 100,195). Counts from python-chess 1.11.2; the colour-flipped copy
/// checks Black's side.
#[test]
fn bulk_perft_with_the_mover_king_near_the_castling_side() {
    let cases = [
        ("r3k2r/8/3K4/8/8/8/8/8 w kq - 0 1", [6, 149, 882, 24_214]),
        ("8/8/8/8/8/3k4/8/R3K2R b KQ - 0 1", [6, 149, 882, 24_214]),
        ("r3k2r/p6p/3K4/8/8/8/P6P/R6R w kq - 0 1", [22, 281, 5_975, 94_710]),
    ];
    for (fen, counts) in cases {
        let pos = Position::from_fen(fen).unwrap();
        for (depth, count) in (1..).zip(counts) {
            assert_eq!(chess_movegen::perft(&pos, depth), count, "{fen} depth {depth}");
        }
    }
}
