//! The game reader: tags, movetext, variations, legality, errors and
//! recovery, driving a [`Visitor`].

use alloc::string::String;
use alloc::vec::Vec;

use crate::moves::Move;
use crate::notation::san::{self, San};
use crate::pgn::input::{Input, SliceInput};
use crate::pgn::lexer::{Lexer, Mark, Token};
use crate::pgn::token::{self, glyph_nags, split_annotation, trailing_marks, GLYPH_RUN};
use crate::pgn::{Limit, Nag, PgnError, PgnErrorKind, ReadOptions, Skip, TagValue, Visitor};
use crate::position::error::echo;
use crate::position::{CastlingMode, FenOptions, MoveError, Position, Repairs, SyntaxReason, Undo};

/// A streaming PGN reader: any number of games, one at a time, from a
/// byte slice or (with `std`) from a [`std::io::Read`].
///
/// Each game is read into a [`Visitor`] ([`Reader::read_game`]) or into a
/// [`PgnGame`](crate::pgn::PgnGame) tree ([`Reader::read_tree`], or the
/// iterator of [`Reader::trees`]). Moves are checked against the position
/// as they are read. A game with an error is skipped up to the next game,
/// and the error, with its game number, line and column, is returned in
/// its place; the next call reads the next game.
///
/// ```
/// use chess_movegen::pgn::Reader;
/// let pgn = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n\n1. d4 d5 *\n";
/// let mut reader = Reader::from_str(pgn);
/// let first = reader.read_tree().unwrap()?;
/// assert_eq!(first.mainline().count(), 3);
/// let error = reader.read_tree().unwrap().unwrap_err();
/// assert_eq!((error.game, error.line, error.column), (2, 7, 13));
/// assert_eq!(error.to_string(), "game 2, line 7, column 13: 2. Ke3: illegal move: no king can reach e3");
/// let third = reader.read_tree().unwrap()?;
/// assert_eq!(third.mainline().count(), 2);
/// assert!(reader.read_tree().is_none());
/// # Ok::<(), chess_movegen::pgn::PgnError>(())
/// ```
pub struct Reader<I> {
    lexer: Lexer<I>,
    games: u64,
    /// The byte offset of the first byte of the last game started.
    game_start: u64,
    /// Variation stack: the position and last move of each enclosing line.
    stack: Vec<Level>,
    fen: String,
    variant: String,
    has_fen: bool,
    has_variant: bool,
    /// Where the FEN and Variant tags start, for their errors.
    fen_mark: Mark,
    variant_mark: Mark,
    /// Any `Undo`, to fill `Level::last_undo` before the first move.
    blank_undo: Undo,
    /// The standard start position, made once.
    startpos: Position,
    options: ReadOptions,
    /// The rest of the last game to skip, at the start of the next call:
    /// a game's error (or the visitor's wish to skip) is returned at once,
    /// even if the input then goes on for ever without another game.
    pending: Option<Recover>,
}

#[derive(Clone, Copy)]
struct Level {
    pos: Position,
    /// The last move of the line and what takes it back (valid when
    /// `has_last`). Kept apart, not as an `Option` of a pair: that layout
    /// made each store of the `Undo` stall the load after it.
    last_mv: Move,
    last_undo: Undo,
    has_last: bool,
    /// Where the `(` that opened the line after this one was.
    open: Mark,
}

impl Level {
    /// Keeps `mv` (the null move too), just played with `undo`, as the
    /// line's last move, which a `(` takes back.
    #[cfg_attr(hot_inline, inline(always))]
    fn set_last(&mut self, mv: Move, undo: Undo) {
        self.last_mv = mv;
        self.last_undo = undo;
        self.has_last = true;
    }
}

