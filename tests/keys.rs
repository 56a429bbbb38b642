//! Keys of piece sets: `pawn_key`, `non_pawn_key`, `minor_key` and
//! `material_key` are equal for two positions exactly when the pieces they
//! cover stand the same (the material key: the same count of each piece),
//! checked over a pool of random playouts against the placements
//! themselves; `pawn_key_after` equals the key after the move.

use crate::common;

use std::collections::HashMap;

use chess_movegen::{CastlingMode, Color, Piece, Position, Role, Square};
use common::Rng;
use proptest::prelude::*;

/// The pieces of `pos` that `covered` accepts, with their squares, in
/// square order: what a key of that set must tell apart.
fn placement(pos: &Position, covered: impl Fn(Piece) -> bool) -> Vec<(Square, Piece)> {
    Square::ALL.into_iter().filter_map(|sq| pos.piece_at(sq).filter(|&p| covered(p)).map(|p| (sq, p))).collect()
}

/// How many pieces of each colour and role `pos` has.
fn counts(pos: &Position) -> [usize; 12] {
    let mut counts = [0; 12];
    for sq in Square::ALL {
        if let Some(p) = pos.piece_at(sq) {
            counts[6 * p.color as usize + p.role as usize] += 1;
        }
    }
    counts
}

/// A key of one piece set: its name, the key, and the slow description
/// of what it covers.
type KeyCase = (&'static str, fn(&Position) -> u64, fn(&Position) -> Vec<u8>);

fn bytes(placement: Vec<(Square, Piece)>) -> Vec<u8> {
    placement.into_iter().flat_map(|(sq, p)| [sq as u8, p.color as u8, p.role as u8]).collect()
}

const CASES: [KeyCase; 5] = [
    ("pawn_key", Position::pawn_key, |pos| bytes(placement(pos, |p| p.role == Role::Pawn))),
    (
        "non_pawn_key(White)",
        |pos| pos.non_pawn_key(Color::White),
        |pos| bytes(placement(pos, |p| p.color == Color::White && p.role != Role::Pawn)),
    ),
    (
        "non_pawn_key(Black)",
        |pos| pos.non_pawn_key(Color::Black),
        |pos| bytes(placement(pos, |p| p.color == Color::Black && p.role != Role::Pawn)),
    ),
    ("minor_key", Position::minor_key, |pos| bytes(placement(pos, |p| matches!(p.role, Role::Knight | Role::Bishop)))),
    ("material_key", Position::material_key, |pos| counts(pos).iter().map(|&n| n as u8).collect()),
];

/// Random games from the standard test positions and from Chess960 start
/// positions: every position reached.
fn pool() -> Vec<Position> {
    let mut rng = Rng(0x6b65_7973_2d70_6f6f);
    let mut starts: Vec<Position> = common::START_FENS.iter().map(|fen| Position::from_fen(fen).unwrap()).collect();
    starts.extend([0, 518, 959, 123, 700].map(|n| Position::chess960(n).unwrap()));
    let mut positions = Vec::new();
    for game in 0..400 {
        let mut pos = starts[game % starts.len()];
        for _ in 0..rng.below(160) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves[rng.below(moves.len())]);
            positions.push(pos);
        }
    }
    positions
}

/// For each key: equal keys ⇔ equal covered placements, over every pair of
/// positions in the pool (by hashing both ways), and the pool must hold
/// pairs that share the placement but differ elsewhere, and the reverse.
#[test]
fn keys_are_equal_exactly_when_the_covered_pieces_are() {
    let positions = pool();
    assert!(positions.len() > 20_000, "{}", positions.len());
    for (name, key, covered) in CASES {
        let mut by_key: HashMap<u64, Vec<u8>> = HashMap::new();
        let mut by_placement: HashMap<Vec<u8>, u64> = HashMap::new();
        let mut shared = 0;
        for pos in &positions {
            let (k, p) = (key(pos), covered(pos));
            if let Some(seen) = by_key.insert(k, p.clone()) {
                assert_eq!(seen, p, "{name}: two placements with key {k:#x}, the second in {}", pos.fen());
                shared += 1;
            }
            if let Some(seen) = by_placement.insert(p, k) {
                assert_eq!(seen, k, "{name}: one placement with two keys, the second in {}", pos.fen());
            }
        }
        // Both sides of "exactly when" are exercised: many positions share
        // a key (same covered pieces, other pieces elsewhere), and there
        // are many distinct keys.
        assert!(shared > 1000 && by_key.len() > 1000, "{name}: {shared} shared, {} distinct", by_key.len());
    }
}

