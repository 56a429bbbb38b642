//! Differential test: random games played to the end, comparing at every
//! ply the crate's legal moves (as a set) with a slow, independent move
//! generator written here.
//!
//! The reference shares nothing with the crate but the value types
//! (`Square`, `Color`, `Role`, `Move` constructors). It keeps its own
//! mailbox board, castling rooks, en-passant square and side to move, and
//! updates them with its own move application, so the crate's board after
//! `play` is compared too. It walks rays square by square, lists the knight
//! and king steps, applies the FIDE castling rules (Chess960 included), and
//! finds legal moves the slow way: generate every pseudo-legal move, play
//! it on a copy of the board and test whether the mover's king is attacked.
//!
//! `cargo test --test differential` plays a few hundred games;
//! `cargo test --release --test differential -- --ignored` plays 20,000
//! (set `DIFFERENTIAL_GAMES` to change the number).

mod common;

use std::collections::{BTreeSet, HashSet};

use chess_movegen::{CastlingMode, Color, FenOptions, Move, Position, Role, Square};

type Board = [Option<(Color, Role)>; 64];

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
struct Slow {
    board: Board,
    side: Color,
    /// Squares of the rooks that keep a castling right.
    castling: BTreeSet<usize>,
    ep: Option<usize>,
}

impl Slow {
    fn from_position(pos: &Position) -> Slow {
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

    fn king(&self, color: Color) -> usize {
        (0..64).find(|&i| self.board[i] == Some((color, Role::King))).expect("a king")
    }

    /// True if a piece of `by` attacks square `target`.
    fn attacked(&self, target: usize, by: Color) -> bool {
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

    fn in_check(&self) -> bool {
        self.attacked(self.king(self.side), opposite(self.side))
    }

    /// Every move by the rules of piece movement, ignoring king safety
    /// (castling excepted: it is only listed when all its conditions hold).
    fn pseudo_legal(&self) -> Vec<Move> {
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
                Role::Pawn => {
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
                            pawn_move(one, &mut out);
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
                            Some((c, _)) if c != us => pawn_move(to, &mut out),
                            None if self.ep == Some(to) => out.push(Move::en_passant(sq(from), sq(to))),
                            _ => {}
                        }
                    }
                }
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
    fn castlings(&self) -> Vec<Move> {
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
    fn apply(&self, mv: Move) -> Slow {
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
            let back = rank_of(from);
            next.castling.retain(|&r| rank_of(r) != back);
        }
        next.side = opposite(us);
        next
    }

    /// The legal moves: pseudo-legal moves after which the mover's king is
    /// not attacked.
    fn legal(&self) -> HashSet<Move> {
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
    fn dead(&self) -> bool {
        let others: Vec<Role> = self.board.iter().flatten().map(|&(_, r)| r).filter(|&r| r != Role::King).collect();
        others.is_empty() || (others.len() == 1 && matches!(others[0], Role::Knight | Role::Bishop))
    }
}

/// xorshift64*, for reproducible games.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[derive(Default, Debug)]
struct Totals {
    games: u64,
    plies: u64,
    mates: u64,
    stalemates: u64,
    castles: u64,
    en_passants: u64,
    promotions: u64,
}

/// The start of game `n`: the standard position, a Chess960 position, or
/// one of the shared test positions.
fn start(n: u64, rng: &mut Rng) -> Position {
    match n % 4 {
        0 | 1 => Position::startpos(),
        2 => Position::chess960(rng.below(960) as u32).expect("0..960 are Chess960 numbers"),
        _ => {
            let fen = common::START_FENS[rng.below(common::START_FENS.len())];
            let (pos, _) = Position::from_fen_with(fen, FenOptions::new().castling(CastlingMode::Standard)).unwrap();
            pos
        }
    }
}

/// Plays one random game to its end (mate, stalemate, dead material, the
/// fifty-move rule, or 600 plies), checking every ply.
fn play_game(mut pos: Position, rng: &mut Rng, totals: &mut Totals) {
    let mut slow = Slow::from_position(&pos);
    let mut trail = Vec::new();
    for _ in 0..600 {
        let expected = slow.legal();
        let actual: HashSet<Move> = pos.legal_moves().into_iter().collect();
        if actual != expected {
            let missing: Vec<_> = expected.difference(&actual).collect();
            let extra: Vec<_> = actual.difference(&expected).collect();
            panic!("{}: missing {missing:?}, extra {extra:?} (after {trail:?})", pos.fen());
        }
        assert_eq!(pos.legal_move_count(), expected.len(), "{}", pos.fen());
        assert_eq!(pos.is_check(), slow.in_check(), "{}", pos.fen());
        if expected.is_empty() {
            if slow.in_check() {
                totals.mates += 1;
            } else {
                totals.stalemates += 1;
            }
            break;
        }
        if slow.dead() || pos.halfmove_clock() >= 100 {
            break;
        }
        let mut moves: Vec<Move> = expected.into_iter().collect();
        moves.sort_by_key(|m| m.to_bits());
        let mv = moves[rng.below(moves.len())];
        totals.castles += u64::from(mv.is_castle());
        totals.en_passants += u64::from(mv.is_en_passant());
        totals.promotions += u64::from(mv.is_promotion());
        trail.push(mv);
        pos = pos.play(mv);
        slow = slow.apply(mv);
        totals.plies += 1;
        assert_eq!(Slow::from_position(&pos), slow, "board after {trail:?}");
    }
    totals.games += 1;
}

fn run(games: u64, seed: u64) -> Totals {
    let mut rng = Rng(seed);
    let mut totals = Totals::default();
    for n in 0..games {
        let pos = start(n, &mut rng);
        play_game(pos, &mut rng, &mut totals);
    }
    totals
}

#[test]
fn reference_agrees_on_special_positions() {
    // Positions where a hand-made reference could itself go wrong.
    for fen in [
        "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 2",
        "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
        "r3k2r/8/8/8/8/8/5q2/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1",
        "4k3/8/8/8/8/5n2/8/R3K2r w Q - 0 1",
        "1r2k3/P7/8/8/8/8/6p1/4K2R b K - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let actual: HashSet<Move> = pos.legal_moves().into_iter().collect();
        assert_eq!(actual, Slow::from_position(&pos).legal(), "{fen}");
    }
    // Chess960: the king stays on g1; king and rook swap sides; a rook
    // already on its destination; a rook blocking the other rook's
    // destination (no castling there).
    let options = FenOptions::new().castling(CastlingMode::Chess960);
    for (fen, castles) in [
        ("4k3/8/8/8/8/8/8/6KR w H - 0 1", 1),
        ("4k3/8/8/8/8/8/8/1R2K1R1 w BG - 0 1", 2),
        ("rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", 2),
        ("4k3/8/8/8/8/8/8/3RK2R w DH - 0 1", 2),
        ("4k3/8/8/8/8/8/8/5RKR w H - 0 1", 0),
        ("4k3/8/8/8/8/8/8/1R1K3r w B - 0 1", 0),
    ] {
        let (pos, _) = Position::from_fen_with(fen, options).unwrap();
        let actual: HashSet<Move> = pos.legal_moves().into_iter().collect();
        let expected = Slow::from_position(&pos).legal();
        assert_eq!(actual, expected, "{fen}");
        assert_eq!(expected.iter().filter(|m| m.is_castle()).count(), castles, "{fen}");
    }
}

fn slow_perft(state: &Slow, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    state.legal().into_iter().map(|mv| slow_perft(&state.apply(mv), depth - 1)).sum()
}

/// The reference is right on its own: it reproduces published perft
/// counts without the crate's move generator.
#[test]
fn reference_perft_matches_published_counts() {
    for (fen, depth, nodes) in [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3, 8_902),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97_862),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43_238),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9_467),
        ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62_379),
        ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 2, 2_079),
    ] {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(slow_perft(&Slow::from_position(&pos), depth), nodes, "{fen}");
    }
    // Chess960, first line of tests/data/chess960.epd, depth 3.
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let (pos, _) = Position::from_fen_with(fen, FenOptions::new().castling(CastlingMode::Chess960)).unwrap();
    assert_eq!(slow_perft(&Slow::from_position(&pos), 3), 12_189);
}

#[test]
fn random_games_agree_with_reference() {
    let totals = run(300, 0x5eed_0001);
    println!("{totals:?}");
    assert_eq!(totals.games, 300);
    assert!(totals.plies > 30_000, "{totals:?}");
    assert!(totals.castles > 0 && totals.en_passants > 0 && totals.promotions > 0, "{totals:?}");
}

#[test]
#[ignore = "deep: 20,000 games; run with --release -- --ignored"]
fn many_random_games_agree_with_reference() {
    let games = std::env::var("DIFFERENTIAL_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let started = std::time::Instant::now();
    let totals = run(games, 0x5eed_0002);
    println!("{totals:?} in {:.1} s", started.elapsed().as_secs_f64());
    assert_eq!(totals.games, games);
}
