//! Serialization of the value types (with `--features serde`).
#![cfg(feature = "serde")]

mod common;

use chess_movegen::{
    Bitboard, CastlingMode, CastlingRights, Color, DrawReason, FenOptions, Move, Outcome, Piece, Position, Role, Square,
};

fn round_trip<T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug>(value: T) -> String {
    let json = serde_json::to_string(&value).unwrap();
    let back: T = serde_json::from_str(&json).unwrap();
    assert_eq!(back, value, "{json}");
    json
}

#[test]
fn value_types_round_trip() {
    assert_eq!(round_trip(Square::E4), "\"e4\"");
    assert_eq!(round_trip(Color::Black), "\"Black\"");
    round_trip(Piece::new(Color::White, Role::Knight));
    assert_eq!(round_trip(Bitboard(0x8100)), "33024");
    round_trip(CastlingRights::WHITE_KING_SIDE | CastlingRights::BLACK_QUEEN_SIDE);
    round_trip(Move::promotion(Square::E7, Square::E8, Role::Queen));
    round_trip(Outcome::Draw(DrawReason::Stalemate));
    round_trip(Outcome::Checkmate { winner: Color::White });
    assert!(serde_json::from_str::<Square>("\"z9\"").is_err());
}

#[test]
fn position_as_fen() {
    let pos = Position::from_fen(common::KIWIPETE).unwrap();
    let json = round_trip(pos);
    assert_eq!(json, format!("\"{}\"", common::KIWIPETE), "standard positions stay plain FEN strings");
    let err = serde_json::from_str::<Position>("\"8/8/8/8/8/8/8/8 w - - 0 1\"").unwrap_err();
    assert!(err.to_string().contains("missing king"), "{err}");
}

#[test]
fn chess960_positions_keep_their_mode() {
    // The standard setup as Chess960 position 518: equal only with the mode.
    let classic = Position::chess960(518).unwrap();
    assert_eq!(classic.castling_mode(), CastlingMode::Chess960);
    let json = round_trip(classic);
    assert_eq!(json, "\"chess960:rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"");
    assert_ne!(serde_json::from_str::<Position>(&json).unwrap(), Position::startpos());
    for n in [0, 1, 359, 959] {
        round_trip(Position::chess960(n).unwrap());
    }
    // Positions reached by play keep the mode too.
    let mut pos = Position::chess960(0).unwrap();
    for _ in 0..20 {
        let moves = pos.legal_moves();
        pos = pos.play(moves[moves.len() / 2]);
        round_trip(pos);
    }
    // Shredder-FEN after the prefix, and the unprefixed form of earlier
    // versions for castling rights only Chess960 has.
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let (expected, _) = Position::from_fen_with(fen, FenOptions::new().castling(CastlingMode::Chess960)).unwrap();
    assert_eq!(serde_json::from_str::<Position>(&format!("\"chess960:{fen}\"")).unwrap(), expected);
    assert_eq!(serde_json::from_str::<Position>(&format!("\"{fen}\"")).unwrap(), expected);
    // A bad FEN after the prefix is an error naming the FEN's problem.
    let err = serde_json::from_str::<Position>("\"chess960:8/8/8/8/8/8/8/8 w - - 0 1\"").unwrap_err();
    assert!(err.to_string().contains("missing king"), "{err}");
}
