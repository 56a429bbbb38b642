//! The movetext and tag lexer: one pass over bytes, no allocation, with
//! line and column tracking. Tokens are byte ranges into the input's
//! current data, valid until the next call.

use crate::outcome::GameResult;
use crate::pgn::input::sealed::Sealed;
use crate::pgn::{PgnErrorKind, ReadOptions};

/// Byte classes for the hot loops.
const SPACE: u8 = 1;
/// Bytes that may continue a move token (`Nbxd7+`, `e8=Q`, `O-O-O`, `e.p.`, `!?`).
const WORD: u8 = 2;

const fn classes() -> [u8; 256] {
    let mut t = [0u8; 256];
    t[b' ' as usize] = SPACE;
    t[b'\t' as usize] = SPACE;
    t[b'\r' as usize] = SPACE;
    t[b'\n' as usize] = SPACE;
    t[0x0b] = SPACE;
    t[0x0c] = SPACE;
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if c.is_ascii_alphanumeric() {
            t[b] = WORD;
        }
        b += 1;
    }
    let extra = b"+#=:-/!?.@";
    let mut i = 0;
    while i < extra.len() {
        t[extra[i] as usize] = WORD;
        i += 1;
    }
    t
}

static CLASS: [u8; 256] = classes();

/// The bytes a tag name may hold after its first: letters, digits and
/// `_+#=:-`.
static TAG_NAME: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = c.is_ascii_alphanumeric() || matches!(c, b'_' | b'+' | b'#' | b'=' | b':' | b'-');
        b += 1;
    }
    t
};

/// One lexical element. Ranges index the input's data at the time the
/// token was returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Token {
    /// End of input.
    Eof,
    /// `[`: a tag pair starts (not consumed).
    TagStart,
    /// A move number (`12.`, `12...`, `12`): consumed, carries nothing.
    Number,
    /// A move (or something that is not a known token and looks like one).
    Word(usize, usize),
    /// `$n` with its value (`None` if it does not fit in a byte).
    Nag(Option<u8>),
    /// A brace comment: the bytes between the braces.
    Comment(usize, usize),
    /// A brace comment that the input ends inside.
    UnterminatedComment,
    /// A brace comment longer than the limit (the lexer goes on just
    /// after its `{`).
    CommentTooLong,
    /// A `;` comment: the bytes up to the end of the line.
    LineComment(usize, usize),
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// A termination marker.
    Result(GameResult),
    /// A byte that starts no token.
    Other(u8),
}

/// Where a token starts, for errors.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Mark {
    /// Absolute byte offset.
    pub offset: u64,
    /// 1-based line.
    pub line: u64,
    /// Absolute offset of the line's first byte.
    pub line_start: u64,
}

pub(crate) struct Lexer<I> {
    pub input: I,
    /// Position in `input.data()`.
    pub pos: usize,
    /// Absolute offset of `input.data()[0]`.
    pub base: u64,
    pub line: u64,
    pub line_start: u64,
    /// Line feeds crossed by the last `skip_space`.
    pub newlines: u32,
    /// Where the last token started.
    pub mark: Mark,
    /// The error that ended the input (a failed read, a line too long),
    /// until reported.
    pub io_error: Option<PgnErrorKind>,
    /// The input has failed: nothing more is read.
    failed: bool,
    /// Whether the first data has been looked at for a byte-order mark.
    bom_checked: bool,
    /// The longest line and comment read, in bytes (see [`ReadOptions`]).
    max_line: usize,
    max_comment: usize,
    /// No `}` lies between these absolute offsets (both excluded): what a
    /// comment found too long has read. A `{` inside jumps to the end, with
    /// the line count there, so a run of braces is read once, not once per
    /// brace.
    open_from: u64,
    open_to: u64,
    open_line: u64,
    open_line_start: u64,
    /// Absolute offset of a `{` known to have no `}` anywhere after it
    /// (`u64::MAX` while none is): every later `{` is unterminated too, so
    /// the input after it is not scanned again (once per brace, that made
    /// a file of unclosed braces take time quadratic in its length).
    unclosed_from: u64,
}

