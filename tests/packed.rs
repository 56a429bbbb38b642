//! Packed positions: the byte layout against a slow encoder written from
//! the documented table, exact round trips on every perft-suite position,
//! all 960 Chess960 starts and random playouts, and malformed bytes
//! refused with the byte named (never a panic).

use crate::common;

use chess_movegen::{
    CastlingMode, Color, FenOptions, GameResult, PackError, PackedPosition, Position, PositionError, Role, Square,
};
use common::{playout, read_epd, walk};
use proptest::prelude::*;

/// The layout, written out square by square from the table in the docs.
fn slow_pack(pos: &Position, score: i16, result: GameResult) -> [u8; 32] {
    let mut bytes = [0u8; 32];
    let mut occupancy = 0u64;
    let mut index = 0;
    for sq in Square::ALL {
        let Some(piece) = pos.piece_at(sq) else { continue };
        occupancy |= 1 << sq.index();
        let mut code = match piece.role {
            Role::Pawn => 0,
            Role::Knight => 1,
            Role::Bishop => 2,
            Role::Rook if pos.castling_rooks().contains(sq) => 6,
            Role::Rook => 3,
            Role::Queen => 4,
            Role::King => 5,
        };
        if piece.color == Color::Black {
            code += 8;
        }
        bytes[8 + index / 2] |= code << (4 * (index % 2));
        index += 1;
    }
    bytes[..8].copy_from_slice(&occupancy.to_le_bytes());
    bytes[24] =
        pos.ep_square().map_or(64, |sq| sq.index() as u8) | if pos.side_to_move() == Color::Black { 128 } else { 0 };
    bytes[25] = pos.halfmove_clock() as u8;
    bytes[26..28].copy_from_slice(&(pos.fullmove_number() as u16).to_le_bytes());
    bytes[28..30].copy_from_slice(&score.to_le_bytes());
    (bytes[30], bytes[31]) = match result {
        GameResult::BlackWins => (0, 0),
        GameResult::Draw => (1, 0),
        GameResult::WhiteWins => (2, 0),
        GameResult::Unfinished => (1, 1),
    };
    bytes
}

fn check(pos: &Position, score: i16, result: GameResult) {
    let packed = PackedPosition::pack(pos, score, result);
    assert_eq!(packed.to_bytes(), slow_pack(pos, score, result), "{}", pos.fen());
    let back = PackedPosition::from_bytes(packed.to_bytes());
    assert_eq!(back.unpack_with(pos.castling_mode()), Ok(*pos), "{}", pos.fen());
    assert_eq!(back.unpack().map(|p| p.fen()), Ok(pos.fen()));
    assert_eq!((back.score(), back.result()), (score, Ok(result)));
}

const RESULTS: [GameResult; 4] =
    [GameResult::WhiteWins, GameResult::Draw, GameResult::BlackWins, GameResult::Unfinished];

#[test]
fn start_position_bytes() {
    let bytes = PackedPosition::pack(&Position::startpos(), -3, GameResult::Draw).to_bytes();
    assert_eq!(&bytes[..8], &0xFFFF_0000_0000_FFFFu64.to_le_bytes());
    // a1 castling rook (6) low, b1 knight (1) high; ... h8 castling rook (6 + 8).
    assert_eq!(&bytes[8..24], &[0x16, 0x42, 0x25, 0x61, 0, 0, 0, 0, 0x88, 0x88, 0x88, 0x88, 0x9E, 0xCA, 0xAD, 0xE9]);
    assert_eq!(&bytes[24..], &[64, 0, 1, 0, 0xFD, 0xFF, 1, 0]);
}

