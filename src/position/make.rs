//! Playing and taking back moves.

use crate::moves::{Move, MoveKind};
use crate::position::zobrist::{
    castle_keys, castling_key, en_passant_keys, ep_file_key, piece_key_at, piece_move_keys, side_key,
};
use crate::position::Position;
use crate::types::castling::back_rank;
use crate::types::{Bitboard, CastlingSide, Color, Role, Square};

/// The bitboard side of `$us`'s normal move or promotion `$mv` of a
/// `$role` (the capture, if any, is `toggle_capture!`), on the position
/// `$pos`. An exclusive or: the same step takes the move back. The
/// mover's role board gets one update, not two: consecutive moves of one
/// piece would otherwise chain four dependent read-modify-writes of the
/// same word per make/unmake pair. A promotion (`$promotion`, the role
/// placed, `None` for a normal move) adds its two updates in a branch of
/// its own, off the path of the other moves; where `$promotion` is a
/// constant `None` (make/unmake's normal-move path) the branch is gone.
///
/// These steps are macros, not `&mut self` methods, so that
/// [`Position::play`] can run them on the copy it returns: the compiler
/// builds a returned copy in the caller's slot only if no reference to it
/// is taken; through a method it copies the whole position twice.
macro_rules! toggle_mover {
    ($pos:ident, $us:expr, $mv:expr, $role:expr, $promotion:expr) => {{
        let (from_bb, to_bb) = (1u64 << $mv.origin_index(), 1u64 << $mv.target_index());
        $pos.bb.by_role[$role.index()].0 ^= from_bb | to_bb;
        if let Some(placed) = $promotion {
            cold();
            // The pawn leaves `to` again, the new piece lands.
            $pos.bb.by_role[Role::Pawn.index()].0 ^= to_bb;
            $pos.bb.by_role[placed.index()].0 ^= to_bb;
        }
        $pos.bb.by_color[$us.index()].0 ^= from_bb | to_bb;
    }};
}

/// The bitboard side of capturing `$them`'s `$captured` on square index
/// `$to` (or, again, of putting it back).
macro_rules! toggle_capture {
    ($pos:ident, $them:expr, $captured:expr, $to:expr) => {{
        let to_bb = 1u64 << $to;
        $pos.bb.by_role[$captured.index()].0 ^= to_bb;
        $pos.bb.by_color[$them.index()].0 ^= to_bb;
    }};
}

/// The bitboard side of `$us`'s en-passant capture `$mv` (or, again, of
/// taking it back). Evaluates to the captured pawn's square.
macro_rules! toggle_en_passant {
    ($pos:ident, $us:expr, $mv:expr) => {{
        let (from, to) = ($mv.from(), $mv.to());
        let victim = $mv.en_passant_victim();
        $pos.bb.by_role[Role::Pawn.index()].0 ^= from.bitboard().0 ^ to.bitboard().0 ^ victim.bitboard().0;
        $pos.bb.by_color[$us.index()].0 ^= from.bitboard().0 ^ to.bitboard().0;
        $pos.bb.by_color[(!$us).index()].0 ^= victim.bitboard().0;
        victim
    }};
}

/// The bitboard side of `$us`'s castling `$mv` (or, again, of taking it
/// back). Evaluates to the king's and the rook's destinations. Exclusive
/// ors also cover Chess960 castlings where a piece stays or lands on the
/// other's square.
macro_rules! toggle_castle {
    ($pos:ident, $us:expr, $mv:expr) => {{
        let (king, rook) = ($mv.from(), $mv.to());
        let side = CastlingSide::of_rook(king, rook);
        let (king_to, rook_to) = (side.king_to($us), side.rook_to($us));
        let king_path = king.bitboard().0 ^ king_to.bitboard().0;
        let rook_path = rook.bitboard().0 ^ rook_to.bitboard().0;
        $pos.bb.by_role[Role::King.index()].0 ^= king_path;
        $pos.bb.by_role[Role::Rook.index()].0 ^= rook_path;
        $pos.bb.by_color[$us.index()].0 ^= king_path ^ rook_path;
        (king_to, rook_to)
    }};
}

