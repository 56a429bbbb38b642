//! `FromStr` reads back what `Display` writes, for every value of every
//! value type, and refuses other text with an error that names the type.

use chess_movegen::{
    CastlingMode, CastlingRights, Color, DrawReason, File, GameResult, Outcome, Piece, Rank, Role, Square,
};
use std::fmt::{Debug, Display};
use std::str::FromStr;

fn round_trip<T>(values: impl IntoIterator<Item = T>) -> usize
where
    T: Display + FromStr + PartialEq + Debug,
    T::Err: Debug,
{
    let mut texts = std::collections::HashSet::new();
    for value in values {
        let text = value.to_string();
        assert_eq!(text.parse::<T>().unwrap(), value, "{text:?}");
        assert!(texts.insert(text.clone()), "{text:?} written for two values");
    }
    texts.len()
}

#[test]
fn every_value_reads_back_what_it_writes() {
    assert_eq!(round_trip(Color::ALL), 2);
    assert_eq!(round_trip(Role::ALL), 6);
    let pieces = Color::ALL.into_iter().flat_map(|c| Role::ALL.map(move |r| Piece::new(c, r)));
    assert_eq!(round_trip(pieces), 12);
    assert_eq!(round_trip(File::ALL), 8);
    assert_eq!(round_trip(Rank::ALL), 8);
    assert_eq!(round_trip(Square::ALL), 64);
    assert_eq!(round_trip((0..16).map(CastlingRights::from_bits_truncate)), 16);
    assert_eq!(round_trip([CastlingMode::Standard, CastlingMode::Chess960]), 2);
    let reasons = [
        DrawReason::Stalemate,
        DrawReason::InsufficientMaterial,
        DrawReason::SeventyFiveMoves,
        DrawReason::FivefoldRepetition,
    ];
    assert_eq!(round_trip(reasons), 4);
    let outcomes = Color::ALL.map(|winner| Outcome::Checkmate { winner }).into_iter().chain(reasons.map(Outcome::Draw));
    assert_eq!(round_trip(outcomes), 6);
    let results = [GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw, GameResult::Unfinished];
    assert_eq!(round_trip(results), 4);
}

#[test]
fn the_short_forms_are_read_too() {
    assert_eq!("b".parse(), Ok(Color::Black));
    assert_eq!("N".parse(), Ok(Role::Knight));
    assert_eq!("k".parse(), Ok(Role::King));
    assert_eq!("qkQK".parse::<CastlingRights>().unwrap(), CastlingRights::all());
    assert_eq!("QK".parse::<CastlingRights>().unwrap().to_string(), "KQ");
}

#[test]
fn other_text_is_refused_with_the_type_named() {
    let message = |e: chess_movegen::ParseValueError| e.to_string();
    assert_eq!(message("White".parse::<Color>().unwrap_err()), "invalid color: expected white, black, w or b");
    assert_eq!(
        message("x".parse::<Piece>().unwrap_err()),
        "invalid piece: expected a FEN letter PNBRQK (White) or pnbrqk (Black)"
    );
    assert_eq!(
        message("pawns".parse::<Role>().unwrap_err()),
        "invalid role: expected pawn, knight, bishop, rook, queen, king or a letter PNBRQK"
    );
    assert_eq!(message("i".parse::<File>().unwrap_err()), "invalid file: expected a letter a-h");
    assert_eq!(message("9".parse::<Rank>().unwrap_err()), "invalid rank: expected a digit 1-8");
    for bad in ["", "KK", "KQkqK", "-K", "A"] {
        let err = bad.parse::<CastlingRights>().unwrap_err();
        assert_eq!(
            message(err),
            "invalid castling rights: expected '-' or the letters KQkq, each at most once",
            "{bad:?}"
        );
    }
    assert_eq!(
        message("960".parse::<CastlingMode>().unwrap_err()),
        "invalid castling mode: expected standard or chess960"
    );
    assert_eq!(
        message("1-1".parse::<GameResult>().unwrap_err()),
        "invalid game result: expected 1-0, 0-1, 1/2-1/2 or *"
    );
    assert!(message("draw by agreement".parse::<Outcome>().unwrap_err()).starts_with("invalid outcome: "));
    assert!("pp".parse::<Piece>().is_err() && "".parse::<File>().is_err() && "11".parse::<Rank>().is_err());
    assert_eq!(Square::try_from(64u8).unwrap_err().to_string(), "invalid square index: expected 0 to 63");
    assert_eq!(Square::try_from(28u8), Ok(Square::E4));
    assert_eq!(u8::from(Square::H8), 63);
}

#[test]
fn outcome_and_game_result_agree() {
    for winner in Color::ALL {
        let outcome = Outcome::Checkmate { winner };
        assert_eq!(GameResult::from(outcome).winner(), Some(winner));
        assert_eq!(outcome.result(), outcome.game_result().to_string());
    }
    assert_eq!(Outcome::Draw(DrawReason::FivefoldRepetition).result(), "1/2-1/2");
}
