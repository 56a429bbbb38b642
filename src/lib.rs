//! Fast, correct chess move generation.
//!
//! ```
//! use chess_movegen::{Move, Position, Square};
//!
//! // Parse a FEN and ask for the legal moves.
//! let mut pos = Position::from_fen("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2")?;
//! assert_eq!(pos.legal_moves().len(), 27);
//!
//! // Play 2...f5, which allows 3. exf6 en passant, then take it back.
//! let before = pos;
//! let mv = Move::new(Square::F7, Square::F5);
//! assert!(pos.is_legal(mv));
//! let undo = pos.make_move(mv);
//! assert!(pos.legal_moves().contains(&Move::en_passant(Square::E5, Square::F6)));
//! pos.unmake_move(mv, undo);
//! assert_eq!(pos, before);
//! # Ok::<(), chess_movegen::FenError>(())
//! ```
//!
//! # Map of the crate
//!
//! - [`Position`]: the board and game state. Built with
//!   [`Position::startpos`], [`Position::from_fen`] (strict),
//!   [`Position::from_fen_lenient`] or [`Position::from_fen_with`]
//!   (Chess960); written with [`Position::fen`].
//! - Move generation on [`Position`]: [`legal_moves`](Position::legal_moves),
//!   [`legal_move_count`](Position::legal_move_count) (no list built),
//!   [`legal_captures`](Position::legal_captures),
//!   [`legal_quiets`](Position::legal_quiets),
//!   [`legal_moves_from`](Position::legal_moves_from),
//!   [`legal_moves_to`](Position::legal_moves_to),
//!   [`legal_moves_masked`](Position::legal_moves_masked),
//!   [`pseudo_legal_moves`](Position::pseudo_legal_moves),
//!   [`is_legal`](Position::is_legal).
//! - Playing moves: [`make_move`](Position::make_move) and
//!   [`unmake_move`](Position::unmake_move) with an [`Undo`],
//!   [`play`](Position::play) (copy-make), null moves.
//! - Checks: [`is_check`](Position::is_check), [`checkers`](Position::checkers),
//!   [`pinned`](Position::pinned), [`attackers_to`](Position::attackers_to),
//!   [`is_checkmate`](Position::is_checkmate), [`is_stalemate`](Position::is_stalemate).
//! - [`perft`], [`perft_divide`] and [`perft_stats`] (the standard breakdown
//!   by captures, checks, mates and so on).
//! - Value types: [`Square`], [`File`], [`Rank`], [`Color`], [`Role`],
//!   [`Piece`], [`Bitboard`], [`CastlingRights`], [`Move`], [`MoveList`].
//! - [`attacks`]: table lookups for every piece, and the `between` / `line` rays.
//!
//! # Features
//!
//! - `std` (default): `std::error::Error` for the error types. Without it
//!   the crate is `no_std` and needs only `alloc` (for `String` and `Vec`
//!   results such as [`Position::fen`] and [`perft_divide`]).
#![cfg_attr(not(feature = "std"), no_std)]
#![deny(missing_docs)]

extern crate alloc;

pub mod attacks;
mod geometry;
mod magics;
mod moves;
mod perft;
mod position;
mod prng;
mod types;

pub use moves::{Move, MoveKind, MoveList};
pub use perft::{perft, perft_divide, perft_stats, PerftStats};
pub use position::{Castling, FenError, FenErrorKind, FenField, FenOptions, Position, PositionError, Repairs, Undo};
pub use types::{
    Bitboard, CastlingRights, CastlingSide, Color, File, ParseSquareError, Piece, Rank, Role, Square, Squares,
};

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
