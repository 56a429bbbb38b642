//! The staged move picker and the quiet-move history it orders by: the
//! legal moves of a position one at a time, best guess first, each group
//! generated only when the previous one is used up.

use chess_movegen::{Bitboard, Color, GenKind, Legality, Move, MoveList, Position, Role, ScoredMoveList, Threats};

use super::eval::VALUE;

/// Captures, en passant and promotions (the moves of [`GenKind::Noisy`]).
pub(super) fn is_noisy(pos: &Position, mv: Move) -> bool {
    mv.is_promotion() || pos.is_capture(mv)
}

/// Most valuable victim first, least valuable attacker among equals.
fn mvv_lva(pos: &Position, mv: Move) -> i32 {
    let victim = if mv.is_en_passant() { VALUE[0] } else { pos.role_at(mv.to()).map_or(0, |r| VALUE[r.index()]) };
    let attacker = pos.role_at(mv.from()).map_or(0, |r| VALUE[r.index()]);
    let promotion = mv.promotion_role().map_or(0, |r| VALUE[r.index()]);
    10 * (victim + promotion) - attacker / 10
}

/// What a quiet move's threats are worth in its ordering score (beyond
/// most history scores at the depths searched).
const THREAT_BONUS: i32 = 1 << 13;

/// The ordering bonus of a quiet move of a `role` from the threats
/// against the side to move: a piece that a lesser enemy piece attacks
/// gains by moving away, and any piece loses by moving where a lesser
/// enemy piece attacks.
fn threat_bonus(threats: &Threats, role: Role, mv: Move) -> i32 {
    let escapes = threats.attacked_by_lesser().contains(mv.from());
    let danger = match role {
        Role::Knight | Role::Bishop => threats.pawn_attacks(),
        Role::Rook => threats.by_minor(),
        Role::Queen => threats.by_rook(),
        Role::Pawn | Role::King => Bitboard::EMPTY,
    };
    THREAT_BONUS * (i32::from(escapes) - i32::from(danger.contains(mv.to())))
}

/// How often a quiet move caused a cut-off, by side, origin and
/// destination.
pub(super) struct History([[[i32; 64]; 64]; 2]);

impl History {
    /// A history with no cut-off recorded.
    pub(super) fn new() -> Box<History> {
        Box::new(History([[[0; 64]; 64]; 2]))
    }

    /// The ordering score of a quiet move.
    pub(super) fn score(&self, side: Color, mv: Move) -> i32 {
        self.0[side.index()][mv.from().index()][mv.to().index()]
    }

    /// Records a cut-off by `mv` at `depth` (deeper counts more).
    pub(super) fn reward(&mut self, side: Color, mv: Move, depth: i32) {
        let entry = &mut self.0[side.index()][mv.from().index()][mv.to().index()];
        *entry = (*entry + depth * depth).min(1 << 20);
    }
}

/// Where a picker is: each stage hands out one group of moves.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    TtMove,
    GenerateNoisy,
    GoodNoisy,
    Killers,
    GenerateQuiets,
    Quiets,
    BadNoisy,
    Done,
}

/// Hands out the legal moves of a position one at a time: the
/// transposition-table move, noisy moves that hold material by SEE (in
/// MVV-LVA order), the killers, quiet moves by history, then the losing
/// noisy moves. A cut-off on the table move generates nothing.
pub(super) struct Picker {
    stage: Stage,
    tt_move: Move,
    killers: [Move; 2],
    killer_index: usize,
    /// Only noisy moves that do not lose material (quiescence search).
    noisy_only: bool,
    /// The scored group being handed out, and the index of its next move.
    moves: ScoredMoveList,
    next: usize,
    bad_noisy: MoveList,
}

impl Picker {
    /// A picker trying `tt_move` first, then (unless `noisy_only`) the two
    /// killers after the good noisy moves. Null moves are skipped.
    pub(super) fn new(tt_move: Move, killers: [Move; 2], noisy_only: bool) -> Picker {
        Picker {
            stage: Stage::TtMove,
            tt_move,
            killers,
            killer_index: 0,
            noisy_only,
            moves: ScoredMoveList::new(),
            next: 0,
            bad_noisy: MoveList::new(),
        }
    }

