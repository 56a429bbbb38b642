//! A game behind a handle: what a JavaScript `Chess` object holds.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::fmt::Write;

use chess_movegen::pgn::{Node, PgnGame, Tags};
use chess_movegen::{
    perft, perft_divide, CastlingMode, Color, FenErrorKind, FenOptions, Game, GameResult, IllegalReason, Move,
    MoveError, Piece, Position, Repairs, Repetitions, Role, SanParts, Setup, Square,
};

use crate::record::{reply_move, san_number, Before, Moves};
use crate::{reply, reply_bytes, reply_in_place, short, with_input, Local};

/// One game.
pub(crate) struct Session {
    /// The game: start position, moves, repetitions.
    pub(crate) game: Game,
    /// A board that is not a legal position (edited square by square, or
    /// loaded without validation), and why; the game is then not playable.
    pub(crate) broken: Option<(Setup, String)>,
    /// The PGN tags the user set or a PGN brought.
    pub(crate) tags: Tags,
    /// Comments by ply: `[0]` before the first move, `[k]` after move `k`.
    pub(crate) comments: Vec<Option<String>>,
    /// The moves played after the game ended by the rules (fivefold
    /// repetition, seventy-five moves, a dead position), which `Game`
    /// refuses and chess.js plays on: each with the position after it.
    over: Vec<(Move, Position)>,
    /// The repetitions of the game and of the moves in `over`.
    over_repetitions: Option<Repetitions>,
}

impl Session {
    fn new() -> Session {
        Session {
            game: Game::new(),
            broken: None,
            tags: Tags::new(),
            comments: vec![None],
            over: Vec::new(),
            over_repetitions: None,
        }
    }

    /// The current position of the game (of the moves played on after
    /// its end, if any).
    pub(crate) fn now(&self) -> &Position {
        self.over.last().map_or(self.game.position(), |(_, pos)| pos)
    }

    /// Plays a move, also after the game ended by the rules, as chess.js
    /// does (its queries still answer by chess.js's rules).
    pub(crate) fn push(&mut self, mv: Move) -> Result<(), MoveError> {
        if mv.is_null() {
            // chess.js's null move, which a `Game` cannot hold.
            if self.now().is_check() {
                return Err(MoveError::Illegal { text: "--".into(), reason: IllegalReason::NullMove });
            }
            let after = play_any(self.now(), mv);
            self.push_over(mv, after);
            return Ok(());
        }
        if self.over.is_empty() {
            match self.game.push(mv) {
                Err(MoveError::GameOver { .. }) => {}
                done => return done,
            }
        }
        let after = self.now().try_play(mv)?;
        self.push_over(mv, after);
        Ok(())
    }

    /// Reads the move `text` (SAN, long algebraic or UCI: see
    /// [`Position::parse_san`]) and plays it as [`Session::push`] does.
    /// The game's reader plays what it read without testing it again.
    fn push_text(&mut self, text: &str) -> Result<Move, MoveError> {
        if self.over.is_empty() {
            match self.game.push_san(text) {
                Err(MoveError::GameOver { .. }) => {}
                done => return done,
            }
        }
        let mv = self.now().parse_san(text)?;
        self.push(mv)?;
        Ok(mv)
    }

    /// Keeps a move the `Game` does not hold, and the position after it.
    fn push_over(&mut self, mv: Move, after: Position) {
        let game = &self.game;
        let repetitions = self.over_repetitions.get_or_insert_with(|| game.repetitions().clone());
        repetitions.push(after.repetition_key(), after.halfmove_clock());
        self.over.push((mv, after));
    }

    /// Takes back the last move: the position before it and the move.
    pub(crate) fn pop(&mut self) -> Option<(Position, Move)> {
        let Some((mv, _)) = self.over.pop() else {
            let mv = self.game.pop()?;
            return Some((*self.game.position(), mv));
        };
        if let Some(repetitions) = &mut self.over_repetitions {
            repetitions.pop();
        }
        if self.over.is_empty() {
            self.over_repetitions = None;
        }
        Some((*self.now(), mv))
    }