impl<I: Sealed> Lexer<I> {
    pub fn new(input: I) -> Lexer<I> {
        let mut lexer = Lexer {
            input,
            pos: 0,
            base: 0,
            line: 1,
            line_start: 0,
            newlines: 0,
            mark: Mark { offset: 0, line: 1, line_start: 0 },
            io_error: None,
            failed: false,
            bom_checked: false,
            max_line: ReadOptions::DEFAULT_MAX_LINE,
            max_comment: ReadOptions::DEFAULT_MAX_COMMENT,
            open_from: u64::MAX,
            open_to: 0,
            open_line: 0,
            open_line_start: 0,
            unclosed_from: u64::MAX,
        };
        // Data held already (text in memory); a stream is read at the
        // first token, once the limits are set.
        if !lexer.input.data().is_empty() {
            lexer.check_bom();
        }
        lexer
    }

    /// Sets the limits on lines and comments.
    pub fn set_limits(&mut self, options: &ReadOptions) {
        self.max_line = options.max_line;
        self.max_comment = options.max_comment;
    }

    /// Skips a UTF-8 byte-order mark at the start of the input.
    fn check_bom(&mut self) {
        self.bom_checked = true;
        if self.base == 0 && self.pos == 0 && self.input.data().starts_with(b"\xef\xbb\xbf") {
            self.pos = 3;
            self.line_start = 3;
        }
    }

    #[cfg_attr(hot_inline, inline(always))]
    pub fn data(&self) -> &[u8] {
        self.input.data()
    }

    /// Asks for more data, keeping bytes from `keep` on (the input may
    /// keep more: `base` and `pos` move by what it dropped). False at the
    /// end.
    #[cold]
    fn more(&mut self, keep: usize) -> bool {
        if self.failed {
            return false;
        }
        let (dropped, result) = self.input.more(keep, self.max_line);
        self.base += dropped as u64;
        self.pos -= dropped;
        match result {
            Ok(more) => {
                if !self.bom_checked {
                    self.check_bom();
                }
                more
            }
            Err(e) => {
                self.io_error = Some(e);
                self.failed = true;
                false
            }
        }
    }

    #[cfg_attr(hot_inline, inline(always))]
    fn abs(&self, pos: usize) -> u64 {
        self.base + pos as u64
    }

    #[cfg_attr(hot_inline, inline(always))]
    fn set_mark(&mut self) {
        self.mark = Mark { offset: self.abs(self.pos), line: self.line, line_start: self.line_start };
    }

    /// The mark of the lexer's position (where the input ended, after
    /// [`Lexer::skip_space`] returned false).
    pub fn here(&self) -> Mark {
        self.mark_at(self.pos)
    }

    /// The mark of a token that starts at `pos` in the data and on the
    /// current line (a move or a move number, read without
    /// [`Lexer::next`]).
    #[cfg_attr(hot_inline, inline)]
    pub fn mark_at(&self, pos: usize) -> Mark {
        Mark { offset: self.abs(pos), line: self.line, line_start: self.line_start }
    }

    /// Skips whitespace and `%` escape lines. Returns false at the end of
    /// the input. Counts the line feeds in `newlines`.
    #[cfg_attr(hot_inline, inline(always))]
    pub fn skip_space(&mut self) -> bool {
        self.skip_to_token().is_some()
    }

