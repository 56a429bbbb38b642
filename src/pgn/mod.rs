//! PGN in and out: a streaming reader with a visitor and a tree API, and a
//! writer.
//!
//! The reader takes any number of games from a byte slice or (with the
//! `std` feature) from any [`std::io::Read`], in chunks. It understands
//! PGN as real files write it: tag pairs with escapes (the seven-tag
//! roster and any others), SAN with or without check and mate marks (and
//! the long algebraic `Ng1-f3` or UCI `g1f3` moves some files use),
//! `0-0` for `O-O`, `!?`-style annotations (read as NAGs 1 to 6), `e.p.`,
//! null moves (`--`, `Z0`, `0000`), NAGs, `{}` comments, `;` comments to
//! the end of the line, nested `()` variations, `%` escape lines, results,
//! a UTF-8 byte-order mark, CRLF line ends, and games that start from a
//! `FEN` tag (with `SetUp`, and `Variant "Chess960"` or `"Fischerandom"`
//! for Chess960 castling). Every move is checked against the position as
//! it is read, so each game's mainline is a [`Game`](crate::Game) of legal
//! moves. A game ends at its result (`1-0`, `0-1`, `1/2-1/2`, `*`); one
//! without a result ends at the next tag pair, or at a blank line followed
//! by move number 1 (or by one comment and move number 1, the comment
//! then opening the next game) once its main line is past move 1. Tags
//! may have a blank line between them; after two blank lines, tags are
//! the next game's (the one before has no moves), as python-chess reads
//! them.
//!
//! Two ways to read:
//! - a [`Visitor`] receives tags, moves (with the position before each),
//!   comments, NAGs, variation starts and ends and the result, and may
//!   skip a variation or the rest of a game cheaply;
//! - [`Reader::read_tree`] builds a [`PgnGame`]: the tags, and the moves
//!   as [`Node`]s carrying their comments, NAGs and side lines.
//!
//! A game with an error (a malformed or illegal move, an unterminated
//! comment or variation, a bad tag, a bad FEN, a token or comment longer
//! than the reader's limits) gives a [`PgnError`] with the game's number
//! and the line and column where it went wrong; the reader skips to the
//! next game and goes on. [`ReadOptions`] sets the limits (a line of a
//! stream, a token, a comment: their defaults are far above what real
//! files hold, and keep the memory of reading endless or binary input
//! bounded) and the FEN options of the `FEN` tag.
//!
//! The writer ([`PgnGame::to_pgn`], [`Game::to_pgn`](crate::Game::to_pgn))
//! puts the seven-tag roster first in its order, wraps the movetext at 80
//! columns, writes black's move number after comments and variations, and
//! the SAN of the crate. Reading what it writes gives the same tree back:
//! it writes the `SetUp`, `FEN` and `Variant` tags the start position
//! needs, escapes quotes and backslashes in tag values, and
//! [`Tags::insert`] refuses tag pairs PGN cannot carry. Trees may nest
//! side lines to any depth; nothing on them recurses.
//!
//! ```
//! use chess_movegen::pgn::{PgnGame, Reader};
//! use chess_movegen::Game;
//!
//! let pgn = r#"[Event "Casual game"]
//! [White "Anderssen"]
//! [Black "Kieseritzky"]
//! [Result "1-0"]
//!
//! 1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ {Black loses castling rights} 4. Kf1 b5?!
//! (4... Nf6 5. Nf3) 5. Bxb5 1-0
//! "#;
//! let game: PgnGame = pgn.parse()?;
//! assert_eq!(game.tags.get("White"), Some("Anderssen"));
//! assert_eq!(game.mainline().count(), 9);
//! let b5 = &game.moves[7];
//! assert_eq!(b5.nags, [chess_movegen::pgn::Nag::DUBIOUS]);
//! assert_eq!(b5.variations.len(), 1);
//!
//! // Mainline only, as a Game.
//! let played: Game = Game::from_pgn(pgn)?;
//! assert_eq!(played.moves().len(), 9);
//!
//! // Written back and read again: the same tree.
//! let text = game.to_pgn();
//! assert_eq!(text.parse::<PgnGame>()?, game);
//! # Ok::<(), chess_movegen::pgn::PgnError>(())
//! ```