    /// The moves played, from the start position.
    pub(crate) fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.game.moves().iter().copied().chain(self.over.iter().map(|&(mv, _)| mv))
    }

    /// True if the current position has occurred three times or more.
    fn is_threefold_repetition(&self) -> bool {
        match &self.over_repetitions {
            Some(repetitions) => repetitions.count() >= 3,
            None => self.game.is_threefold_repetition(),
        }
    }

    /// The board, legal or not.
    fn setup(&self) -> Setup {
        match &self.broken {
            Some((setup, _)) => setup.clone(),
            None => self.now().to_setup(),
        }
    }

    /// The position, or why there is none.
    pub(crate) fn position(&self) -> Result<&Position, String> {
        match &self.broken {
            Some((_, why)) => Err(why.clone()),
            None => Ok(self.now()),
        }
    }

    /// Starts over from `pos` (history and comments go, tags stay).
    pub(crate) fn restart(&mut self, pos: Position) {
        self.game.restart(pos);
        self.over.clear();
        self.over_repetitions = None;
        self.broken = None;
        self.comments.clear();
        self.comments.push(None);
    }

    /// Takes an edited board: a new game from it if it is a legal
    /// position (castling rights and clocks repaired as the lenient FEN
    /// reader does), else a broken board.
    fn set_board(&mut self, mut setup: Setup) {
        match Position::from_setup_lenient(&setup) {
            Ok((pos, _)) => self.restart(pos),
            Err(err) => {
                // As on a legal board: a right whose king or rook is gone
                // stays gone (chess.js drops it when the piece leaves),
                // and the history starts again (the game keeps the last
                // position, for its castling mode).
                setup.drop_invalid_castling_rights();
                let last = *self.now();
                self.restart(last);
                self.broken = Some((setup, err.to_string()));
            }
        }
    }
}

/// The sessions by handle (`None` for a freed one), and the freed
/// handles, for reuse.
#[derive(Default)]
struct Sessions {
    all: Vec<Option<Session>>,
    free: Vec<u32>,
}

/// The games.
static SESSIONS: Local<Sessions> = Local::new(Sessions { all: Vec::new(), free: Vec::new() });

/// The standard start position, made once: `new Chess()`, `reset()` and
/// chess.js's start FEN load it by a flag (`load`), and making it draws
/// its Zobrist key again each time under `compact`.
static START: Local<Option<Position>> = Local::new(None);

fn startpos() -> Position {
    START.with_borrow_mut(|start| *start.get_or_insert_with(Position::startpos))
}

/// Runs `f` on session `h` (an error for a freed or unknown handle).
pub(crate) fn with<R>(h: u32, f: impl FnOnce(&mut Session) -> Result<R, String>) -> Result<R, String> {
    SESSIONS.with_borrow_mut(|s| match s.all.get_mut(h as usize).and_then(Option::as_mut) {
        Some(session) => f(session),
        None => Err(no_game(h)),
    })
}

/// The error for a freed or unknown handle: out of line, as [`with`] is
/// inlined into every export.
#[cold]
#[inline(never)]
fn no_game(h: u32) -> String {
    format!("no game with handle {h} (freed?)")
}

/// Keeps `session` under a free handle; returns the handle.
fn insert(session: Session) -> u32 {
    SESSIONS.with_borrow_mut(|s| match s.free.pop() {
        Some(h) => {
            s.all[h as usize] = Some(session);
            h
        }
        None => {
            s.all.push(Some(session));
            (s.all.len() - 1) as u32
        }
    })
}

/// A new game at the standard start position; returns its handle.
#[no_mangle]
pub extern "C" fn session_new() -> u32 {
    insert(Session::new())
}

/// Moves game `h` under a new handle (returned) and leaves a new game at
/// the start position under `h`: the JavaScript side answers the queries
/// of games it has not changed from one shared game, and gives a game its
/// own when it changes. (A freed or unknown `h` gives a new game.)
#[no_mangle]
pub extern "C" fn session_take(h: u32) -> u32 {
    let taken = SESSIONS.with_borrow_mut(|s| {
        s.all.get_mut(h as usize).and_then(Option::as_mut).map(|slot| core::mem::replace(slot, Session::new()))
    });
    insert(taken.unwrap_or_else(Session::new))
}

