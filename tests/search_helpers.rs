//! Search helpers: `hash_after` against playing the move, move effects
//! applied to a mailbox against the position after the move, and the
//! 16-bit move as a transposition-table entry (validation of arbitrary
//! bits with `is_legal` / `is_pseudo_legal`).

use crate::common;

use chess_movegen::{CastlingMode, FenOptions, Move, Piece, Position, Square};
use common::{playout, read_epd, walk, Rng, START_FENS};
use proptest::prelude::*;

fn mailbox(pos: &Position) -> [Option<Piece>; 64] {
    let mut board = [None; 64];
    for sq in Square::ALL {
        board[sq.index()] = pos.piece_at(sq);
    }
    board
}

/// Checks hash_after and the move effects for every legal move of `pos`.
fn check_position(pos: &Position) -> usize {
    let before = mailbox(pos);
    let moves = pos.legal_moves();
    for &mv in &moves {
        let after = pos.play(mv);
        assert_eq!(pos.hash_after(mv), after.zobrist_hash(), "hash_after {} in {}", pos.uci(mv), pos.fen());
        let fx = pos.move_effects(mv);
        assert!(!fx.removed().is_empty() && !fx.added().is_empty() && fx.removed().len() <= 2 && fx.added().len() <= 2);
        let mut board = before;
        for &(sq, piece) in fx.removed() {
            assert_eq!(board[sq.index()], Some(piece), "{} removes {piece:?} from {sq} in {}", pos.uci(mv), pos.fen());
            board[sq.index()] = None;
        }
        for &(sq, piece) in fx.added() {
            assert_eq!(board[sq.index()], None, "{} adds onto {sq} in {}", pos.uci(mv), pos.fen());
            board[sq.index()] = Some(piece);
        }
        assert_eq!(board, mailbox(&after), "effects of {} in {}", pos.uci(mv), pos.fen());
    }
    moves.len()
}

#[test]
fn perft_suites_and_random_playouts() {
    let mut moves = 0;
    for (file, mode) in [
        ("standard.epd", CastlingMode::Standard),
        ("quick.epd", CastlingMode::Standard),
        ("chess960.epd", CastlingMode::Chess960),
        ("quick960.epd", CastlingMode::Chess960),
    ] {
        let text = std::fs::read_to_string(format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        for line in read_epd(&text) {
            let Ok((pos, _)) = Position::from_fen_with(&line.fen, FenOptions::new().castling(mode)) else { continue };
            for mv in pos.legal_moves() {
                moves += check_position(&pos.play(mv));
            }
        }
    }
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for game in 0..400 {
        let mut pos = if game % 2 == 0 {
            Position::from_fen(START_FENS[game / 2 % START_FENS.len()]).unwrap()
        } else {
            Position::chess960((rng.next() % 960) as u32).unwrap()
        };
        for _ in 0..200 {
            if check_position(&pos) == 0 {
                break;
            }
            let legal = pos.legal_moves();
            pos = pos.play(legal[(rng.next() % legal.len() as u64) as usize]);
            moves += 1;
        }
    }
    assert!(moves > 1_000_000, "{moves}");
}

/// Every one of the 65,536 move values, on positions with castling, en
/// passant, promotions and checks: `is_legal` and `is_pseudo_legal` agree
/// with the generated lists, and nothing panics.
#[test]
fn every_u16_as_a_tt_move() {
    let mut positions: Vec<Position> = START_FENS.iter().map(|f| Position::from_fen(f).unwrap()).collect();
    positions.push(Position::chess960(0).unwrap());
    positions.push(
        Position::from_fen_with(
            "1r2k2r/8/8/8/8/8/8/R3KR2 w FAhb - 0 1",
            FenOptions::new().castling(CastlingMode::Chess960),
        )
        .unwrap()
        .0,
    );
    for pos in &positions {
        let legal = pos.legal_moves();
        let pseudo = pos.pseudo_legal_moves();
        let (mut legal_found, mut pseudo_found) = (0, 0);
        for bits in 0..=u16::MAX {
            let mv = Move::from_bits(bits);
            assert_eq!(mv.to_bits(), bits);
            let is_legal = pos.is_legal(mv);
            assert_eq!(is_legal, legal.contains(&mv), "is_legal {mv:?} in {}", pos.fen());
            assert_eq!(pos.is_pseudo_legal(mv), pseudo.contains(&mv), "is_pseudo_legal {mv:?} in {}", pos.fen());
            legal_found += usize::from(is_legal);
            pseudo_found += usize::from(pos.is_pseudo_legal(mv));
            // The engine helpers take any value without panicking.
            let _ = (pos.gives_check(mv), pos.see(mv), pos.see_ge(mv, 0), pos.hash_after(mv), pos.move_effects(mv));
        }
        assert_eq!(legal_found, legal.len(), "{}", pos.fen());
        assert_eq!(pseudo_found, pseudo.len(), "{}", pos.fen());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// TT-move validation on positions of random playouts: any 16 bits are
    /// legal exactly when the legal move list holds them.
    #[test]
    fn arbitrary_bits_on_random_positions((start, choices) in playout(), bits in proptest::collection::vec(any::<u16>(), 64)) {
        let mut result = Ok(());
        walk(start, &choices, |pos| {
            if result.is_err() {
                return;
            }
            let legal = pos.legal_moves();
            let pseudo = pos.pseudo_legal_moves();
            for &b in &bits {
                let mv = Move::from_bits(b);
                if pos.is_legal(mv) != legal.contains(&mv) || pos.is_pseudo_legal(mv) != pseudo.contains(&mv) {
                    result = Err(format!("{mv:?} in {}", pos.fen()));
                }
                let _ = (pos.gives_check(mv), pos.see(mv), pos.hash_after(mv), pos.move_effects(mv));
            }
            // Real moves round-trip through their bits.
            for &mv in &legal {
                if !pos.is_legal(Move::from_bits(mv.to_bits())) {
                    result = Err(format!("{mv:?} in {}", pos.fen()));
                }
            }
        });
        prop_assert!(result.is_ok(), "{:?}", result);
    }
}