    /// [`Lexer::skip_space`], giving the byte it stops at (`None` at the
    /// end of the input), for a reader that branches on it.
    #[cfg_attr(hot_inline, inline(always))]
    pub fn skip_to_token(&mut self) -> Option<u8> {
        self.newlines = 0;
        // Most tokens are apart by one space: then one look at the byte
        // after it, which is not at a line's start (no `%` escape), and
        // the loop stays out of line. (Under `compact`, the loop alone.)
        if let Some(&[b' ', next, ..]) = self.input.data().get(self.pos..) {
            if !cfg!(feature = "compact") && CLASS[next as usize] != SPACE {
                self.pos += 1;
                return Some(next);
            }
        }
        if self.skip_spaces() {
            return Some(self.input.data()[self.pos]);
        }
        None
    }

    /// [`Lexer::skip_space`] for any run of space, line feeds and escape
    /// lines.
    #[cfg_attr(hot_inline, inline(never))]
    fn skip_spaces(&mut self) -> bool {
        loop {
            let data = self.input.data();
            let mut pos = self.pos;
            while pos < data.len() {
                let b = data[pos];
                if CLASS[b as usize] != SPACE {
                    if b == b'%' && self.base + pos as u64 == self.line_start {
                        // Escape line: skipped to its end.
                        while pos < data.len() && data[pos] != b'\n' {
                            pos += 1;
                        }
                        continue;
                    }
                    self.pos = pos;
                    return true;
                }
                pos += 1;
                if b == b'\n' {
                    self.line += 1;
                    self.newlines += 1;
                    self.line_start = self.base + pos as u64;
                }
            }
            self.pos = pos;
            if !self.more(pos) {
                return false;
            }
        }
    }

    /// The next token after whitespace.
    #[cfg_attr(hot_inline, inline)]
    pub fn next(&mut self) -> Token {
        self.next_inline()
    }

    /// [`Lexer::next`] inlined into its caller: the movetext loop, where
    /// the call and the token passed back through memory cost more than
    /// the short tokens themselves. The longer kinds of token are read by
    /// their own functions, chosen by the first byte.
    #[cfg_attr(hot_inline, inline(always))]
    pub fn next_inline(&mut self) -> Token {
        if !self.skip_space() {
            self.set_mark();
            return Token::Eof;
        }
        self.token_here()
    }

    /// The token at the lexer's position, once [`Lexer::skip_space`] has
    /// returned true (so that the reader, which looked at its first byte
    /// already, does not skip the space again).
    #[cfg_attr(hot_inline, inline(always))]
    pub fn token_here(&mut self) -> Token {
        self.set_mark();
        let data = self.input.data();
        let start = self.pos;
        let b = data[start];
        let (token, end) = match b {
            b'[' => return Token::TagStart,
            OPEN_BRACE => return self.comment(),
            b'0'..=b'9' => return self.number_or_word(),
            b'(' => (Token::Open, start + 1),
            b')' => (Token::Close, start + 1),
            b'*' => (Token::Result(GameResult::Unfinished), start + 1),
            b'$' => nag(data, start),
            b';' => line_comment(data, start),
            _ if CLASS[b as usize] == WORD => {
                let end = self.word_end(start);
                (word(data, start, end), end)
            }
            _ => other(data, start),
        };
        self.pos = end;
        token
    }

    /// The brace comment at the lexer's position (on its `{`), as
    /// [`Lexer::token_here`] reads it, for a reader that has looked at the
    /// byte already.
    #[cfg_attr(hot_inline, inline(always))]
    pub fn comment_here(&mut self) -> Token {
        self.set_mark();
        self.comment()
    }

    /// The end of the move token that starts at `start`: the longest run
    /// of bytes that may continue a move (`Nbxd7+`, `e8=Q`, `O-O-O`,
    /// `e.p.`, `!?`).
    #[cfg_attr(hot_inline, inline(always))]
    pub fn word_end(&self, start: usize) -> usize {
        let data = self.input.data();
        let mut end = start + 1;
        while end < data.len() && CLASS[data[end] as usize] == WORD {
            end += 1;
        }
        end
    }

