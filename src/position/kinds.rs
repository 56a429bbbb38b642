//! Generation by kind, for staged move pickers: noisy moves, quiet moves,
//! evasions, non-evasions and quiet checks, legal or pseudo-legal, into a
//! [`MoveList`] or set by set to a [`MoveVisitor`] that may stop early.
//!
//! Every kind is the one generator of `movegen.rs` with other origin and
//! destination masks (two passes for the kinds that one pair of masks
//! cannot describe); quiet checks filter the quiet moves' destination sets
//! with a [`CheckInfo`].

use core::ops::ControlFlow;

use crate::attacks::{aligned, between, line};
use crate::moves::{Move, MoveList};
use crate::position::check::CheckInfo;
use crate::position::movegen::{origin, Targets, Visitor};
use crate::position::scored::ScoredMoveList;
use crate::position::Position;
use crate::types::{Bitboard, Rank, Role, Square};

/// Which moves to generate (see [`Position::generate_into`]).
///
/// Noisy and quiet moves split all moves in two, and so do evasions and
/// non-evasions (one of them is always empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GenKind {
    /// Every move.
    All,
    /// Captures (capturing promotions included), en passant, and every
    /// promotion, also the ones that capture nothing. In that order:
    /// captures and en passant first, then the quiet promotions.
    Noisy,
    /// Everything that is not noisy: moves that capture nothing and do not
    /// promote, castling included.
    Quiet,
    /// The moves of a side in check; none when not in check. Pseudo-legal
    /// evasions are the king's moves (castling excluded) and, in single
    /// check, the moves that capture the checker or land between it and
    /// the king (pins and the king's safety not looked at).
    Evasions,
    /// Every move of a side not in check; none when in check.
    NonEvasions,
    /// The quiet moves that give check (castling with a checking rook
    /// included).
    QuietChecks,
}

/// Whether generation gives legal moves only, or pseudo-legal ones (which
/// may leave the mover's king attacked; see [`Position::pseudo_legal_moves`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Legality {
    /// Legal moves only.
    Legal,
    /// Pseudo-legal moves: pins and the king's safety are not looked at
    /// (castling is still fully checked).
    PseudoLegal,
}

/// Receives generated moves as sets, and may stop the generation (see
/// [`Position::visit_moves`]). Empty sets are never passed.
///
/// ```
/// use core::ops::ControlFlow;
/// use chess_movegen::{Bitboard, GenKind, Legality, Move, MoveVisitor, Position, Rank, Role, Square};
///
/// /// Counts moves without building them (promotions four times).
/// struct Count<'a> {
///     pos: &'a Position,
///     moves: usize,
/// }
/// impl MoveVisitor for Count<'_> {
///     fn moves(&mut self, from: Square, to: Bitboard) -> ControlFlow<()> {
///         let last_ranks = Rank::First.bitboard() | Rank::Eighth.bitboard();
///         let pawn = self.pos.role_at(from) == Some(Role::Pawn);
///         self.moves += to.len() + if pawn { 3 * (to & last_ranks).len() } else { 0 };
///         ControlFlow::Continue(())
///     }
///     fn special(&mut self, _mv: Move) -> ControlFlow<()> {
///         self.moves += 1;
///         ControlFlow::Continue(())
///     }
/// }
/// let pos = Position::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")?;
/// let mut count = Count { pos: &pos, moves: 0 };
/// let _ = pos.visit_moves(GenKind::All, Legality::Legal, &mut count);
/// assert_eq!(count.moves, 4 + 5);
/// # Ok::<(), chess_movegen::FenError>(())
/// ```
pub trait MoveVisitor {
    /// Moves of the piece on `from` to each square of `to`. A pawn's
    /// destination on the first or last rank stands for four promotions
    /// (queen, rook, bishop, knight); a king's destinations are king steps
    /// (castling comes through [`MoveVisitor::special`]).
    fn moves(&mut self, from: Square, to: Bitboard) -> ControlFlow<()>;

    /// Pawn moves that share one step: to each square `t` of `to` from the
    /// square `offset` indices below `t` (`t - offset`: 8 is White's push,
    /// -8 Black's, 16 a double step, 7 or 9 a capture). Destinations on the
    /// last rank are promotions, as in [`MoveVisitor::moves`]. By default
    /// each move goes to [`MoveVisitor::moves`] on its own; override it to
    /// take a whole set at once.
    fn pawn_moves(&mut self, to: Bitboard, offset: i8) -> ControlFlow<()> {
        for t in to {
            self.moves(origin(t, offset), t.bitboard())?;
        }
        ControlFlow::Continue(())
    }

    /// One en-passant capture or one castling.
    fn special(&mut self, mv: Move) -> ControlFlow<()>;
}

