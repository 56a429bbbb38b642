//! Iteration over a position's pieces and the transforms that keep a
//! game's shape (mirror, flips, colour swap).

use crate::position::{Pieces, Position, PositionError};
use crate::types::Color;

/// # Construction: transforms and iteration
///
/// Mirrored and flipped copies of the position, and its pieces in order.
impl Position {
    /// The pieces and their squares, a1 first (see [`Pieces`]); `&Position`
    /// is also `IntoIterator`.
    ///
    /// ```
    /// use chess_movegen::{Color, Position, Role};
    /// let pos = Position::startpos();
    /// let white_pawns = pos.iter().filter(|(_, p)| p.color == Color::White && p.role == Role::Pawn);
    /// assert_eq!(white_pawns.count(), 8);
    /// for (square, piece) in &pos {
    ///     assert_eq!(pos.piece_at(square), Some(piece));
    /// }
    /// ```
    pub fn iter(&self) -> Pieces {
        Pieces::new(self.board, self.bb.by_color[Color::Black.index()], self.occupied())
    }

    /// The same game seen from the other side: colours swapped, board
    /// flipped top to bottom, the other side to move, castling rights and
    /// en-passant square carried over (see [`Setup::mirror`](crate::Setup::mirror)). Always a
    /// valid position, so no `Result`: every rule of [`PositionError`] is
    /// symmetric, except that the clocks must fit the side to move. (A
    /// position read with [`FenOptions::impossible_check`](crate::FenOptions::impossible_check)
    /// mirrors to one with the same impossible check.) The clocks
    /// are kept, except in the one case where that is impossible: Black
    /// to move with a halfmove clock counting every half-move of the game
    /// (`... b - - 1 1` after `1. Nf3`), where the fullmove number of the
    /// mirror (White to move) rises by one. Everywhere else
    /// `pos.mirror().mirror() == pos`, and perft counts and legal moves
    /// (with their squares flipped) are the same.
    ///
    /// ```
    /// use chess_movegen::{perft, Position};
    /// let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")?;
    /// let mirrored = pos.mirror();
    /// assert_eq!(mirrored.fen(), "r3k2r/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R b KQkq - 0 1");
    /// assert_eq!(perft(&mirrored, 3), perft(&pos, 3));
    /// assert_eq!(mirrored.mirror(), pos);
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn mirror(&self) -> Position {
        let mut setup = self.to_setup().mirror();
        let played = 2 * (u64::from(setup.fullmove_number()) - 1) + setup.side_to_move() as u64;
        if u64::from(setup.halfmove_clock()) > played {
            setup.set_fullmove_number(setup.fullmove_number().saturating_add(1));
        }
        // `self` passed every rule, or every rule but the impossible check
        // (which the mirror then breaks in the same way).
        match Position::validated_with(&setup, false, true) {
            Ok((pos, _)) => pos,
            // Unreachable for a valid position (see above); keep `self`
            // rather than panic.
            Err(_) => *self,
        }
    }

    /// The position with the board flipped top to bottom, colours kept
    /// (see [`Setup::flip_vertical`](crate::Setup::flip_vertical)).
    ///
    /// # Errors
    ///
    /// The rules the flipped position breaks: castling rights and an
    /// en-passant square never survive the flip, and the side not to move
    /// may now be in check by a pawn.
    pub fn flip_vertical(&self) -> Result<Position, PositionError> {
        Position::from_setup(&self.to_setup().flip_vertical())
    }

    /// The position with the board flipped left to right (see
    /// [`Setup::flip_horizontal`](crate::Setup::flip_horizontal)).
    ///
    /// # Errors
    ///
    /// The rules the flipped position breaks: in standard chess castling
    /// rights do not survive (the king leaves the e-file); a Chess960
    /// position keeps them, king and queen side exchanged.
    ///
    /// ```
    /// use chess_movegen::{Position, PositionError};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")?;
    /// assert_eq!(pos.flip_horizontal().unwrap_err(), PositionError::INVALID_CASTLING_RIGHTS);
    /// let no_castling = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w - - 0 1")?;
    /// assert_eq!(no_castling.flip_horizontal()?.fen(), "3k4/8/8/8/8/8/8/R2K4 w - - 0 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn flip_horizontal(&self) -> Result<Position, PositionError> {
        Position::from_setup(&self.to_setup().flip_horizontal())
    }

    /// The position with the colour of every piece swapped, squares and
    /// side to move kept (see [`Setup::swap_colors`](crate::Setup::swap_colors)).
    ///
    /// # Errors
    ///
    /// The rules the swapped position breaks: castling rights and an
    /// en-passant square never survive, pawns now move the other way, and
    /// the side not to move may be in check.
    pub fn swap_colors(&self) -> Result<Position, PositionError> {
        Position::from_setup(&self.to_setup().swap_colors())
    }
}