/// The keys do not depend on side to move, castling rights, en passant or
/// clocks; and the pawn and non-pawn keys are made of the hash's own
/// piece keys: `zobrist_hash ^ pawn ^ non_pawn(White) ^ non_pawn(Black)`
/// is one constant for all positions with the same side to move and no
/// castling rights or en-passant key.
#[test]
fn keys_cover_pieces_only_and_split_the_hash() {
    let mut rest: [Option<u64>; 2] = [None, None];
    let mut seen = [0; 2];
    for pos in pool() {
        if pos.castling_rooks().is_empty() && pos.ep_square().is_none() {
            let side = pos.side_to_move() as usize;
            let value =
                pos.zobrist_hash() ^ pos.pawn_key() ^ pos.non_pawn_key(Color::White) ^ pos.non_pawn_key(Color::Black);
            assert_eq!(*rest[side].get_or_insert(value), value, "{}", pos.fen());
            seen[side] += 1;
        }
        let other = Position::from_fen(&other_state(&pos)).unwrap();
        for (name, key, _) in CASES {
            assert_eq!(key(&pos), key(&other), "{name}: {} against {}", pos.fen(), other.fen());
        }
    }
    assert!(seen[0] > 100 && seen[1] > 100, "{seen:?}");
    assert_ne!(rest[0], rest[1]);
}

/// The FEN of `pos` with the other side to move where that is legal, no
/// castling rights, no en-passant square and other clocks.
fn other_state(pos: &Position) -> String {
    let fen = pos.fen();
    let board = fen.split(' ').next().unwrap();
    for side in ["b", "w"] {
        let candidate = format!("{board} {side} - - 37 91");
        if Position::from_fen(&candidate).is_ok() {
            return candidate;
        }
    }
    panic!("no legal variant of {fen}")
}

/// Material keys are exact: different counts never share a key (the pool
/// test above cannot show that for counts it never reaches), over many
/// random count vectors within the rules' range.
#[test]
fn material_keys_of_distinct_counts_differ() {
    let mut rng = Rng(0x6d61_7465_7269_616c);
    let mut keys: HashMap<u64, String> = HashMap::new();
    let mut fens = 0;
    while fens < 20_000 {
        // Kings on a1/h8, other pieces on random free squares of ranks 2-7.
        let mut squares: Vec<usize> = (8..56).collect();
        let mut board = [None; 64];
        board[0] = Some('K');
        board[63] = Some('k');
        // Each kind's count drawn on its own (pawns 0-8, others 0-2, a
        // third queen now and then), so that full and empty counts of
        // every kind are common.
        for (kind, max) in b"PNBRQpnbrq".iter().zip([8, 2, 2, 2, 3, 8, 2, 2, 2, 3]) {
            for _ in 0..rng.below(max + 1) {
                let sq = squares.swap_remove(rng.below(squares.len()));
                board[sq] = Some(*kind as char);
            }
        }
        let Ok(pos) = Position::from_fen(&format!("{} w - - 0 1", fen_board(&board))) else { continue };
        fens += 1;
        let described = format!("{:?}", counts(&pos));
        if let Some(seen) = keys.insert(pos.material_key(), described.clone()) {
            assert_eq!(seen, described, "two material counts share a key");
        }
    }
    assert!(keys.len() > 5000, "{}", keys.len());
}

fn fen_board(board: &[Option<char>; 64]) -> String {
    let mut text = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[8 * rank + file] {
                Some(c) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        if rank > 0 {
            text.push('/');
        }
    }
    text
}

/// `pawn_key_after` on every legal move of every position of the
/// positions with promotions, en passant and castling in both modes.
#[test]
fn pawn_key_after_on_special_moves() {
    let fens = [
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", CastlingMode::Standard),
        ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", CastlingMode::Standard),
        ("8/8/8/KPp4r/8/8/8/6k1 w - c6 0 2", CastlingMode::Standard),
        ("2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBfc - 0 1", CastlingMode::Chess960),
        ("1r2k2r/1P4P1/8/8/8/8/1p4p1/R3K2R b KQk - 0 1", CastlingMode::Standard),
    ];
    let mut checked = 0;
    for (fen, mode) in fens {
        let pos = common::parse(fen, mode == CastlingMode::Chess960);
        for mv in pos.legal_moves() {
            assert_eq!(pos.pawn_key_after(mv), pos.play(mv).pawn_key(), "{mv:?} in {fen}");
            checked += 1;
        }
    }
    assert!(checked > 80, "{checked}");
}

proptest! {
    /// Along random playouts: `pawn_key_after` for every legal move, and
    /// the pawn key changes exactly when a pawn moves, is captured or
    /// promotes.
    #[test]
    fn pawn_key_after_matches_play((start, choices) in common::playout()) {
        common::walk(start, &choices, |pos| {
            for mv in pos.legal_moves() {
                let after = pos.play(mv);
                assert_eq!(pos.pawn_key_after(mv), after.pawn_key(), "{mv:?} in {}", pos.fen());
                let pawns_moved = pos.pieces_of_role(Role::Pawn) != after.pieces_of_role(Role::Pawn);
                assert_eq!(pawns_moved, after.pawn_key() != pos.pawn_key(), "{mv:?} in {}", pos.fen());
            }
        });
    }
}
