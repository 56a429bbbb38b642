//! Generation kinds for move pickers: partitions (noisy and quiet, evasions
//! and non-evasions), pseudo-legal kinds filtered by `is_legal` against the
//! legal kinds, quiet checks against `gives_check`, and the set-wise
//! visitor (its moves, its counts, its early exit).

use crate::common;

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use chess_movegen::{
    attacks, Bitboard, CastlingMode, FenOptions, GenKind, Legality, Move, MoveList, MoveVisitor, Position, Rank, Role,
    Square,
};
use common::{read_epd, Rng, START_FENS};

const KINDS: [GenKind; 6] =
    [GenKind::All, GenKind::Noisy, GenKind::Quiet, GenKind::Evasions, GenKind::NonEvasions, GenKind::QuietChecks];

fn generate(pos: &Position, kind: GenKind, legality: Legality) -> MoveList {
    let mut list = MoveList::new();
    list.push(Move::NULL); // cleared by the call
    pos.generate_into(kind, legality, &mut list);
    list
}

fn set(list: &[Move]) -> BTreeSet<u16> {
    let set: BTreeSet<u16> = list.iter().map(|m| m.to_bits()).collect();
    assert_eq!(set.len(), list.len(), "duplicates in {list:?}");
    set
}

fn is_noisy(pos: &Position, mv: Move) -> bool {
    mv.is_promotion() || mv.is_en_passant() || (!mv.is_castle() && pos.piece_at(mv.to()).is_some())
}

/// Expands the visitor's sets into moves; counts calls; optionally stops
/// after `stop_after` calls.
struct Collect<'a> {
    pos: &'a Position,
    moves: Vec<Move>,
    calls: usize,
    stop_after: usize,
    set_wise: bool,
}