/// Frees a game's memory; its handle may be reused.
#[no_mangle]
pub extern "C" fn session_free(h: u32) {
    SESSIONS.with_borrow_mut(|s| {
        if let Some(slot @ Some(_)) = s.all.get_mut(h as usize) {
            *slot = None;
            s.free.push(h);
        }
    });
}

/// Reads a FEN (as it is: the JavaScript side trims the whitespace
/// around it when the text was refused) with the library's checks, but for castling rights as
/// chess.js reads them: in any order, and those without their king or
/// rook in place dropped (the library's lenient reader and its repair);
/// or (`lenient`) with all of the library's repairs.
pub(crate) fn parse_fen(fen: &str, chess960: bool, lenient: bool) -> Result<Position, String> {
    let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
    let options = FenOptions::new().castling(mode);
    if lenient {
        return Position::from_fen_with(fen, options.lenient(true).impossible_check(true))
            .map(|(pos, _)| pos)
            .map_err(|e| e.to_string());
    }
    Position::from_fen_with(fen, options).map(|(pos, _)| pos).or_else(|err| {
        let castling = matches!(err.kind(), FenErrorKind::Illegal(_) | FenErrorKind::CastlingOrder(_));
        match Position::from_fen_with(fen, options.lenient(true)) {
            Ok((pos, repairs)) if castling && (repairs - Repairs::CASTLING_RIGHTS).is_empty() => Ok(pos),
            _ => Err(err.to_string()),
        }
    })
}

/// Loads the FEN in the buffer. Flags: bit 0 Chess960, bit 1 skip
/// validation (a board that is no legal position is kept, unplayable),
/// bit 2 keep the tags, bit 3 the standard start position instead of
/// the buffer (`new Chess()`, `reset()`: no FEN to read).
#[no_mangle]
pub extern "C" fn load(h: u32, len: usize, flags: u32) -> i32 {
    reply(with_input(len, |fen| {
        with(h, |s| {
            let chess960 = flags & 1 != 0;
            let start = flags & 8 != 0 && !chess960;
            match if start { Ok(startpos()) } else { parse_fen(fen, chess960, flags & 2 != 0) } {
                Ok(pos) => s.restart(pos),
                Err(err) if flags & 2 == 0 => return Err(format!("Invalid FEN: {err}")),
                Err(err) => {
                    let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
                    let setup = Setup::from_fen_with(fen, FenOptions::new().castling(mode))
                        .map_err(|e| format!("Invalid FEN: {e}"))?;
                    s.set_board(setup);
                    if s.broken.is_some() {
                        s.broken = Some((s.setup(), err));
                    }
                }
            }
            if flags & 4 == 0 {
                s.tags = Tags::new();
            }
            Ok(String::new())
        })
    }))
}

/// Empties the board (an unplayable position until both kings are back).
#[no_mangle]
pub extern "C" fn clear(h: u32, keep_tags: u32) -> i32 {
    reply(with(h, |s| {
        s.set_board(Setup::empty());
        if keep_tags == 0 {
            s.tags = Tags::new();
        }
        Ok(String::new())
    }))
}

/// The FEN of the board: with the en-passant square only when an
/// en-passant capture is legal, or (`force_ep` 1) as chess.js keeps it:
/// after a double step when a pawn stands ready to take it (a pinned one
/// too), and as the FEN loaded gave it.
#[no_mangle]
pub extern "C" fn fen(h: u32, force_ep: u32) -> i32 {
    reply(with(h, |s| {
        let pos = s.now();
        Ok(match &s.broken {
            Some((setup, _)) => setup.fen(),
            None if force_ep != 0
                && (s.game.moves().is_empty() && s.over.is_empty()
                    || pos.ep_square().is_some_and(|ep| {
                        let us = pos.side_to_move();
                        (chess_movegen::attacks::pawn_attacks(!us, ep) & pos.pieces(us, Role::Pawn)).any()
                    })) =>
            {
                pos.fen()
            }
            None => pos.normalized_fen(),
        })
    }))
}