/// Where [`Position::generate_into`] puts the moves: a [`MoveList`], or a
/// [`ScoredMoveList`] (every score set to 0). Sealed: the crate's two list
/// types are the only ones.
pub trait MoveBuffer: sealed::Sealed {}

mod sealed {
    use crate::moves::MoveList;

    /// The crate-internal side of [`super::MoveBuffer`].
    pub trait Sealed {
        /// The list the generator pushes to.
        fn move_list(&mut self) -> &mut MoveList;
        /// Called once the moves are in.
        fn filled(&mut self) {}
    }
}

impl MoveBuffer for MoveList {}

impl sealed::Sealed for MoveList {
    #[cfg_attr(hot_inline, inline(always))]
    fn move_list(&mut self) -> &mut MoveList {
        self
    }
}

impl MoveBuffer for ScoredMoveList {}

impl sealed::Sealed for ScoredMoveList {
    #[cfg_attr(hot_inline, inline(always))]
    fn move_list(&mut self) -> &mut MoveList {
        ScoredMoveList::move_list(self)
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn filled(&mut self) {
        ScoredMoveList::filled(self);
    }
}

/// Feeds a [`MoveVisitor`] from the generator's sets and remembers a stop.
struct Bridge<'a, V: MoveVisitor> {
    visitor: &'a mut V,
    stopped: bool,
}