/// `$us`'s normal move or promotion `$mv` (`$promotion` the role placed,
/// `None` for a normal move), read from the position `$src` and written
/// into `$dst` (the same position for `make_move`), with `$roles` the
/// mailbox's entries of the move's origin and target (`play` reads them
/// before its copy, see `apply_move!`):
/// the capture and the move on the bitboards and the mailbox;
/// the moved and captured roles into `$undo`; the en-passant square and
/// its key after a double step; `$halfmove` to 0 after a capture or a
/// pawn move; `$king_moved` set after a king's move (see
/// `lose_rights_step!`). Evaluates to the hash change.
/// The enemy pawns it reads are the same before and after a double step.
///
/// Both appliers dispatch on the move's kind first, so that the normal
/// move's path, the common one, tests once for every other kind and has
/// no promotion test of its own. The double step's key is added in its
/// own branch: added after all the steps, from the square just stored, it
/// would keep a value alive across them, which cost `make_move`'s pawn
/// path about ten register moves.
macro_rules! piece_move_step {
    ($src:ident, $dst:ident, $us:expr, $mv:expr, $promotion:expr, $roles:expr, $undo:ident, $halfmove:ident, $king_moved:ident) => {{
        let (us, mv, promotion): (Color, Move, Option<Role>) = ($us, $mv, $promotion);
        let (from, to) = (mv.origin_index(), mv.target_index());
        let (role, captured): (Option<Role>, Option<Role>) = $roles;
        let role = ROLE_OR_PAWN[role.map_or(6, Role::index)];
        let placed = promotion.unwrap_or(role);
        debug_assert!(captured != Some(Role::King), "{mv:?} captures a king in {:?}", $src);
        $undo.moved = role;
        $undo.captured = captured;
        // The capture's bitboards, key and clock reset in one branch.
        let mut key = 0;
        if let Some(captured) = captured {
            toggle_capture!($dst, !us, captured, to);
            key = piece_key_at((!us).index(), captured.index(), to);
            $halfmove = 0;
        }
        toggle_mover!($dst, us, mv, role, promotion);
        $dst.board[from] = None;
        $dst.board[to] = Some(placed);
        if role == Role::Pawn {
            $halfmove = 0;
            if let Some(ep) = double_step_square(from, to) {
                $dst.ep_square = Some(ep);
                key ^= ep_file_key(ep, !us, $src.pieces(!us, Role::Pawn));
            }
        } else if role == Role::King {
            $king_moved = true;
        }
        key ^ piece_move_keys(us, role, placed, from, to)
    }};
}

/// `$us`'s en-passant capture `$mv` on `$dst` (bitboards and mailbox; the
/// roles into `$undo`). Evaluates to the hash change.
macro_rules! en_passant_step {
    ($dst:ident, $us:expr, $mv:expr, $undo:ident) => {{
        let (us, mv): (Color, Move) = ($us, $mv);
        let victim = toggle_en_passant!($dst, us, mv);
        $dst.board[mv.origin_index()] = None;
        $dst.board[victim.index()] = None;
        $dst.board[mv.target_index()] = Some(Role::Pawn);
        $undo.captured = Some(Role::Pawn);
        $undo.moved = Role::Pawn;
        en_passant_keys(us, mv.from(), mv.to(), victim)
    }};
}

/// `$us`'s castling `$mv` on `$dst` (bitboards and mailbox; the `Undo`
/// keeps its default moved role, the king). Evaluates to the hash change.
macro_rules! castle_step {
    ($dst:ident, $us:expr, $mv:expr) => {{
        let (us, mv): (Color, Move) = ($us, $mv);
        let (king_to, rook_to) = toggle_castle!($dst, us, mv);
        $dst.board[mv.origin_index()] = None;
        $dst.board[mv.target_index()] = None;
        $dst.board[king_to.index()] = Some(Role::King);
        $dst.board[rook_to.index()] = Some(Role::Rook);
        castle_keys(us, mv.from(), mv.to(), king_to, rook_to)
    }};
}

