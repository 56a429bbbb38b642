//! Plain value types: squares, colors, pieces, bitboards, castling rights.

mod bitboard;
pub(crate) mod castling;
mod color;
mod piece;
mod square;
mod text;

pub use bitboard::{Bitboard, Squares};
pub use castling::{CastlingRights, CastlingSide};
pub use color::Color;
pub use piece::{Piece, Role};
pub use square::{File, ParseSquareError, Rank, Square};
pub(crate) use text::name as role_name;
pub use text::ParseValueError;
pub(crate) use text::{text_before, text_from, Quoted, QuotedChar};
