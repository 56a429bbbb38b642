//! Serialization of the value types (with `--features serde`).
#![cfg(feature = "serde")]

use chess_movegen::{Bitboard, CastlingRights, Color, DrawReason, Move, Outcome, Piece, Position, Role, Square};

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
    let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    let json = round_trip(pos);
    assert_eq!(json, "\"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\"");
    round_trip(Position::chess960(0).unwrap());
    let err = serde_json::from_str::<Position>("\"8/8/8/8/8/8/8/8 w - - 0 1\"").unwrap_err();
    assert!(err.to_string().contains("missing king"), "{err}");
}
