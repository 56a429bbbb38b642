//! Chess move generation.
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
pub use perft::{perft, perft_divide};
pub use position::{Castling, FenError, FenErrorKind, FenField, FenOptions, Position, PositionError, Repairs, Undo};
pub use types::{
    Bitboard, CastlingRights, CastlingSide, Color, File, ParseSquareError, Piece, Rank, Role, Square, Squares,
};