    /// A token starting with a digit: move number, result, `0-0`, `0000`.
    fn number_or_word(&mut self) -> Token {
        let data = self.input.data();
        let start = self.pos;
        let mut pos = start;
        while pos < data.len() && data[pos].is_ascii_digit() {
            pos += 1;
        }
        if pos < data.len() && data[pos] == b'.' {
            while pos < data.len() && data[pos] == b'.' {
                pos += 1;
            }
            self.pos = pos;
            return Token::Number;
        }
        let end = self.word_end(start);
        let result = match &data[start..end] {
            b"1-0" => Some(GameResult::WhiteWins),
            b"0-1" => Some(GameResult::BlackWins),
            b"1/2-1/2" | b"1/2" | b"\xc2\xbd-\xc2\xbd" => Some(GameResult::Draw),
            _ => None,
        };
        if let Some(result) = result {
            self.pos = end;
            return Token::Result(result);
        }
        if end == pos && !data[start..end].starts_with(b"0000") {
            // Digits alone: a move number written without its dot.
            self.pos = end;
            return Token::Number;
        }
        self.pos = end;
        Token::Word(start, end)
    }

    /// Where the brace comment that starts at `p` (on its `{`) ends, just
    /// after its `}`, if that is in the data at hand; a look ahead that
    /// reads nothing. None after a brace known to be unclosed.
    /// None too for a comment longer than the limit.
    pub(crate) fn comment_end(&self, p: usize) -> Option<usize> {
        if self.abs(p) > self.unclosed_from {
            return None;
        }
        let data = self.input.data();
        let last = data.len().min((p + 2).saturating_add(self.max_comment));
        let from = match self.known_open(self.abs(p)) {
            Some(to) => (to - self.base) as usize,
            None => p + 1,
        };
        data.get(from..last)?.iter().position(|&b| b == b'}').map(|i| from + i + 1)
    }

    /// For a `{` at the absolute offset `brace` inside the stretch that a
    /// comment found too long has read without a `}`: the end of that
    /// stretch. None if the stretch does not hold it.
    #[cfg_attr(hot_inline, inline)]
    fn known_open(&self, brace: u64) -> Option<u64> {
        (brace >= self.open_from && brace < self.open_to).then_some(self.open_to)
    }

    /// A brace comment; `self.pos` is on the `{`. One longer than the
    /// limit is [`Token::CommentTooLong`], read up to the limit and no
    /// further.
    #[cfg_attr(hot_inline, inline(always))]
    fn comment(&mut self) -> Token {
        let brace = self.abs(self.pos);
        let start = self.pos + 1;
        let before = (self.line, self.line_start);
        // Most comments: their `}` in the data at hand, after a brace not
        // known to be open. Found here with no more state than that (the
        // setup of the general loop costs more than the scan of a short
        // comment); otherwise that loop goes on from where this one
        // stopped.
        // Under `compact`, that loop serves every comment: less code.
        if cfg!(feature = "compact") || brace > self.unclosed_from || self.known_open(brace).is_some() {
            return self.comment_from(brace, start, start, before);
        }
        let stop = self.input.data().len().min(start.saturating_add(self.max_comment).saturating_add(1));
        match self.close_comment(start, start, stop) {
            Ok(token) => token,
            Err(pos) => self.comment_from(brace, start, pos, before),
        }
    }

    /// Looks for the `}` of the comment that starts at `start` in
    /// `data[pos..stop]`, counting the line feeds before it: the comment,
    /// the lexer then after it; or `Err(stop)` if it is not there.
    #[cfg_attr(hot_inline, inline(always))]
    fn close_comment(&mut self, start: usize, mut pos: usize, stop: usize) -> Result<Token, usize> {
        let data = self.input.data();
        loop {
            pos = close_or_line_feed(data, pos, stop);
            if pos >= stop {
                return Err(pos);
            }
            pos += 1;
            if data[pos - 1] == b'}' {
                self.pos = pos;
                return Ok(Token::Comment(start, pos - 1));
            }
            self.line += 1;
            self.line_start = self.base + pos as u64;
        }
    }