impl<V: MoveVisitor> Visitor for Bridge<'_, V> {
    #[cfg_attr(hot_inline, inline(always))]
    fn piece(&mut self, from: Square, to: Bitboard) {
        if !self.stopped && to.any() {
            self.stopped = self.visitor.moves(from, to).is_break();
        }
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn pawn(&mut self, from: Square, to: Bitboard) {
        self.piece(from, to);
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn pawn_set(&mut self, to: Bitboard, step: i8) {
        if !self.stopped && to.any() {
            self.stopped = self.visitor.pawn_moves(to, step).is_break();
        }
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn promotion_set(&mut self, to: Bitboard, step: i8) {
        self.pawn_set(to, step);
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn special(&mut self, mv: Move) {
        if !self.stopped {
            self.stopped = self.visitor.special(mv).is_break();
        }
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn done(&self) -> bool {
        self.stopped
    }
}

/// Passes on the quiet moves that give check: destination sets masked
/// with the check squares of the moving piece, or, for a piece that
/// uncovers a check, with the squares off its line to the enemy king.
struct QuietChecks<'a, V: Visitor> {
    pos: &'a Position,
    info: CheckInfo,
    inner: &'a mut V,
}

impl<V: Visitor> QuietChecks<'_, V> {
    #[cfg_attr(hot_inline, inline(always))]
    fn mask(&self, from: Square, role: Role) -> Bitboard {
        let direct = self.info.check_squares(role);
        if self.info.discovered_check_candidates().contains(from) {
            direct | !line(from, self.info.king())
        } else {
            direct
        }
    }
}

impl<V: Visitor> Visitor for QuietChecks<'_, V> {
    fn piece(&mut self, from: Square, to: Bitboard) {
        let role = self.pos.role_at(from).unwrap_or(Role::King);
        self.inner.piece(from, to & self.mask(from, role));
    }
    fn pawn(&mut self, from: Square, to: Bitboard) {
        self.inner.pawn(from, to & self.mask(from, Role::Pawn));
    }
    fn pawn_set(&mut self, to: Bitboard, step: i8) {
        let mut checks = to & self.info.check_squares(Role::Pawn);
        for t in to & !checks {
            let from = origin(t, step);
            if self.info.discovered_check_candidates().contains(from) && !aligned(from, t, self.info.king()) {
                checks = checks.with(t);
            }
        }
        self.inner.pawn_set(checks, step);
    }
    fn promotion_set(&mut self, to: Bitboard, _step: i8) {
        // Promotions are noisy: the quiet targets never produce them.
        debug_assert!(to.is_empty());
    }
    fn special(&mut self, mv: Move) {
        if self.pos.gives_check_with(&self.info, mv) {
            self.inner.special(mv);
        }
    }
    fn done(&self) -> bool {
        self.inner.done()
    }
}

/// Counts the moves to one square, up to two (see
/// [`Position::single_legal_move_to`]). Every set it gets holds that
/// square or nothing, so a set is one move or none: counted, and its
/// origin kept, without a branch.
struct UpToTwo {
    to: Square,
    origins: Bitboard,
    en_passant: Move,
    count: u8,
}

impl UpToTwo {
    #[cfg_attr(hot_inline, inline(always))]
    fn add(&mut self, from: Square, to: Bitboard) {
        let hit = to.any();
        self.count += u8::from(hit);
        self.origins |= Bitboard(from.bitboard().0 & 0u64.wrapping_sub(u64::from(hit)));
    }
}

impl Visitor for UpToTwo {
    const SPARSE: bool = true;

    #[cfg_attr(hot_inline, inline(always))]
    fn piece(&mut self, from: Square, to: Bitboard) {
        self.add(from, to);
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn pawn(&mut self, from: Square, to: Bitboard) {
        self.add(from, to);
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn pawn_set(&mut self, to: Bitboard, step: i8) {
        self.add(origin(self.to, step), to);
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn promotion_set(&mut self, to: Bitboard, step: i8) {
        self.add(origin(self.to, step), to);
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn special(&mut self, mv: Move) {
        self.count += 1;
        self.en_passant = mv;
    }
    #[cfg_attr(hot_inline, inline(always))]
    fn done(&self) -> bool {
        self.count > 1
    }
}

/// # Generation by kind
///
/// The staged generation engines use: by [`GenKind`], legal or pseudo-legal, into a list or set by set to a visitor.
impl Position {
    /// Our pawns one step from promotion.
    #[inline]
    fn pawns_before_promotion(&self) -> Bitboard {
        self.pieces(self.side_to_move(), Role::Pawn) & Rank::Seventh.relative_to(self.side_to_move()).bitboard()
    }

    fn quiet_targets(&self) -> Targets {
        Targets {
            from: !self.pawns_before_promotion(),
            to: !self.occupied(),
            ep_to: Bitboard::EMPTY,
            castle_to: Bitboard::FULL,
        }
    }

    /// The generator for every move, out of line: one compiled copy for
    /// the kinds that want all moves.
    #[inline(never)]
    fn all_moves<const LEGAL: bool, V: Visitor>(&self, v: &mut V) {
        self.generate::<LEGAL, V>(&Targets::ALL, v);
    }

    /// Runs the generator for `kind`.
    fn generate_kind<const LEGAL: bool, V: Visitor>(&self, kind: GenKind, v: &mut V) {
        match kind {
            GenKind::All => self.all_moves::<LEGAL, V>(v),
            GenKind::Noisy => {
                let captures = Targets {
                    from: Bitboard::FULL,
                    to: self.pieces_of_color(!self.side_to_move()),
                    ep_to: Bitboard::FULL,
                    castle_to: Bitboard::EMPTY,
                };
                self.generate::<LEGAL, V>(&captures, v);
                let pawns = self.pawns_before_promotion();
                if pawns.any() && !v.done() {
                    let promotions = Targets {
                        from: pawns,
                        to: !self.occupied(),
                        ep_to: Bitboard::EMPTY,
                        castle_to: Bitboard::EMPTY,
                    };
                    self.generate::<LEGAL, V>(&promotions, v);
                }
            }
            GenKind::Quiet => self.generate::<LEGAL, V>(&self.quiet_targets(), v),
            GenKind::Evasions => {
                let checkers = self.checkers();
                if checkers.is_empty() {
                    return;
                }
                if LEGAL {
                    return self.all_moves::<true, V>(v);
                }
                let king = self.king(self.side_to_move());
                let king_moves = Targets {
                    from: king.bitboard(),
                    to: Bitboard::FULL,
                    ep_to: Bitboard::EMPTY,
                    castle_to: Bitboard::EMPTY,
                };
                self.generate::<false, V>(&king_moves, v);
                if let (Some(checker), false) = (checkers.first(), checkers.more_than_one() || v.done()) {
                    let mask = between(king, checker).with(checker);
                    let ep_to = match self.ep_square() {
                        Some(ep)
                            if mask.contains(ep) || ep.offset(0, self.side_to_move().fold(-1, 1)) == Some(checker) =>
                        {
                            Bitboard::FULL
                        }
                        _ => Bitboard::EMPTY,
                    };
                    let others = Targets { from: !king.bitboard(), to: mask, ep_to, castle_to: Bitboard::EMPTY };
                    self.generate::<false, V>(&others, v);
                }
            }
            GenKind::NonEvasions => {
                if !self.is_check() {
                    self.all_moves::<LEGAL, V>(v);
                }
            }
            GenKind::QuietChecks => {
                let mut filter = QuietChecks { pos: self, info: self.check_info(), inner: v };
                self.generate::<LEGAL, _>(&self.quiet_targets(), &mut filter);
            }
        }
    }

    /// Clears `moves` (a [`MoveList`] or a [`ScoredMoveList`], whose scores
    /// are set to 0) and fills it with the moves of `kind`, legal or
    /// pseudo-legal. Within a kind the order is that of
    /// [`Position::legal_moves`] (for [`GenKind::Noisy`]: captures first,
    /// then quiet promotions).
    ///
    /// ```
    /// use chess_movegen::{GenKind, Legality, MoveList, Position};
    /// let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")?;
    /// let mut noisy = MoveList::new();
    /// let mut quiet = MoveList::new();
    /// pos.generate_into(GenKind::Noisy, Legality::Legal, &mut noisy);
    /// pos.generate_into(GenKind::Quiet, Legality::Legal, &mut quiet);
    /// assert_eq!((noisy.len(), quiet.len()), (8, 40));
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    #[inline]
    pub fn generate_into<B: MoveBuffer>(&self, kind: GenKind, legality: Legality, moves: &mut B) {
        self.fill_list(kind, legality, moves.move_list());
        moves.filled();
    }

    /// The body of [`Position::generate_into`], not generic: compiled
    /// once, in this crate, rather than in every crate that calls it.
    fn fill_list(&self, kind: GenKind, legality: Legality, list: &mut MoveList) {
        // Legal evasions and non-evasions are all legal moves or none,
        // depending on check: decided here, once, and all legal moves come
        // from the specialised generators of `legal_moves_into`.
        if legality == Legality::Legal {
            let all = match kind {
                GenKind::All => Some(true),
                GenKind::Evasions => Some(self.is_check()),
                GenKind::NonEvasions => Some(!self.is_check()),
                _ => None,
            };
            match all {
                Some(true) => return self.legal_moves_into(list),
                Some(false) => return list.clear(),
                None => {}
            }
        }
        list.clear();
        match legality {
            Legality::Legal => self.generate_kind::<true, _>(kind, list),
            Legality::PseudoLegal => self.generate_kind::<false, _>(kind, list),
        }
    }

    /// Sends the moves of `kind` to `visitor`, set by set (see
    /// [`MoveVisitor`]), until it returns [`ControlFlow::Break`]; returns
    /// `Break` if it stopped. After a `Break` the visitor is not called
    /// again and the generator stops at its next step (king, knights,
    /// sliders, pawns, en passant). Nothing is built: a visitor can count
    /// moves with popcounts or look for one and stop.
    ///
    /// ```
    /// use core::ops::ControlFlow;
    /// use chess_movegen::{Bitboard, GenKind, Legality, Move, MoveVisitor, Position, Square};
    ///
    /// /// Stops at the first quiet check.
    /// struct First(Option<(Square, Square)>);
    /// impl MoveVisitor for First {
    ///     fn moves(&mut self, from: Square, to: Bitboard) -> ControlFlow<()> {
    ///         self.0 = to.first().map(|to| (from, to));
    ///         ControlFlow::Break(())
    ///     }
    ///     fn special(&mut self, mv: Move) -> ControlFlow<()> {
    ///         self.0 = Some((mv.from(), mv.to()));
    ///         ControlFlow::Break(())
    ///     }
    /// }
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")?;
    /// let mut first = First(None);
    /// assert!(pos.visit_moves(GenKind::QuietChecks, Legality::Legal, &mut first).is_break());
    /// assert_eq!(first.0, Some((Square::A1, Square::A8)));
    /// # Ok::<(), chess_movegen::FenError>(())
    /// ```
    pub fn visit_moves<V: MoveVisitor>(&self, kind: GenKind, legality: Legality, visitor: &mut V) -> ControlFlow<()> {
        let mut bridge = Bridge { visitor, stopped: false };
        match legality {
            Legality::Legal => self.generate_kind::<true, _>(kind, &mut bridge),
            Legality::PseudoLegal => self.generate_kind::<false, _>(kind, &mut bridge),
        }
        if bridge.stopped {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// The one legal move from a square of `from` to `to` (castling not
    /// counted; en passant only if `en_passant`), if there is exactly one:
    /// for readers of move text, which know the destination and the pieces
    /// that may be meant. One generation call with those masks, which
    /// stops at the second move found. A pawn move to the last rank is
    /// given as a normal move (the text says what it promotes to).
    #[cfg_attr(hot_inline, inline(always))]
    pub(crate) fn single_legal_move_to(&self, from: Bitboard, to: Square, en_passant: bool) -> Option<Move> {
        let target = to.bitboard();
        let t = Targets {
            from,
            to: target,
            ep_to: if en_passant { target } else { Bitboard::EMPTY },
            castle_to: Bitboard::EMPTY,
        };
        let mut found = UpToTwo { to, origins: Bitboard::EMPTY, en_passant: Move::NULL, count: 0 };
        if cfg!(feature = "compact") {
            // One generator copy fewer: the list's serves, its moves
            // handed to the counter (a promotion is listed four times,
            // from one origin, and counted once).
            let mut list = MoveList::new();
            self.generate::<true, _>(&t, &mut list);
            for &mv in list.iter() {
                if mv.is_en_passant() {
                    found.special(mv);
                } else if !found.origins.contains(mv.from()) {
                    found.piece(mv.from(), mv.to().bitboard());
                }
            }
        } else {
            self.generate::<true, _>(&t, &mut found);
        }
        if found.count != 1 {
            return None;
        }
        Some(match found.origins.first() {
            Some(from) => Move::new(from, to),
            None => found.en_passant,
        })
    }
}
