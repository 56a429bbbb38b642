//! Plain value types: squares, colors, pieces, bitboards, castling rights.

mod bitboard;
pub(crate) mod castling;
mod color;
mod piece;
mod square;

pub use bitboard::{Bitboard, Squares};
pub use castling::{CastlingRights, CastlingSide};
pub use color::Color;
pub use piece::{Piece, Role};
pub use square::{File, ParseSquareError, Rank, Square};
