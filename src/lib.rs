//! Fast, correct chess move generation: magic-bitboard tables built at
//! compile time, pin- and check-aware legal move generation, make/unmake,
//! FEN, UCI and SAN, the rules that end a game, and perft.
//!
//! ```
//! use chess_movegen::{Game, Outcome, Position, Color};
//!
//! // Parse a FEN and list the legal moves.
//! let mut pos = Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")?;
//! assert_eq!(pos.legal_moves().len(), 43);
//!
//! // Play a move and take it back.
//! let before = pos;
//! let mv = pos.parse_san("Qxf7#")?;
//! let undo = pos.make_move(mv);
//! assert_eq!(pos.outcome(), Some(Outcome::Checkmate { winner: Color::White }));
//! pos.unmake_move(mv, undo);
//! assert_eq!(pos, before);
//!
//! // A game keeps the history: repetitions, undo, move text.
//! let mut game = Game::new();
//! game.push_line("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#")?;
//! assert_eq!(game.outcome().map(|o| o.result()), Some("1-0"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Map of the crate
//!
//! - [`Position`]: the board and game state. Built with
//!   [`Position::startpos`], [`Position::from_fen`] (strict),
//!   [`Position::from_fen_lenient`], [`Position::from_fen_with`]
//!   (Chess960: X-FEN and Shredder-FEN) or [`Position::chess960`]; written
//!   with [`Position::fen`] and [`Position::shredder_fen`]. Errors:
//!   [`FenError`], [`PositionError`].
//! - Move generation: [`legal_moves`](Position::legal_moves),
//!   [`legal_moves_into`](Position::legal_moves_into) (fills a list you reuse),
//!   [`legal_move_count`](Position::legal_move_count) (no list built),
//!   [`legal_captures`](Position::legal_captures),
//!   [`legal_quiets`](Position::legal_quiets),
//!   [`legal_moves_from`](Position::legal_moves_from),
//!   [`legal_moves_to`](Position::legal_moves_to),
//!   [`legal_moves_masked`](Position::legal_moves_masked),
//!   [`pseudo_legal_moves`](Position::pseudo_legal_moves),
//!   [`is_legal`](Position::is_legal), [`is_pseudo_legal`](Position::is_pseudo_legal),
//!   [`illegal_reason`](Position::illegal_reason).
//! - Playing moves: [`make_move`](Position::make_move) /
//!   [`unmake_move`](Position::unmake_move) with an [`Undo`] (fast, legal
//!   moves only), [`try_make_move`](Position::try_make_move) (checked),
//!   [`play`](Position::play) / [`try_play`](Position::try_play) (copy-make),
//!   null moves.
//! - Notation: [`uci`](Position::uci), [`parse_uci`](Position::parse_uci),
//!   [`san`](Position::san), [`parse_san`](Position::parse_san),
//!   [`lan`](Position::lan); errors: [`MoveError`], [`IllegalReason`].
//! - Checks and rules: [`is_check`](Position::is_check),
//!   [`checkers`](Position::checkers), [`pinned`](Position::pinned),
//!   [`attackers_to`](Position::attackers_to), [`is_checkmate`](Position::is_checkmate),
//!   [`is_stalemate`](Position::is_stalemate),
//!   [`is_insufficient_material`](Position::is_insufficient_material),
//!   [`has_insufficient_material`](Position::has_insufficient_material),
//!   [`is_fifty_move_rule`](Position::is_fifty_move_rule),
//!   [`outcome`](Position::outcome), touch-move:
//!   [`touch_move_obligations`](Position::touch_move_obligations).
//! - [`Game`]: history, [`push`](Game::push) / [`pop`](Game::pop),
//!   repetition, [`push_line`](Game::push_line) for move text, [`Outcome`].
//! - [`perft`], [`perft_divide`] and [`perft_stats`] (the standard breakdown
//!   by captures, checks, mates and so on).
//! - Value types: [`Square`], [`File`], [`Rank`], [`Color`], [`Role`],
//!   [`Piece`], [`Bitboard`], [`CastlingRights`], [`CastlingSide`],
//!   [`Move`], [`MoveKind`], [`MoveList`].
//! - [`attacks`]: table lookups for every piece, and the `between` / `line` rays.
//!
//! # Three ways to play a move
//!
//! | call | checks | on an illegal move |
//! | --- | --- | --- |
//! | [`Position::make_move`], [`Position::play`] | none in release builds; debug builds assert legality | release: the position's invariants break (never undefined behaviour); debug: panic |
//! | [`Position::try_make_move`], [`Position::try_play`], [`Game::push`] | full legality | [`MoveError::Illegal`] with the reason, state untouched |
//! | [`Position::parse_uci`], [`Position::parse_san`] | syntax and legality | [`MoveError`] |
//!
//! # Features
//!
//! - `std` (default): `std::error::Error` for the error types. Without it
//!   the crate is `no_std` and needs only `alloc` (for `String` and `Vec`
//!   results such as [`Position::fen`] and [`perft_divide`]).
//! - `serde`: `Serialize` / `Deserialize` for the value types
//!   ([`Square`] as `"e4"`, [`Move`] as its 16 bits) and for [`Position`]
//!   as its FEN string. Adds the `serde` dependency.
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]

extern crate alloc;

pub mod attacks;
mod game;
// The slow, obviously correct geometry that build.rs tabulates: the
// library itself only tests against it.
#[cfg(test)]
mod geometry;
mod magics;
mod moves;
mod notation;
mod outcome;
mod perft;
mod position;
mod types;

pub use game::{Game, LineError};
pub use moves::{Move, MoveKind, MoveList};
pub use notation::{IllegalReason, MoveError, Notation};
pub use outcome::{DrawReason, Outcome};
pub use perft::{perft, perft_divide, perft_stats, PerftStats};
pub use position::{
    CastlingMode, CastlingModeError, FenError, FenErrorKind, FenField, FenOptions, Position, PositionError, Repairs,
    Undo,
};
pub use types::{
    Bitboard, CastlingRights, CastlingSide, Color, File, ParseSquareError, Piece, Rank, Role, Square, Squares,
};

/// Former name of [`CastlingMode`].
#[deprecated(since = "0.2.0", note = "renamed to `CastlingMode`")]
pub type Castling = CastlingMode;

/// Former name of [`IllegalReason`].
#[deprecated(since = "0.2.0", note = "renamed to `IllegalReason`")]
pub type IllegalMove = IllegalReason;

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
