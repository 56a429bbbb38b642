//! Chess960 (Fischer random chess) start positions.

use crate::position::{CastlingMode, Position};
use crate::types::{text_before, text_from, Bitboard, Color, Piece, Rank, Role};

/// Knight placements over the five squares left after bishops and queen,
/// in the standard numbering's order.
const KNIGHTS: [(usize, usize); 10] = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];

/// Puts `role` on the `k`-th free file (from 0) of `rank`.
fn place(rank: &mut [Option<Role>; 8], k: usize, role: Role) {
    if let Some(slot) = rank.iter_mut().filter(|slot| slot.is_none()).nth(k) {
        *slot = Some(role);
    }
}

/// # Construction: Chess960
///
/// The 960 start positions by number, and Shredder-FEN.
impl Position {
    /// The Chess960 start position with the standard number `n` (0..960;
    /// 518 is the classical arrangement), in [`CastlingMode::Chess960`] mode;
    /// `None` for `n >= 960`.
    ///
    /// The number encodes the back rank: `n % 4` places the light-squared
    /// bishop (files b, d, f, h), the next base-4 digit the dark-squared
    /// bishop (a, c, e, g), the next base-6 digit the queen on one of the
    /// six free squares, the remaining 0..10 the two knights on the five
    /// free squares, and rook, king, rook fill the last three.
    ///
    /// ```
    /// use chess_movegen::Position;
    /// assert_eq!(Position::chess960(518).unwrap().fen(), Position::startpos().fen());
    /// assert_eq!(Position::chess960(0).unwrap().fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    /// assert_eq!(Position::chess960(0).unwrap().chess960_number(), Some(0));
    /// ```
    pub fn chess960(n: u32) -> Option<Position> {
        if n >= 960 {
            return None;
        }
        let mut rank: [Option<Role>; 8] = [None; 8];
        let mut n = n as usize;
        rank[2 * (n % 4) + 1] = Some(Role::Bishop);
        n /= 4;
        rank[2 * (n % 4)] = Some(Role::Bishop);
        n /= 4;
        place(&mut rank, n % 6, Role::Queen);
        n /= 6;
        // The second knight first: the first's place among the free files
        // (before the second's) does not move.
        let (a, b) = KNIGHTS[n];
        place(&mut rank, b, Role::Knight);
        place(&mut rank, a, Role::Knight);
        for role in [Role::Rook, Role::King, Role::Rook] {
            place(&mut rank, 0, role);
        }

        let mut pos = Position::empty();
        pos.mode = CastlingMode::Chess960;
        // One loop over the 32 squares (not one unrolled per file and side).
        for sq in Bitboard(0xffff_0000_0000_ffff) {
            let color = if sq.index() < 32 { Color::White } else { Color::Black };
            let role = if Bitboard::BACK_RANKS.contains(sq) { rank[sq.file() as usize] } else { None };
            pos.put(sq, Piece::new(color, role.unwrap_or(Role::Pawn)));
        }
        pos.castling = pos.pieces_of_role(Role::Rook);
        pos.hash = pos.compute_hash();
        Some(pos)
    }

    /// The standard Chess960 number of this position if it is one of the
    /// 960 start positions (any castling mode and clocks), else `None`.
    pub fn chess960_number(&self) -> Option<u32> {
        if self.side_to_move() != Color::White || self.ep_square().is_some() {
            return None;
        }
        (0..960).find(|&n| {
            Position::chess960(n).is_some_and(|start| {
                Role::ALL.iter().all(|&r| start.pieces_of_role(r) == self.pieces_of_role(r))
                    && start.pieces_of_color(Color::White) == self.pieces_of_color(Color::White)
                    && start.castling_rooks() == self.castling_rooks()
            })
        })
    }

    /// The position as Shredder-FEN: castling rights always written as the
    /// rook's file letter (`HAha` for the standard start position), as some
    /// Chess960 programs expect. [`Position::fen`] writes X-FEN.
    ///
    /// ```
    /// use chess_movegen::Position;
    /// assert_eq!(Position::startpos().shredder_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    /// ```
    pub fn shredder_fen(&self) -> alloc::string::String {
        let fen = self.fen();
        let mut rights = alloc::string::String::new();
        for color in Color::ALL {
            let back = Rank::First.relative_to(color).bitboard();
            for rook in (self.castling_rooks() & back).into_iter().rev() {
                let c = rook.file().char();
                rights.push(if color == Color::White { c.to_ascii_uppercase() } else { c });
            }
        }
        if rights.is_empty() {
            rights.push('-');
        }
        // The castling rights are the third field, between the second and
        // third spaces of the FEN.
        let mut spaces = fen.bytes().enumerate().filter(|&(_, b)| b == b' ').map(|(i, _)| i);
        match (spaces.nth(1), spaces.next()) {
            (Some(start), Some(end)) => [text_before(&fen, start + 1), &rights, text_from(&fen, end)].concat(),
            _ => fen,
        }
    }
}