/// The square of index `index` (a1 0, b1 1, … h8 63; JavaScript reads
/// the names).
fn square(index: u32) -> Result<Square, String> {
    u8::try_from(index).ok().and_then(Square::from_index).ok_or_else(|| "Invalid square".into())
}

/// The character of code `code` (`None` for none).
fn letter(code: u32) -> Option<char> {
    char::from_u32(code)
}

/// Puts the piece of FEN letter `piece` (its character code) on square
/// `sq` (see [`square`]).
#[no_mangle]
pub extern "C" fn put(h: u32, sq: u32, piece: u32) -> i32 {
    reply(with(h, |s| {
        let piece = letter(piece).and_then(Piece::from_char).ok_or("Invalid piece")?;
        let sq = square(sq)?;
        let mut setup = s.setup();
        setup.put(sq, piece);
        s.set_board(setup);
        Ok(String::new())
    }))
}

/// Removes the piece on square `sq` (see [`square`]); answers its letter
/// (empty for an empty square).
#[no_mangle]
pub extern "C" fn remove(h: u32, sq: u32) -> i32 {
    reply(with(h, |s| {
        let sq = square(sq)?;
        let mut setup = s.setup();
        let removed = setup.remove(sq);
        if removed.is_some() {
            s.set_board(setup);
        }
        Ok(removed.map(|p| p.char().to_string()).unwrap_or_default())
    }))
}

/// The legal moves, filtered by their square `from` (see [`square`]; 64
/// or more for any) and the letter of their piece `role` (its character
/// code; 0 for any), in chess.js's order (see `order`): each move's SAN
/// as the number of its parts (`SanParts::to_bits`, below 2^23, in 4
/// bytes; [`san_text`] writes it), or (`verbose`) the moves as
/// `record::Moves` gives them, with the position's FEN once for all.
#[no_mangle]
pub extern "C" fn moves(h: u32, from: u32, role: u32, verbose: u32) -> i32 {
    let written = with(h, |s| {
        let Ok(pos) = s.position() else {
            return Ok(reply_in_place(|_| {}));
        };
        let role = letter(role).and_then(Role::from_char);
        let from = square(from).ok();
        // One legal-move generation for the moves and their SANs, each
        // sorted with its SAN's number and the move below its key.
        let mut keyed: Vec<u64> = Vec::with_capacity(128);
        pos.for_each_legal_san_parts(|mv, san| {
            if from.is_none_or(|sq| mv.from() == sq) && role.is_none_or(|r| san.role() == r) {
                let key = u64::from(crate::order::chessjs_key(mv, san.role()));
                keyed.push(key << 39 | u64::from(san.to_bits()) << 16 | u64::from(mv.to_bits()));
            }
        });
        crate::order::sort(&mut keyed);
        let san = |k: u64| (k >> 16) as u32 & 0x7f_ffff;
        Ok(reply_in_place(|out| {
            if verbose == 0 {
                for &k in &keyed {
                    out.extend_from_slice(&san(k).to_le_bytes());
                }
                return;
            }
            let mut moves = Moves::start(out, keyed.len(), Before::Shared, pos);
            for &k in &keyed {
                let mv = Move::from_bits(k as u16);
                moves.push(out, pos, mv, san(k), &pos.play(mv));
            }
        }))
    });
    written.unwrap_or_else(|message| reply(Err(message)))
}

/// The SAN of the number `code` that [`moves`] answers with, or an error
/// for a number it never gives.
#[no_mangle]
pub extern "C" fn san_text(code: u32) -> i32 {
    reply(SanParts::from_bits(code).map(|san| san.to_string()).ok_or_else(|| format!("no SAN has the number {code}")))
}