    /// [`Lexer::comment`] from `pos`, with the lines counted up to there
    /// (and `before`, the line count at the brace).
    #[inline(never)]
    fn comment_from(&mut self, brace: u64, mut start: usize, mut pos: usize, before: (u64, u64)) -> Token {
        if brace > self.unclosed_from {
            self.pos += 1;
            return Token::UnterminatedComment;
        }
        let (line, line_start) = before;
        if let Some(to) = self.known_open(brace) {
            if to - brace > (self.max_comment as u64).saturating_add(1) {
                self.pos = start;
                return Token::CommentTooLong;
            }
            // No `}` before `to`: on from there, with its line count.
            pos = (to - self.base) as usize;
            (self.line, self.line_start) = (self.open_line, self.open_line_start);
        }
        loop {
            // A `}` at `limit` or later would make the comment too long.
            let limit = start.saturating_add(self.max_comment).saturating_add(1);
            let stop = self.input.data().len().min(limit);
            match self.close_comment(start, pos, stop) {
                Ok(token) => return token,
                Err(end) => pos = end,
            }
            if stop == limit {
                return self.comment_too_long(brace, start, pos, (line, line_start));
            }
            self.pos = pos;
            let base = self.base;
            let more = self.more(start - 1);
            let dropped = (self.base - base) as usize;
            if !more {
                // Unterminated: start again just after the brace, so the
                // caller can look for the next game.
                self.pos = start - dropped;
                self.line = line;
                self.line_start = line_start;
                self.unclosed_from = self.abs(self.pos - 1);
                return Token::UnterminatedComment;
            }
            pos = self.pos;
            start -= dropped;
        }
    }

    /// The comment whose `{` is at the absolute offset `brace` has no `}`
    /// before `pos` and is too long: remembers the stretch read, and goes
    /// back to just after the brace, on its line.
    #[cold]
    fn comment_too_long(&mut self, brace: u64, start: usize, pos: usize, (line, line_start): (u64, u64)) -> Token {
        if self.known_open(brace).is_none() {
            self.open_from = brace;
        }
        self.open_to = self.abs(pos);
        (self.open_line, self.open_line_start) = (self.line, self.line_start);
        self.pos = start;
        (self.line, self.line_start) = (line, line_start);
        Token::CommentTooLong
    }

    /// Skips to the end of the current line (not consuming the line feed).
    pub fn skip_line(&mut self) {
        let data = self.input.data();
        let mut pos = self.pos;
        while pos < data.len() && data[pos] != b'\n' {
            pos += 1;
        }
        self.pos = pos;
    }

    /// True if the token marked last starts its line (spaces before it
    /// aside).
    pub fn mark_at_line_start(&self) -> bool {
        let data = self.input.data();
        if self.mark.line_start < self.base {
            return false;
        }
        let from = (self.mark.line_start - self.base) as usize;
        let to = (self.mark.offset - self.base) as usize;
        data.get(from..to).is_some_and(|s| s.iter().all(|&b| b == b' ' || b == b'\t'))
    }

    /// Column (1-based, in characters) of the marked token, if its line is
    /// still in the buffer; in bytes otherwise.
    pub fn mark_column(&self, mark: Mark) -> u64 {
        let bytes = mark.offset - mark.line_start;
        if mark.line_start >= self.base {
            let from = (mark.line_start - self.base) as usize;
            let to = (mark.offset - self.base) as usize;
            if let Some(s) = self.input.data().get(from..to) {
                return s.iter().filter(|&&b| b & 0xc0 != 0x80).count() as u64 + 1;
            }
        }
        bytes + 1
    }
}

/// A tag pair read from one line.
pub(crate) struct TagRange {
    pub name: (usize, usize),
    pub value: (usize, usize),
}