mod input;
mod lexer;
mod line;
mod reader;
mod token;
mod tree;
mod writer;

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

use crate::moves::Move;
use crate::outcome::GameResult;
use crate::position::{FenError, FenOptions, MoveError, Position};
use crate::types::Quoted;

#[cfg(feature = "std")]
pub use input::IoInput;
pub use input::{Input, SliceInput};
pub use reader::Reader;
pub use tree::{Node, PgnGame, TagError, TagErrorKind, Tags, Trees};

/// Whether to skip what follows: returned by the [`Visitor`] callbacks
/// that may skip (`Skip(true)`) or go on (`Skip(false)`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Skip(pub bool);

/// A numeric annotation glyph (`$1` … `$255`). The suffix glyphs `!`, `?`,
/// `!!`, `??`, `!?` and `?!` are read as NAGs 1 to 6; a longer run of
/// marks is read two at a time from the left (`e4!!?` is NAGs 3 and 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Nag(pub u8);

impl Nag {
    /// `$1`, `!`: a good move.
    pub const GOOD: Nag = Nag(1);
    /// `$2`, `?`: a mistake.
    pub const MISTAKE: Nag = Nag(2);
    /// `$3`, `!!`: a brilliant move.
    pub const BRILLIANT: Nag = Nag(3);
    /// `$4`, `??`: a blunder.
    pub const BLUNDER: Nag = Nag(4);
    /// `$5`, `!?`: a speculative move.
    pub const SPECULATIVE: Nag = Nag(5);
    /// `$6`, `?!`: a dubious move.
    pub const DUBIOUS: Nag = Nag(6);
}

impl fmt::Display for Nag {
    /// `$n`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "${}", self.0)
    }
}

/// A tag value as it stands between the quotes, escapes (`\"`, `\\`)
/// included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TagValue<'a>(&'a [u8]);

impl<'a> TagValue<'a> {
    /// A value from its raw bytes (escapes included).
    pub fn new(raw: &'a [u8]) -> TagValue<'a> {
        TagValue(raw)
    }

    /// The raw bytes, escapes included.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.0
    }

    /// The value with its escapes resolved, as text (bytes that are not
    /// UTF-8 become U+FFFD). Borrowed when there is nothing to change.
    pub fn decode(&self) -> Cow<'a, str> {
        // Checked as UTF-8 first: the lossy conversion is slower on text
        // that needs none.
        let text = match core::str::from_utf8(self.0) {
            Ok(text) => Cow::Borrowed(text),
            Err(_) => String::from_utf8_lossy(self.0),
        };
        if !holds(self.0, b'\\') {
            return text;
        }
        // Byte by byte: the escapes are ASCII, so dropping their
        // backslashes leaves UTF-8 whole.
        let mut out = alloc::vec::Vec::with_capacity(text.len());
        let mut bytes = text.as_bytes().iter();
        while let Some(&b) = bytes.next() {
            match (b, bytes.as_slice().first()) {
                (b'\\', Some(&n @ (b'"' | b'\\'))) => {
                    out.push(n);
                    bytes.next();
                }
                _ => out.push(b),
            }
        }
        Cow::Owned(String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
    }
}

/// Whether `bytes` hold `b`. Under `compact` a plain loop: core's search,
/// a word at a time, is more code.
#[cfg_attr(not(feature = "compact"), inline(always))]
pub(crate) fn holds(bytes: &[u8], b: u8) -> bool {
    if cfg!(feature = "compact") {
        // Not `contains`: that is the search this leaves out.
        #[allow(clippy::manual_contains)]
        bytes.iter().any(|&x| x == b)
    } else {
        bytes.contains(&b)
    }
}