/// Plays the buffer's move (SAN, long algebraic or UCI) and answers its
/// data (see `record`'s `reply_move`: `data` says how much).
#[no_mangle]
pub extern "C" fn play(h: u32, len: usize, data: u32) -> i32 {
    let played = with_input(len, |text| {
        with(h, |s| {
            let pos = *s.position().map_err(|why| invalid_move(text, &why))?;
            let mv = s.push_text(text).map_err(|e| invalid_move(text, &e))?;
            s.comments.push(None);
            Ok(Some((pos, mv, *s.now())))
        })
    });
    reply_move(played, data)
}

/// chess.js's error for the move `text` (cut by [`short`]), refused
/// for `why`. (One formatting of the message for every reason's type.)
fn invalid_move(text: &str, why: &dyn core::fmt::Display) -> String {
    format!("Invalid move: {}: {why}", short(text))
}

/// The position after `mv`, a legal move or (not in check) the null move.
pub(crate) fn play_any(pos: &Position, mv: Move) -> Position {
    let mut next = *pos;
    if mv.is_null() {
        next.make_null_move();
    } else {
        next = pos.play(mv);
    }
    next
}

/// The SAN of `mv`, a legal move or the null move (`--`, as chess.js
/// writes it), which leads to `after` (the caller has played it: the SAN
/// needs no second legality test or play for its check mark).
pub(crate) fn san_any(pos: &Position, mv: Move, after: &Position) -> String {
    if mv.is_null() {
        "--".into()
    } else {
        pos.san_parts_played(mv, after).to_string()
    }
}

/// Plays the 16-bit move `bits` if it is legal; answers as [`play`].
#[no_mangle]
pub extern "C" fn play_bits(h: u32, bits: u32, data: u32) -> i32 {
    let played = with(h, |s| {
        let pos = *s.position()?;
        let mv = Move::from_bits(bits as u16);
        s.push(mv).map_err(|e| format!("Invalid move: {bits}: {e}"))?;
        s.comments.push(None);
        Ok(Some((pos, mv, *s.now())))
    });
    reply_move(played, data)
}

/// Takes back the last move; answers as [`play`] (the FEN before the
/// move is the position's now), or nothing at the start.
#[no_mangle]
pub extern "C" fn undo(h: u32, data: u32) -> i32 {
    let undone = with(h, |s| {
        if s.broken.is_some() {
            return Ok(None);
        }
        let after = *s.now();
        let Some((before, mv)) = s.pop() else {
            return Ok(None);
        };
        s.comments.pop();
        Ok(Some((before, mv, after)))
    });
    reply_move(undone, data)
}

/// The moves played: SANs separated by spaces, or (`verbose`) as
/// `record::Moves` gives them, each FEN before the previous move's FEN
/// after.
#[no_mangle]
pub extern "C" fn history(h: u32, verbose: u32) -> i32 {
    reply_bytes(with(h, |s| {
        let mut pos = *s.game.start_position();
        let mut out = Vec::new();
        let count = s.game.moves().len() + s.over.len();
        let mut moves = (verbose != 0).then(|| Moves::start(&mut out, count, Before::Chained, &pos));
        for mv in s.moves() {
            let after = play_any(&pos, mv);
            if let Some(moves) = &mut moves {
                moves.push(&mut out, &pos, mv, san_number(&pos, mv, &after), &after);
            } else {
                if !out.is_empty() {
                    out.push(b' ');
                }
                out.extend_from_slice(san_any(&pos, mv, &after).as_bytes());
            }
            pos = after;
        }
        Ok(out)
    }))
}

/// The FEN of the position the game starts from, as it was loaded (an
/// en-passant square no pawn can take to stays, as in chess.js's `FEN`
/// header).
#[no_mangle]
pub extern "C" fn start_fen(h: u32) -> i32 {
    reply(with(h, |s| Ok(s.game.start_position().fen())))
}