impl<I: Sealed> Lexer<I> {
    /// Reads `[Name "value"]` with `self.pos` on the `[`. The value range
    /// holds the text between the quotes, escapes included.
    pub fn tag(&mut self) -> Result<TagRange, &'static str> {
        let data = self.input.data();
        let mut pos = self.pos + 1;
        let skip = |mut pos: usize| {
            while pos < data.len() && (data[pos] == b' ' || data[pos] == b'\t') {
                pos += 1;
            }
            pos
        };
        pos = skip(pos);
        let name_start = pos;
        if pos >= data.len() || !data[pos].is_ascii_alphanumeric() {
            self.pos = pos;
            return Err("a tag name must start with a letter or digit");
        }
        while pos < data.len() && TAG_NAME[usize::from(data[pos])] {
            pos += 1;
        }
        let name_end = pos;
        pos = skip(pos);
        if pos >= data.len() || data[pos] != b'"' {
            self.pos = pos;
            return Err("expected a quoted tag value after the tag name");
        }
        pos += 1;
        let value_start = pos;
        loop {
            pos = scan(data, pos, data.len(), value_stop_bytes, |b| matches!(b, b'"' | b'\\' | b'\n' | b'\r'));
            match data.get(pos) {
                None | Some(b'\n') | Some(b'\r') => {
                    if let Some(range) = self.unescaped_tag(name_start, name_end, value_start) {
                        return Ok(range);
                    }
                    self.pos = pos;
                    return Err("the tag value is not closed on its line");
                }
                Some(b'\\') if matches!(data.get(pos + 1), Some(b'"' | b'\\')) => pos += 2,
                Some(b'"') => break,
                Some(_) => pos += 1,
            }
        }
        let value_end = pos;
        pos = skip(pos + 1);
        if pos >= data.len() || data[pos] != b']' {
            if let Some(range) = self.unescaped_tag(name_start, name_end, value_start) {
                return Ok(range);
            }
            self.pos = pos;
            return Err("expected ] after the tag value");
        }
        self.pos = pos + 1;
        Ok(TagRange { name: (name_start, name_end), value: (value_start, value_end) })
    }

    /// A tag whose writer did not escape its value (`[White "The "Big"
    /// One"]`, `[Annotator "C:\dir\"]`), read as python-chess reads it:
    /// the value runs from its opening quote to the `"]` that ends the
    /// line (spaces after it allowed). `None` if the line does not end so.
    #[cold]
    fn unescaped_tag(&mut self, name_start: usize, name_end: usize, value_start: usize) -> Option<TagRange> {
        let data = self.input.data();
        // A lone CR ends a line too (python-chess reads files with
        // universal newlines).
        let line_end = data[value_start..]
            .iter()
            .position(|&b| matches!(b, b'\n' | b'\r'))
            .map_or(data.len(), |i| value_start + i);
        let line = &data[value_start..line_end];
        let close = line.iter().rposition(|b| !b.is_ascii_whitespace())?;
        if close < 1 || line[close] != b']' || line[close - 1] != b'"' {
            return None;
        }
        self.pos = value_start + close + 1;
        Some(TagRange { name: (name_start, name_end), value: (value_start, value_start + close - 1) })
    }
}

/// The byte that opens a comment (named: a brace in a byte literal
/// confuses tools that count a function's lines by its braces).
const OPEN_BRACE: u8 = b'{';
/// `}` in each byte of a word.
const CLOSE_BRACES: u64 = 0x7d7d_7d7d_7d7d_7d7d;
/// A line feed in each byte of a word.
const LINE_FEEDS: u64 = 0x0a0a_0a0a_0a0a_0a0a;

/// `"` in each byte of a word.
const QUOTES: u64 = 0x2222_2222_2222_2222;
/// `\` in each byte of a word.
const BACKSLASHES: u64 = 0x5c5c_5c5c_5c5c_5c5c;
/// A carriage return in each byte of a word.
const CARRIAGE_RETURNS: u64 = 0x0d0d_0d0d_0d0d_0d0d;

