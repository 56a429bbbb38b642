//! Legal and pseudo-legal move generation.
//!
//! One generator serves every query. It is parameterised by
//! - a `const LEGAL: bool`: pin- and check-aware legal generation, or
//!   pseudo-legal generation (moves that may leave the king attacked),
//!   and the side to move (`const WHITE: bool`);
//! - [`Targets`]: which origin and destination squares are wanted
//!   (all moves, captures, quiets, from a square, to a square);
//! - a [`Known`] type: what the caller knows beyond the board (of castling, en
//!   passant), a constant at each call, so that the code for what cannot
//!   happen is left out;
//! - a [`Visitor`] that receives the moves as sets (one origin and a
//!   bitboard of destinations, or a set of pawn moves sharing one step), so
//!   counting is a popcount and no list is built unless one is wanted.
//!
//! Its entry points: [`Position::generate`] (any targets),
//! [`Position::generate_for_side`] (the core, for one side to move),
//! `Position::generate_legal` (every legal move, specialised on castling,
//! in `castling_moves.rs`), `Position::generate_kind` and the public
//! [`Position::generate_into`] (by [`GenKind`](crate::GenKind), in
//! `kinds.rs`). The list's side (writing sets into a [`MoveList`]) is in
//! `list_writer.rs`, bulk perft's last two plies in `bulk.rs`.
//!
//! Legal generation works out the checkers and pinned pieces once. In
//! double check only the king moves. Otherwise every non-king move must land
//! on the check mask (the checker or a square between it and the king), and
//! a pinned piece must stay on the line through its king. King moves are
//! tested against the attacks with the king taken off the board (so it
//! cannot hide behind itself from a slider). En passant, which removes two
//! pieces from one rank, is tested by looking at the king's slider lines on
//! the board as it would be after the capture.

use crate::attacks::{self, between, line};
use crate::moves::{Move, MoveList};
use crate::position::castling_moves::castling_reach;
use crate::position::Position;
use crate::types::castling::king_path;
use crate::types::{Bitboard, Color, Rank, Role, Square};

/// Which moves a generation call wants.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Targets {
    /// Origins (the king's square for castling).
    pub from: Bitboard,
    /// Destinations of normal moves and promotions.
    pub to: Bitboard,
    /// En-passant captures are wanted if this contains the en-passant square.
    pub ep_to: Bitboard,
    /// Castlings are wanted if this contains the king's destination.
    pub castle_to: Bitboard,
}

impl Targets {
    pub const ALL: Targets =
        Targets { from: Bitboard::FULL, to: Bitboard::FULL, ep_to: Bitboard::FULL, castle_to: Bitboard::FULL };

    /// Moves from a square in `from` to a square in `to`; en passant counts
    /// as going to the en-passant square, castling to the king's destination.
    pub const fn masked(from: Bitboard, to: Bitboard) -> Targets {
        Targets { from, to, ep_to: to, castle_to: to }
    }
}

/// What a generator knows of the side to move's castling, beyond the
/// board (a constant at every call, so that the code for castlings that
/// cannot happen is left out):
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CastlingKnown {
    /// nothing: the rights are looked at;
    Any,
    /// it has no castling rights;
    None,
    /// its king is on e1 (e8) and its castling rights, if any, are on
    /// rooks in the corners, as in standard chess; and the opponent's king
    /// is on its own half of the board (see
    /// [`Position::king_is_far`]), so that it attacks neither of our
    /// first two ranks, where our king's steps and castling paths lie (its
    /// attacks are not looked at).
    Standard,
}

/// What a generation call knows beyond the board, as a type whose
/// constants every step reads at compile time, so that the code for what
/// cannot happen is never built (one type parameter where three more const
/// parameters would be needed).
pub(crate) trait Known {
    /// What is known of the side to move's castling.
    const CASTLING: CastlingKnown;
    /// False if no en-passant capture is possible (the en-passant square
    /// is then not read).
    const EN_PASSANT: bool;
    /// In legal generation, a position in check is handed to
    /// [`Position::legal_evasions`], out of line, so that a caller with
    /// several generators compiles one body for check evasions instead of
    /// one per generator.
    const SHARED_EVASIONS: bool;
}