/// The state as bits: 1 check, 2 checkmate, 4 stalemate, 8 insufficient
/// material, 16 threefold repetition, 32 fifty-move rule, 64 black to
/// move, 128 no legal position (an edited board; then only 1 and 64).
#[no_mangle]
pub extern "C" fn status(h: u32) -> u32 {
    let black = |side: Color| if side == Color::Black { 64 } else { 0 };
    with(h, |s| {
        let Ok(pos) = s.position() else {
            // Not a legal position: no moves, so no game end; in check if
            // a king of the side to move is attacked, as chess.js has it.
            let setup = s.setup();
            let us = setup.side_to_move();
            let check = setup.pieces(us, Role::King).into_iter().any(|king| setup.attackers_to(king, !us).any());
            return Ok(128 | black(us) | u32::from(check));
        };
        let bits = [
            pos.is_check(),
            pos.is_checkmate(),
            pos.is_stalemate(),
            pos.is_insufficient_material(),
            s.is_threefold_repetition(),
            pos.is_fifty_move_rule(),
        ];
        Ok(bits.iter().enumerate().fold(black(pos.side_to_move()), |acc, (i, &b)| acc | (u32::from(b) << i)))
    })
    .unwrap_or(128)
}

/// Leaf nodes `depth` plies down (0 for an unplayable board).
#[no_mangle]
pub extern "C" fn perft_count(h: u32, depth: u32) -> f64 {
    with(h, |s| Ok(s.position().map_or(0, |pos| perft(pos, depth.min(255) as u8)))).unwrap_or(0) as f64
}

/// Perft by first move: lines `uci count`.
#[no_mangle]
pub extern "C" fn perft_split(h: u32, depth: u32) -> i32 {
    reply(with(h, |s| {
        let pos = s.position()?;
        let mut out = String::new();
        for (mv, count) in perft_divide(pos, depth.clamp(1, 255) as u8) {
            let _ = writeln!(out, "{} {count}", pos.uci(mv));
        }
        Ok(out)
    }))
}

/// Converts the buffer's move between notations in the current position:
/// `to_uci` 1 reads any notation and writes UCI, 0 writes SAN.
#[no_mangle]
pub extern "C" fn convert(h: u32, len: usize, to_uci: u32) -> i32 {
    reply(with_input(len, |text| {
        with(h, |s| {
            let pos = s.position()?;
            let mv = pos.parse_san(text).map_err(|e| invalid_move(text, &e))?;
            Ok(if to_uci != 0 { pos.uci(mv) } else { pos.san(mv) })
        })
    }))
}

/// The Polyglot key of the position (`u64`, little-endian; JavaScript
/// writes its hexadecimal digits).
#[cfg(feature = "full")]
#[no_mangle]
pub extern "C" fn polyglot_key(h: u32) -> i32 {
    reply_bytes(with(h, |s| Ok(s.position()?.polyglot_key().to_le_bytes().to_vec())))
}

/// The library's Zobrist key of the position (`u64`, little-endian), as
/// `polyglot_key` answers.
#[no_mangle]
pub extern "C" fn zobrist_key(h: u32) -> i32 {
    reply_bytes(with(h, |s| Ok(s.position()?.zobrist_hash().to_le_bytes().to_vec())))
}

/// The start position's castling mode: 1 for Chess960.
#[no_mangle]
pub extern "C" fn is_chess960(h: u32) -> u32 {
    with(h, |s| Ok(u32::from(s.game.position().castling_mode() == CastlingMode::Chess960))).unwrap_or(0)
}

/// The mainline as a library PGN tree with the session's tags and
/// comments (its result from the `Result` tag, else from the game).
pub(crate) fn to_tree(s: &Session) -> PgnGame {
    let mut tree = PgnGame::from_game(&s.game);
    tree.moves.extend(s.over.iter().map(|&(mv, _)| Node::new(mv)));
    for (name, value) in s.tags.iter() {
        let _ = tree.tags.insert(name, value);
    }
    if let Some(result) = s.tags.get("Result").and_then(|r| r.parse::<GameResult>().ok()) {
        tree.result = result;
    }
    tree.comments.extend(s.comments.first().cloned().flatten());
    for (node, comment) in tree.moves.iter_mut().zip(s.comments.iter().skip(1)) {
        node.comments.extend(comment.clone());
    }
    tree
}

