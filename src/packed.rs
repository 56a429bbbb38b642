//! Packed positions for training data: 32 bytes per position, in the
//! layout NNUE trainers read as *marlinformat*.

use core::fmt;

use crate::outcome::GameResult;
use crate::position::{CastlingMode, Position, PositionError, Setup};
use crate::types::{Bitboard, Color, Piece, Role, Square};

/// A position with a score and a game result in 32 bytes, the layout
/// known as marlinformat (all numbers little-endian):
///
/// | bytes | field |
/// | --- | --- |
/// | 0–7 | occupancy: bit `i` set if square `i` (a1 = 0, h8 = 63) holds a piece |
/// | 8–23 | one 4-bit code per piece, in square order, the first piece in the low half of byte 8: role 0–5 (pawn, knight, bishop, rook, queen, king) or 6 for a rook that may still castle; plus 8 for Black. Codes past the last piece are 0 |
/// | 24 | side to move in bit 7 (1: Black); the en-passant square in bits 0–6 (64: none) |
/// | 25 | halfmove clock |
/// | 26–27 | fullmove number |
/// | 28–29 | score (`i16`, as given to [`PackedPosition::pack`]; trainers read it from White's point of view) |
/// | 30 | result: 0 Black won, 1 draw, 2 White won |
/// | 31 | extra: bit 0 set when the result is unknown (byte 30 then holds 1); other bits 0 |
///
/// Castling rights are the rooks marked 6, so Chess960 rights need no
/// extra field. The en-passant square is the one the position holds
/// ([`Position::ep_square`]).
///
/// ```
/// use chess_movegen::{GameResult, PackedPosition, Position};
/// let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")?;
/// let packed = PackedPosition::pack(&pos, 35, GameResult::WhiteWins);
/// let bytes = packed.to_bytes();
/// assert_eq!(bytes.len(), 32);
/// let back = PackedPosition::from_bytes(bytes);
/// assert_eq!(back.unpack()?, pos);
/// assert_eq!((back.score(), back.result()?), (35, GameResult::WhiteWins));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PackedPosition([u8; 32]);

/// The code of a rook that may still castle.
const CASTLING_ROOK: u8 = 6;
/// Added to a piece's code for Black.
const BLACK: u8 = 8;
/// The en-passant byte's value for "no en-passant square".
const NO_EP: u8 = 64;
/// The extra byte's flag for an unknown result.
const UNKNOWN_RESULT: u8 = 1;

impl PackedPosition {
    /// Packs `pos` with `score` and the game's `result`
    /// ([`GameResult::Unfinished`] is kept as "unknown": a draw in byte 30,
    /// flagged in byte 31). Clocks beyond the fields' range are saturated:
    /// a halfmove clock over 255 is stored as 255, a fullmove number over
    /// 65,535 as 65,535.
    ///
    /// Cost: one step per piece (its code from the mailbox), no
    /// allocation.
    #[inline]
    pub fn pack(pos: &Position, score: i16, result: GameResult) -> PackedPosition {
        let occupied = pos.occupied();
        let black = pos.pieces_of_color(Color::Black).0;
        // The code of the piece on `sq` (castling rooks are marked after).
        let code = |sq: Square| {
            let role = pos.role_at(sq).map_or(0, |role| role as u64);
            role | ((black >> sq.index()) & 1) << 3
        };
        // Pieces 0-15 fill the low eight bytes of codes, 16-31 the high.
        let mut rest = occupied.0;
        let mut low = 0u64;
        let mut shift = 0;
        while rest != 0 && shift < 64 {
            low |= code(Square::ALL[rest.trailing_zeros() as usize]) << shift;
            rest &= rest - 1;
            shift += 4;
        }
        let mut high = 0u64;
        shift = 0;
        while rest != 0 {
            high |= code(Square::ALL[rest.trailing_zeros() as usize]) << (shift & 63);
            rest &= rest - 1;
            shift += 4;
        }
        let mut codes = u128::from(low) | u128::from(high) << 64;
        // A castling rook (3) becomes 6: at most four of them.
        for rook in pos.castling_rooks() {
            let index = (occupied.0 & ((1u64 << rook.index()) - 1)).count_ones();
            codes += 3 << (4 * index);
        }
        let mut bytes = [0u8; 32];
        bytes[0..8].copy_from_slice(&occupied.0.to_le_bytes());
        bytes[8..24].copy_from_slice(&codes.to_le_bytes());
        let ep = pos.ep_square().map_or(NO_EP, |sq| sq as u8);
        bytes[24] = ep | (pos.side_to_move().fold(0, 1) << 7);
        bytes[25] = pos.halfmove_clock().min(255) as u8;
        bytes[26..28].copy_from_slice(&(pos.fullmove_number().min(65_535) as u16).to_le_bytes());
        bytes[28..30].copy_from_slice(&score.to_le_bytes());
        let (wdl, extra) = match result {
            GameResult::BlackWins => (0, 0),
            GameResult::Draw => (1, 0),
            GameResult::WhiteWins => (2, 0),
            GameResult::Unfinished => (1, UNKNOWN_RESULT),
        };
        bytes[30] = wdl;
        bytes[31] = extra;
        PackedPosition(bytes)
    }

