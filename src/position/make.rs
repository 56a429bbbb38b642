//! Playing and taking back moves.

use crate::attacks::ZOBRIST_PIECES;
use crate::moves::{Move, MoveKind};
use crate::position::zobrist::{castling_key, piece_key, side_key};
use crate::position::Position;
use crate::types::{Color, Piece, Rank, Role, Square};

/// What [`Position::make_move`] cannot recompute when the move is taken
/// back: the captured piece, castling rights, en-passant square, halfmove
/// clock and hash; and, so that taking the move back need not read them
/// from the position, the moved piece's role and the side that moved. A
/// small `Copy` value (24 bytes); hand it back to
/// [`Position::unmake_move`] with the same move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    hash: u64,
    castling: crate::Bitboard,
    halfmove: u32,
    ep_square: Option<Square>,
    captured: Option<Role>,
    /// The role of the piece that moved (before promotion), so that
    /// `unmake_move` need not read it back from the board it just changed.
    moved: Role,
    /// Bit 0: Black moved (so that `unmake_move` need not read the side to
    /// move back either). Bit 1: the move advanced the fullmove number
    /// (Black moved and the number was below `u32::MAX`).
    flags: u8,
}

impl Undo {
    /// The side that moved.
    #[inline(always)]
    fn mover(&self) -> Color {
        if self.flags & 1 != 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// 1 if the move advanced the fullmove number, else 0.
    #[inline(always)]
    fn fullmove_step(&self) -> u32 {
        u32::from(self.flags >> 1)
    }

    /// The role of the piece the move captured, if any (a pawn for en passant).
    #[inline]
    pub fn captured(&self) -> Option<Role> {
        self.captured
    }
}

impl Position {
    /// Plays `mv` in place and returns what [`Position::unmake_move`] needs
    /// to take it back.
    ///
    /// # Contract
    ///
    /// `mv` must be legal in this position (one of
    /// [`Position::legal_moves`]). This is the fast path for engines and
    /// perft: it does not check. A move that is not legal leaves a
    /// position that breaks its invariants (wrong results later, never
    /// undefined behaviour); debug builds catch the worst cases with a
    /// `debug_assert!`. For moves from outside, check with
    /// [`Position::is_legal`] first.
    ///
    /// ```
    /// use chess_movegen::{Move, Position, Square};
    /// let mut pos = Position::startpos();
    /// let before = pos;
    /// let mv = Move::new(Square::E2, Square::E4);
    /// let undo = pos.make_move(mv);
    /// assert_eq!(pos.ep_square(), Some(Square::E3));
    /// pos.unmake_move(mv, undo);
    /// assert_eq!(pos, before);
    /// ```
    #[inline(always)]
    pub fn make_move(&mut self, mv: Move) -> Undo {
        let us = self.side;
        let them = !us;
        // Raw bits: the hot path works on integers, not on `Square` and
        // `MoveKind` (bit 15 set: en passant or castling; bit 14 alone:
        // promotion).
        let bits = usize::from(mv.to_bits());
        let from = bits & 63;
        let to = (bits >> 6) & 63;
        let (from_bb, to_bb) = (1u64 << from, 1u64 << to);
        debug_assert!(
            self.by_color[us.index()].0 & from_bb != 0,
            "make_move: {mv:?} does not start on a piece of the side to move in {self:?}"
        );
        let mut undo = Undo {
            hash: self.hash,
            castling: self.castling,
            halfmove: self.halfmove,
            ep_square: self.ep_square,
            captured: None,
            moved: Role::King,
            flags: 0,
        };
        let mut hash = self.hash ^ side_key();
        if self.ep_square.is_some() {
            hash ^= self.ep_key();
            self.ep_square = None;
        }
        let mut halfmove = self.halfmove.saturating_add(1);
        let our_keys = &ZOBRIST_PIECES[us.index()];
        let king_moved;

        if bits < 0x8000 {
            // A normal move or a promotion.
            let role = self.board[from].unwrap_or(Role::Pawn);
            let placed = if bits & 0x4000 != 0 { mv.promotion_role().unwrap_or(role) } else { role };
            let captured = self.board[to];
            if let Some(captured) = captured {
                debug_assert!(captured != Role::King, "make_move: {mv:?} captures a king in {self:?}");
                self.by_role[captured.index()].0 ^= to_bb;
                self.by_color[them.index()].0 ^= to_bb;
                hash ^= ZOBRIST_PIECES[them.index()][captured.index()][to];
                halfmove = 0;
            }
            undo.captured = captured;
            undo.moved = role;
            // One update of the mover's bitboard, not two: consecutive
            // moves of one piece would otherwise chain four dependent
            // read-modify-writes of the same word per make/unmake pair.
            if bits & 0x4000 != 0 {
                self.by_role[Role::Pawn.index()].0 ^= from_bb;
                self.by_role[placed.index()].0 ^= to_bb;
            } else {
                self.by_role[role.index()].0 ^= from_bb | to_bb;
            }
            self.by_color[us.index()].0 ^= from_bb | to_bb;
            self.board[from] = None;
            self.board[to] = Some(placed);
            hash ^= our_keys[role.index()][from] ^ our_keys[placed.index()][to];
            if role == Role::Pawn {
                halfmove = 0;
                if from ^ to == 16 {
                    self.ep_square = Some(Square::from_index_wrapping(((from + to) / 2) as u8));
                }
            }
            king_moved = role == Role::King;
        } else if mv.is_en_passant() {
            let (from, to) = (mv.from(), mv.to());
            let victim = Square::new(to.file(), from.rank());
            self.remove(victim, them, Role::Pawn);
            self.remove(from, us, Role::Pawn);
            self.put(to, Piece::new(us, Role::Pawn));
            hash ^=
                piece_key(them, Role::Pawn, victim) ^ piece_key(us, Role::Pawn, from) ^ piece_key(us, Role::Pawn, to);
            undo.captured = Some(Role::Pawn);
            undo.moved = Role::Pawn;
            halfmove = 0;
            king_moved = false;
        } else {
            let (from, to) = (mv.from(), mv.to());
            let side = mv.castling_side().unwrap_or(crate::CastlingSide::KingSide);
            let (king_to, rook_to) = (side.king_to(us), side.rook_to(us));
            self.remove(from, us, Role::King);
            self.remove(to, us, Role::Rook);
            self.put(king_to, Piece::new(us, Role::King));
            self.put(rook_to, Piece::new(us, Role::Rook));
            hash ^= piece_key(us, Role::King, from)
                ^ piece_key(us, Role::Rook, to)
                ^ piece_key(us, Role::King, king_to)
                ^ piece_key(us, Role::Rook, rook_to);
            king_moved = true;
        }
        self.halfmove = halfmove;

        if self.castling.any() {
            let mut lost = self.castling.0 & (from_bb | to_bb);
            if king_moved {
                // Our back rank: bits 0-7 for White, 56-63 for Black.
                lost |= self.castling.0 & (0xff << (us.index() * 56));
            }
            if lost != 0 {
                self.castling.0 ^= lost;
                hash ^= castling_key(crate::Bitboard(lost));
            }
        }

        self.advance_fullmove(us, &mut undo);
        self.side = them;
        if self.ep_square.is_some() {
            hash ^= self.ep_key();
        }
        self.hash = hash;
        undo
    }