/// Where the first `}` or line feed of `data[pos..stop]` is, `stop` if
/// none.
#[cfg_attr(hot_inline, inline(always))]
fn close_or_line_feed(data: &[u8], pos: usize, stop: usize) -> usize {
    scan(data, pos, stop, close_or_line_feed_bytes, |b| b == b'}' || b == b'\n')
}

/// Where the first byte of `data[pos..stop]` that `hit` takes is, `stop`
/// if none: eight bytes a step (`hits` marks a word's bytes as
/// [`zero_bytes`] marks zeros), then byte by byte for the last few
/// (under `compact`, byte by byte throughout).
#[cfg_attr(hot_inline, inline(always))]
fn scan(data: &[u8], mut pos: usize, stop: usize, hits: impl Fn(u64) -> u64, hit: impl Fn(u8) -> bool) -> usize {
    let data = &data[..stop];
    // Under `compact`, the byte loop alone: the same answer, less code.
    while let Some(word) = data.get(pos..pos.saturating_add(8)).and_then(|w| <[u8; 8]>::try_from(w).ok()) {
        if cfg!(feature = "compact") {
            break;
        }
        let found = hits(u64::from_le_bytes(word));
        if found != 0 {
            return pos + (found.trailing_zeros() / 8) as usize;
        }
        pos += 8;
    }
    while pos < stop && !hit(data[pos]) {
        pos += 1;
    }
    pos
}

/// The bytes that end or interrupt a tag value (`"`, `\\`, line ends)
/// among eight bytes, marked as [`zero_bytes`] marks zeros.
#[inline(always)]
fn value_stop_bytes(word: u64) -> u64 {
    zero_bytes(word ^ QUOTES)
        | zero_bytes(word ^ BACKSLASHES)
        | zero_bytes(word ^ LINE_FEEDS)
        | zero_bytes(word ^ CARRIAGE_RETURNS)
}

/// The `}` and line feeds among eight bytes, as [`zero_bytes`] marks
/// zeros: the first one's is the lowest bit set.
#[inline(always)]
fn close_or_line_feed_bytes(word: u64) -> u64 {
    zero_bytes(word ^ CLOSE_BRACES) | zero_bytes(word ^ LINE_FEEDS)
}

/// The high bit set in the lowest zero byte of `word` (and maybe in
/// bytes above it, where the subtraction borrows), none if no byte is
/// zero: the first zero byte is that of the lowest bit set.
#[cfg_attr(hot_inline, inline(always))]
const fn zero_bytes(word: u64) -> u64 {
    word.wrapping_sub(0x0101_0101_0101_0101) & !word & 0x8080_8080_8080_8080
}

/// A numeric annotation glyph (`$` and digits from `start`), its value
/// capped at 1,000 (a `$` without digits is [`Token::Other`]), and where
/// it ends.
#[cfg_attr(hot_inline, inline(always))]
fn nag(data: &[u8], start: usize) -> (Token, usize) {
    let mut pos = start + 1;
    let mut value: u32 = 0;
    while pos < data.len() && data[pos].is_ascii_digit() {
        value = (value * 10 + u32::from(data[pos] - b'0')).min(1000);
        pos += 1;
    }
    if pos == start + 1 {
        return (Token::Other(b'$'), pos);
    }
    (Token::Nag(u8::try_from(value).ok()), pos)
}

/// A comment from the `;` at `start` to the end of its line (a `\r`
/// before the newline left out), and where it ends.
#[cfg_attr(hot_inline, inline(always))]
fn line_comment(data: &[u8], start: usize) -> (Token, usize) {
    let mut pos = start + 1;
    while pos < data.len() && data[pos] != b'\n' {
        pos += 1;
    }
    let end = if pos > start + 1 && data[pos - 1] == b'\r' { pos - 1 } else { pos };
    (Token::LineComment(start + 1, end), pos)
}