/// Declares the [`Known`] types: name, castling, en passant, shared
/// evasions.
macro_rules! known {
    ($($(#[$doc:meta])* $name:ident: $castling:ident, $en_passant:expr, $shared:expr;)*) => {$(
        $(#[$doc])*
        pub(crate) struct $name;
        impl Known for $name {
            const CASTLING: CastlingKnown = CastlingKnown::$castling;
            const EN_PASSANT: bool = $en_passant;
            const SHARED_EVASIONS: bool = $shared;
        }
    )*};
}

known! {
    /// Nothing known: every rule is looked at.
    Nothing: Any, true, false;
    /// The legal listing without castling rights (check evasions shared).
    ListNoCastling: None, true, true;
    /// The legal listing with standard castling (check evasions shared).
    ListStandard: Standard, true, true;
    /// The legal listing with any castling (check evasions shared).
    ListAnyCastling: Any, true, true;
    /// Check evasions: no castling.
    Evasions: None, true, false;
    /// Bulk perft's leaves without en passant or castling rights.
    LeafNoCastling: None, false, false;
    /// Bulk perft's leaves without en passant, with standard castling.
    #[cfg_attr(feature = "compact", allow(dead_code))]
    LeafStandard: Standard, false, false;
    /// Bulk perft's leaves without en passant, with any castling.
    LeafAnyCastling: Any, false, false;
}

/// Receives generated moves as sets.
pub(crate) trait Visitor {
    /// Non-pawn moves (and castling-free king moves) from `from` to each square of `to`.
    fn piece(&mut self, from: Square, to: Bitboard);
    /// Pawn moves from `from` to each square of `to`; those reaching the
    /// last rank are four promotions each.
    fn pawn(&mut self, from: Square, to: Bitboard);
    /// Pawn moves (not promotions) to each square of `to` from `to - step`.
    fn pawn_set(&mut self, to: Bitboard, step: i8);
    /// Promotions (four each) to each square of `to` from `to - step`.
    fn promotion_set(&mut self, to: Bitboard, step: i8);
    /// The single pushes (not promotions) to `single`, from one rank
    /// behind (`up` is the step), and the double pushes to `double`: two
    /// [`Visitor::pawn_set`]s, which a counter adds up in one (the sets
    /// are on different ranks).
    #[cfg_attr(hot_inline, inline(always))]
    fn pawn_pushes(&mut self, single: Bitboard, double: Bitboard, up: i8) {
        self.pawn_set(single, up);
        self.pawn_set(double, 2 * up);
    }
    /// One special move: en passant or castling.
    fn special(&mut self, mv: Move);
    /// True for visitors of a few origins (a move text's candidates): the
    /// slider and pawn steps are skipped when none of those pieces is
    /// among them. `false` for the
    /// others, whose code is then unchanged.
    const SPARSE: bool = false;
    /// True once the visitor wants no more moves: the generator then stops
    /// at the next step (king, knights, sliders, pawns, en passant). A
    /// constant `false` for the visitors that never stop, so their code is
    /// unchanged.
    #[cfg_attr(hot_inline, inline(always))]
    fn done(&self) -> bool {
        false
    }
}

/// Counts moves without building them.
///
/// With a hardware popcount each set is counted as it comes. Without one
/// (baseline x86-64), the sets are counted per byte, three steps of the
/// usual bit-parallel popcount, into `bytes`, and the bytes are added up
/// once at the end, saving the final multiply and shift of every count.
/// No byte can overflow: a byte gathers the moves that land on one rank,
/// and at most 29 legal moves land on one square (8 sliders, one per
/// direction, 8 knights, the king, and 3 pawn moves counted 4 times as
/// promotions), so at most 8 × 29 = 232 per byte.
#[derive(Default)]
pub(crate) struct Counter {
    moves: usize,
    bytes: u64,
}

impl Counter {
    #[cfg_attr(hot_inline, inline(always))]
    fn add(&mut self, to: Bitboard, times: u64) {
        if cfg!(target_feature = "popcnt") {
            self.moves += (times * to.len() as u64) as usize;
        } else {
            let x = to.0;
            let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
            let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
            self.bytes += times * ((x + (x >> 4)) & 0x0f0f_0f0f_0f0f_0f0f);
        }
    }

    #[cfg_attr(hot_inline, inline(always))]
    pub(super) fn total(&self) -> usize {
        let pairs = (self.bytes & 0x00ff_00ff_00ff_00ff) + ((self.bytes >> 8) & 0x00ff_00ff_00ff_00ff);
        self.moves + (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as usize
    }
}

impl Visitor for Counter {
    #[cfg_attr(hot_inline, inline(always))]
    fn piece(&mut self, _from: Square, to: Bitboard) {
        self.add(to, 1);
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn pawn(&mut self, _from: Square, to: Bitboard) {
        self.add(to, 1);
        self.add(to & Bitboard::BACK_RANKS, 3);
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn pawn_set(&mut self, to: Bitboard, _step: i8) {
        self.add(to, 1);
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn promotion_set(&mut self, to: Bitboard, _step: i8) {
        self.add(to, 4);
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn pawn_pushes(&mut self, single: Bitboard, double: Bitboard, _up: i8) {
        self.add(single | double, 1);
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn special(&mut self, _mv: Move) {
        self.moves += 1;
    }
}

/// The origin of a pawn's step of `step` squares to `to`.
#[cfg_attr(hot_inline, inline(always))]
pub(super) fn origin(to: Square, step: i8) -> Square {
    Square::from_index_wrapping((to as i8).wrapping_sub(step) as u8)
}

/// Notes whether any move is generated, and stops the generator at the
/// first step that has one ([`Position::has_legal_moves`]).
#[derive(Default)]
struct AnyMove {
    found: bool,
}

impl Visitor for AnyMove {
    #[cfg_attr(hot_inline, inline(always))]
    fn piece(&mut self, _from: Square, to: Bitboard) {
        self.found |= to.any();
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn pawn(&mut self, _from: Square, to: Bitboard) {
        self.found |= to.any();
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn pawn_set(&mut self, to: Bitboard, _step: i8) {
        self.found |= to.any();
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn promotion_set(&mut self, to: Bitboard, _step: i8) {
        self.found |= to.any();
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn special(&mut self, _mv: Move) {
        self.found = true;
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn done(&self) -> bool {
        self.found
    }
}

/// Looks for one move among the generated ones.
struct Finder {
    wanted: Move,
    found: bool,
}

impl Visitor for Finder {
    fn piece(&mut self, from: Square, to: Bitboard) {
        self.found |= Move::new(from, self.wanted.to()) == self.wanted && to.contains(self.wanted.to());
    }
    fn pawn(&mut self, from: Square, to: Bitboard) {
        let target = self.wanted.to();
        if from == self.wanted.from() && to.contains(target) {
            self.found |= match self.wanted.promotion_role() {
                Some(role) => {
                    Bitboard::BACK_RANKS.contains(target) && Move::promotion(from, target, role) == self.wanted
                }
                None => !Bitboard::BACK_RANKS.contains(target) && Move::new(from, target) == self.wanted,
            };
        }
    }
    fn pawn_set(&mut self, to: Bitboard, step: i8) {
        let target = self.wanted.to();
        self.found |= to.contains(target) && Move::new(origin(target, step), target) == self.wanted;
    }
    fn promotion_set(&mut self, to: Bitboard, step: i8) {
        let target = self.wanted.to();
        if let Some(role) = self.wanted.promotion_role() {
            self.found |= to.contains(target) && Move::promotion(origin(target, step), target, role) == self.wanted;
        }
    }
    fn special(&mut self, mv: Move) {
        self.found |= mv == self.wanted;
    }
}

/// The squares a non-king move must land on: the checker or a square
/// between it and the king when in (single) check, anywhere otherwise.
#[cfg_attr(hot_inline, inline(always))]
fn check_mask(f: &Frame) -> Bitboard {
    match f.checkers.first() {
        Some(checker) => between(f.king, checker).with(checker),
        None => Bitboard::FULL,
    }
}

/// `bb` shifted by `step` squares (positive: towards h8).
#[cfg_attr(hot_inline, inline(always))]
pub(super) fn shift(bb: Bitboard, step: i8) -> Bitboard {
    if step >= 0 {
        Bitboard(bb.0 << step)
    } else {
        Bitboard(bb.0 >> -step)
    }
}

/// What every step of one generation call needs, worked out once.
pub(super) struct Frame {
    pub us: Color,
    pub king: Square,
    pub ours: Bitboard,
    pub theirs: Bitboard,
    pub occupied: Bitboard,
    /// Enemy pieces giving check.
    pub checkers: Bitboard,
    /// Our pieces pinned to our king (legal generation only; empty otherwise).
    pub pinned: Bitboard,
}

/// # Generation
///
/// Legal and pseudo-legal moves, counts without a list, moves from, to and between masks, captures and non-captures, and legality tests.
impl Position {
    /// The squares `color` attacks, with `occupied` as the occupancy,
    /// counting only the knights, diagonal and orthogonal sliders in
    /// `reach[0]`, `reach[1]` and `reach[2]` (pawns always count, the
    /// king if `king`).
    /// Exact on every square that the left-out pieces cannot attack.
    #[cfg_attr(hot_inline, inline(always))]
    pub(super) fn attacked_squares(
        &self,
        color: Color,
        occupied: Bitboard,
        reach: [Bitboard; 3],
        king: bool,
    ) -> Bitboard {
        let theirs = self.bb.by_color[color.index()];
        let mut attacked = attacks::pawn_attacks_set(color, self.bb.by_role[Role::Pawn.index()] & theirs);
        if king {
            attacked |= attacks::king_attacks(self.king(color));
        }
        for from in self.bb.by_role[Role::Knight.index()] & theirs & reach[0] {
            attacked |= attacks::knight_attacks(from);
        }
        for from in self.diagonal_sliders() & theirs & reach[1] {
            attacked |= attacks::bishop_attacks(from, occupied);
        }
        for from in self.orthogonal_sliders() & theirs & reach[2] {
            attacked |= attacks::rook_attacks(from, occupied);
        }
        attacked
    }

    /// The generator. See the module documentation.
    #[cfg_attr(hot_inline, inline(always))]
    pub(crate) fn generate<const LEGAL: bool, V: Visitor>(&self, t: &Targets, v: &mut V) {
        // One copy per side to move, so that every color-dependent step
        // (pawn direction, back rank, castling rank) is a constant.
        match self.side {
            Color::White => self.generate_for_side::<LEGAL, true, Nothing, V>(self.king(Color::White), t, v),
            Color::Black => self.generate_for_side::<LEGAL, false, Nothing, V>(self.king(Color::Black), t, v),
        }
    }

    /// The generator for one side to move (`WHITE`): king moves and
    /// castling, then (unless in double check, where only the king moves)
    /// knights, sliders, pawns and en passant, every non-king move limited
    /// to the check mask. `king` is the side to move's king square, passed
    /// in so that a loop over positions with the same king (bulk perft's
    /// last ply) looks it up once, and with it everything the king's
    /// square decides (its steps, rays and zone). `K` is what the caller
    /// knows beyond the board (see [`Known`]).
    #[cfg_attr(hot_inline, inline(always))]
    pub(crate) fn generate_for_side<const LEGAL: bool, const WHITE: bool, K: Known, V: Visitor>(
        &self,
        king: Square,
        t: &Targets,
        v: &mut V,
    ) {
        if cfg!(feature = "compact") {
            let us = if WHITE { Color::White } else { Color::Black };
            // Three kinds of what is known are enough: bulk perft's
            // leaves, whose castling rights (if none are known) and
            // en-passant square are not kept up to date, and the rest,
            // where everything is read.
            return if K::EN_PASSANT {
                self.generate_compact::<LEGAL, Nothing, V>(us, king, t, v)
            } else if K::CASTLING == CastlingKnown::None {
                self.generate_compact::<LEGAL, LeafNoCastling, V>(us, king, t, v)
            } else {
                self.generate_compact::<LEGAL, LeafAnyCastling, V>(us, king, t, v)
            };
        }
        let f = self.frame::<LEGAL, WHITE>(king);
        // One copy for positions in check and one for the others, so that
        // the second tests nothing about checks.
        if LEGAL && f.checkers.any() {
            if K::SHARED_EVASIONS {
                return self.legal_evasions::<WHITE, V>(king, v);
            }
            self.frame_moves::<LEGAL, true, K, V>(&f, t, v);
        } else {
            self.frame_moves::<LEGAL, false, K, V>(&f, t, v);
        }
    }

    /// [`Position::generate_for_side`] under the `compact` feature: one
    /// body per visitor, legality and (of three) kind of what is known,
    /// the side to move and whether it is in check read at run time
    /// instead of compiled into separate copies (a smaller module for a
    /// download, at some speed).
    #[inline(never)]
    pub(super) fn generate_compact<const LEGAL: bool, K: Known, V: Visitor>(
        &self,
        us: Color,
        king: Square,
        t: &Targets,
        v: &mut V,
    ) {
        let f = match us {
            Color::White => self.frame::<LEGAL, true>(king),
            Color::Black => self.frame::<LEGAL, false>(king),
        };
        self.frame_moves::<LEGAL, false, K, V>(&f, t, v);
    }

    /// The body of [`Position::generate_for_side`] once the frame is
    /// made; `IN_CHECK` (legal generation only) is whether the side to
    /// move is in check.
    #[cfg_attr(hot_inline, inline(always))]
    pub(super) fn frame_moves<const LEGAL: bool, const IN_CHECK: bool, K: Known, V: Visitor>(
        &self,
        f: &Frame,
        t: &Targets,
        v: &mut V,
    ) {
        // Under `compact` one copy serves both: in check is read here.
        let in_check = LEGAL && (IN_CHECK || (cfg!(feature = "compact") && f.checkers.any()));
        if t.from.contains(f.king) {
            self.king_moves::<LEGAL, IN_CHECK, K, V>(f, t, v);
        }
        if (in_check && f.checkers.more_than_one()) || v.done() {
            return;
        }
        let check_mask = if in_check { check_mask(f) } else { Bitboard::FULL };
        let target = !f.ours & check_mask & t.to;
        let unpinned = t.from & !f.pinned;
        self.knight_moves(f, target, unpinned, v);
        if v.done() {
            return;
        }
        self.slider_moves::<LEGAL, V>(f, target, t.from, v);
        if v.done() {
            return;
        }
        self.pawn_moves(f, target, unpinned, v);
        if LEGAL && !in_check {
            self.pinned_pawn_moves(f, t, v);
        }
        if v.done() || !K::EN_PASSANT {
            return;
        }
        if let Some(ep) = self.ep_square {
            // Most en-passant squares have no pawn of ours beside them:
            // tested here, before the call.
            let capturers = attacks::pawn_attacks(!f.us, ep) & self.pieces(f.us, Role::Pawn) & t.from;
            if t.ep_to.contains(ep) && capturers.any() {
                for from in self.en_passant_origins::<LEGAL>(ep, f.king, check_mask, capturers) {
                    v.special(Move::en_passant(from, ep));
                }
            }
        }
    }

    /// The side to move's pieces, king, checkers and (in legal generation)
    /// pinned pieces.
    #[cfg_attr(hot_inline, inline(always))]
    pub(super) fn frame<const LEGAL: bool, const WHITE: bool>(&self, king: Square) -> Frame {
        let us = if WHITE { Color::White } else { Color::Black };
        let ours = self.bb.by_color[us.index()];
        let theirs = self.bb.by_color[(!us).index()];
        let occupied = ours | theirs;
        let (checkers, pinned) = self.checkers_and_pinned(us, king, occupied);
        let pinned = if LEGAL { pinned } else { Bitboard::EMPTY };
        Frame { us, king, ours, theirs, occupied, checkers, pinned }
    }

    /// King steps and castling. The king may not step onto an attacked
    /// square (in legal generation), and castling may not cross one
    /// (always, also in pseudo-legal generation).
    #[cfg_attr(hot_inline, inline(always))]
    fn king_moves<const LEGAL: bool, const IN_CHECK: bool, K: Known, V: Visitor>(
        &self,
        f: &Frame,
        t: &Targets,
        v: &mut V,
    ) {
        let castling = K::CASTLING;
        let to = attacks::king_attacks(f.king) & !f.ours & t.to;
        // In pseudo-legal generation the checks are not known in advance.
        // (Under `compact`, in legal generation too: see `frame_moves`.)
        let not_in_check = if LEGAL && !cfg!(feature = "compact") { !IN_CHECK } else { f.checkers.is_empty() };
        let castles =
            if not_in_check { self.castling_candidates(f.us, f.king, t.castle_to, castling) } else { Bitboard::EMPTY };
        let occupied = f.occupied.without(f.king);
        if castling == CastlingKnown::Standard && castles.any() {
            // Standard castling: the rooks in their corners, where they
            // shield no square of the king's path, so the king's map (the
            // king lifted), made exact on the paths of both castlings,
            // decides them too (the rule of `Position::castling_path_safe`
            // with the map shared). The king's square is known to be e1
            // (e8), and the enemy king far (its steps left out): where the
            // square is a constant (bulk perft's last ply), so is every
            // path and reach.
            let [h, a] = [Square::H1, Square::A1].map(|rook| castling_reach(f.us, f.king, rook));
            let zone = attacks::king_zone_reach(f.king);
            let reach = [0, 1, 2].map(|i| zone[i] | h[i] | a[i]);
            let danger = self.attacked_squares(!f.us, occupied, reach, false);
            v.piece(f.king, if LEGAL { to & !danger } else { to });
            for rook in [Square::H1.relative_to(f.us), Square::A1.relative_to(f.us)] {
                if castles.contains(rook) && (king_path(f.king, rook) & danger).is_empty() {
                    v.special(Move::castle(f.king, rook));
                }
            }
            return;
        }
        let danger = if LEGAL && to.any() {
            // With standard castling known, the enemy king is far from
            // ours (see `CastlingKnown::Standard`): its steps are left out.
            let enemy_king = castling != CastlingKnown::Standard;
            self.attacked_squares(!f.us, occupied, attacks::king_zone_reach(f.king), enemy_king)
        } else {
            Bitboard::EMPTY
        };
        v.piece(f.king, if LEGAL { to & !danger } else { to });
        if castles.any() {
            // Out of line, free of the visitor: one copy.
            for rook in self.legal_castling_rooks(f.king, castles) {
                v.special(Move::castle(f.king, rook));
            }
        }
    }

    /// Moves of the knights on `unpinned` (a pinned knight never moves).
    #[cfg_attr(hot_inline, inline(always))]
    fn knight_moves<V: Visitor>(&self, f: &Frame, target: Bitboard, unpinned: Bitboard, v: &mut V) {
        for from in self.pieces(f.us, Role::Knight) & unpinned {
            v.piece(from, attacks::knight_attacks(from) & target);
        }
    }

    /// Slider moves: diagonal and orthogonal moves in separate loops (a
    /// queen's two sets are disjoint, so counting them apart is exact);
    /// pinned sliders, rare, move along the pin line only.
    #[cfg_attr(hot_inline, inline(always))]
    fn slider_moves<const LEGAL: bool, V: Visitor>(&self, f: &Frame, target: Bitboard, from: Bitboard, v: &mut V) {
        let diagonal = self.diagonal_sliders() & f.ours & from;
        let orthogonal = self.orthogonal_sliders() & f.ours & from;
        if V::SPARSE && (diagonal | orthogonal).is_empty() {
            return;
        }
        for from in diagonal & !f.pinned {
            v.piece(from, attacks::bishop_attacks(from, f.occupied) & target);
        }
        for from in orthogonal & !f.pinned {
            v.piece(from, attacks::rook_attacks(from, f.occupied) & target);
        }
        if LEGAL && ((diagonal | orthogonal) & f.pinned).any() {
            for from in diagonal & f.pinned {
                v.piece(from, attacks::bishop_attacks(from, f.occupied) & target & line(f.king, from));
            }
            for from in orthogonal & f.pinned {
                v.piece(from, attacks::rook_attacks(from, f.occupied) & target & line(f.king, from));
            }
        }
    }

    /// Pushes, double pushes, captures and promotions of the pawns on
    /// `unpinned`, set-wise.
    #[cfg_attr(hot_inline, inline(always))]
    fn pawn_moves<V: Visitor>(&self, f: &Frame, target: Bitboard, unpinned: Bitboard, v: &mut V) {
        let us = f.us;
        let free = self.pieces(us, Role::Pawn) & unpinned;
        if V::SPARSE && free.is_empty() {
            return;
        }
        let up: i8 = us.fold(8, -8);
        let empty = !f.occupied;
        let single = free.forward(us) & empty;
        let double = (single & Rank::Third.relative_to(us).bitboard()).forward(us) & empty & target;
        let single = single & target;
        let capturable = f.theirs & target;
        let sides = [(!Bitboard::FILE_A, up - 1), (!Bitboard::FILE_H, up + 1)];
        if (free & Rank::Seventh.relative_to(us).bitboard()).is_empty() {
            // Most often no pawn can promote: no back-rank masks.
            v.pawn_pushes(single, double, up);
            for (files, step) in sides {
                v.pawn_set(shift(free & files, step) & capturable, step);
            }
            return;
        }
        // Single pushes and double pushes land on different squares.
        v.pawn_pushes(single & !Bitboard::BACK_RANKS, double, up);
        let promotions = single & Bitboard::BACK_RANKS;
        if promotions.any() {
            v.promotion_set(promotions, up);
        }
        // Captures towards the a-file and towards the h-file.
        for (files, step) in sides {
            let to = shift(free & files, step) & capturable;
            v.pawn_set(to & !Bitboard::BACK_RANKS, step);
            if (to & Bitboard::BACK_RANKS).any() {
                v.promotion_set(to & Bitboard::BACK_RANKS, step);
            }
        }
    }

    /// Pinned pawns, one by one, along the pin line (only when not in
    /// check: a pinned piece cannot resolve a check).
    #[cfg_attr(hot_inline, inline(always))]
    fn pinned_pawn_moves<V: Visitor>(&self, f: &Frame, t: &Targets, v: &mut V) {
        let us = f.us;
        for from in self.pieces(us, Role::Pawn) & t.from & f.pinned {
            let single = from.bitboard().forward(us) & !f.occupied;
            let double = (single & Rank::Third.relative_to(us).bitboard()).forward(us) & !f.occupied;
            let captures = attacks::pawn_attacks(us, from) & f.theirs;
            v.pawn(from, (single | double | captures) & line(f.king, from) & t.to);
        }
    }

    /// The pawns among `capturers` (ours, beside the en-passant square)
    /// that may capture en passant on `ep`.
    /// Out of line (en passant is rare) and, like
    /// [`Position::legal_castling_rooks`], free of the visitor: one copy,
    /// not one per kind of visitor.
    #[inline(never)]
    fn en_passant_origins<const LEGAL: bool>(
        &self,
        ep: Square,
        king: Square,
        check_mask: Bitboard,
        capturers: Bitboard,
    ) -> Bitboard {
        let us = self.side;
        let them = !us;
        let victim = ep.offset(0, us.fold(-1, 1)).unwrap_or(ep);
        if LEGAL && !check_mask.contains(ep) && !check_mask.contains(victim) {
            return Bitboard::EMPTY;
        }
        let mut origins = Bitboard::EMPTY;
        for from in capturers {
            if LEGAL {
                let after = (self.occupied() ^ from.bitboard() ^ victim.bitboard()) | ep.bitboard();
                if self.slider_attackers(king, them, after).any() {
                    continue;
                }
            }
            origins = origins.with(from);
        }
        origins
    }

    /// The moves of `t` in a list: the one compiled copy of the
    /// generator for the masked listings (captures, non-captures, from,
    /// to, masked, pseudo-legal), which are not hot enough to pay a copy
    /// each.
    #[inline(never)]
    fn collect<const LEGAL: bool>(&self, t: &Targets) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<LEGAL, _>(t, &mut list);
        list
    }

    /// Clears `moves` and fills it with the legal moves, in the same order
    /// as [`Position::legal_moves`]. Returning a list by value copies it
    /// (516 bytes); a loop that keeps one list per ply, as a search or
    /// perft does, saves that copy with this.
    ///
    /// ```
    /// use chess_movegen::{MoveList, Position};
    /// let mut moves = MoveList::new();
    /// Position::startpos().legal_moves_into(&mut moves);
    /// assert_eq!(moves.len(), 20);
    /// ```
    pub fn legal_moves_into(&self, moves: &mut MoveList) {
        moves.clear();
        self.generate_legal(moves);
    }

    /// All legal moves.
    ///
    /// ```
    /// use chess_movegen::Position;
    /// let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")?;
    /// assert_eq!(pos.legal_moves().len(), 48);
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        // The compiled generator of `legal_moves_into` serves: a second
        // copy would double the biggest share of the build for a store.
        let mut moves = MoveList::new();
        self.legal_moves_into(&mut moves);
        moves
    }

    /// The number of legal moves, counted without building a list.
    pub fn legal_move_count(&self) -> usize {
        let mut counter = Counter::default();
        self.generate_legal(&mut counter);
        counter.total()
    }

    /// True if the side to move has at least one legal move. The
    /// generator stops at the first of its steps (king, knights, sliders,
    /// pawns, en passant) that finds one.
    pub fn has_legal_moves(&self) -> bool {
        if cfg!(feature = "compact") {
            // One generator copy fewer: the counter's serves.
            return self.legal_move_count() > 0;
        }
        let mut any = AnyMove::default();
        self.generate::<true, _>(&Targets::ALL, &mut any);
        any.found
    }

    /// Legal moves that capture a piece: ordinary captures, capturing
    /// promotions and en passant. With [`Position::legal_non_captures`]
    /// they split the legal moves in two. (An engine's split is different:
    /// [`GenKind::Noisy`](crate::GenKind::Noisy) adds the promotions that capture nothing, and
    /// [`GenKind::Quiet`](crate::GenKind::Quiet) leaves them out; see
    /// [`Position::generate_into`].)
    pub fn legal_captures(&self) -> MoveList {
        let t = Targets {
            to: self.bb.by_color[(!self.side).index()],
            ep_to: Bitboard::FULL,
            castle_to: Bitboard::EMPTY,
            ..Targets::ALL
        };
        self.collect::<true>(&t)
    }

    /// Legal moves that capture nothing: ordinary moves, promotions that
    /// capture nothing, and castling (the complement of
    /// [`Position::legal_captures`]).
    pub fn legal_non_captures(&self) -> MoveList {
        let t = Targets { to: !self.occupied(), ep_to: Bitboard::EMPTY, castle_to: Bitboard::FULL, ..Targets::ALL };
        self.collect::<true>(&t)
    }

    /// Legal moves of the piece on `from` (none if it is not the side to
    /// move's piece). Castling counts as a king move.
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        self.collect::<true>(&Targets::masked(from.bitboard(), Bitboard::FULL))
    }

    /// Legal moves that end on `to`: en passant ends on the en-passant
    /// square, castling on the king's destination.
    pub fn legal_moves_to(&self, to: Square) -> MoveList {
        self.collect::<true>(&Targets::masked(Bitboard::FULL, to.bitboard()))
    }

    /// Legal moves starting on a square of `from` and ending on a square of
    /// `to` (en passant ends on the en-passant square, castling on the
    /// king's destination). `legal_moves_masked(pos.pieces(c, Role::Knight), Bitboard::FULL)`
    /// gives the knight moves, for example.
    pub fn legal_moves_masked(&self, from: Bitboard, to: Bitboard) -> MoveList {
        self.collect::<true>(&Targets::masked(from, to))
    }

    /// Pseudo-legal moves: like [`Position::legal_moves`], but including
    /// moves that leave the mover's own king attacked (by ignoring pins and
    /// checks). Castling is only generated when fully legal. Engines that
    /// test legality late use this with [`Position::is_legal`].
    pub fn pseudo_legal_moves(&self) -> MoveList {
        self.collect::<false>(&Targets::ALL)
    }

    fn contains<const LEGAL: bool>(&self, mv: Move) -> bool {
        let mut finder = Finder { wanted: mv, found: false };
        let t = if mv.is_castle() {
            Targets::masked(mv.from().bitboard(), mv.destination().bitboard())
        } else {
            Targets::masked(mv.from().bitboard(), mv.to().bitboard())
        };
        if cfg!(feature = "compact") {
            // One generator copy fewer: the list's serves.
            return self.collect::<LEGAL>(&t).contains(&mv);
        }
        self.generate::<LEGAL, _>(&t, &mut finder);
        finder.found
    }

    /// True if `mv` is legal here. Any `Move` value may be asked about,
    /// including ones built from untrusted input.
    ///
    /// ```
    /// use chess_movegen::{Move, Position, Square};
    /// let pos = Position::startpos();
    /// assert!(pos.is_legal(Move::new(Square::E2, Square::E4)));
    /// assert!(!pos.is_legal(Move::new(Square::E2, Square::E5)));
    /// ```
    pub fn is_legal(&self, mv: Move) -> bool {
        self.contains::<true>(mv)
    }

    /// True if `mv` is pseudo-legal here (see [`Position::pseudo_legal_moves`]).
    pub fn is_pseudo_legal(&self, mv: Move) -> bool {
        self.contains::<false>(mv)
    }
}