    /// The 32 bytes, unchecked: [`PackedPosition::unpack`] and
    /// [`PackedPosition::result`] check them.
    #[inline]
    pub const fn from_bytes(bytes: [u8; 32]) -> PackedPosition {
        PackedPosition(bytes)
    }

    /// The 32 bytes.
    #[inline]
    pub const fn to_bytes(self) -> [u8; 32] {
        self.0
    }

    /// The 32 bytes, borrowed.
    #[inline]
    pub const fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// The score stored with the position.
    #[inline]
    pub fn score(&self) -> i16 {
        i16::from_le_bytes([self.0[28], self.0[29]])
    }

    /// The game result stored with the position.
    ///
    /// # Errors
    ///
    /// [`PackError::BadResult`] if byte 30 is not 0, 1 or 2, or byte 31
    /// has bits other than the "unknown" flag or flags a result other than
    /// a draw.
    pub fn result(&self) -> Result<GameResult, PackError> {
        let (wdl, extra) = (self.0[30], self.0[31]);
        match (wdl, extra) {
            (0, 0) => Ok(GameResult::BlackWins),
            (1, 0) => Ok(GameResult::Draw),
            (2, 0) => Ok(GameResult::WhiteWins),
            (1, UNKNOWN_RESULT) => Ok(GameResult::Unfinished),
            _ => Err(PackError::BadResult { result: wdl, extra }),
        }
    }

    /// The position, checked: every field must be in range and the
    /// position legal by the rules of [`Position::try_from`]. Castling is
    /// read in standard mode when every castling rook allows it (king on
    /// the e-file, rooks on the a- and h-files), in Chess960 mode
    /// otherwise.
    ///
    /// # Errors
    ///
    /// A [`PackError`] naming the byte and what is wrong with it, or the
    /// [`PositionError`] of an illegal position.
    pub fn unpack(&self) -> Result<Position, PackError> {
        let mut pos = self.unpack_with(CastlingMode::Chess960)?;
        // Standard mode whenever the rights allow it; Chess960 otherwise.
        let _ = pos.set_castling_mode(CastlingMode::Standard);
        Ok(pos)
    }

    /// The position in the castling mode `mode`, checked as
    /// [`PackedPosition::unpack`] does. In [`CastlingMode::Standard`] a
    /// castling rook that standard chess does not have is refused.
    ///
    /// ```
    /// use chess_movegen::{CastlingMode, GameResult, PackedPosition, Position};
    /// let pos = Position::chess960(518).expect("0..960"); // the standard array, in Chess960 mode
    /// let packed = PackedPosition::pack(&pos, 0, GameResult::Unfinished);
    /// assert_eq!(packed.unpack_with(CastlingMode::Chess960)?, pos);
    /// assert_eq!(packed.unpack()?, Position::startpos());
    /// # Ok::<(), chess_movegen::PackError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`PackedPosition::unpack`].
    pub fn unpack_with(&self, mode: CastlingMode) -> Result<Position, PackError> {
        let mut setup = self.setup()?;
        setup.set_castling_mode(mode);
        Position::try_from(setup).map_err(PackError::Position)
    }