    /// Takes back `mv`, which must be the last move made with
    /// [`Position::make_move`] and have returned `undo`. Restores the exact
    /// previous position (`==`), hash included.
    ///
    /// Given any other move or undo, the position is left inconsistent
    /// (never undefined behaviour).
    #[inline(always)]
    pub fn unmake_move(&mut self, mv: Move, undo: Undo) {
        let us = undo.mover();
        let them = !us;
        let bits = usize::from(mv.to_bits());
        if bits < 0x8000 {
            let from = bits & 63;
            let to = (bits >> 6) & 63;
            let (from_bb, to_bb) = (1u64 << from, 1u64 << to);
            let role = undo.moved;
            if bits & 0x4000 != 0 {
                let placed = mv.promotion_role().unwrap_or(Role::Queen);
                self.by_role[placed.index()].0 ^= to_bb;
                self.by_role[Role::Pawn.index()].0 ^= from_bb;
            } else {
                self.by_role[role.index()].0 ^= from_bb | to_bb;
            }
            self.by_color[us.index()].0 ^= from_bb | to_bb;
            self.board[from] = Some(role);
            self.board[to] = undo.captured;
            if let Some(captured) = undo.captured {
                self.by_role[captured.index()].0 ^= to_bb;
                self.by_color[them.index()].0 ^= to_bb;
            }
        } else if mv.is_en_passant() {
            let (from, to) = (mv.from(), mv.to());
            self.remove(to, us, Role::Pawn);
            self.put(from, Piece::new(us, Role::Pawn));
            self.put(Square::new(to.file(), from.rank()), Piece::new(them, Role::Pawn));
        } else {
            let (from, to) = (mv.from(), mv.to());
            let side = mv.castling_side().unwrap_or(crate::CastlingSide::KingSide);
            self.remove(side.king_to(us), us, Role::King);
            self.remove(side.rook_to(us), us, Role::Rook);
            self.put(from, Piece::new(us, Role::King));
            self.put(to, Piece::new(us, Role::Rook));
        }
        self.side = us;
        self.fullmove = self.fullmove.wrapping_sub(undo.fullmove_step());
        self.hash = undo.hash;
        self.castling = undo.castling;
        self.halfmove = undo.halfmove;
        self.ep_square = undo.ep_square;
    }

