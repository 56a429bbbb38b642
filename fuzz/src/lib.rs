//! Helpers shared by the fuzz targets: start positions, the walk that
//! turns fuzzer bytes into a sequence of legal moves, FENs built from
//! bytes, and the independent slow move generator of the tests.

use chess_movegen::{CastlingMode, FenOptions, Position};

/// Positions shared with the benches and tests (`KIWIPETE`).
#[path = "../../benches/positions.rs"]
#[allow(dead_code)]
pub mod positions;

/// The slow reference move generator of `tests/differential.rs`.
#[path = "../../tests/oracle/mod.rs"]
pub mod oracle;

/// Start positions with castling (standard and Chess960), en passant,
/// promotions, pins and checks.
pub const START_FENS: [(&str, CastlingMode); 10] = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CastlingMode::Standard),
    (positions::KIWIPETE, CastlingMode::Standard),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", CastlingMode::Standard),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", CastlingMode::Standard),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", CastlingMode::Standard),
    ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", CastlingMode::Standard),
    ("4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1", CastlingMode::Standard),
    ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", CastlingMode::Chess960),
    ("1r2kr2/8/8/8/8/8/8/1R2KR2 w BFbf - 0 1", CastlingMode::Chess960),
    ("rk5r/8/8/8/8/8/8/RK5R w AHah - 0 1", CastlingMode::Chess960),
];

/// The start position `selector` picks (modulo the list length).
pub fn start_position(selector: u8) -> Position {
    let (fen, castling) = START_FENS[usize::from(selector) % START_FENS.len()];
    Position::from_fen_with(fen, FenOptions::new().castling(castling)).expect("start FENs are valid").0
}

/// Plays one legal move per choice byte (index modulo the number of legal
/// moves), stopping early at mate or stalemate.
pub fn walk(mut pos: Position, choices: &[u8]) -> Position {
    for &choice in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos.play(moves[usize::from(choice) % moves.len()]);
    }
    pos
}

/// Splits fuzzer input into a start position, a move sequence leading from
/// it, and the remaining bytes as text: byte 0 picks the start, byte 1 the
/// number of plies (at most 63), then one byte per ply.
pub fn position_and_text(data: &[u8]) -> Option<(Position, String)> {
    let (&selector, rest) = data.split_first()?;
    let (&plies, rest) = rest.split_first()?;
    let plies = usize::from(plies & 63).min(rest.len());
    let (choices, text) = rest.split_at(plies);
    let pos = walk(start_position(selector), choices);
    Some((pos, String::from_utf8_lossy(text).into_owned()))
}

/// A FEN made from bytes, for targets that want mostly well-formed
/// positions: byte 0 is the side to move (bit 0), bytes 1-2 pick castling
/// characters out of `KQkqABCDEFGHabcdefgh` (bit set = character present,
/// up to 16 of them), byte 3 the en-passant square (64 and more: none),
/// byte 4 the halfmove clock; the rest are pairs (square, piece) placed on
/// an empty board, piece index modulo 13 among `PNBRQKpnbrqk` and empty.
/// Returns `None` for fewer than 5 bytes.
pub fn fen_from_bytes(data: &[u8]) -> Option<String> {
    const PIECES: &[u8; 13] = b"PNBRQKpnbrqk.";
    const CASTLING: &[u8; 20] = b"KQkqABCDEFGHabcdefgh";
    let (head, placements) = data.split_at_checked(5)?;
    let mut board = [b'.'; 64];
    for pair in placements.chunks_exact(2) {
        board[usize::from(pair[0] & 63)] = PIECES[usize::from(pair[1]) % PIECES.len()];
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                b'.' => empty += 1,
                c => {
                    if empty > 0 {
                        fen.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    fen.push(char::from(c));
                }
            }
        }
        if empty > 0 {
            fen.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push_str(if head[0] & 1 == 0 { " w " } else { " b " });
    let mask = u16::from_le_bytes([head[1], head[2]]);
    let rights: String = (0..16).filter(|i| mask & (1 << i) != 0).map(|i| char::from(CASTLING[i])).collect();
    fen.push_str(if rights.is_empty() { "-" } else { &rights });
    match head[3] {
        sq @ 0..=63 => {
            fen.push(' ');
            fen.push(char::from(b'a' + (sq & 7)));
            fen.push(char::from(b'1' + (sq >> 3)));
        }
        _ => fen.push_str(" -"),
    }
    fen.push_str(&format!(" {} 100", head[4]));
    Some(fen)
}

/// Parses `fen` leniently in `mode`.
pub fn lenient(fen: &str, mode: CastlingMode) -> Option<Position> {
    Position::from_fen_with(fen, FenOptions::new().castling(mode).lenient(true)).ok().map(|(pos, _)| pos)
}

/// Splits fuzzer input into a start position and move-choice bytes. Byte
/// 0 picks a start position; if its top bit is set, the bytes up to the
/// first newline are a FEN instead (lenient; bit 6 picks Chess960).
pub fn start(data: &[u8]) -> Option<(Position, &[u8])> {
    let (&selector, rest) = data.split_first()?;
    if selector & 0x80 == 0 {
        return Some((start_position(selector), rest));
    }
    let end = rest.iter().position(|&b| b == b'\n')?;
    let fen = std::str::from_utf8(&rest[..end]).ok()?;
    let mode = if selector & 0x40 != 0 { CastlingMode::Chess960 } else { CastlingMode::Standard };
    Some((lenient(fen, mode)?, &rest[end + 1..]))
}

/// A move text as `MoveError` echoes it: whole up to 32 characters, else
/// its first 32 characters, `…` and its length in bytes.
pub fn echo(text: &str) -> String {
    if text.chars().count() <= 32 {
        text.to_string()
    } else {
        format!("{}… ({} bytes)", text.chars().take(32).collect::<String>(), text.len())
    }
}