/// Takes from `$dst` the castling rights (of `$src`) that `$us`'s move
/// `$mv` loses ([`lost_rights`]; `$king_moved` after a king's move or a
/// castling) and updates `$hash` for them.
macro_rules! lose_rights_step {
    ($src:ident, $dst:ident, $us:expr, $mv:expr, $king_moved:expr, $hash:ident) => {{
        let castling = $src.castling.0;
        let touched = 1u64 << $mv.origin_index() | 1u64 << $mv.target_index();
        let lost = lost_rights(castling, touched, $king_moved, $us);
        if lost != 0 {
            cold();
            $dst.castling.0 = castling ^ lost;
            $hash ^= castling_key(Bitboard(lost));
        }
    }};
}

/// The one move application, of [`Position::play`] (copy-make, `$dst` a
/// copy of `$src`) and of [`Position::make_move`] (in place, `$dst` and
/// `$src` both `self`; bulk perft's leaf step,
/// [`Position::play_for_count`], writes only what the reply count reads):
/// plays the legal move `$mv` of the position `$src` into `$dst`. Moves
/// the pieces, updates the mailbox, castling rights, the en-passant
/// square, the side to move, the clocks and the hash. Evaluates to the
/// [`Undo`].
///
/// Everything is read from `$src` before `$dst` changes it, or is
/// unchanged by the move (the enemy pawns after a double step). A macro
/// for the reason given at `toggle_mover!`.
///
/// `$roles` are `$src`'s mailbox entries of the move's origin and target,
/// which the caller reads before it copies `$src` into `$dst`. Read after
/// the copy, the compiler took them from a second copy of the mailbox,
/// written with 32-byte stores and read back a byte at a time at once,
/// which cost copy-make about a tenth of its speed.
macro_rules! apply_move {
    ($src:ident, $dst:ident, $mv:expr, $roles:expr) => {{
        let mv: Move = $mv;
        let us = $src.side;
        let mut undo = Undo::before(&$src);
        // Set in the branches of a king's move and of castling.
        let mut king_moved = false;
        let mut hash = $src.hash ^ side_key();
        if $src.ep_square.is_some() {
            cold();
            hash ^= $src.ep_key();
            $dst.ep_square = None;
        }
        // Set to 0 in the branches of a capture or a pawn move, which
        // exist anyway.
        let mut halfmove = $src.halfmove.saturating_add(1);
        if matches!(mv.kind(), MoveKind::Normal) {
            hash ^= piece_move_step!($src, $dst, us, mv, None, $roles, undo, halfmove, king_moved);
        } else {
            // The rarer kinds told apart by bit tests, not by more kind
            // compares: a chain of compares of the kind is merged by the
            // compiler into an indirect jump on it, which `play`'s copy
            // then takes for every move.
            cold();
            if !mv.is_special() {
                let promotion = mv.promotion_bits_role();
                hash ^= piece_move_step!($src, $dst, us, mv, Some(promotion), $roles, undo, halfmove, king_moved);
            } else if !mv.kind_low_bit() {
                halfmove = 0;
                hash ^= en_passant_step!($dst, us, mv, undo);
            } else {
                king_moved = true;
                hash ^= castle_step!($dst, us, mv);
            }
        }
        lose_rights_step!($src, $dst, us, mv, king_moved, hash);
        $dst.side = !us;
        undo.black = us == Color::Black;
        $dst.halfmove = halfmove;
        $dst.ply = $src.ply.wrapping_add(1);
        $dst.hash = hash;
        undo
    }};
}