/// Receives a game as the [`Reader`] reads it. Every method but
/// [`end_game`](Visitor::end_game) has a default that does nothing (and
/// does not skip).
///
/// The calls for one game come in this order: `begin_game`, `tag` for
/// each tag pair, `end_tags`, then the movetext in order: `play` for each
/// move, `nag` and `comment` as they come, `begin_variation` /
/// `end_variation` around each side line (which replaces the move played
/// just before it), `result`, and last `end_game`. A game with an error
/// stops where the error is (without `end_game`); the next game starts
/// with `begin_game`, so that is the place to reset state.
///
/// ```
/// use chess_movegen::pgn::{Reader, Skip, Visitor};
/// use chess_movegen::{Move, Position};
///
/// /// Counts the mainline moves and skips every variation.
/// struct Plies(usize);
/// impl Visitor for Plies {
///     type Output = usize;
///     fn begin_game(&mut self) { self.0 = 0; }
///     fn play(&mut self, _: &Position, _: Move) -> Skip { self.0 += 1; Skip(false) }
///     fn begin_variation(&mut self) -> Skip { Skip(true) }
///     fn end_game(&mut self) -> usize { self.0 }
/// }
///
/// let mut reader = Reader::from_str("1. e4 (1. d4 d5 2. c4) e5 2. Nf3 *");
/// assert_eq!(reader.read_game(&mut Plies(0)), Some(Ok(3)));
/// ```
pub trait Visitor {
    /// What a game gives.
    type Output;

    /// A game begins.
    fn begin_game(&mut self) {}

    /// A tag pair: the name, and the value with its escapes (see
    /// [`TagValue::decode`]).
    fn tag(&mut self, _name: &[u8], _value: TagValue<'_>) {}

    /// The tags are over; `start` is the position the game starts from
    /// (from the `FEN` tag, or the standard one). `Skip(true)` skips the
    /// movetext: the reader then only looks for the end of the game, and
    /// [`end_game`](Visitor::end_game) follows.
    fn end_tags(&mut self, _start: &Position) -> Skip {
        Skip(false)
    }

    /// A legal move, with the position before it. `Skip(true)` skips the
    /// rest of the game ([`end_game`](Visitor::end_game) follows). A null
    /// move is [`Move::NULL`].
    fn play(&mut self, _before: &Position, _mv: Move) -> Skip {
        Skip(false)
    }

    /// A NAG, for the move before it (`!?`-style glyphs come as NAGs 1–6).
    fn nag(&mut self, _nag: Nag) {}

    /// A brace comment: the bytes between `{` and `}`, as they are.
    fn comment(&mut self, _comment: &[u8]) {}

    /// A side line starts: the moves that follow replace the move played
    /// just before. `Skip(true)` skips it without reading its moves (its
    /// [`end_variation`](Visitor::end_variation) still comes).
    fn begin_variation(&mut self) -> Skip {
        Skip(false)
    }

    /// The side line ends; the game goes on after the move it replaced.
    fn end_variation(&mut self) {}

    /// The termination marker of the game (`*`, a game going on or of
    /// unknown result, is [`GameResult::Unfinished`]).
    fn result(&mut self, _result: GameResult) {}

    /// The game is over: what it gives.
    fn end_game(&mut self) -> Self::Output;
}

/// What [`PgnErrorKind::TooLong`] found too long.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Limit {
    /// A line ([`ReadOptions::max_line`]).
    Line,
    /// A tag name or value, or a word of the movetext that is no move
    /// ([`ReadOptions::max_token`]).
    Token,
    /// A brace comment ([`ReadOptions::max_comment`]).
    Comment,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Limit::Line => "line",
            Limit::Token => "token",
            Limit::Comment => "comment",
        })
    }
}