    /// The position after `mv` (copy-make); `self` is unchanged. Same
    /// contract as [`Position::make_move`]: `mv` must be legal.
    ///
    /// ```
    /// use chess_movegen::{Move, Position, Square};
    /// let pos = Position::startpos().play(Move::new(Square::G1, Square::F3));
    /// assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
    /// ```
    #[inline]
    #[must_use]
    pub fn play(&self, mv: Move) -> Position {
        let mut next = *self;
        next.make_move(mv);
        next
    }

    /// The position after the legal move `mv` with only what move
    /// generation reads brought up to date: bitboards, side to move,
    /// castling rooks and en-passant square. The mailbox, clocks and hash
    /// of the result are stale, so it may only be asked for moves or counts
    /// (bulk perft's last ply).
    #[inline(always)]
    pub(crate) fn play_for_count(&self, mv: Move) -> Position {
        if matches!(mv.kind(), MoveKind::EnPassant | MoveKind::Castle) {
            return self.play(mv);
        }
        // The mailbox is not copied: nothing reads it (and the compiler
        // drops the unread stores).
        let mut next = Position { board: [None; 64], ..*self };
        let us = self.side;
        let them = !us;
        let (from, to) = (mv.from(), mv.to());
        let (from_bb, to_bb) = (from.bitboard(), to.bitboard());
        let role = self.board[from.index()].unwrap_or(Role::Pawn);
        if let Some(captured) = self.board[to.index()] {
            next.by_role[captured.index()] ^= to_bb;
            next.by_color[them.index()] ^= to_bb;
        }
        next.by_role[role.index()] ^= from_bb;
        next.by_role[mv.promotion_role().unwrap_or(role).index()] ^= to_bb;
        next.by_color[us.index()] ^= from_bb | to_bb;
        next.ep_square = None;
        if role == Role::Pawn && from.index() ^ to.index() == 16 {
            next.ep_square = Some(Square::from_index_wrapping(((from.index() + to.index()) / 2) as u8));
        }
        if self.castling.any() {
            next.castling &= !(from_bb | to_bb);
            if role == Role::King {
                next.castling &= !Rank::First.relative_to(us).bitboard();
            }
        }
        next.side = them;
        next
    }

    /// Passes the turn without moving (for null-move pruning in engines).
    /// Clears the en-passant square and advances the clocks.
    ///
    /// # Contract
    ///
    /// The side to move must not be in check: passing would leave the
    /// opponent able to capture the king. Checked by `debug_assert!` only.
    pub fn make_null_move(&mut self) -> Undo {
        debug_assert!(!self.is_check(), "make_null_move while in check: {self:?}");
        let mut undo = Undo {
            hash: self.hash,
            castling: self.castling,
            halfmove: self.halfmove,
            ep_square: self.ep_square,
            captured: None,
            moved: Role::King,
            flags: 0,
        };
        self.hash ^= self.ep_key() ^ side_key();
        self.ep_square = None;
        self.halfmove = self.halfmove.saturating_add(1);
        self.advance_fullmove(self.side, &mut undo);
        self.side = !self.side;
        undo
    }

    /// Takes back [`Position::make_null_move`].
    pub fn unmake_null_move(&mut self, undo: Undo) {
        self.side = undo.mover();
        self.fullmove = self.fullmove.wrapping_sub(undo.fullmove_step());
        self.hash = undo.hash;
        self.castling = undo.castling;
        self.halfmove = undo.halfmove;
        self.ep_square = undo.ep_square;
    }

    /// Records the side to move `us` in `undo` and, if it is Black, counts the
    /// move: the fullmove number goes up by one, except at `u32::MAX`,
    /// where it stays (a valid position never gets a fullmove number of 0).
    /// Without a branch.
    #[inline(always)]
    fn advance_fullmove(&mut self, us: Color, undo: &mut Undo) {
        let black = us == Color::Black;
        let step = black & (self.fullmove != u32::MAX);
        self.fullmove += u32::from(step);
        undo.flags = u8::from(black) | u8::from(step) << 1;
    }
}
