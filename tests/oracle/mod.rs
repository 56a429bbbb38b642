//! An independent, slow legal-move generator: the oracle of
//! `tests/differential.rs` and of the fuzz targets (which mount this file
//! with `#[path]`; it is not part of the library).
//!
//! It shares nothing with the crate but the value types (`Square`,
//! `Color`, `Role`, `Move` constructors). It keeps its own mailbox board,
//! castling rooks, en-passant square and side to move, and updates them with
//! its own move application. It walks rays square by square, lists the
//! knight and king steps, applies the FIDE castling rules (Chess960
//! included), and finds legal moves the slow way: generate every
//! pseudo-legal move, play it on a copy of the board and test whether the
//! mover's king is attacked.
#![allow(dead_code)]

use std::collections::{BTreeSet, HashSet};

use chess_movegen::{Color, Move, Position, Role, Square};

pub type Board = [Option<(Color, Role)>; 64];

const KNIGHT_STEPS: [(i8, i8); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING_STEPS: [(i8, i8); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// Square index from file and rank (0-7 each), or `None` off the board.
fn at(file: i8, rank: i8) -> Option<usize> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as usize)
}

fn file_of(i: usize) -> i8 {
    (i % 8) as i8
}

fn rank_of(i: usize) -> i8 {
    (i / 8) as i8
}

fn sq(i: usize) -> Square {
    Square::ALL[i]
}

fn opposite(c: Color) -> Color {
    if c == Color::White {
        Color::Black
    } else {
        Color::White
    }
}

/// The reference's own game state.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Slow {
    pub board: Board,
    pub side: Color,
    /// Squares of the rooks that keep a castling right.
    pub castling: BTreeSet<usize>,
    pub ep: Option<usize>,
}

impl Slow {
    pub fn from_position(pos: &Position) -> Slow {
        let mut board: Board = [None; 64];
        for (i, slot) in board.iter_mut().enumerate() {
            *slot = pos.piece_at(sq(i)).map(|p| (p.color, p.role));
        }
        Slow {
            board,
            side: pos.side_to_move(),
            castling: pos.castling_rooks().into_iter().map(|s| s.index()).collect(),
            ep: pos.ep_square().map(|s| s.index()),
        }
    }

    pub fn king(&self, color: Color) -> usize {
        (0..64).find(|&i| self.board[i] == Some((color, Role::King))).expect("a king")
    }

    /// True if a piece of `by` attacks square `target`.
    pub fn attacked(&self, target: usize, by: Color) -> bool {
        let (f, r) = (file_of(target), rank_of(target));
        let holds = |i: Option<usize>, role: Role| i.is_some_and(|i| self.board[i] == Some((by, role)));
        // A white pawn attacks upwards, so it stands one rank below its target.
        let pawn_rank = if by == Color::White { r - 1 } else { r + 1 };
        if holds(at(f - 1, pawn_rank), Role::Pawn) || holds(at(f + 1, pawn_rank), Role::Pawn) {
            return true;
        }
        if KNIGHT_STEPS.iter().any(|&(df, dr)| holds(at(f + df, r + dr), Role::Knight)) {
            return true;
        }
        if KING_STEPS.iter().any(|&(df, dr)| holds(at(f + df, r + dr), Role::King)) {
            return true;
        }
        for (dirs, slider) in [(ROOK_DIRS, Role::Rook), (BISHOP_DIRS, Role::Bishop)] {
            for (df, dr) in dirs {
                let (mut x, mut y) = (f + df, r + dr);
                while let Some(i) = at(x, y) {
                    if let Some((color, role)) = self.board[i] {
                        if color == by && (role == slider || role == Role::Queen) {
                            return true;
                        }
                        break;
                    }
                    x += df;
                    y += dr;
                }
            }
        }
        false
    }

    pub fn in_check(&self) -> bool {
        self.attacked(self.king(self.side), opposite(self.side))
    }

    /// The pawn on `from`'s moves: steps, captures and en passant, each
    /// move to the last rank as its four promotions.
    fn pawn_moves(&self, from: usize, out: &mut Vec<Move>) {
        let us = self.side;
        let (f, r) = (file_of(from), rank_of(from));
        let dir = if us == Color::White { 1 } else { -1 };
        let start_rank = if us == Color::White { 1 } else { 6 };
        let last_rank = if us == Color::White { 7 } else { 0 };
        let pawn_move = |to: usize, out: &mut Vec<Move>| {
            if rank_of(to) == last_rank {
                for role in PROMOTIONS {
                    out.push(Move::promotion(sq(from), sq(to), role));
                }
            } else {
                out.push(Move::new(sq(from), sq(to)));
            }
        };
        if let Some(one) = at(f, r + dir) {
            if self.board[one].is_none() {
                pawn_move(one, out);
                if r == start_rank {
                    if let Some(two) = at(f, r + 2 * dir) {
                        if self.board[two].is_none() {
                            out.push(Move::new(sq(from), sq(two)));
                        }
                    }
                }
            }
        }
        for df in [-1, 1] {
            let Some(to) = at(f + df, r + dir) else { continue };
            match self.board[to] {
                Some((c, _)) if c != us => pawn_move(to, out),
                None if self.ep == Some(to) => out.push(Move::en_passant(sq(from), sq(to))),
                _ => {}
            }
        }
    }