impl super::Boards {
    /// The bitboards after `us`'s normal move or promotion `mv` of the
    /// piece `role` (read from the mailbox; `None`, which a legal move never
    /// has, counts as a pawn), as a new value in which every board is
    /// written at a fixed place, none picked by a runtime index. A caller
    /// that keeps the result in a local (bulk perft's leaf step) can then
    /// hold the boards in registers instead of writing them to memory and
    /// reading them back at once. A captured piece is taken off by
    /// clearing the destination on every role's board (the king's too: one
    /// more `and`, but the same code for all six, which measured fewer
    /// instructions); the mover's board gets its move.
    #[cfg_attr(hot_inline, inline(always))]
    fn after_piece_move(&self, us: Color, role: Option<Role>, mv: Move) -> super::Boards {
        let (from_bb, to_bb) = (1u64 << mv.origin_index(), 1u64 << mv.target_index());
        let keep = !to_bb;
        let r = &self.by_role;
        let mut n = [r[0].0 & keep, r[1].0 & keep, r[2].0 & keep, r[3].0 & keep, r[4].0 & keep, r[5].0 & keep];
        if let Some(placed) = mv.promotion_role() {
            n[Role::Pawn.index()] ^= from_bb;
            match placed {
                Role::Knight => n[Role::Knight.index()] |= to_bb,
                Role::Bishop => n[Role::Bishop.index()] |= to_bb,
                Role::Rook => n[Role::Rook.index()] |= to_bb,
                _ => n[Role::Queen.index()] |= to_bb,
            }
        } else {
            let step = from_bb | to_bb;
            match role {
                None | Some(Role::Pawn) => n[Role::Pawn.index()] ^= step,
                Some(Role::Knight) => n[Role::Knight.index()] ^= step,
                Some(Role::Bishop) => n[Role::Bishop.index()] ^= step,
                Some(Role::Rook) => n[Role::Rook.index()] ^= step,
                Some(Role::Queen) => n[Role::Queen.index()] ^= step,
                Some(Role::King) => n[Role::King.index()] ^= step,
            }
        }
        let mut by_color = self.by_color.map(|b| b.0);
        by_color[(!us).index()] &= keep;
        by_color[us.index()] ^= from_bb | to_bb;
        super::Boards { by_role: n.map(Bitboard), by_color: by_color.map(Bitboard) }
    }
}

/// The role of a mailbox entry by its index (`Role::index`, 6 for an
/// empty square), an empty square counted as a pawn (a legal move never
/// starts from one): one load, where `unwrap_or` compiles to a compare
/// and a conditional move.
const ROLE_OR_PAWN: [Role; 7] =
    [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King, Role::Pawn];

/// The en-passant square a pawn's move between the square indexes `from`
/// and `to` leaves: the square a double step skips; none after any other
/// pawn move.
#[cfg_attr(hot_inline, inline(always))]
pub(crate) fn double_step_square(from: usize, to: usize) -> Option<Square> {
    (from ^ to == 16).then(|| Square::from_index_wrapping(((from + to) / 2) as u8))
}

/// The castling rights (rook squares, of `castling`) that a move of `us`
/// loses: the right of a rook whose square the move touches (`touched`,
/// its origin and target; the rook moves or is captured) and, when the
/// king moves, both of `us`'s.
#[cfg_attr(hot_inline, inline(always))]
pub(crate) fn lost_rights(castling: u64, touched: u64, king_moved: bool, us: Color) -> u64 {
    let mut lost = castling & touched;
    if king_moved {
        lost |= castling & back_rank(us).0;
    }
    lost
}

/// Marks the branch that calls it as rarely taken, so that the compiler
/// lays that branch out of the straight-line path of the others (what
/// `core::hint::cold_path` does, stable only in Rust versions well past
/// this crate's minimum). Called on the paths of the moves that are rare
/// in any game or search: castling, en passant, promotions, a move from a
/// position with an en-passant square, a move that loses a castling right.
///
/// With these marks make/unmake perft runs a few more instructions (the
/// calls on the rare paths) but with the common moves in a straight line,
/// and measured faster, natively and on the default target. Two more
/// marks measured slower natively and are not made:
/// on the en-passant key after a double step, and on an empty origin in
/// the mailbox (which a legal move never has).
#[cold]
#[inline(never)]
fn cold() {}