/// The word `start..end`: a move or other word, or dots alone, a move
/// number's (`1. e4 1. ... e5`).
#[cfg_attr(hot_inline, inline(always))]
fn word(data: &[u8], start: usize, end: usize) -> Token {
    if data[start..end].iter().all(|&b| b == b'.') {
        return Token::Number;
    }
    Token::Word(start, end)
}

/// A byte that starts no token: one whole UTF-8 character from `start`
/// (so that errors can quote it), and where it ends.
#[cfg_attr(hot_inline, inline(always))]
fn other(data: &[u8], start: usize) -> (Token, usize) {
    let mut pos = start + 1;
    while pos < data.len() && data[pos] & 0xc0 == 0x80 && pos < start + 4 {
        pos += 1;
    }
    (Token::Other(data[start]), pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pgn::input::SliceInput;
    use alloc::vec::Vec;

    #[test]
    fn tag_names_hold_letters_digits_and_six_marks() {
        let line = b"[Ab_+#=:-9 \"v\"]";
        let range = Lexer::new(SliceInput::new(line)).tag().expect("a tag");
        assert_eq!((range.name, range.value), ((1, 10), (12, 13)));
        for bad in [&b"[A!b \"v\"]"[..], b"[A.b \"v\"]", b"[A\xc3\xa9 \"v\"]"] {
            let read = Lexer::new(SliceInput::new(bad)).tag();
            assert_eq!(read.err(), Some("expected a quoted tag value after the tag name"), "{bad:?}");
        }
    }

    #[test]
    fn tag_values_end_at_their_quote_wherever_it_falls() {
        // Values of every length up to a few words, with an escaped quote,
        // an escaped backslash, a lone backslash or a line end at every
        // place: the value ends at the first unescaped quote, and a line
        // end before it is an error.
        let others = b"ab c\x7fz0";
        for len in 0..24 {
            for at in 0..len {
                for special in [&b"\\\""[..], b"\\\\", b"\\", b"\n", b"\r"] {
                    let mut value: Vec<u8> = (0..len).map(|i| others[i % others.len()]).collect();
                    value.splice(at..at, special.iter().copied());
                    let line = [&b"[Name \""[..], &value, b"\"]\n"].concat();
                    let mut lexer = Lexer::new(SliceInput::new(&line));
                    let read = lexer.tag();
                    if special == b"\n" || special == b"\r" {
                        assert_eq!(read.err(), Some("the tag value is not closed on its line"), "{line:?}");
                    } else {
                        let range = read.expect("a tag").value;
                        assert_eq!(range, (7, 7 + value.len()), "{line:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn close_or_line_feed_finds_the_first() {
        // Every length and stop up to a few words, the hit (or none) at
        // every place, other bytes around it (some one bit off).
        let others = [b'x', b'|', b'\x0b', 0xfd, 0x8a, b'{'];
        for len in 0..40 {
            for stop in 0..=len {
                for at in 0..=len {
                    for hit in [b'}', b'\n'] {
                        let data: Vec<u8> =
                            (0..len).map(|i| if i == at { hit } else { others[i % others.len()] }).collect();
                        for pos in 0..=stop {
                            let expected = if (pos..stop).contains(&at) { at } else { stop };
                            assert_eq!(close_or_line_feed(&data, pos, stop), expected, "{data:?} {pos} {stop}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn zero_bytes_finds_the_first_zero_byte() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Bytes from a small alphabet, so that zeros, ones and 0x80
            // (where borrows show) are frequent.
            let word = u64::from_le_bytes(seed.to_le_bytes().map(|b| [0, 1, 0x80, 0x7d, 0xff, 2][usize::from(b % 6)]));
            let first = word.to_le_bytes().iter().position(|&b| b == 0);
            let hits = zero_bytes(word);
            assert_eq!((hits != 0).then(|| (hits.trailing_zeros() / 8) as usize), first, "{word:#x}");
        }
    }
}