    /// Every move by the rules of piece movement, ignoring king safety
    /// (castling excepted: it is only listed when all its conditions hold).
    pub fn pseudo_legal(&self) -> Vec<Move> {
        let us = self.side;
        let mut out = Vec::new();
        for from in 0..64 {
            let Some((color, role)) = self.board[from] else { continue };
            if color != us {
                continue;
            }
            let (f, r) = (file_of(from), rank_of(from));
            let to_square = |to: usize, out: &mut Vec<Move>| match self.board[to] {
                Some((c, _)) if c == us => false,
                Some(_) => {
                    out.push(Move::new(sq(from), sq(to)));
                    false
                }
                None => {
                    out.push(Move::new(sq(from), sq(to)));
                    true
                }
            };
            match role {
                Role::Pawn => self.pawn_moves(from, &mut out),
                Role::Knight | Role::King => {
                    let steps = if role == Role::Knight { KNIGHT_STEPS } else { KING_STEPS };
                    for (df, dr) in steps {
                        if let Some(to) = at(f + df, r + dr) {
                            to_square(to, &mut out);
                        }
                    }
                }
                Role::Bishop | Role::Rook | Role::Queen => {
                    let dirs: Vec<(i8, i8)> = match role {
                        Role::Bishop => BISHOP_DIRS.to_vec(),
                        Role::Rook => ROOK_DIRS.to_vec(),
                        _ => ROOK_DIRS.iter().chain(BISHOP_DIRS.iter()).copied().collect(),
                    };
                    for (df, dr) in dirs {
                        let (mut x, mut y) = (f + df, r + dr);
                        while let Some(to) = at(x, y) {
                            if !to_square(to, &mut out) {
                                break;
                            }
                            x += df;
                            y += dr;
                        }
                    }
                }
            }
        }
        out.extend(self.castlings());
        out
    }

    /// Castling by the FIDE rules (Chess960 article 2 included): the right
    /// is held; every square between the king and its destination and
    /// between the rook and its destination is empty apart from the king
    /// and that rook; the king is not in check and crosses no attacked
    /// square. (Arriving in check is caught by the general test.)
    pub fn castlings(&self) -> Vec<Move> {
        let us = self.side;
        let back = if us == Color::White { 0 } else { 7 };
        let king = self.king(us);
        let mut out = Vec::new();
        if rank_of(king) != back || self.in_check() {
            return out;
        }
        for &rook in &self.castling {
            if rank_of(rook) != back || self.board[rook] != Some((us, Role::Rook)) {
                continue;
            }
            let kingside = file_of(rook) > file_of(king);
            let (king_to, rook_to) = if kingside { (6, 5) } else { (2, 3) };
            let king_to = at(king_to, back).unwrap();
            let rook_to = at(rook_to, back).unwrap();
            let span = |a: usize, b: usize| (a.min(b)..=a.max(b)).collect::<Vec<_>>();
            let must_be_empty = span(king, king_to).into_iter().chain(span(rook, rook_to));
            if must_be_empty.filter(|&i| i != king && i != rook).any(|i| self.board[i].is_some()) {
                continue;
            }
            if span(king, king_to).into_iter().filter(|&i| i != king).any(|i| self.attacked(i, opposite(us))) {
                continue;
            }
            out.push(Move::castle(sq(king), sq(rook)));
        }
        out
    }

    /// The state after `mv`, by the reference's own rules.
    pub fn apply(&self, mv: Move) -> Slow {
        let mut next = self.clone();
        let us = self.side;
        let (from, to) = (mv.from().index(), mv.to().index());
        let moving = self.board[from].expect("a piece to move");
        next.ep = None;
        if mv.is_castle() {
            let back = rank_of(from);
            let kingside = file_of(to) > file_of(from);
            let (king_to, rook_to) = if kingside { (6, 5) } else { (2, 3) };
            next.board[from] = None;
            next.board[to] = None;
            next.board[at(king_to, back).unwrap()] = Some((us, Role::King));
            next.board[at(rook_to, back).unwrap()] = Some((us, Role::Rook));
        } else {
            if mv.is_en_passant() {
                next.board[at(file_of(to), rank_of(from)).unwrap()] = None;
            }
            next.board[from] = None;
            next.board[to] = Some(match mv.promotion_role() {
                Some(role) => (us, role),
                None => moving,
            });
            if moving.1 == Role::Pawn && (rank_of(to) - rank_of(from)).abs() == 2 {
                next.ep = Some((from + to) / 2);
            }
        }
        next.castling.remove(&from);
        next.castling.remove(&to);
        if moving.1 == Role::King {
            // The mover's own rights go, wherever its king stood.
            let back = if us == Color::White { 0 } else { 7 };
            next.castling.retain(|&r| rank_of(r) != back);
        }
        next.side = opposite(us);
        next
    }

    /// The legal moves: pseudo-legal moves after which the mover's king is
    /// not attacked.
    pub fn legal(&self) -> HashSet<Move> {
        let us = self.side;
        self.pseudo_legal()
            .into_iter()
            .filter(|&mv| {
                let after = self.apply(mv);
                !after.attacked(after.king(us), opposite(us))
            })
            .collect()
    }

    /// Only kings, or kings and a single knight or bishop: no mate possible.
    pub fn dead(&self) -> bool {
        let others: Vec<Role> = self.board.iter().flatten().map(|&(_, r)| r).filter(|&r| r != Role::King).collect();
        others.is_empty() || (others.len() == 1 && matches!(others[0], Role::Knight | Role::Bishop))
    }
}
