//! Chess960: start positions, castling, FEN and UCI.

use chess_movegen::{perft, CastlingMode, CastlingSide, Color, FenOptions, Move, Position, Square};

fn p960(fen: &str) -> Position {
    Position::from_fen_with(fen, FenOptions::new().castling(CastlingMode::Chess960))
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .0
}

#[test]
fn start_position_numbering() {
    for n in 0..960 {
        let pos = Position::chess960(n).unwrap();
        assert_eq!(pos.chess960_number(), Some(n));
        assert!(pos.is_consistent());
        assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
        // Written as Shredder-FEN and read back, it is the same position.
        assert_eq!(p960(&pos.shredder_fen()), pos);
        assert_eq!(p960(&pos.fen()), pos);
    }
    assert!(Position::chess960(960).is_none());
    assert_eq!(Position::startpos().chess960_number(), Some(518));
    assert_eq!(Position::chess960(959).unwrap().fen(), "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1");
    assert_eq!(
        Position::chess960(1).unwrap().shredder_fen(),
        "bqnbnrkr/pppppppp/8/8/8/8/PPPPPPPP/BQNBNRKR w HFhf - 0 1"
    );
    assert_eq!(
        Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap().chess960_number(),
        None
    );
}

/// Totals over all 960 start positions, cross-checked with an independent
/// move generator: depth 1 18,882, depth 2 371,766, depth 3 8,224,968,
/// depth 4 181,106,056.
#[test]
fn all_start_positions_perft() {
    let totals: Vec<u64> = (1..=3).map(|d| (0..960).map(|n| perft(&Position::chess960(n).unwrap(), d)).sum()).collect();
    assert_eq!(totals, [18_882, 371_766, 8_224_968]);
}

#[test]
#[ignore = "181 million nodes; run in --release"]
fn all_start_positions_perft_depth_4() {
    let total: u64 = (0..960).map(|n| perft(&Position::chess960(n).unwrap(), 4)).sum();
    assert_eq!(total, 181_106_056);
}

#[test]
fn x_fen_and_shredder_fen() {
    // X-FEN names the outermost rook K/Q and an inner rook by its file.
    let pos = p960("1r2k1r1/8/8/8/8/8/8/RR2K2R w HBg - 0 1");
    assert_eq!(pos.castling_rook(Color::White, CastlingSide::KingSide), Some(Square::H1));
    assert_eq!(pos.castling_rook(Color::White, CastlingSide::QueenSide), Some(Square::B1));
    assert_eq!(pos.castling_rook(Color::Black, CastlingSide::KingSide), Some(Square::G8));
    assert_eq!(pos.fen(), "1r2k1r1/8/8/8/8/8/8/RR2K2R w KBk - 0 1");
    assert_eq!(pos.shredder_fen(), "1r2k1r1/8/8/8/8/8/8/RR2K2R w HBg - 0 1");
    assert_eq!(p960(&pos.fen()), pos);
}

#[test]
fn castling_corner_cases() {
    // King does not move (already on g1): only the rook moves.
    let pos = p960("4k3/8/8/8/8/8/8/6KR w H - 0 1");
    let castle = Move::castle(Square::G1, Square::H1);
    assert!(pos.is_legal(castle));
    assert_eq!(pos.play(castle).fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    assert_eq!(pos.uci(castle), "g1h1");
    assert_eq!(pos.san(castle), "O-O");
    // Rook does not move (already on d1): only the king moves.
    let pos = p960("4k3/8/8/8/8/8/8/3RK3 w D - 0 1");
    let castle = Move::castle(Square::E1, Square::D1);
    assert!(pos.is_legal(castle));
    assert_eq!(pos.play(castle).fen(), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    // King on b1, rook on a1: the king crosses nothing, lands on c1; the
    // rook passes over b1 (where the king was) to d1.
    let pos = p960("4k3/8/8/8/8/8/8/RK6 w A - 0 1");
    assert!(pos.is_legal(Move::castle(Square::B1, Square::A1)));
    // The castling rook shields the king's destination along the back
    // rank; once it leaves, the enemy rook on a1 would give check.
    let pos = p960("4k3/8/8/8/8/8/8/rR1K4 w B - 0 1");
    assert!(!pos.is_legal(Move::castle(Square::D1, Square::B1)));
    assert_eq!(
        pos.illegal_reason(Move::castle(Square::D1, Square::B1)),
        Some(chess_movegen::IllegalReason::CastleIntoCheck)
    );
    // A piece between the rook and its destination blocks, even beyond the king.
    let pos = p960("4k3/8/8/8/8/8/8/1K3BR1 w G - 0 1");
    assert!(!pos.is_legal(Move::castle(Square::B1, Square::G1)));
    // The Chess960 suite of tests/data covers the rest (tests/perft_suites.rs).
}