    /// The next move, or `None` when every move has been handed out.
    pub(super) fn next(&mut self, pos: &Position, history: &History) -> Option<Move> {
        loop {
            let found = match self.stage {
                Stage::TtMove => self.tt_move(pos),
                Stage::GenerateNoisy => self.generate_noisy(pos),
                Stage::GoodNoisy => self.pick(if self.noisy_only { Stage::Done } else { Stage::Killers }),
                Stage::Killers => self.killer(pos),
                Stage::GenerateQuiets => self.generate_quiets(pos, history),
                Stage::Quiets => self.pick(Stage::BadNoisy),
                Stage::BadNoisy => self.bad_noisy(),
                Stage::Done => return None,
            };
            if found.is_some() {
                return found;
            }
        }
    }

    fn tt_move(&mut self, pos: &Position) -> Option<Move> {
        self.stage = Stage::GenerateNoisy;
        // A table move may come from a key collision: check it.
        let usable = !self.noisy_only || is_noisy(pos, self.tt_move);
        (!self.tt_move.is_null() && usable && pos.is_legal(self.tt_move)).then_some(self.tt_move)
    }

    /// Scores the noisy moves that do not lose material by SEE and keeps
    /// the others for the last stage.
    fn generate_noisy(&mut self, pos: &Position) -> Option<Move> {
        let mut all = MoveList::new();
        pos.generate_into(GenKind::Noisy, Legality::Legal, &mut all);
        self.start_group();
        for mv in all {
            if mv == self.tt_move {
                continue;
            }
            if pos.see_ge(mv, 0) {
                self.push(mv, mvv_lva(pos, mv));
            } else {
                self.bad_noisy.push(mv);
            }
        }
        self.stage = Stage::GoodNoisy;
        None
    }

    fn killer(&mut self, pos: &Position) -> Option<Move> {
        let Some(&killer) = self.killers.get(self.killer_index) else {
            self.stage = Stage::GenerateQuiets;
            return None;
        };
        self.killer_index += 1;
        let usable = !killer.is_null() && killer != self.tt_move && !is_noisy(pos, killer);
        (usable && pos.is_legal(killer)).then_some(killer)
    }

    /// Scores the quiet moves by history and threats, leaving out the
    /// table move and the killers (already tried).
    fn generate_quiets(&mut self, pos: &Position, history: &History) -> Option<Move> {
        let mut all = MoveList::new();
        pos.generate_into(GenKind::Quiet, Legality::Legal, &mut all);
        self.start_group();
        let threats = pos.threats(pos.side_to_move());
        for mv in all {
            if !self.is_special(mv) {
                let role = pos.role_at(mv.from()).unwrap_or(Role::Pawn);
                self.push(mv, history.score(pos.side_to_move(), mv) + threat_bonus(&threats, role, mv));
            }
        }
        self.stage = Stage::Quiets;
        None
    }

    /// The best remaining move of the scored group; at its end, moves on
    /// to `then`.
    fn pick(&mut self, then: Stage) -> Option<Move> {
        match self.moves.pick_best(self.next) {
            Some((mv, _)) => {
                self.next += 1;
                Some(mv)
            }
            None => {
                self.stage = then;
                None
            }
        }
    }

    fn bad_noisy(&mut self) -> Option<Move> {
        let mv = self.bad_noisy.pop();
        if mv.is_none() {
            self.stage = Stage::Done;
        }
        mv
    }

    fn start_group(&mut self) {
        self.moves.clear();
        self.next = 0;
    }

    fn push(&mut self, mv: Move, score: i32) {
        // A position has fewer than 256 legal moves.
        let _ = self.moves.try_push(mv, score);
    }

    fn is_special(&self, mv: Move) -> bool {
        mv == self.tt_move || (!self.noisy_only && self.killers.contains(&mv))
    }
}
