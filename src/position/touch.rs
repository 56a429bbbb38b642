//! The touch-move rule (FIDE Laws, articles 4.3 to 4.5).

use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::types::{Bitboard, Role, Square};

/// # Rules: touch-move
impl Position {
    /// The legal moves that capture the piece on `sq`: what a player who
    /// touched that enemy piece must choose from (article 4.3.2). A pawn
    /// that has just made a double step can also be captured en passant.
    ///
    /// ```
    /// use chess_movegen::{Position, Square};
    /// let pos = Position::from_fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")?;
    /// assert_eq!(pos.legal_moves_capturing(Square::D5).len(), 1); // exd5
    /// assert!(pos.legal_moves_capturing(Square::E7).is_empty());
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn legal_moves_capturing(&self, sq: Square) -> MoveList {
        if !self.pieces_of_color(!self.side_to_move()).contains(sq) {
            return MoveList::new();
        }
        let mut moves = self.legal_moves_masked(Bitboard::FULL, sq.bitboard());
        if let Some(ep) = self.ep_square() {
            if ep.file() == sq.file() && ep.rank().index().abs_diff(sq.rank().index()) == 1 {
                moves.extend(self.legal_moves_to(ep).into_iter().filter(|m| m.is_en_passant()));
            }
        }
        moves
    }

    /// The moves a player is obliged to choose from after deliberately
    /// touching the pieces on `touched`, in the order touched (FIDE Laws,
    /// articles 4.3 to 4.5). Squares without a piece are ignored.
    ///
    /// - Own pieces only: the first touched piece that can move must move
    ///   (4.3.1).
    /// - Enemy pieces only: the first touched piece that can be captured
    ///   must be captured (4.3.2).
    /// - An own and an enemy piece: the own piece must capture the enemy
    ///   piece; if it cannot, the first touched piece that can be moved or
    ///   captured must be (4.3.3).
    /// - King, then one of its castling rooks: castling on that side if it
    ///   is legal (4.4.1); if not, another king move, which may be castling
    ///   with the other rook (4.4.3).
    /// - A rook, then the king: no castling with that rook on this move;
    ///   otherwise as 4.3.1 (4.4.2).
    /// - If nothing touched can be moved or captured: any legal move (4.5).
    ///
    /// ```
    /// use chess_movegen::{Move, Position, Square};
    /// let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")?;
    /// // King then h1 rook: must castle short.
    /// assert_eq!(pos.touch_move_obligations(&[Square::E1, Square::H1]).as_slice(), [Move::castle(Square::E1, Square::H1)]);
    /// // h1 rook then king: the rook must move; castling with it is not allowed.
    /// assert!(pos.touch_move_obligations(&[Square::H1, Square::E1]).iter().all(|m| m.from() == Square::H1));
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn touch_move_obligations(&self, touched: &[Square]) -> MoveList {
        let us = self.side_to_move();
        let ours = self.pieces_of_color(us);
        let theirs = self.pieces_of_color(!us);
        let mut seen = Bitboard::EMPTY;
        let touched: alloc::vec::Vec<Square> = touched
            .iter()
            .copied()
            .filter(|&sq| {
                let first = !seen.contains(sq);
                seen = seen.with(sq);
                first && self.occupied().contains(sq)
            })
            .collect();
        let king = self.king(us);
        let own: alloc::vec::Vec<Square> = touched.iter().copied().filter(|&sq| ours.contains(sq)).collect();
        let is_castling_rook = |sq: Square| {
            self.role_at(sq) == Some(Role::Rook)
                && crate::types::CastlingSide::ALL.iter().any(|&side| self.castling_rook(us, side) == Some(sq))
        };

        // 4.4.1 and 4.4.3: king first, then a castling rook.
        if own.first() == Some(&king) {
            if let Some(&rook) = own.iter().skip(1).find(|&&sq| is_castling_rook(sq)) {
                let castle = Move::castle(king, rook);
                if self.is_legal(castle) {
                    return core::iter::once(castle).collect();
                }
                let king_moves = self.legal_moves_from(king);
                return if king_moves.is_empty() { self.legal_moves() } else { king_moves };
            }
        }
        // 4.4.2: a castling rook touched before the king rules out castling with it.
        let barred_castle = own
            .iter()
            .position(|&sq| sq == king)
            .and_then(|k| own[..k].iter().find(|&&sq| is_castling_rook(sq)))
            .map(|&rook| Move::castle(king, rook));
        let moves_of = |sq: Square| -> MoveList {
            if ours.contains(sq) {
                self.legal_moves_from(sq).into_iter().filter(|&m| Some(m) != barred_castle).collect()
            } else {
                self.legal_moves_capturing(sq)
            }
        };

        // 4.3.3: an own piece and an enemy piece.
        if let (Some(&mine), Some(&enemy)) = (own.first(), touched.iter().find(|&&sq| theirs.contains(sq))) {
            let captures: MoveList =
                self.legal_moves_capturing(enemy).into_iter().filter(|m| m.from() == mine).collect();
            if !captures.is_empty() {
                return captures;
            }
        }
        // 4.3.1, 4.3.2: the first touched piece that can be moved or captured.
        for &sq in &touched {
            let moves = moves_of(sq);
            if !moves.is_empty() {
                return moves;
            }
        }
        // 4.5: nothing touched can be moved or captured.
        self.legal_moves()
    }
}
