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
/// The piece of each valid code (7 and 15, no piece, are refused before
/// this is read; they map to a pawn).
const PIECE_OF_CODE: [Piece; 16] = {
    let mut pieces = [Piece::new(Color::White, Role::Pawn); 16];
    let mut code = 0;
    while code < 16 {
        let color = if code & BLACK as usize != 0 { Color::Black } else { Color::White };
        let role = match code & 7 {
            6 => Role::Rook,
            7 => Role::Pawn,
            role => Role::ALL[role],
        };
        pieces[code] = Piece::new(color, role);
        code += 1;
    }
    pieces
};
/// The lowest bit of each of the 32 nibbles of the codes.
const NIBBLE_LOW_BITS: u128 = 0x1111_1111_1111_1111_1111_1111_1111_1111;
/// The extra byte's flag for an unknown result.
const UNKNOWN_RESULT: u8 = 1;

impl PackedPosition {
    /// Packs `pos` with `score` and the game's `result`
    /// ([`GameResult::Unfinished`] is kept as "unknown": a draw in byte 30,
    /// flagged in byte 31). Clocks beyond the fields' range are saturated:
    /// a halfmove clock over 255 is stored as 255, a fullmove number over
    /// 65,535 as 65,535. A position read with
    /// [`FenOptions::impossible_check`](crate::FenOptions::impossible_check)
    /// that has such a check packs, but [`PackedPosition::unpack`] refuses
    /// it: unpacking checks the position by the strict rules.
    ///
    /// Cost: about 45 instructions, no allocation, no branch per square,
    /// on processors with fast BMI2 (Intel since Haswell, AMD since Zen 3):
    /// each bit of the codes is gathered for all pieces at once with
    /// `PEXT` and spread to the nibbles with `PDEP`. The processor is asked
    /// once (CPUID) unless the build's slider lookup is by `PEXT`
    /// ([`crate::attacks::PEXT_LOOKUP`]), which makes BMI2 a build
    /// requirement. Elsewhere (other architectures, AMD before Zen 3,
    /// where these instructions are slow microcode) about 6 instructions
    /// per piece and 100 more: the codes of all squares are made eight at
    /// a time, then gathered two pieces a step.
    #[inline]
    pub fn pack(pos: &Position, score: i16, result: GameResult) -> PackedPosition {
        let occupied = pos.occupied();
        let codes = piece_codes(pos);
        let mut bytes = [0u8; 32];
        bytes[0..8].copy_from_slice(&occupied.0.to_le_bytes());
        bytes[8..24].copy_from_slice(&codes);
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
        // The codes of the pieces, and the nibbles past them.
        let pieces = if count == 32 { u128::MAX } else { (1u128 << (4 * count)) - 1 };
        // Codes 7 and 15 (low three bits set), all nibbles at once.
        let bad = codes & (codes >> 1) & (codes >> 2) & NIBBLE_LOW_BITS & pieces;
        if bad != 0 {
            let index = bad.trailing_zeros() as usize / 4;
            let square = occupied.into_iter().nth(index).expect("index below the count");
            return Err(PackError::BadPieceCode { index, square, code: ((codes >> (4 * index)) & 0xF) as u8 });
        }
        if codes & !pieces != 0 {
            return Err(PackError::StrayCode { index: (codes & !pieces).trailing_zeros() as usize / 4 });
        }
        let mut setup = Setup::empty();
        let mut castling = 0u64;
        let mut rest = codes;
        for sq in occupied {
            let code = (rest & 0xF) as usize;
            rest >>= 4;
            setup.put(sq, PIECE_OF_CODE[code]);
            castling |= u64::from(code & 7 == usize::from(CASTLING_ROOK)) << sq.index();
        }
        let castling = Bitboard(castling);
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

/// The codes of the occupied squares in square order, 4 bits each (bytes
/// 8–23 of the layout), by the fastest way this processor has.
#[inline(always)]
fn piece_codes(pos: &Position) -> [u8; 16] {
    #[cfg(pext_lookup)]
    {
        pext_codes(pos)
    }
    #[cfg(not(pext_lookup))]
    {
        #[cfg(target_arch = "x86_64")]
        if fast_bmi2() {
            // SAFETY: `fast_bmi2` returned true, so this processor
            // reported BMI2 through CPUID: the instructions that
            // `pext_codes_bmi2` may use exist.
            return unsafe { pext_codes_bmi2(pos) };
        }
        gather_codes(pos.occupied().0, &square_codes(pos))
    }
}

/// Whether this processor runs BMI2's `PEXT` and `PDEP` fast: it reports
/// BMI2 (CPUID leaf 7) and is not an AMD (or Hygon) processor before Zen 3
/// (family 0x19), which runs them as slow microcode. Asked once, then read from
/// a static.
#[cfg(all(target_arch = "x86_64", not(pext_lookup)))]
#[inline(always)]
fn fast_bmi2() -> bool {
    use core::sync::atomic::{AtomicU8, Ordering};
    /// 0: not asked yet, 1: no, 2: yes.
    static FAST_BMI2: AtomicU8 = AtomicU8::new(0);
    match FAST_BMI2.load(Ordering::Relaxed) {
        0 => {
            let fast = detect_fast_bmi2();
            FAST_BMI2.store(if fast { 2 } else { 1 }, Ordering::Relaxed);
            fast
        }
        known => known == 2,
    }
}

/// The CPUID questions behind [`fast_bmi2`].
#[cfg(all(target_arch = "x86_64", not(pext_lookup)))]
#[cold]
fn detect_fast_bmi2() -> bool {
    use core::arch::x86_64::{__cpuid, __cpuid_count};
    // SAFETY: every x86-64 processor has the CPUID instruction (it is
    // part of the architecture's baseline); leaf 0 is always valid and
    // leaves 1 and 7 are asked only when leaf 0 says they exist.
    #[allow(unused_unsafe)]
    let (vendor, leaf1, leaf7) = unsafe {
        let leaf0 = __cpuid(0);
        if leaf0.eax < 7 {
            return false;
        }
        (leaf0, __cpuid(1), __cpuid_count(7, 0))
    };
    let bmi2 = leaf7.ebx & (1 << 8) != 0;
    // "AuthenticAMD" or "HygonGenuine" (Zen 1 cores) in EBX, EDX, ECX.
    let vendor = (vendor.ebx, vendor.edx, vendor.ecx);
    let amd = vendor == (0x6874_7541, 0x6974_6E65, 0x444D_4163) || vendor == (0x6F67_7948, 0x6E65_476E, 0x656E_6975);
    let base_family = (leaf1.eax >> 8) & 0xF;
    let family = if base_family == 0xF { base_family + ((leaf1.eax >> 20) & 0xFF) } else { base_family };
    bmi2 && !(amd && family < 0x19)
}

/// [`pext_codes`] compiled with BMI2, for processors that report it at
/// run time.
///
/// # Safety
///
/// The processor must have BMI2 ([`fast_bmi2`] checks it).
#[cfg(all(target_arch = "x86_64", not(pext_lookup)))]
#[target_feature(enable = "bmi2")]
unsafe fn pext_codes_bmi2(pos: &Position) -> [u8; 16] {
    pext_codes(pos)
}

/// `0x01` in each byte of a word.
const LOW_BITS: u64 = 0x0101_0101_0101_0101;

/// The eight bits of `bits` spread over a word, bit `i` to the lowest bit
/// of byte `i`: each byte keeps its own bit of the repeated byte, and
/// adding `0x7F` carries a set bit into the byte's top bit.
#[cfg_attr(pext_lookup, allow(dead_code))]
#[inline(always)]
const fn spread(bits: u8) -> u64 {
    let own = (bits as u64 * LOW_BITS) & 0x8040_2010_0804_0201;
    ((own + 0x7F7F_7F7F_7F7F_7F7F) >> 7) & LOW_BITS
}

/// The 4-bit code of the piece on every square, a byte each (what empty
/// squares hold does not matter: only occupied squares are read), and a
/// 65th byte 0 for "no square" (`trailing_zeros` of 0). Eight bytes at
/// a time: the roles from the mailbox, 8 added for Black's pieces, and 3
/// for castling rooks (3 becomes 6; they stand on the back ranks), each
/// bit of those bitboards spread to its byte.
#[cfg_attr(pext_lookup, allow(dead_code))]
#[inline(always)]
fn square_codes(pos: &Position) -> [u8; 72] {
    let roles = pos.mailbox().map(|role| role.map_or(0, |role| role as u8));
    let black = pos.pieces_of_color(Color::Black).0.to_le_bytes();
    let castling = pos.castling_rooks().0.to_le_bytes();
    let mut codes = [0u8; 72];
    for rank in 0..8 {
        let mut word = u64::from_le_bytes(roles[8 * rank..8 * rank + 8].try_into().expect("8 bytes"));
        word += spread(black[rank]) << 3;
        if rank == 0 || rank == 7 {
            word += 3 * spread(castling[rank]);
        }
        codes[8 * rank..8 * rank + 8].copy_from_slice(&word.to_le_bytes());
    }
    codes
}

/// The codes of the occupied squares in square order, 4 bits each, the
/// first in the low half of the first byte: two pieces (one byte) a step,
/// the second "no square" (code 0) after the last piece. At most 32
/// pieces (the index wraps, without a check, beyond).
#[cfg_attr(pext_lookup, allow(dead_code))]
#[inline(always)]
fn gather_codes(occupied: u64, codes: &[u8; 72]) -> [u8; 16] {
    let mut rest = occupied;
    let mut out = [0u8; 16];
    for half in out.chunks_exact_mut(8) {
        let mut word = 0u64;
        let mut shift = 0;
        while rest != 0 && shift < 64 {
            let first = rest.trailing_zeros() as usize;
            rest &= rest.wrapping_sub(1);
            let second = rest.trailing_zeros() as usize;
            rest &= rest.wrapping_sub(1);
            word |= (u64::from(codes[first]) | u64::from(codes[second]) << 4) << shift;
            shift += 8;
        }
        half.copy_from_slice(&word.to_le_bytes());
    }
    out
}

/// The codes as [`gather_codes`] makes them, with BMI2: one bitboard per
/// bit of the code (bit 0: knights, rooks that may not castle and kings;
/// bit 1: bishops and rooks; bit 2: queens, kings and castling rooks;
/// bit 3: Black's pieces), each compressed to the occupied squares by
/// `PEXT` (bit `i`: piece `i`) and spread by `PDEP` to bit `b` of each
/// nibble, sixteen pieces a word. Only called where BMI2 is enabled: by
/// the build's `PEXT` slider lookup (`pext_lookup`), or inlined into
/// [`pext_codes_bmi2`].
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn pext_codes(pos: &Position) -> [u8; 16] {
    use core::arch::x86_64::{_pdep_u64, _pext_u64};
    let role = |role: Role| pos.pieces_of_role(role).0;
    let castling = pos.castling_rooks().0;
    let rooks = role(Role::Rook);
    let kings = role(Role::King);
    let planes = [
        (role(Role::Knight) | rooks | kings) & !castling,
        role(Role::Bishop) | rooks,
        role(Role::Queen) | kings | castling,
        pos.pieces_of_color(Color::Black).0,
    ];
    let occupied = pos.occupied().0;
    let (mut low, mut high) = (0u64, 0u64);
    for (bit, plane) in planes.into_iter().enumerate() {
        let nibble_bits = 0x1111_1111_1111_1111u64 << bit;
        // SAFETY: `_pext_u64` and `_pdep_u64` only require the BMI2
        // instruction set. This function runs only where BMI2 exists:
        // with the cfg `pext_lookup`, which `build.rs` sets only for a
        // target that enables BMI2 (the `pext` feature without one stops
        // at the `compile_error!` in `attacks.rs`), or inlined into
        // `pext_codes_bmi2`, which is called only after CPUID reported
        // BMI2.
        #[allow(unused_unsafe)]
        unsafe {
            let bits = _pext_u64(plane, occupied);
            low |= _pdep_u64(bits, nibble_bits);
            high |= _pdep_u64(bits >> 16, nibble_bits);
        }
    }
    let mut codes = [0u8; 16];
    codes[..8].copy_from_slice(&low.to_le_bytes());
    codes[8..].copy_from_slice(&high.to_le_bytes());
    codes
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

#[cfg(test)]
mod tests {
    use crate::Position;

    /// The codes `pack` writes (by `PEXT`/`PDEP` on processors with fast
    /// BMI2) equal the portable ones on every position two plies from
    /// positions with castling rooks (both modes), promotions and 32
    /// pieces.
    #[test]
    fn pext_codes_agree() {
        let mut roots = alloc::vec![
            Position::startpos(),
            Position::from_fen(crate::test_positions::KIWIPETE).expect("fen"),
            Position::from_fen("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1").expect("fen"),
        ];
        roots.extend([0, 518, 959].map(|n| Position::chess960(n).expect("0..960")));
        let mut checked = 0;
        for root in roots {
            for first in root.legal_moves() {
                let pos = root.play(first);
                for second in pos.legal_moves() {
                    let next = pos.play(second);
                    let portable = super::gather_codes(next.occupied().0, &super::square_codes(&next));
                    assert_eq!(super::piece_codes(&next), portable, "{}", next.fen());
                    checked += 1;
                }
            }
        }
        assert!(checked > 3000, "{checked}");
    }
}