impl<'a> Reader<SliceInput<'a>> {
    /// A reader of PGN text in memory (no copy is made).
    #[allow(clippy::should_implement_trait)]
    pub fn from_str(text: &'a str) -> Reader<SliceInput<'a>> {
        Reader::from_bytes(text.as_bytes())
    }

    /// A reader of PGN bytes in memory. Tag values and comments that are
    /// not UTF-8 are passed on as bytes (and converted lossily in trees).
    pub fn from_bytes(bytes: &'a [u8]) -> Reader<SliceInput<'a>> {
        Reader::with_input(SliceInput::new(bytes))
    }
}

#[cfg(feature = "std")]
impl<R: std::io::Read> Reader<crate::pgn::IoInput<R>> {
    /// A reader of a file, standard input or any other [`std::io::Read`]
    /// (a [`std::io::BufRead`] too), read in chunks: memory stays bounded
    /// by the limits on lines and comments ([`ReadOptions`]), whatever the
    /// input holds. An I/O error is returned as a [`PgnErrorKind::Io`]
    /// and ends the input, as a line too long does.
    pub fn new(read: R) -> Reader<crate::pgn::IoInput<R>> {
        Reader::with_input(crate::pgn::IoInput::new(read))
    }
}

/// Variant tag values read as standard chess.
fn is_standard_variant(v: &str) -> bool {
    is_one_of(v, &["", "standard", "chess", "classical", "normal", "from position", "fromposition", "illegal"])
}

/// Variant tag values read as Chess960.
fn is_chess960_variant(v: &str) -> bool {
    is_one_of(v, &["chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random", "960"])
}

/// Whether `v` is one of `names`, ASCII case ignored. (Under `compact`
/// one loop over the list, not a comparison per name inlined; the
/// comparison out of line too, or the optimiser's unrolling of that loop
/// copies it several times.)
#[cfg_attr(feature = "compact", inline(never))]
fn is_one_of(v: &str, names: &[&str]) -> bool {
    names.iter().any(|s| same_name(v, s))
}

/// `a` and `b` the same but for ASCII case (see [`is_one_of`]).
#[cfg_attr(feature = "compact", inline(never))]
fn same_name(a: &str, b: &str) -> bool {
    a.eq_ignore_ascii_case(b)
}

/// The position a game starts from, given its `FEN` and `Variant` tag
/// values (if it has them), the standard start position and the FEN
/// options (see [`ReadOptions::fen_options`]): what the reader plays the
/// movetext from, and what the writer checks its tags against.
pub(crate) fn start_from_tags(
    startpos: Position,
    fen: Option<&str>,
    variant: Option<&str>,
    options: FenOptions,
) -> Result<Position, PgnErrorKind> {
    let chess960 = match variant.map(str::trim) {
        Some(v) if is_chess960_variant(v) => true,
        Some(v) if is_standard_variant(v) => false,
        Some(v) => return Err(PgnErrorKind::UnsupportedVariant(echo(v.as_bytes()))),
        None => options.castling == CastlingMode::Chess960,
    };
    let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
    let Some(fen) = fen else {
        let mut pos = startpos;
        if chess960 {
            // The start position castles the standard way: either mode fits.
            let _ = pos.set_castling_mode(mode);
        }
        return Ok(pos);
    };
    let fen = fen.trim();
    let read = |mode| Position::from_fen_with(fen, options.castling(mode));
    match read(mode) {
        Ok((pos, repairs)) if chess960 || !repairs.contains(Repairs::CASTLING_RIGHTS) => Ok(pos),
        first => {
            // Shredder-FEN or Chess960 castling rights without a
            // Variant tag: Chess960 if that keeps the castling rights.
            match (first, read(CastlingMode::Chess960)) {
                (_, Ok((pos, repairs))) if !chess960 && !repairs.contains(Repairs::CASTLING_RIGHTS) => Ok(pos),
                (Ok((pos, _)), _) => Ok(pos),
                (Err(e), _) => Err(PgnErrorKind::BadFen(e)),
            }
        }
    }
}

/// Why a game stopped early.
enum Stop {
    /// An error: skip to the next game (recovery starts at the lexer's
    /// position).
    Error(PgnError, Recover),
    /// The visitor asked to skip the rest of the game.
    Skip,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Recover {
    /// Still in the tag section.
    Tags,
    /// In the movetext.
    Movetext,
    /// Nothing to skip (the error ended the input or the game).
    Done,
}

impl<I: Input> Reader<I> {
    fn with_input(input: I) -> Reader<I> {
        Reader {
            lexer: Lexer::new(input),
            games: 0,
            game_start: 0,
            stack: Vec::new(),
            fen: String::new(),
            variant: String::new(),
            has_fen: false,
            has_variant: false,
            fen_mark: Mark::default(),
            variant_mark: Mark::default(),
            blank_undo: Position::startpos().make_null_move(),
            startpos: Position::startpos(),
            options: ReadOptions::new(),
            pending: None,
        }
    }

    /// The reader with these options (limits on lengths, the `FEN` tag's
    /// FEN options): set before the first game is read.
    ///
    /// ```
    /// use chess_movegen::pgn::{Limit, PgnErrorKind, ReadOptions, Reader};
    /// // A stream of zero bytes, without end and without line breaks.
    /// let zeros = std::io::repeat(0);
    /// let mut reader = Reader::new(zeros).with_options(ReadOptions::new().max_line(1000));
    /// let error = reader.read_tree().unwrap().unwrap_err();
    /// assert_eq!(error.kind, PgnErrorKind::TooLong { limit: Limit::Line, max: 1000 });
    /// assert_eq!((error.game, error.line, error.column), (1, 1, 1));
    /// assert!(reader.read_tree().is_none());
    /// ```
    pub fn with_options(mut self, options: ReadOptions) -> Reader<I> {
        self.options = options;
        self.lexer.set_limits(&options);
        self
    }

    /// The options the reader reads with.
    pub fn options(&self) -> &ReadOptions {
        &self.options
    }

    /// The number of games started so far (read, skipped or failed).
    pub fn games_started(&self) -> u64 {
        self.games
    }

    /// The number of bytes consumed so far. After a game with an error
    /// (or one the visitor skipped), up to where it stopped: the rest of
    /// it is skipped when the next game is read.
    pub fn bytes_read(&self) -> u64 {
        self.lexer.base + self.lexer.pos as u64
    }

    /// The byte offset of the first byte of the last game started (its
    /// first tag, comment or move, after the blank space before it): where
    /// to seek to read it again. 0 before any game.
    pub fn game_start(&self) -> u64 {
        self.game_start
    }

    fn error_at(&self, mark: Mark, kind: PgnErrorKind) -> PgnError {
        PgnError { game: self.games, line: mark.line, column: self.lexer.mark_column(mark), kind }
    }

    /// Reads the next game into `visitor`. `None` when the input has no
    /// more games; `Some(Err(..))` for a game with an error, which has been
    /// skipped (the visitor's [`end_game`](Visitor::end_game) is not called
    /// for it); the next call goes on with the next game.
    pub fn read_game<V: Visitor>(&mut self, visitor: &mut V) -> Option<Result<V::Output, PgnError>> {
        if let Some(from) = self.pending.take() {
            self.recover(from);
        }
        // Skip what stands between games: rest-of-line comments, stray
        // closing brackets of broken games are errors of their own game.
        loop {
            if !self.lexer.skip_space() {
                if let Some(kind) = self.lexer.io_error.take() {
                    self.games += 1;
                    let mark = self.lexer.here();
                    return Some(Err(self.error_at(mark, kind)));
                }
                return None;
            }
            if self.lexer.data()[self.lexer.pos] == b';' {
                self.lexer.skip_line();
                continue;
            }
            break;
        }
        self.games += 1;
        self.game_start = self.bytes_read();
        visitor.begin_game();
        match self.game(visitor) {
            Ok(()) => Some(Ok(visitor.end_game())),
            Err(Stop::Skip) => {
                self.pending = Some(Recover::Movetext);
                Some(Ok(visitor.end_game()))
            }
            Err(Stop::Error(e, from)) => {
                self.pending = Some(from);
                Some(Err(e))
            }
        }
    }

    /// Skips the next game without looking at its moves: `None` at the end
    /// of the input, otherwise the number of the game skipped.
    pub fn skip_game(&mut self) -> Option<u64> {
        struct Skipper;
        impl Visitor for Skipper {
            type Output = ();
            fn end_tags(&mut self, _: &Position) -> Skip {
                Skip(true)
            }
            fn end_game(&mut self) {}
        }
        self.read_game(&mut Skipper).map(|_| self.games)
    }

    fn game<V: Visitor>(&mut self, visitor: &mut V) -> Result<(), Stop> {
        self.has_fen = false;
        self.has_variant = false;
        self.stack.clear();
        // Tag section. Blank lines and `;` comments between tags are
        // allowed (as in python-chess), one blank line at a time: after
        // two (three line feeds since the last tag), a tag is the next
        // game's, this one having no moves.
        let mut tags = false;
        loop {
            if !self.lexer.skip_space() {
                break;
            }
            let data = self.lexer.data();
            match data[self.lexer.pos] {
                b'[' if tags && self.lexer.newlines >= 3 => break,
                b'[' => tags = true,
                b';' => {
                    self.lexer.skip_line();
                    continue;
                }
                _ => break,
            }
            self.lexer.next(); // sets the mark on the `[`
            let mark = self.lexer.mark;
            match self.lexer.tag() {
                Ok(range) if range.name.1 - range.name.0 > self.options.max_token => {
                    return Err(self.tag_too_long(self.lexer.mark_at(range.name.0)));
                }
                Ok(range) if range.value.1 - range.value.0 > self.options.max_token => {
                    let value = self.lexer.mark_at(range.value.0);
                    return Err(self.tag_too_long(Mark { offset: value.offset - 1, ..mark }));
                }
                Ok(range) => {
                    let data = self.lexer.data();
                    let name = &data[range.name.0..range.name.1];
                    let value = TagValue::new(&data[range.value.0..range.value.1]);
                    if name == b"FEN" {
                        self.fen.clear();
                        self.fen.push_str(&value.decode());
                        self.has_fen = true;
                        self.fen_mark = mark;
                    } else if name == b"Variant" {
                        self.variant.clear();
                        self.variant.push_str(value.decode().trim());
                        self.has_variant = true;
                        self.variant_mark = mark;
                    }
                    visitor.tag(name, value);
                }
                Err(reason) => {
                    let pos = self.lexer.pos;
                    let at = Mark {
                        offset: self.lexer.base + pos as u64,
                        line: self.lexer.line,
                        line_start: self.lexer.line_start,
                    };
                    let e = self.error_at(at, PgnErrorKind::BadTag(reason));
                    self.lexer.skip_line();
                    return Err(Stop::Error(e, Recover::Tags));
                }
            }
        }
        self.movetext(visitor)
    }

    /// The error of a tag name or value too long, at `mark`; the rest of
    /// the tags are skipped.
    #[cold]
    fn tag_too_long(&mut self, mark: Mark) -> Stop {
        let e = self.error_at(mark, self.too_long(Limit::Token));
        self.lexer.skip_line();
        Stop::Error(e, Recover::Tags)
    }

    /// The error kind of a `limit` exceeded.
    fn too_long(&self, limit: Limit) -> PgnErrorKind {
        let max = match limit {
            Limit::Line => self.options.max_line,
            Limit::Token => self.options.max_token,
            Limit::Comment => self.options.max_comment,
        };
        PgnErrorKind::TooLong { limit, max }
    }

    /// The start position from the FEN and Variant tags.
    fn start_position(&self) -> Result<Position, PgnErrorKind> {
        let fen = self.has_fen.then_some(self.fen.as_str());
        let variant = self.has_variant.then_some(self.variant.as_str());
        start_from_tags(self.startpos, fen, variant, self.options.fen)
    }

    /// The movetext of a game.
    fn movetext<V: Visitor>(&mut self, visitor: &mut V) -> Result<(), Stop> {
        let start = match self.start_position() {
            Ok(pos) => pos,
            Err(kind) => {
                let mark = if matches!(kind, PgnErrorKind::BadFen(_)) { self.fen_mark } else { self.variant_mark };
                return Err(Stop::Error(self.error_at(mark, kind), Recover::Movetext));
            }
        };
        if visitor.end_tags(&start).0 {
            return Err(Stop::Skip);
        }
        self.stack.clear();
        let mut cur = Level {
            pos: start,
            last_mv: Move::NULL,
            last_undo: self.blank_undo,
            has_last: false,
            open: Mark::default(),
        };
        // Depth of a variation the visitor asked to skip (0: none).
        let mut skipping = 0usize;
        loop {
            let first = if skipping == 0 { self.lexer.skip_to_token() } else { None };
            let token = if let Some(b) = first {
                if self.lexer.newlines >= 2 && self.next_game_starts(&cur) {
                    return self.end_of_movetext();
                }
                // Under `compact`, every token takes the lexer's way: the
                // shortcut for moves, numbers and comments only saves time.
                if !cfg!(feature = "compact") && self.fast_token(visitor, &mut cur, b)? {
                    continue;
                }
                // The space is skipped already; under `compact` the
                // lexer's whole pass (skipping nothing more) serves: one
                // call of it, less code.
                if cfg!(feature = "compact") {
                    self.lexer.next_inline()
                } else {
                    self.lexer.token_here()
                }
            } else {
                self.lexer.next_inline()
            };
            if self.token(visitor, &mut cur, &mut skipping, token)? {
                return Ok(());
            }
        }
    }

    /// After a blank line, whether the movetext there is the next game's,
    /// the game before it having no termination marker: it starts with the
    /// move number 1, which cannot go on a main line already past move 1
    /// (`1. e4 e5` ⏎ ⏎ `1. d4 d5 *` is two games; `1. e4 e5` ⏎ ⏎
    /// `2. Nf3 *` one), or with one comment and then the move number 1
    /// (`{Game 2} 1. d4`; the comment is the next game's).
    fn next_game_starts(&self, cur: &Level) -> bool {
        if !(self.stack.is_empty() && cur.has_last && cur.pos.fullmove_number() > 1) {
            return false;
        }
        let data = self.lexer.data();
        let mut p = self.lexer.pos;
        if data[p] == b'{' {
            // One comment only: the look ahead reads it once more, as the
            // lexer then does, so the input is read at most twice.
            let Some(end) = self.lexer.comment_end(p) else {
                return false;
            };
            p = end + data[end..].iter().take_while(|b| b.is_ascii_whitespace()).count();
        }
        data.get(p) == Some(&b'1') && data.get(p + 1) == Some(&b'.')
    }

    /// Move numbers, moves and comments, read without the lexer's token
    /// pass: one branch on the kind of token its first byte `b` starts.
    /// False if the token is of another kind, for the lexer to take.
    #[cfg_attr(hot_inline, inline(always))]
    fn fast_token<V: Visitor>(&mut self, visitor: &mut V, cur: &mut Level, b: u8) -> Result<bool, Stop> {
        let mut p = self.lexer.pos;
        let mut kind = token::token_kind(b);
        if kind == token::KIND_NUMBER {
            let data = self.lexer.data();
            let Some(end) = token::scan_number(data, p) else {
                return Ok(false);
            };
            // The move after its number, most often one space on: read
            // here, as the loop would after `skip_space`.
            match data.get(end..) {
                Some(&[b' ', next, ..]) if token::token_kind(next) == token::KIND_MOVE => {
                    (p, kind) = (end + 1, token::KIND_MOVE);
                }
                _ => {
                    self.lexer.pos = end;
                    return Ok(true);
                }
            }
        }
        match kind {
            token::KIND_MOVE => {
                let end = self.lexer.word_end(p);
                self.lexer.pos = end;
                self.play(visitor, cur, p, end)?;
                Ok(true)
            }
            // A comment after almost every move of some files (clocks):
            // handed on here, without the token's way through
            // `Reader::token`.
            token::KIND_COMMENT => match self.lexer.comment_here() {
                Token::Comment(s, e) => {
                    visitor.comment(&self.lexer.data()[s..e]);
                    Ok(true)
                }
                token => Err(self.comment_error(token)),
            },
            _ => Ok(false),
        }
    }

    /// The error of a brace comment that is not one: unterminated, or
    /// longer than the limit.
    #[cold]
    fn comment_error(&self, token: Token) -> Stop {
        match token {
            Token::CommentTooLong => self.fail(self.too_long(Limit::Comment), Recover::Movetext),
            _ => self.fail(PgnErrorKind::UnterminatedComment, Recover::Movetext),
        }
    }

    /// One token of the lexer's: true at the end of the movetext.
    fn token<V: Visitor>(
        &mut self,
        visitor: &mut V,
        cur: &mut Level,
        skipping: &mut usize,
        token: Token,
    ) -> Result<bool, Stop> {
        match token {
            Token::Eof => {
                if let Some(kind) = self.lexer.io_error.take() {
                    return Err(self.fail(kind, Recover::Done));
                }
                return self.end_of_movetext().map(|()| true);
            }
            Token::TagStart => return self.end_of_movetext().map(|()| true),
            Token::Number | Token::LineComment(..) => {}
            Token::Word(..) | Token::Nag(_) | Token::Other(_) if *skipping > 0 => {}
            Token::Word(s, e) => self.play(visitor, cur, s, e)?,
            Token::Nag(Some(n)) => visitor.nag(Nag(n)),
            Token::Nag(None) => return Err(self.fail(PgnErrorKind::BadNag, Recover::Movetext)),
            Token::Comment(s, e) => {
                if *skipping == 0 {
                    visitor.comment(&self.lexer.data()[s..e]);
                }
            }
            Token::UnterminatedComment | Token::CommentTooLong => return Err(self.comment_error(token)),
            Token::Open => self.open(visitor, cur, skipping)?,
            Token::Close => self.close(visitor, cur, skipping)?,
            // A result inside a variation says how that line would end; it
            // does not end the game.
            Token::Result(_) if !self.stack.is_empty() => {}
            Token::Result(result) => {
                visitor.result(result);
                self.trailing_comments(visitor);
                return Ok(true);
            }
            Token::Other(_) => {
                let mark = self.lexer.mark;
                let s = (mark.offset - self.lexer.base) as usize;
                let text = String::from_utf8_lossy(&self.lexer.data()[s..self.lexer.pos]).into_owned();
                return Err(self.fail(PgnErrorKind::UnexpectedText(text), Recover::Movetext));
            }
        }
        Ok(false)
    }

    /// The error `kind` at the lexer's mark.
    #[cold]
    fn fail(&self, kind: PgnErrorKind, recover: Recover) -> Stop {
        Stop::Error(self.error_at(self.lexer.mark, kind), recover)
    }

    /// `(`: a side line replaces the last move of the current line.
    fn open<V: Visitor>(&mut self, visitor: &mut V, cur: &mut Level, skipping: &mut usize) -> Result<(), Stop> {
        if *skipping > 0 {
            *skipping += 1;
            return Ok(());
        }
        if !cur.has_last {
            return Err(self.fail(PgnErrorKind::VariationWithoutMove, Recover::Movetext));
        }
        let skip = visitor.begin_variation().0;
        cur.open = self.lexer.mark;
        self.stack.push(*cur);
        if skip {
            *skipping = 1;
            return Ok(());
        }
        if cur.last_mv.is_null() {
            cur.pos.unmake_null_move(cur.last_undo);
        } else {
            cur.pos.unmake_move(cur.last_mv, cur.last_undo);
        }
        cur.has_last = false;
        Ok(())
    }

    /// `)`: back to the line the side line left.
    fn close<V: Visitor>(&mut self, visitor: &mut V, cur: &mut Level, skipping: &mut usize) -> Result<(), Stop> {
        if *skipping > 1 {
            *skipping -= 1;
            return Ok(());
        }
        match self.stack.pop() {
            Some(level) => {
                *cur = level;
                *skipping = 0;
                visitor.end_variation();
                Ok(())
            }
            None => Err(self.fail(PgnErrorKind::UnmatchedParenthesis, Recover::Movetext)),
        }
    }

    /// Comments after the result, on the lines before a blank line, belong
    /// to the game (as python-chess and other readers have it).
    fn trailing_comments<V: Visitor>(&mut self, visitor: &mut V) {
        loop {
            if !self.lexer.skip_space() {
                return;
            }
            if self.lexer.newlines >= 2 || self.lexer.data()[self.lexer.pos] != b'{' {
                // Not ours: the next game starts here.
                return;
            }
            match self.lexer.next() {
                Token::Comment(s, e) => visitor.comment(&self.lexer.data()[s..e]),
                _ => return,
            }
        }
    }

    fn end_of_movetext(&mut self) -> Result<(), Stop> {
        let Some(level) = self.stack.last() else {
            return Ok(());
        };
        let mark = level.open;
        Err(Stop::Error(self.error_at(mark, PgnErrorKind::UnterminatedVariation), Recover::Done))
    }

    /// Reads, checks and plays the move token `data[s..e]`: its text
    /// through the crate's one SAN reader, its glyphs as NAGs. The common
    /// shapes of move text are played here, the others by
    /// [`Reader::play_other`].
    #[cfg_attr(hot_inline, inline(always))]
    fn play<V: Visitor>(&mut self, visitor: &mut V, cur: &mut Level, s: usize, e: usize) -> Result<(), Stop> {
        debug_assert_eq!(self.lexer.pos, e, "the token just read (glyph runs are found before the lexer's position)");
        let token = &self.lexer.data()[s..e];
        let (len, glyph) = split_annotation(token);
        // Under `compact`, one way for every shape: less code.
        let common = if cfg!(feature = "compact") { None } else { san::parse_common(&token[..len]) };
        let Some(m) = common else {
            return self.play_other(visitor, cur, s, len, glyph);
        };
        let Some(mv) = cur.pos.find_normal(m.san()) else {
            return Err(self.move_error(cur, s, len, |pos, text| pos.san_error(San::Normal(m.san()), text)));
        };
        self.play_move(visitor, cur, mv, glyph)
    }

    /// [`Reader::play`] for a move text of another shape than
    /// [`san::parse_common`] reads (castling, a promotion, an origin
    /// square, a null move), or no move at all (every move text under
    /// `compact`). Out of line: a few moves in a game.
    #[inline(never)]
    fn play_other<V: Visitor>(
        &mut self,
        visitor: &mut V,
        cur: &mut Level,
        s: usize,
        len: usize,
        glyph: Option<u8>,
    ) -> Result<(), Stop> {
        let text = &self.lexer.data()[s..s + len];
        let mv = match san::parse(text) {
            Ok(San::Null) => return self.play_null(visitor, cur, s, len, glyph),
            Ok(parsed) => match cur.pos.find_san(parsed) {
                Some(mv) => mv,
                None => return Err(self.move_error(cur, s, len, |pos, text| pos.san_error(parsed, text))),
            },
            Err(reason) => return self.not_a_move(visitor, cur, s, len, glyph, reason),
        };
        self.play_move(visitor, cur, mv, glyph)
    }

    /// Plays the legal move `mv`, the last of its line now, and the
    /// glyph at the end of its token.
    #[cfg_attr(hot_inline, inline(always))]
    fn play_move<V: Visitor>(
        &mut self,
        visitor: &mut V,
        cur: &mut Level,
        mv: Move,
        glyph: Option<u8>,
    ) -> Result<(), Stop> {
        let skip = visitor.play(&cur.pos, mv).0;
        let undo = cur.pos.make_move(mv);
        cur.set_last(mv, undo);
        self.after_move(visitor, glyph, skip)
    }

    /// The end of a move's token, once the move is played: the glyph at
    /// its end, if any, then the visitor's wish to skip the rest of the
    /// game.
    #[cfg_attr(hot_inline, inline(always))]
    fn after_move<V: Visitor>(&self, visitor: &mut V, glyph: Option<u8>, skip: bool) -> Result<(), Stop> {
        if let Some(n) = glyph {
            self.glyph(visitor, n);
        }
        if skip {
            return Err(Stop::Skip);
        }
        Ok(())
    }

    /// A token whose text is no move: a glyph on its own (`e4 !?`)
    /// annotates the move before it, an `e.p.` or `ep` after an en-passant
    /// capture is skipped (with a check mark after it, `e.p.+`), anything
    /// else is an error.
    #[cold]
    fn not_a_move<V: Visitor>(
        &mut self,
        visitor: &mut V,
        cur: &Level,
        s: usize,
        len: usize,
        glyph: Option<u8>,
        reason: SyntaxReason,
    ) -> Result<(), Stop> {
        match (&self.lexer.data()[s..s + len], glyph) {
            (b"", Some(n)) => self.glyph(visitor, n),
            (b"e.p." | b"ep" | b"e.p.+" | b"e.p.#", _) => {}
            _ => return Err(self.move_error(cur, s, len, |_, text| san::san_syntax(text, reason))),
        }
        Ok(())
    }

    /// The NAG of the glyph [`split_annotation`] found at the end of the
    /// token just read, or the NAGs of its run of marks ([`GLYPH_RUN`]).
    #[cold]
    #[inline(never)]
    fn glyph<V: Visitor>(&self, visitor: &mut V, n: u8) {
        if n == GLYPH_RUN {
            glyph_run(visitor, trailing_marks(&self.lexer.data()[..self.lexer.pos]));
        } else {
            visitor.nag(Nag(n));
        }
    }

    /// Plays a null move (`--`, `Z0`), refused in check.
    #[cold]
    fn play_null<V: Visitor>(
        &mut self,
        visitor: &mut V,
        cur: &mut Level,
        s: usize,
        len: usize,
        glyph: Option<u8>,
    ) -> Result<(), Stop> {
        if cur.pos.is_check() {
            let label = move_label(&cur.pos, &self.lexer.data()[s..s + len]);
            let kind = PgnErrorKind::NullMoveInCheck { mv: label };
            return Err(Stop::Error(self.error_at(self.lexer.mark_at(s), kind), Recover::Movetext));
        }
        let skip = visitor.play(&cur.pos, Move::NULL).0;
        let undo = cur.pos.make_null_move();
        cur.set_last(Move::NULL, undo);
        self.after_move(visitor, glyph, skip)
    }

    /// The error of the move text `data[s..s + len]`, made by `error` from
    /// the position and the text.
    #[cold]
    #[inline(never)]
    fn move_error(&self, cur: &Level, s: usize, len: usize, error: impl FnOnce(&Position, &[u8]) -> MoveError) -> Stop {
        // The token ends at the lexer's position. Checked here, not for
        // every move: a token that long is no move.
        if self.lexer.pos - s > self.options.max_token {
            return Stop::Error(self.error_at(self.lexer.mark_at(s), self.too_long(Limit::Token)), Recover::Movetext);
        }
        let text = &self.lexer.data()[s..s + len];
        let error = error(&cur.pos, text);
        let mv = move_label(&cur.pos, text);
        Stop::Error(self.error_at(self.lexer.mark_at(s), PgnErrorKind::Move { mv, error }), Recover::Movetext)
    }

    /// Skips the rest of a failed or skipped game: to its result (outside
    /// variations) or to the next tag section.
    fn recover(&mut self, from: Recover) {
        if from == Recover::Done {
            return;
        }
        if from == Recover::Tags {
            // The other tags of this game.
            loop {
                if !self.lexer.skip_space() {
                    return;
                }
                if self.lexer.newlines >= 2 {
                    break;
                }
                match self.lexer.data()[self.lexer.pos] {
                    b'[' | b';' => self.lexer.skip_line(),
                    _ => break,
                }
            }
        }
        let mut depth = if from == Recover::Movetext { self.stack.len() } else { 0 };
        loop {
            match self.lexer.next() {
                Token::Eof => return,
                Token::TagStart => {
                    if self.lexer.mark_at_line_start() {
                        return;
                    }
                    self.lexer.pos += 1;
                }
                Token::Open => depth += 1,
                Token::Close => depth = depth.saturating_sub(1),
                Token::Result(_) if depth == 0 => return,
                _ => {}
            }
        }
    }
}

/// Sends the NAGs of a run of three or more annotation marks (`!!?`).
#[cold]
#[inline(never)]
fn glyph_run<V: Visitor>(visitor: &mut V, marks: &[u8]) {
    for n in glyph_nags(marks) {
        visitor.nag(Nag(n));
    }
}

/// The move as a move list names it: `12. Nf3`, `12... Nf6` (the text
/// shortened as errors echo it, see [`echo`]).
pub(crate) fn move_label(pos: &Position, text: &[u8]) -> String {
    let text = echo(text);
    let dots = if pos.side_to_move() == crate::types::Color::White { "." } else { "..." };
    alloc::format!("{}{dots} {text}", pos.fullmove_number())
}