/// How a [`Reader`] reads: the longest line, token and comment it takes,
/// and the [`FenOptions`] of the `FEN` tag.
///
/// The limits bound the memory the reader takes from a stream whatever it
/// holds (`/dev/zero`, a binary file): it keeps a line whole, and a brace
/// comment whole. The defaults are far above what real files hold:
/// a line [`DEFAULT_MAX_LINE`](ReadOptions::DEFAULT_MAX_LINE) (1 MiB), a
/// comment [`DEFAULT_MAX_COMMENT`](ReadOptions::DEFAULT_MAX_COMMENT)
/// (1 MiB), a token (a tag name or value, a move)
/// [`DEFAULT_MAX_TOKEN`](ReadOptions::DEFAULT_MAX_TOKEN) (64 KiB); a
/// stream then takes a buffer of a few MiB at most. Lengths are in bytes,
/// line feeds not counted. Longer is a [`PgnErrorKind::TooLong`]. The line
/// limit applies to streams ([`Reader::new`]) only: text in memory is
/// held already.
///
/// ```
/// use chess_movegen::pgn::{Limit, PgnErrorKind, ReadOptions, Reader};
/// let options = ReadOptions::new().max_comment(8);
/// let pgn = "1. e4 {a long comment} e5 *\n\n1. d4 {short} d5 *\n";
/// let mut reader = Reader::from_str(pgn).with_options(options);
/// let error = reader.read_tree().unwrap().unwrap_err();
/// assert_eq!((error.game, error.line, error.column), (1, 1, 7));
/// assert_eq!(error.kind, PgnErrorKind::TooLong { limit: Limit::Comment, max: 8 });
/// assert_eq!(error.to_string(), "game 1, line 1, column 7: comment longer than 8 bytes");
/// assert_eq!(reader.read_tree().unwrap()?.mainline().count(), 2);
/// # Ok::<(), chess_movegen::pgn::PgnError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ReadOptions {
    max_line: usize,
    max_token: usize,
    max_comment: usize,
    fen: FenOptions,
}

impl Default for ReadOptions {
    fn default() -> ReadOptions {
        ReadOptions::new()
    }
}

impl ReadOptions {
    /// The default longest line: 1 MiB.
    pub const DEFAULT_MAX_LINE: usize = 1 << 20;
    /// The default longest token: 64 KiB.
    pub const DEFAULT_MAX_TOKEN: usize = 1 << 16;
    /// The default longest comment: 1 MiB.
    pub const DEFAULT_MAX_COMMENT: usize = 1 << 20;

    /// The defaults: the limits above, and the `FEN` tag read leniently
    /// (see [`ReadOptions::fen_options`]).
    pub const fn new() -> ReadOptions {
        ReadOptions {
            max_line: ReadOptions::DEFAULT_MAX_LINE,
            max_token: ReadOptions::DEFAULT_MAX_TOKEN,
            max_comment: ReadOptions::DEFAULT_MAX_COMMENT,
            fen: FenOptions::new().lenient(true),
        }
    }

    /// With the longest line of a stream, in bytes, its line feed not
    /// counted. A longer line ends the input with an error: a stream
    /// without line breaks is no PGN.
    pub const fn max_line(mut self, bytes: usize) -> ReadOptions {
        self.max_line = bytes;
        self
    }

    /// With the longest token, in bytes: a tag name, a tag value (escapes
    /// included), a word of the movetext (a move and its `!?` glyphs). A
    /// longer word that is no move is reported as too long rather than as
    /// a bad move (a legal move followed by a long run of glyphs is read).
    pub const fn max_token(mut self, bytes: usize) -> ReadOptions {
        self.max_token = bytes;
        self
    }

    /// With the longest brace comment, in bytes between the braces.
    pub const fn max_comment(mut self, bytes: usize) -> ReadOptions {
        self.max_comment = bytes;
        self
    }

    /// With the options the `FEN` tag is read with. The default is
    /// [`FenOptions::new`] made lenient (castling rights without their
    /// rook dropped, and so on: see [`Repairs`](crate::Repairs)); with
    /// [`FenOptions::impossible_check`] the reader takes the positions
    /// such options read, and [`Game::to_pgn`](crate::Game::to_pgn)
    /// writes. The castling mode is the one of games without a `Variant`
    /// tag; with [`CastlingMode::Standard`](crate::CastlingMode::Standard), castling rights that only
    /// Chess960 can hold (Shredder-FEN) still make the game Chess960.
    ///
    /// ```
    /// use chess_movegen::pgn::{ReadOptions, Reader};
    /// use chess_movegen::{FenOptions, Game, Position};
    /// let fen = "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1";
    /// let start = Position::from_fen_with(fen, FenOptions::new().impossible_check(true))?.0;
    /// let pgn = Game::from_position(start).to_pgn();
    /// assert!(Game::from_pgn(&pgn).is_err());
    /// let options = ReadOptions::new().fen_options(FenOptions::new().lenient(true).impossible_check(true));
    /// let game = Reader::from_str(&pgn).with_options(options).read_tree().unwrap()?;
    /// assert_eq!(game.start, start);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn fen_options(mut self, fen: FenOptions) -> ReadOptions {
        self.fen = fen;
        self
    }
}