/// What [`Position::make_move`] cannot recompute when the move is taken
/// back: the captured piece, castling rights, en-passant square, halfmove
/// clock and hash; and, so that taking the move back need not read them
/// from the position, the moved piece's role and the side that moved. A
/// small `Copy` value (24 bytes); hand it back to
/// [`Position::unmake_move`] with the same move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    hash: u64,
    castling: crate::types::Bitboard,
    halfmove: u32,
    ep_square: Option<Square>,
    captured: Option<Role>,
    /// The role of the piece that moved (before promotion), so that
    /// `unmake_move` need not read it back from the board it just changed.
    moved: Role,
    /// Black moved (so that `unmake_move` need not read the side to move
    /// back either).
    black: bool,
}

impl Undo {
    /// The side that moved.
    #[cfg_attr(hot_inline, inline(always))]
    fn mover(&self) -> Color {
        if self.black {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The role of the piece the move captured, if any (a pawn for en passant).
    #[inline]
    pub fn captured(&self) -> Option<Role> {
        self.captured
    }
}

impl Undo {
    /// The irreversible state of `pos`, taken before a move changes it.
    #[cfg_attr(hot_inline, inline(always))]
    fn before(pos: &Position) -> Undo {
        Undo {
            hash: pos.hash,
            castling: pos.castling,
            halfmove: pos.halfmove,
            ep_square: pos.ep_square,
            captured: None,
            moved: Role::King,
            black: false,
        }
    }
}

/// # Playing moves
///
/// Make and unmake with an [`Undo`], copy-make, null moves.
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
    /// undefined behaviour). Debug builds check legality with
    /// [`Position::is_legal`] and panic on an illegal move; release builds
    /// do not pay for that. For moves from outside, use
    /// [`Position::try_make_move`] or check with [`Position::is_legal`] first.
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
    #[cfg_attr(hot_inline, inline(always))]
    pub fn make_move(&mut self, mv: Move) -> Undo {
        debug_assert!(self.is_legal(mv), "make_move: {mv:?} is not legal in {self:?}");
        self.apply_in_place(mv)
    }

    /// Takes back `mv`, which must be the last move made with
    /// [`Position::make_move`] and have returned `undo`. Restores the exact
    /// previous position (`==`), hash included.
    ///
    /// Given any other move or undo, the position is left inconsistent
    /// (never undefined behaviour). Debug builds panic on such a pair: the
    /// moved piece must stand where `mv` put it, and the position taken
    /// back must have the hash the `Undo` carries.
    #[cfg_attr(hot_inline, inline(always))]
    pub fn unmake_move(&mut self, mv: Move, undo: Undo) {
        debug_assert!(self.undo_fits(mv, &undo), "unmake_move: {mv:?} and {undo:?} were not made in {self:?}");
        let us = undo.mover();
        let (from, to) = (mv.origin_index(), mv.target_index());
        if matches!(mv.kind(), MoveKind::Normal) {
            self.unmake_piece_move(us, mv, None, undo);
        } else if let Some(promotion) = mv.promotion_role() {
            cold();
            self.unmake_piece_move(us, mv, Some(promotion), undo);
        } else if mv.is_en_passant() {
            cold();
            let victim = self.toggle_en_passant(us, mv);
            self.board[to] = None;
            self.board[from] = Some(Role::Pawn);
            self.board[victim.index()] = Some(Role::Pawn);
        } else {
            cold();
            let (king_to, rook_to) = self.toggle_castle(us, mv);
            self.board[king_to.index()] = None;
            self.board[rook_to.index()] = None;
            self.board[from] = Some(Role::King);
            self.board[to] = Some(Role::Rook);
        }
        self.restore(undo);
        debug_assert_eq!(self.compute_hash(), self.hash, "unmake_move: {mv:?} and {undo:?} do not belong together");
    }

    /// Takes back a normal move or, with `promotion`, a promotion.
    #[cfg_attr(hot_inline, inline(always))]
    fn unmake_piece_move(&mut self, us: Color, mv: Move, promotion: Option<Role>, undo: Undo) {
        let (from, to) = (mv.origin_index(), mv.target_index());
        self.toggle_mover(us, mv, undo.moved, promotion);
        self.board[from] = Some(undo.moved);
        self.board[to] = undo.captured;
        if let Some(captured) = undo.captured {
            self.toggle_capture(!us, captured, to);
        }
    }

    /// Whether `mv` with `undo` can be the last move made here: the other
    /// side moved, and the moved piece stands on its destination (the
    /// debug check of [`Position::unmake_move`]).
    fn undo_fits(&self, mv: Move, undo: &Undo) -> bool {
        let us = undo.mover();
        let (destination, role) = match mv.kind() {
            MoveKind::Normal => (mv.to(), undo.moved),
            MoveKind::Promotion => (mv.to(), mv.promotion_role().unwrap_or(Role::Queen)),
            MoveKind::EnPassant => (mv.to(), Role::Pawn),
            MoveKind::Castle => (mv.destination(), Role::King),
        };
        self.side == !us && self.pieces(us, role).contains(destination)
    }

    /// True if `mv` captures a piece here (en passant included; castling,
    /// "king takes own rook" in its encoding, never does).
    ///
    /// ```
    /// use chess_movegen::{Move, Position, Square};
    /// let pos = Position::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")?;
    /// assert!(pos.is_capture(Move::new(Square::E4, Square::D5)));
    /// assert!(!pos.is_capture(Move::new(Square::E4, Square::E5)));
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    #[inline]
    pub fn is_capture(&self, mv: Move) -> bool {
        mv.is_en_passant() || (!mv.is_castle() && self.pieces_of_color(!self.side).contains(mv.to()))
    }

    /// The position after `mv` (copy-make); `self` is unchanged. Same
    /// contract as [`Position::make_move`]: `mv` must be legal.
    ///
    /// ```
    /// use chess_movegen::{Move, Position, Square};
    /// let pos = Position::startpos().play(Move::new(Square::G1, Square::F3));
    /// assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
    /// ```
    #[cfg_attr(hot_inline, inline(always))]
    #[must_use]
    pub fn play(&self, mv: Move) -> Position {
        debug_assert!(self.is_legal(mv), "play: {mv:?} is not legal in {self:?}");
        if cfg!(feature = "compact") {
            // One body of the move applier: `make_move`'s, on a copy.
            let mut next = *self;
            next.apply_in_place(mv);
            return next;
        }
        let roles = (self.board[mv.origin_index()], self.board[mv.target_index()]);
        let mut next = self.copy_inline();
        apply_move!(self, next, mv, roles);
        next
    }

    /// The position [`Position::play_for_count`] writes into: a copy with
    /// the other side to move (the same for every move of `self`).
    #[cfg_attr(hot_inline, inline(always))]
    pub(crate) fn child_for_count(&self) -> Position {
        let mut child = *self;
        child.side = !self.side;
        child
    }

    /// Puts into `next` (made by [`Position::child_for_count`]) the
    /// position after the legal move `mv`, with only what counting its
    /// replies reads brought up to date: bitboards, with `en_passant` the
    /// en-passant square (left as it was without: the caller knows no
    /// en-passant capture is possible) and with `castling` the opponent's
    /// castling rooks (both constants at the caller; a capture on a
    /// castling rook's square takes its right; the mover's own rights,
    /// which its opponent's moves never read, are left as they were).
    /// The mailbox (the move reads `self`'s), clocks and hash are left
    /// too, so `next` may only be asked for its moves or their count (bulk
    /// perft's last ply). One `next` serves all the moves of a position:
    /// no 160-byte copy per move. `WHITE` is whether White moves in
    /// `self`, so that each colour's board has a fixed place.
    ///
    /// A normal move or promotion writes all eight boards from
    /// [`Boards::after_piece_move`](super::Boards), which reads no board
    /// of `next`: where the caller's `next` is a local that every
    /// generator step reads at fixed places (bulk perft's loop), the
    /// compiler keeps it in registers. Toggling `next`'s boards in place
    /// (one load and store per changed board, the boards read back by the
    /// reply count at once) took fewer instructions but ran slower.
    #[cfg_attr(hot_inline, inline(always))]
    pub(crate) fn play_for_count<const WHITE: bool>(
        &self,
        mv: Move,
        next: &mut Position,
        castling: bool,
        en_passant: bool,
    ) {
        if en_passant {
            next.ep_square = None;
        }
        debug_assert_eq!(self.side == Color::White, WHITE, "play_for_count: WHITE is not the side to move");
        let us = if WHITE { Color::White } else { Color::Black };
        let (from, to) = (mv.origin_index(), mv.target_index());
        if !mv.is_special() {
            let role = self.board[from];
            next.bb = self.bb.after_piece_move(us, role, mv);
            if en_passant && role == Some(Role::Pawn) {
                next.ep_square = double_step_square(from, to);
            }
        } else if mv.is_en_passant() {
            next.bb = self.bb;
            toggle_en_passant!(next, us, mv);
        } else {
            next.bb = self.bb;
            toggle_castle!(next, us, mv);
        }
        if castling {
            next.castling = Bitboard(self.castling.0 & !(1u64 << to));
        }
    }

    /// [`Position::make_move`]'s move application: `apply_move!` with
    /// `self` as both source and destination.
    #[cfg_attr(hot_inline, inline(always))]
    fn apply_in_place(&mut self, mv: Move) -> Undo {
        let roles = (self.board[mv.origin_index()], self.board[mv.target_index()]);
        apply_move!(self, self, mv, roles)
    }

    /// `toggle_mover!` as a method, for `make_move` and `unmake_move`.
    #[cfg_attr(hot_inline, inline(always))]
    fn toggle_mover(&mut self, us: Color, mv: Move, role: Role, promotion: Option<Role>) {
        toggle_mover!(self, us, mv, role, promotion)
    }

    /// `toggle_capture!` as a method, for `make_move` and `unmake_move`.
    #[cfg_attr(hot_inline, inline(always))]
    fn toggle_capture(&mut self, them: Color, captured: Role, to: usize) {
        toggle_capture!(self, them, captured, to)
    }

    /// `toggle_en_passant!` as a method, for `make_move` and `unmake_move`.
    #[cfg_attr(hot_inline, inline(always))]
    fn toggle_en_passant(&mut self, us: Color, mv: Move) -> Square {
        toggle_en_passant!(self, us, mv)
    }

    /// `toggle_castle!` as a method, for `make_move` and `unmake_move`.
    #[cfg_attr(hot_inline, inline(always))]
    fn toggle_castle(&mut self, us: Color, mv: Move) -> (Square, Square) {
        toggle_castle!(self, us, mv)
    }

    /// A copy of `self` to play a move in, with the side to move already
    /// passed. With 32-byte vector registers the whole 160 bytes are
    /// copied at once: five loads and stores, where the fields' copies
    /// take about ten more instructions. Without them
    /// such a copy is a `memcpy` call, and the fields are copied one by one
    /// as inline moves.
    #[cfg_attr(hot_inline, inline(always))]
    fn copy_inline(&self) -> Position {
        #[cfg(target_feature = "avx")]
        {
            let mut next = *self;
            next.side = !self.side;
            next
        }
        #[cfg(not(target_feature = "avx"))]
        Position {
            bb: self.bb,
            board: self.board,
            castling: self.castling,
            hash: self.hash,
            ep_square: self.ep_square,
            side: !self.side,
            mode: self.mode,
            halfmove: self.halfmove,
            ply: self.ply,
        }
    }

    /// Puts back the state an `Undo` holds, the side to move and the ply
    /// count (after the pieces have been moved back).
    #[cfg_attr(hot_inline, inline(always))]
    fn restore(&mut self, undo: Undo) {
        self.side = undo.mover();
        self.ply = self.ply.wrapping_sub(1);
        self.hash = undo.hash;
        self.castling = undo.castling;
        self.halfmove = undo.halfmove;
        self.ep_square = undo.ep_square;
    }

    /// Passes the turn without moving (for null-move pruning in engines).
    /// Clears the en-passant square and advances the clocks.
    ///
    /// # Contract
    ///
    /// The side to move must not be in check: passing would leave the
    /// opponent able to capture the king. Debug builds panic when it is;
    /// release builds do not check.
    pub fn make_null_move(&mut self) -> Undo {
        debug_assert!(!self.is_check(), "make_null_move while in check: {self:?}");
        let mut undo = Undo::before(self);
        self.hash ^= self.ep_key() ^ side_key();
        self.ep_square = None;
        self.halfmove = self.halfmove.saturating_add(1);
        self.ply = self.ply.wrapping_add(1);
        undo.black = self.side == Color::Black;
        self.side = !self.side;
        undo
    }

    /// Takes back [`Position::make_null_move`]. Debug builds panic if the
    /// position taken back does not have the hash `undo` carries.
    pub fn unmake_null_move(&mut self, undo: Undo) {
        self.restore(undo);
        debug_assert_eq!(self.compute_hash(), self.hash, "unmake_null_move: {undo:?} was not made here");
    }
}

#[cfg(test)]
mod tests {
    use crate::types::castling::back_rank;
    use crate::{CastlingMode, FenOptions, Position};