#[test]
fn perft_suites_and_chess960_starts() {
    let mut n = 0;
    for (file, mode) in [
        ("standard.epd", CastlingMode::Standard),
        ("quick.epd", CastlingMode::Standard),
        ("unusual.epd", CastlingMode::Chess960),
        ("chess960.epd", CastlingMode::Chess960),
        ("quick960.epd", CastlingMode::Chess960),
    ] {
        let text = std::fs::read_to_string(format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        for line in read_epd(&text) {
            // The unusual suite has a few positions the strict reader refuses.
            if let Ok((pos, _)) = Position::from_fen_with(&line.fen, FenOptions::new().castling(mode)) {
                check(&pos, n as i16, RESULTS[n % 4]);
                n += 1;
            }
        }
    }
    for number in 0..960 {
        let pos = Position::chess960(number).unwrap();
        check(&pos, i16::MIN + number as i16, RESULTS[number as usize % 4]);
        n += 1;
    }
    assert!(n > 3000, "{n}");
}

#[test]
fn clocks_saturate() {
    let pos = Position::from_fen_lenient("4k3/8/8/8/8/8/8/4K2R w K - 300 70000").unwrap().0;
    let back = PackedPosition::pack(&pos, 0, GameResult::Draw).unpack().unwrap();
    assert_eq!((back.halfmove_clock(), back.fullmove_number()), (255, 65_535));
}

fn with(bytes: [u8; 32], at: usize, value: u8) -> PackedPosition {
    let mut bytes = bytes;
    bytes[at] = value;
    PackedPosition::from_bytes(bytes)
}

#[test]
fn malformed_bytes_are_refused_with_the_byte() {
    let good = PackedPosition::pack(&Position::startpos(), 0, GameResult::Draw).to_bytes();
    // Piece 1 (a1) with code 7.
    let err = with(good, 8, 0x17).unpack().unwrap_err();
    assert_eq!(err, PackError::BadPieceCode { index: 0, square: Square::A1, code: 7 });
    assert_eq!(err.to_string(), "byte 8: piece 1 (on a1) has code 7, which is no piece");
    // 33 squares occupied.
    let err = with(good, 3, 1).unpack().unwrap_err();
    assert_eq!(err, PackError::TooManyPieces { count: 33 });
    // A code after the last piece.
    let mut bytes = good;
    bytes[0] = 0x7F; // a1 .. g1: 7 pieces on rank 1, 31 in all; code 32 sits in byte 23's high half
    assert!(matches!(PackedPosition::from_bytes(bytes).unpack(), Err(PackError::StrayCode { index: 31 })));
    assert_eq!(with(good, 24, 65).unpack(), Err(PackError::BadEpSquare { value: 65 }));
    assert_eq!(with(good, 30, 3).result(), Err(PackError::BadResult { result: 3, extra: 0 }));
    assert_eq!(with(good, 31, 2).result(), Err(PackError::BadResult { result: 1, extra: 2 }));
    assert!(with(good, 31, 2).unpack().is_ok(), "the position does not depend on the result bytes");
    // In range, but illegal: no white king (e1's king becomes a queen: code 4).
    let err = with(good, 10, 0x24).unpack().unwrap_err();
    assert!(matches!(err, PackError::Position(e) if e.contains(PositionError::MISSING_KING)), "{err}");
    // A Chess960 right refused in standard mode, read in Chess960 mode.
    let pos =
        Position::from_fen_with("4k3/8/8/8/8/8/8/1R2K3 w B - 0 1", FenOptions::new().castling(CastlingMode::Chess960))
            .unwrap()
            .0;
    let packed = PackedPosition::pack(&pos, 0, GameResult::Draw);
    assert!(packed.unpack_with(CastlingMode::Standard).is_err());
    assert_eq!(packed.unpack(), Ok(pos));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_playouts((start, choices) in playout(), score in any::<i16>()) {
        walk(start, &choices, |pos| check(pos, score, GameResult::Unfinished));
    }

    #[test]
    fn any_bytes_unpack_or_fail_cleanly(bytes in proptest::array::uniform32(any::<u8>()), sparse in any::<u64>()) {
        // As drawn, and with a thinner occupancy (at most 32 squares more often).
        let occupancy = u64::from_le_bytes(bytes[..8].try_into().unwrap());
        let mut thin = bytes;
        thin[..8].copy_from_slice(&(occupancy & sparse).to_le_bytes());
        for bytes in [bytes, thin] {
            let packed = PackedPosition::from_bytes(bytes);
            let _ = packed.result();
            let _ = format!("{packed:?}");
            if let Ok(pos) = packed.unpack() {
                let again = PackedPosition::pack(&pos, packed.score(), GameResult::Draw);
                prop_assert_eq!(again.unpack(), Ok(pos));
            }
        }
    }
}