/// What went wrong in a game (see [`PgnError`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PgnErrorKind {
    /// A move that is malformed, illegal or ambiguous. `mv` names it as a
    /// move list does (`23... Nf6`); the display shows the move text once,
    /// there.
    Move {
        /// The move with its number, `23... Nf6` (a move text of more than
        /// 32 characters cut as [`MoveError`] echoes it).
        mv: String,
        /// Why it cannot be played.
        error: MoveError,
    },
    /// A null move (`--`, `Z0`) by a side in check, which would let the
    /// king be captured.
    NullMoveInCheck {
        /// The move with its number.
        mv: String,
    },
    /// A `{` comment that the input ends inside.
    UnterminatedComment,
    /// A `(` variation not closed when the game ends.
    UnterminatedVariation,
    /// A `)` without its `(`.
    UnmatchedParenthesis,
    /// A `(` before any move of its line: there is no move to replace.
    VariationWithoutMove,
    /// A malformed tag pair.
    BadTag(&'static str),
    /// `$n` with `n` above 255.
    BadNag,
    /// The `FEN` tag is not a valid position.
    BadFen(FenError),
    /// A `Variant` tag of a variant other than standard chess and Chess960
    /// (its value, cut to 32 characters as move texts are).
    UnsupportedVariant(String),
    /// Text that is no PGN token (one character).
    UnexpectedText(String),
    /// Reading the input failed (this ends the input).
    Io(String),
    /// A line, token or comment longer than the reader allows (see
    /// [`ReadOptions`]). A line too long ends the input (the error is at
    /// its start); a token or comment too long fails its game (the error
    /// is at its start), and the reader goes on with the next game.
    TooLong {
        /// What is too long.
        limit: Limit,
        /// The most bytes it may have.
        max: usize,
    },
    /// The input holds no game at all (from the readers of one game, such
    /// as [`Game::from_pgn`](crate::Game::from_pgn)).
    NoGame,
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // `mv` names the move; the error's own echo of it is left out.
            PgnErrorKind::Move { mv, error } => write!(f, "{mv}: {}", error.without_text()),
            PgnErrorKind::NullMoveInCheck { mv } => write!(f, "{mv}: a null move while in check"),
            PgnErrorKind::UnterminatedComment => f.write_str("comment not closed: '{' without '}'"),
            PgnErrorKind::UnterminatedVariation => f.write_str("variation not closed: '(' without ')'"),
            PgnErrorKind::UnmatchedParenthesis => f.write_str("')' without '('"),
            PgnErrorKind::VariationWithoutMove => f.write_str("variation before any move: no move to replace"),
            PgnErrorKind::BadTag(reason) => write!(f, "bad tag pair: {reason}"),
            PgnErrorKind::BadNag => f.write_str("NAG above $255"),
            PgnErrorKind::BadFen(e) => write!(f, "bad FEN tag: {e}"),
            PgnErrorKind::UnsupportedVariant(v) => write!(f, "unsupported variant {}", Quoted(v)),
            PgnErrorKind::UnexpectedText(t) => write!(f, "unexpected {}", Quoted(t)),
            PgnErrorKind::Io(e) => write!(f, "read error: {e}"),
            PgnErrorKind::TooLong { limit, max } => write!(f, "{limit} longer than {max} bytes"),
            PgnErrorKind::NoGame => f.write_str("no game in the input"),
        }
    }
}

/// An error in a game, with where it is: the game's number in the input
/// (1 for the first), and the line and column (1-based, columns in
/// characters) where the offending token starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// The game's number in the input, from 1.
    pub game: u64,
    /// The line, from 1.
    pub line: u64,
    /// The column, from 1.
    pub column: u64,
    /// What is wrong.
    pub kind: PgnErrorKind,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}, line {}, column {}: {}", self.game, self.line, self.column, self.kind)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for PgnError {}