    /// Two plies from each position: `make_move`, `play` and the leaf step
    /// `play_for_count` must agree (the leaf step on what move generation
    /// reads), and `hash_after` must equal the hash `make_move` computes.
    #[test]
    fn appliers_agree() {
        let fens = [
            ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CastlingMode::Standard),
            (crate::test_positions::KIWIPETE, CastlingMode::Standard),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", CastlingMode::Standard),
            ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", CastlingMode::Standard),
            ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", CastlingMode::Standard),
            ("1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9", CastlingMode::Chess960),
            ("2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBfc - 0 1", CastlingMode::Chess960),
        ];
        let mut checked = 0;
        for (fen, mode) in fens {
            let root = Position::from_fen_with(fen, FenOptions::new().castling(mode)).expect("fen").0;
            for first in root.legal_moves() {
                let pos = root.play(first);
                let mut child = pos.child_for_count();
                for mv in pos.legal_moves() {
                    let played = pos.play(mv);
                    let mut made = pos;
                    let undo = made.make_move(mv);
                    assert_eq!(made, played, "make_move and play disagree on {mv:?} in {}", pos.fen());
                    assert_eq!(made.hash, played.hash, "hashes disagree on {mv:?} in {}", pos.fen());
                    assert_eq!(pos.hash_after(mv), made.hash, "hash_after {mv:?} in {}", pos.fen());
                    if pos.side == crate::types::Color::White {
                        pos.play_for_count::<true>(mv, &mut child, true, true);
                    } else {
                        pos.play_for_count::<false>(mv, &mut child, true, true);
                    }
                    let theirs = back_rank(played.side);
                    assert_eq!(
                        (child.bb.by_role, child.bb.by_color, child.castling & theirs, child.ep_square, child.side),
                        (
                            played.bb.by_role,
                            played.bb.by_color,
                            played.castling & theirs,
                            played.ep_square,
                            played.side
                        ),
                        "play_for_count and play disagree on {mv:?} in {}",
                        pos.fen()
                    );
                    made.unmake_move(mv, undo);
                    assert_eq!(made, pos);
                    checked += 1;
                }
            }
        }
        assert!(checked > 5000, "only {checked} moves checked");
    }
}