impl Collect<'_> {
    fn add(&mut self, from: Square, to: Bitboard) {
        let last = Rank::First.bitboard() | Rank::Eighth.bitboard();
        for t in to {
            if self.pos.role_at(from) == Some(Role::Pawn) && last.contains(t) {
                for role in Role::PROMOTIONS {
                    self.moves.push(Move::promotion(from, t, role));
                }
            } else {
                self.moves.push(Move::new(from, t));
            }
        }
    }
    fn call(&mut self) -> ControlFlow<()> {
        assert!(self.calls < self.stop_after, "called after Break");
        self.calls += 1;
        if self.calls == self.stop_after {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

impl MoveVisitor for Collect<'_> {
    fn moves(&mut self, from: Square, to: Bitboard) -> ControlFlow<()> {
        assert!(to.any(), "empty set");
        self.add(from, to);
        self.call()
    }
    fn pawn_moves(&mut self, to: Bitboard, offset: i8) -> ControlFlow<()> {
        if !self.set_wise {
            for t in to {
                self.moves(Square::from_index((t as i8 - offset) as u8).unwrap(), t.bitboard())?;
            }
            return ControlFlow::Continue(());
        }
        assert!(to.any(), "empty set");
        for t in to {
            let from = Square::from_index((t as i8 - offset) as u8).unwrap();
            assert_eq!(self.pos.role_at(from), Some(Role::Pawn));
            self.add(from, t.bitboard());
        }
        self.call()
    }
    fn special(&mut self, mv: Move) -> ControlFlow<()> {
        assert!(mv.is_castle() || mv.is_en_passant());
        self.moves.push(mv);
        self.call()
    }
}

fn visit(pos: &Position, kind: GenKind, legality: Legality, set_wise: bool, stop_after: usize) -> (Vec<Move>, bool) {
    let mut c = Collect { pos, moves: Vec::new(), calls: 0, stop_after, set_wise };
    let flow = pos.visit_moves(kind, legality, &mut c);
    (c.moves, flow.is_break())
}

/// Every property, for one position.
fn check(pos: &Position) {
    let fen = pos.fen();
    let in_check = pos.is_check();
    let legal_all = set(&pos.legal_moves());
    let pseudo_all = set(&pos.pseudo_legal_moves());
    for legality in [Legality::Legal, Legality::PseudoLegal] {
        let lists: Vec<MoveList> = KINDS.iter().map(|&k| generate(pos, k, legality)).collect();
        let sets: Vec<BTreeSet<u16>> = lists.iter().map(|l| set(l)).collect();
        let [all, noisy, quiet, evasions, non_evasions, quiet_checks] = &sets[..] else { unreachable!() };
        let expected_all = if legality == Legality::Legal { &legal_all } else { &pseudo_all };
        assert_eq!(all, expected_all, "{legality:?} all {fen}");
        // Noisy and quiet: a partition, by the definition.
        assert!(noisy.is_disjoint(quiet), "{legality:?} {fen}");
        assert_eq!(noisy | quiet, *all, "{legality:?} {fen}");
        for &bits in all {
            let mv = Move::from_bits(bits);
            assert_eq!(noisy.contains(&bits), is_noisy(pos, mv), "{legality:?} {} in {fen}", pos.uci(mv));
        }
        // Noisy order: captures and en passant before quiet promotions.
        let first_quiet_promotion = lists[1].iter().position(|&m| !is_noisy_capture(pos, m));
        if let Some(i) = first_quiet_promotion {
            assert!(lists[1][i..].iter().all(|&m| !is_noisy_capture(pos, m)), "{fen}");
        }
        // Evasions and non-evasions.
        if in_check {
            assert!(non_evasions.is_empty(), "{fen}");
        } else {
            assert!(evasions.is_empty(), "{fen}");
            assert_eq!(non_evasions, all, "{fen}");
        }
        if legality == Legality::Legal && in_check {
            assert_eq!(evasions, all, "{fen}");
        }
        if legality == Legality::PseudoLegal && in_check {
            assert_eq!(*evasions, pseudo_evasions(pos), "{fen}");
        }
        // Quiet checks.
        let expected: BTreeSet<u16> = quiet.iter().copied().filter(|&b| pos.gives_check(Move::from_bits(b))).collect();
        assert_eq!(*quiet_checks, expected, "{legality:?} quiet checks {fen}");
        // Pseudo-legal kinds filtered by is_legal are the legal kinds.
        if legality == Legality::PseudoLegal {
            for (i, &kind) in KINDS.iter().enumerate() {
                let filtered: BTreeSet<u16> =
                    sets[i].iter().copied().filter(|&b| pos.is_legal(Move::from_bits(b))).collect();
                assert_eq!(filtered, set(&generate(pos, kind, Legality::Legal)), "{kind:?} {fen}");
            }
        }
        // The visitor sees the same moves, set-wise or not, and stops when told.
        for (i, &kind) in KINDS.iter().enumerate() {
            for set_wise in [false, true] {
                let (moves, stopped) = visit(pos, kind, legality, set_wise, usize::MAX);
                assert!(!stopped);
                assert_eq!(set(&moves), sets[i], "{kind:?} {legality:?} visitor {fen}");
            }
            let (moves, stopped) = visit(pos, kind, legality, true, 1);
            assert_eq!(stopped, !sets[i].is_empty(), "{kind:?} {fen}");
            assert!(moves.iter().all(|m| sets[i].contains(&m.to_bits())));
        }
    }
}

fn is_noisy_capture(pos: &Position, mv: Move) -> bool {
    mv.is_en_passant() || (!mv.is_castle() && pos.piece_at(mv.to()).is_some())
}

/// The documented pseudo-legal evasions, from the pseudo-legal list.
fn pseudo_evasions(pos: &Position) -> BTreeSet<u16> {
    let us = pos.side_to_move();
    let king = pos.king(us);
    let checkers = pos.checkers();
    pos.pseudo_legal_moves()
        .iter()
        .filter(|m| {
            if m.from() == king {
                return !m.is_castle();
            }
            let Some(checker) = checkers.single() else { return false };
            let mask = attacks::between(king, checker).with(checker);
            if m.is_en_passant() {
                return mask.contains(m.to()) || Square::new(m.to().file(), m.from().rank()) == checker;
            }
            mask.contains(m.to())
        })
        .map(|m| m.to_bits())
        .collect()
}

#[test]
fn perft_suite_positions() {
    let mut positions = 0;
    for (file, mode, step) in [
        ("quick.epd", CastlingMode::Standard, 1),
        ("standard.epd", CastlingMode::Standard, 7),
        ("unusual.epd", CastlingMode::Chess960, 1),
        ("quick960.epd", CastlingMode::Chess960, 1),
    ] {
        let text = std::fs::read_to_string(format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        for line in read_epd(&text).iter().step_by(step) {
            let options = FenOptions::new().castling(mode).impossible_check(true);
            let Ok((pos, _)) = Position::from_fen_with(&line.fen, options) else { continue };
            check(&pos);
            for mv in pos.legal_moves().iter().step_by(5) {
                check(&pos.play(*mv));
                positions += 1;
            }
        }
    }
    assert!(positions > 3000, "{positions}");
}

#[test]
fn random_playouts() {
    let mut rng = Rng(0xfeed_beef_dead_cafe);
    let (mut in_check, mut promotions, mut quiet_checks) = (0, 0, 0);
    for game in 0..300 {
        let mut pos = if game % 3 == 0 {
            Position::chess960((rng.next() % 960) as u32).unwrap()
        } else {
            Position::from_fen(START_FENS[game % START_FENS.len()]).unwrap()
        };
        for _ in 0..150 {
            check(&pos);
            in_check += usize::from(pos.is_check());
            promotions += generate(&pos, GenKind::Noisy, Legality::Legal).iter().filter(|m| m.is_promotion()).count();
            quiet_checks += generate(&pos, GenKind::QuietChecks, Legality::Legal).len();
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves[(rng.next() % moves.len() as u64) as usize]);
        }
    }
    assert!(in_check > 500 && promotions > 100 && quiet_checks > 1000, "{in_check} {promotions} {quiet_checks}");
}

#[test]
fn noisy_and_quiet_split_the_captures_and_non_captures() {
    // Noisy = captures + quiet promotions; quiet = non-captures - promotions.
    for fen in [
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "n3k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let promotions: Vec<Move> = pos.legal_non_captures().into_iter().filter(|m| m.is_promotion()).collect();
        let mut noisy: Vec<Move> = pos.legal_captures().into_iter().chain(promotions.iter().copied()).collect();
        let mut quiet: Vec<Move> = pos.legal_non_captures().into_iter().filter(|m| !m.is_promotion()).collect();
        let (mut got_noisy, mut got_quiet) =
            (generate(&pos, GenKind::Noisy, Legality::Legal), generate(&pos, GenKind::Quiet, Legality::Legal));
        for list in [&mut noisy, &mut quiet] {
            list.sort_by_key(|m| m.to_bits());
        }
        got_noisy.sort_by_key(|m| m.to_bits());
        got_quiet.sort_by_key(|m| m.to_bits());
        assert_eq!((got_noisy.as_slice(), got_quiet.as_slice()), (noisy.as_slice(), quiet.as_slice()), "{fen}");
    }
    // Quiet promotions are noisy, and come after the captures.
    let pos = Position::from_fen("n3k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let mut list = MoveList::new();
    pos.generate_into(GenKind::Noisy, Legality::Legal, &mut list);
    let uci: Vec<String> = list.iter().map(|&m| pos.uci(m)).collect();
    assert_eq!(uci, ["b7a8q", "b7a8r", "b7a8b", "b7a8n", "b7b8q", "b7b8r", "b7b8b", "b7b8n"]);
    pos.generate_into(GenKind::Quiet, Legality::Legal, &mut list);
    assert_eq!(list.len(), 5);
}