/// The pieces of Black (`black` 1) or White (0) attacking square `sq`
/// (see [`square`]) on the board, a legal position or not: their squares
/// as a bitboard (`u64`, little-endian, bit `i` for square index `i`).
#[no_mangle]
pub extern "C" fn attackers(h: u32, sq: u32, black: u32) -> i32 {
    reply_bytes(with(h, |s| {
        let sq = square(sq)?;
        let color = if black != 0 { Color::Black } else { Color::White };
        let bits = s.setup().attackers_to(sq, color).0;
        Ok(bits.to_le_bytes().to_vec())
    }))
}

/// Passes the move to `black` (1) or white (0) with a null move played
/// into the history (the clocks count it, the en-passant square goes;
/// `undo` takes it back) and answers `1`; answers nothing if that side is
/// already to move, and an error if the side to move is in check. On a
/// board that is no legal position only the side to move changes.
#[no_mangle]
pub extern "C" fn set_turn(h: u32, black: u32) -> i32 {
    reply(with(h, |s| {
        let side = if black != 0 { Color::Black } else { Color::White };
        let Ok(&pos) = s.position() else {
            // A board that is no legal position has no null move: the
            // side to move changes (the en-passant square goes with it).
            let mut setup = s.setup();
            if setup.side_to_move() == side {
                return Ok(String::new());
            }
            setup.set_side_to_move(side);
            setup.set_ep_square(None);
            s.set_board(setup);
            return Ok("1".into());
        };
        if pos.side_to_move() == side {
            return Ok(String::new());
        }
        // chess.js's `setTurn` is its null move, played into the history.
        if pos.is_check() {
            return Err("Null move not allowed when in check".into());
        }
        s.push(Move::NULL).map_err(|e| e.to_string())?;
        s.comments.push(None);
        Ok("1".into())
    }))
}

/// Gives or takes castling rights of one side (`black`): for each bit of
/// `which` (1 the king's side, 2 the queen's side) the right is given if
/// that bit of `give` is set, else taken. A right is given with the
/// rook a `K`/`Q` right names (see `Setup::outer_castling_rook`); one
/// without its king and rook in place is not. The history starts again
/// from the new position, as after `put`.
#[no_mangle]
pub extern "C" fn set_castling(h: u32, black: u32, which: u32, give: u32) -> i32 {
    use chess_movegen::CastlingSide;
    reply(with(h, |s| {
        let color = if black != 0 { Color::Black } else { Color::White };
        let mut setup = s.setup();
        let mut rooks = setup.castling_rooks();
        for (bit, side) in [(1, CastlingSide::KingSide), (2, CastlingSide::QueenSide)] {
            if which & bit == 0 {
                continue;
            }
            match (setup.castling_rook(color, side), give & bit != 0) {
                (Some(held), false) => rooks = rooks.without(held),
                (None, true) => {
                    if let Some(rook) = setup.outer_castling_rook(color, side) {
                        rooks = rooks.with(rook);
                    }
                }
                _ => {}
            }
        }
        setup.set_castling_rooks(rooks);
        s.set_board(setup);
        Ok(String::new())
    }))
}

/// The castling rights as bits: 1 white king side, 2 white queen side,
/// 4 black king side, 8 black queen side.
#[no_mangle]
pub extern "C" fn castling(h: u32) -> u32 {
    use chess_movegen::CastlingSide;
    with(h, |s| {
        let sides = [
            (Color::White, CastlingSide::KingSide),
            (Color::White, CastlingSide::QueenSide),
            (Color::Black, CastlingSide::KingSide),
            (Color::Black, CastlingSide::QueenSide),
        ];
        // From the board's setup: a board that is no legal position keeps
        // its rights there too.
        let setup = s.setup();
        Ok(sides
            .iter()
            .enumerate()
            .fold(0, |acc, (i, &(c, side))| acc | (u32::from(setup.castling_rook(c, side).is_some()) << i)))
    })
    .unwrap_or(0)
}
