//! The six positions of the chessprogramming.org perft page, one test
//! each, so a failure names the position.

use crate::common;

use chess_movegen::{perft, perft_divide, Move, Position, Role, Square};

macro_rules! perft_test {
    ($($name:ident: $fen:expr => [$($count:expr),* $(,)?];)*) => {$(
        #[test]
        fn $name() {
            let pos = Position::from_fen($fen).unwrap();
            let expected: &[u64] = &[$($count),*];
            for (i, &count) in expected.iter().enumerate() {
                let depth = i as u8 + 1;
                assert_eq!(perft(&pos, depth), count, "depth {depth}");
            }
            // The divide at depth 2 adds up to the depth-2 count.
            let divide: u64 = perft_divide(&pos, 2).iter().map(|&(_, n)| n).sum();
            assert_eq!(divide, expected[1]);
        }
    )*};
}

perft_test! {
    start_position: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        => [20, 400, 8_902, 197_281, 4_865_609];
    kiwipete: common::KIWIPETE
        => [48, 2_039, 97_862, 4_085_603];
    position_3: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
        => [14, 191, 2_812, 43_238, 674_624, 11_030_083];
    position_4: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
        => [6, 264, 9_467, 422_333, 15_833_292];
    position_4_mirrored: "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1"
        => [6, 264, 9_467, 422_333, 15_833_292];
    position_5: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
        => [44, 1_486, 62_379, 2_103_487];
    position_6: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
        => [46, 2_079, 89_890, 3_894_594];
}

#[test]
#[ignore = "deep: 1.4 billion nodes; run in --release"]
fn deep_standard_positions() {
    let cases = [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119_060_324),
        (common::KIWIPETE, 5, 193_690_690),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 178_633_661),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 6, 706_045_033),
        ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89_941_194),
        ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5, 164_075_551),
    ];
    for (fen, depth, count) in cases {
        assert_eq!(perft(&Position::from_fen(fen).unwrap(), depth), count, "{fen}");
    }
}

/// The record position: 218 legal moves, the most known in a legal
/// position. Every way of counting agrees.
#[test]
fn most_legal_moves() {
    let pos = Position::from_fen(common::MOST_MOVES).unwrap();
    assert_eq!(pos.legal_moves().len(), 218);
    assert_eq!(pos.legal_move_count(), 218);
    assert_eq!(perft(&pos, 1), 218);
    assert_eq!(perft_divide(&pos, 1).len(), 218);
    let mut into = chess_movegen::MoveList::new();
    pos.legal_moves_into(&mut into);
    assert_eq!(into.len(), 218);
}

/// The lists themselves, move by move, in positions of many moves (the
/// record position's list passes 192 moves, where a list writer that
/// stores whole sets finishes the list one move at a time): each listed
/// move is legal by `is_legal` (which finds a move without a list), none
/// twice, as many as `legal_move_count` counts, and every legal move of
/// one piece to another square (promotions included) is listed.
#[test]
fn lists_hold_exactly_the_legal_moves() {
    let fens = [
        common::MOST_MOVES,
        common::KIWIPETE,
        "3Q4/1Q4Q1/4Q3/2Q4R/Q4Q2/3Q4/1Q4Rp/1K1BBNNk w - - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "1q2k2q/8/8/3QQ3/3QQ3/8/8/1Q2K2Q b - - 0 1",
    ];
    for fen in fens {
        let pos = Position::from_fen(fen).unwrap();
        let moves = pos.legal_moves();
        let mut seen = std::collections::HashSet::new();
        for &mv in &moves {
            assert!(pos.is_legal(mv), "{fen}: {mv} listed, not legal");
            assert!(seen.insert(mv), "{fen}: {mv} listed twice");
        }
        assert_eq!(moves.len(), pos.legal_move_count(), "{fen}");
        for from in Square::ALL {
            for to in Square::ALL {
                let plain = Move::new(from, to);
                let promotions =
                    [Role::Knight, Role::Bishop, Role::Rook, Role::Queen].map(|r| Move::promotion(from, to, r));
                for mv in std::iter::once(plain).chain(promotions) {
                    if pos.is_legal(mv) {
                        assert!(seen.contains(&mv), "{fen}: legal {mv} not listed");
                    }
                }
            }
        }
    }
}