    /// The fields as a [`Setup`], not validated as a position.
    fn setup(&self) -> Result<Setup, PackError> {
        let b = &self.0;
        let occupied = Bitboard(u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]));
        let count = occupied.len();
        if count > 32 {
            return Err(PackError::TooManyPieces { count });
        }
        let codes = u128::from_le_bytes(b[8..24].try_into().expect("16 bytes"));
        let mut setup = Setup::empty();
        let mut castling = Bitboard::EMPTY;
        for (index, sq) in occupied.into_iter().enumerate() {
            let code = ((codes >> (4 * index)) & 0xF) as u8;
            let color = if code & BLACK != 0 { Color::Black } else { Color::White };
            let role = match code & !BLACK {
                CASTLING_ROOK => {
                    castling = castling.with(sq);
                    Role::Rook
                }
                role @ 0..=5 => Role::ALL[usize::from(role)],
                _ => return Err(PackError::BadPieceCode { index, square: sq, code }),
            };
            setup.put(sq, Piece::new(color, role));
        }
        if count < 32 && codes >> (4 * count) != 0 {
            return Err(PackError::StrayCode { index: count + ((codes >> (4 * count)).trailing_zeros() as usize) / 4 });
        }
        setup.set_castling_rooks(castling);
        setup.set_side_to_move(if b[24] & 0x80 != 0 { Color::Black } else { Color::White });
        setup.set_ep_square(match b[24] & 0x7F {
            NO_EP => None,
            sq @ 0..=63 => Some(Square::ALL[usize::from(sq)]),
            value => return Err(PackError::BadEpSquare { value }),
        });
        setup.set_halfmove_clock(u32::from(b[25]));
        setup.set_fullmove_number(u32::from(u16::from_le_bytes([b[26], b[27]])));
        Ok(setup)
    }
}

impl fmt::Debug for PackedPosition {
    /// The bytes in hex, and the FEN if they unpack.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PackedPosition(")?;
        for byte in self.0 {
            write!(f, "{byte:02x}")?;
        }
        match self.unpack() {
            Ok(pos) => write!(f, ", {})", pos.fen()),
            Err(err) => write!(f, ", {err})"),
        }
    }
}

impl From<PackedPosition> for [u8; 32] {
    fn from(packed: PackedPosition) -> [u8; 32] {
        packed.0
    }
}

impl From<[u8; 32]> for PackedPosition {
    fn from(bytes: [u8; 32]) -> PackedPosition {
        PackedPosition(bytes)
    }
}

/// Why 32 bytes are not a packed position (see [`PackedPosition`] for the
/// layout).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PackError {
    /// The occupancy (bytes 0–7) has more than 32 squares: the codes have
    /// room for 32 pieces only.
    TooManyPieces {
        /// Squares set in the occupancy.
        count: usize,
    },
    /// A piece's code is 7 or 15, which stand for no piece.
    BadPieceCode {
        /// The piece's index (its code is in byte `8 + index / 2`).
        index: usize,
        /// The square the occupancy gives it.
        square: Square,
        /// The code.
        code: u8,
    },
    /// A code past the last piece is not 0.
    StrayCode {
        /// The code's index (in byte `8 + index / 2`).
        index: usize,
    },
    /// Byte 24's low seven bits are neither a square (0–63) nor 64 (no
    /// en-passant square).
    BadEpSquare {
        /// The seven bits.
        value: u8,
    },
    /// Bytes 30 and 31 are not a result (0, 1 or 2, and the "unknown"
    /// flag only with 1).
    BadResult {
        /// Byte 30.
        result: u8,
        /// Byte 31.
        extra: u8,
    },
    /// The fields are in range, but the position is not legal.
    Position(PositionError),
}

impl fmt::Display for PackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PackError::TooManyPieces { count } => {
                write!(f, "bytes 0-7: the occupancy has {count} squares, at most 32 pieces fit")
            }
            PackError::BadPieceCode { index, square, code } => {
                write!(
                    f,
                    "byte {}: piece {} (on {square}) has code {code}, which is no piece",
                    8 + index / 2,
                    index + 1
                )
            }
            PackError::StrayCode { index } => {
                write!(f, "byte {}: code {} past the last piece is not 0", 8 + index / 2, index + 1)
            }
            PackError::BadEpSquare { value } => {
                write!(f, "byte 24: en-passant value {value} is neither a square (0-63) nor 64 (none)")
            }
            PackError::BadResult { result, extra } => {
                write!(f, "bytes 30-31: ({result}, {extra}) is not a result (0, 1 or 2; 1 with the unknown flag)")
            }
            PackError::Position(err) => write!(f, "{err}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for PackError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PackError::Position(err) => Some(err),
            _ => None,
        }
    }
}
