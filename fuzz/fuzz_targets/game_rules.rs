//! Invariant: along a game of pushes and pops driven by the fuzzer, the
//! `Game` layer agrees with brute force over the whole history: the
//! repetition count equals the number of earlier positions (the start
//! included) with the same pieces, side to move, castling rights and legal
//! en-passant square; threefold and fivefold follow from it; the claims
//! on the move (`can_claim_threefold_repetition`, `can_claim_fifty_moves`
//! and the moves they list) match playing each legal move and counting;
//! `can_claim_draw` is "threefold or fifty now, and the game not over";
//! `outcome()` is the position's outcome or fivefold; an ended game
//! refuses every move with `GameOver`, and `pop` restores the position.
//!
//! Byte 0 picks the start: below `0x40`, one of this target's positions
//! (some with a halfmove clock near 100 or 150); `0x40..0x80`, one of the
//! fuzz library's start positions (standard and Chess960); with the top
//! bit set, the bytes up to the first newline are a FEN, read leniently
//! (bit 6: Chess960). Then per byte: `0xF0..` pops; with the top bit set, picks among
//! the moves that do not capture or move a pawn (so positions repeat);
//! otherwise among all legal moves, by index.
#![no_main]

use chess_movegen::{Color, DrawReason, Game, Move, MoveError, Outcome, Piece, Position, Square};
use chess_movegen_fuzz::start;
use libfuzzer_sys::fuzz_target;

const STARTS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    chess_movegen_fuzz::positions::KIWIPETE,
    "7k/8/6K1/8/8/8/8/R7 w - - 99 100",
    "8/2p5/8/KP5r/8/8/8/6k1 b - - 0 1",
    "4k3/8/8/8/8/8/8/RN2K1NR w - - 140 120",
    "1n2k1n1/8/8/8/8/8/8/1N2K1N1 w - - 95 100",
];

/// What makes positions the same for repetition, compared field by field.
#[derive(PartialEq, Eq)]
struct Identity {
    board: [Option<Piece>; 64],
    side: Color,
    castling: u64,
    ep: Option<Square>,
}

fn identity(pos: &Position) -> Identity {
    Identity {
        board: Square::ALL.map(|sq| pos.piece_at(sq)),
        side: pos.side_to_move(),
        castling: pos.castling_rooks().0,
        ep: pos.legal_ep_square(),
    }
}

/// The game's positions so far, each with its identity.
struct History {
    positions: Vec<Position>,
    identities: Vec<Identity>,
}

impl History {
    fn count(&self, me: &Identity) -> usize {
        self.identities.iter().filter(|id| *id == me).count()
    }
}

fn check(game: &Game, history: &History) {
    let pos = *game.position();
    assert_eq!(history.positions.last(), Some(&pos));
    let n = history.count(&identity(&pos));
    assert_eq!(game.repetition_count(), n, "{}", pos.fen());
    assert_eq!(game.is_threefold_repetition(), n >= 3, "{}", pos.fen());
    assert_eq!(game.is_fivefold_repetition(), n >= 5, "{}", pos.fen());
    let expected_outcome = pos.outcome().or_else(|| (n >= 5).then_some(Outcome::Draw(DrawReason::FivefoldRepetition)));
    assert_eq!(game.outcome(), expected_outcome, "{}", pos.fen());
    let legal = pos.legal_moves();
    let mut threefold_moves = Vec::new();
    let mut fifty_moves = Vec::new();
    for &mv in &legal {
        let after = pos.play(mv);
        // Two earlier occurrences and this one make three.
        if history.count(&identity(&after)) >= 2 {
            threefold_moves.push(mv);
        }
        if after.halfmove_clock() >= 100 && after.has_legal_moves() {
            fifty_moves.push(mv);
        }
    }
    assert_eq!(game.moves_claiming_threefold().as_slice(), threefold_moves.as_slice(), "{}", pos.fen());
    assert_eq!(game.moves_claiming_fifty().as_slice(), fifty_moves.as_slice(), "{}", pos.fen());
    assert_eq!(game.can_claim_threefold_repetition(), n >= 3 || !threefold_moves.is_empty(), "{}", pos.fen());
    let fifty_now = pos.halfmove_clock() >= 100 && !legal.is_empty();
    assert_eq!(game.can_claim_fifty_moves(), fifty_now || !fifty_moves.is_empty(), "{}", pos.fen());
    let claim_now = (n >= 3 || pos.halfmove_clock() >= 100) && expected_outcome.is_none();
    assert_eq!(game.can_claim_draw(), claim_now, "{}", pos.fen());
}

/// The start position and the operation bytes (see the module docs).
fn start_and_ops(data: &[u8]) -> Option<(Position, &[u8])> {
    let (&selector, ops) = data.split_first()?;
    if selector < 0x40 {
        let fen = STARTS[usize::from(selector) % STARTS.len()];
        return Some((Position::from_fen(fen).expect("valid start"), ops));
    }
    start(data)
}

fuzz_target!(|data: &[u8]| {
    let Some((start, ops)) = start_and_ops(data) else {
        return;
    };
    let mut game = Game::from_position(start);
    let mut history = History { positions: vec![start], identities: vec![identity(&start)] };
    check(&game, &history);
    for &op in ops.iter().take(300) {
        if op >= 0xF0 {
            let popped = game.pop();
            assert_eq!(popped.is_some(), history.positions.len() > 1);
            if popped.is_some() {
                history.positions.pop();
                history.identities.pop();
            }
            check(&game, &history);
            continue;
        }
        let pos = *game.position();
        let legal = pos.legal_moves();
        let pool: Vec<Move> = if op & 0x80 != 0 {
            legal.iter().copied().filter(|&m| pos.play(m).halfmove_clock() != 0).collect()
        } else {
            legal.to_vec()
        };
        if pool.is_empty() {
            continue;
        }
        let mv = pool[usize::from(op & 0x7F) % pool.len()];
        match game.outcome() {
            Some(outcome) => {
                let err = game.push(mv).unwrap_err();
                assert_eq!(err, MoveError::GameOver { text: mv.to_string(), outcome });
                assert!(matches!(game.push_uci(&pos.uci(mv)), Err(MoveError::GameOver { .. })));
                assert!(matches!(game.push_san(&pos.san(mv)), Err(MoveError::GameOver { .. })));
                assert_eq!(*game.position(), pos);
            }
            None => {
                game.push(mv).expect("a legal move in a game not over");
                history.positions.push(*game.position());
                history.identities.push(identity(game.position()));
            }
        }
        check(&game, &history);
    }
});
