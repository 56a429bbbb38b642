//! The PGN reader's limits on lines, tokens and comments: endless or
//! binary input gives an error within bounded memory and time, each limit
//! is exact, and the reader goes on with the next game after a token or
//! comment too long.

use std::io::Read;

use chess_movegen::pgn::{Limit, PgnError, PgnErrorKind, PgnGame, ReadOptions, Reader};

/// An endless stream repeating `pattern`, counting the bytes handed out:
/// what the reader took from it bounds what it holds.
struct Endless {
    pattern: Vec<u8>,
    at: usize,
    handed: std::rc::Rc<std::cell::Cell<u64>>,
}

impl Endless {
    fn new(pattern: &[u8]) -> (Endless, std::rc::Rc<std::cell::Cell<u64>>) {
        let handed = std::rc::Rc::new(std::cell::Cell::new(0));
        (Endless { pattern: pattern.to_vec(), at: 0, handed: handed.clone() }, handed)
    }
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        for b in buf.iter_mut() {
            *b = self.pattern[self.at];
            self.at = (self.at + 1) % self.pattern.len();
        }
        self.handed.set(self.handed.get() + buf.len() as u64);
        Ok(buf.len())
    }
}

/// A reader of `data` handing out at most `step` bytes a call.
struct Trickle<'a> {
    data: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(self.step).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// The games of `text`, read from memory, from one read, and a few bytes
/// at a time: the three must agree.
fn games(text: &str, options: ReadOptions) -> Vec<Result<PgnGame, PgnError>> {
    let in_memory: Vec<_> = Reader::from_str(text).with_options(options).trees().collect();
    for step in [1, 7, usize::MAX] {
        let read = Trickle { data: text.as_bytes(), step };
        let streamed: Vec<_> = Reader::new(read).with_options(options).trees().collect();
        assert_eq!(streamed, in_memory, "step {step}");
    }
    in_memory
}

fn too_long(limit: Limit, max: usize) -> PgnErrorKind {
    PgnErrorKind::TooLong { limit, max }
}

/// Where the error of `result` is: game, line, column.
fn place(result: &Result<PgnGame, PgnError>) -> (u64, u64, u64, PgnErrorKind) {
    let e = result.as_ref().expect_err("an error");
    (e.game, e.line, e.column, e.kind.clone())
}

#[test]
fn endless_zeros_give_a_line_error_and_end_the_input() {
    let (zeros, handed) = Endless::new(&[0]);
    let mut reader = Reader::new(zeros);
    let error = reader.read_tree().unwrap().unwrap_err();
    assert_eq!(error.kind, too_long(Limit::Line, ReadOptions::DEFAULT_MAX_LINE));
    assert_eq!((error.game, error.line, error.column), (1, 1, 1));
    assert_eq!(error.to_string(), "game 1, line 1, column 1: line longer than 1048576 bytes");
    assert!(reader.read_tree().is_none());
    // Held: the line up to the limit and one read more.
    assert!(handed.get() <= (ReadOptions::DEFAULT_MAX_LINE + (1 << 16)) as u64, "{} bytes", handed.get());
}

/// Junk with line breaks: each error comes back at once (the rest of the
/// broken game is skipped at the next call), and what the reader took is
/// bounded by the limits.
#[test]
fn endless_junk_gives_errors_in_bounded_memory() {
    let options = ReadOptions::new().max_comment(1000).max_line(1000);
    let bound = (1000 + 1000 + 2 * 1000) as u64;

    // An unclosed comment that goes on for ever.
    let (junk, handed) = Endless::new(b"{ no end \x01\xff\n");
    let mut reader = Reader::new(junk).with_options(options);
    assert_eq!(place(&reader.read_tree().unwrap()), (1, 1, 1, too_long(Limit::Comment, 1000)));
    assert!(handed.get() <= bound, "{} bytes", handed.get());

    // Words that are no moves, for ever: no result, no tag, no next game.
    let (junk, handed) = Endless::new(b"zz \x02 Q@ 1. )(\n");
    let mut reader = Reader::new(junk).with_options(options);
    let e = reader.read_tree().unwrap().unwrap_err();
    assert_eq!((e.game, e.line, e.column), (1, 1, 1), "{e}");
    assert!(matches!(e.kind, PgnErrorKind::Move { .. }), "{e}");
    assert!(handed.get() <= bound, "{} bytes", handed.get());

    // Binary bytes, never a line feed.
    let (junk, handed) = Endless::new(&(1..=255).filter(|&b| b != b'\n').collect::<Vec<u8>>());
    let mut reader = Reader::new(junk).with_options(options);
    assert_eq!(place(&reader.read_tree().unwrap()), (1, 1, 1, too_long(Limit::Line, 1000)));
    assert!(reader.read_tree().is_none());
    assert!(handed.get() <= bound, "{} bytes", handed.get());
}

#[test]
fn lines_up_to_the_limit_are_read() {
    let options = ReadOptions::new().max_line(40);
    // 40 bytes, then 41, both with a CRLF (the carriage return counts).
    let ok = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4  *\r\n";
    assert_eq!(ok.len() - 1, 40);
    assert_eq!(games(ok, options)[0].as_ref().unwrap().mainline().count(), 7);
    let text = format!("{ok}\n[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *\r\n\n1. d4 *\n");
    // In memory, lines cost nothing: every game reads.
    let in_memory: Vec<_> = Reader::from_str(&text).with_options(options).trees().collect();
    assert!(in_memory.iter().all(Result::is_ok));
    assert_eq!(in_memory.len(), 3);
    // From a stream, the long line ends the input, at its start.
    for step in [1, 5, 40, 41, 4096] {
        let streamed: Vec<_> =
            Reader::new(Trickle { data: text.as_bytes(), step }).with_options(options).trees().collect();
        assert_eq!(streamed.len(), 2, "step {step}");
        assert!(streamed[0].is_ok());
        assert_eq!(place(&streamed[1]), (2, 5, 1, too_long(Limit::Line, 40)), "step {step}");
    }
}

#[test]
fn comments_up_to_the_limit_are_read_and_longer_ones_skip_their_game() {
    let options = ReadOptions::new().max_comment(5);
    let text = "[Event \"a\"]\n\n1. e4 {ab\ncd} e5 {abc\ndefgh\nij} 2. Nf3 *\n\n1. d4 Kd3 *\n\n1. c4 {12345} *\n";
    let read = games(text, options);
    assert_eq!(read.len(), 3);
    // `{ab\ncd}` holds 5 bytes: read; `{abc...}` is longer: an error at it.
    assert_eq!(place(&read[0]), (1, 4, 8, too_long(Limit::Comment, 5)));
    // The next game's lines are counted right across the skipped comment.
    let (game, line, column, kind) = place(&read[1]);
    assert_eq!((game, line, column), (2, 8, 7));
    assert!(matches!(kind, PgnErrorKind::Move { mv, .. } if mv == "1... Kd3"));
    let last = read[2].as_ref().unwrap();
    assert_eq!(last.moves[0].comments, ["12345"]);
    // With the default limit, all of it is one comment.
    let read = games(text, ReadOptions::new());
    assert_eq!(read[0].as_ref().unwrap().mainline().count(), 3);
}

/// A run of braces without a `}` is read once, not once per brace (each
/// brace starts a comment too long): 2.25 MB of them with the default limit
/// would take hours read again for each.
#[test]
fn runs_of_unclosed_braces_are_read_in_linear_time() {
    let mut text = String::from("[Event \"a\"]\n\n1. e4 ");
    for _ in 0..45_000 {
        text.push_str(&"{".repeat(49));
        text.push('\n');
    }
    let braces_end = text.len();
    text.push_str("} e5 *\n\n1. d4 Kd3 *\n");
    let kd3 = text.rfind("Kd3").unwrap();
    let line = text[..kd3].matches('\n').count() as u64 + 1;
    assert!(braces_end > 2 * ReadOptions::DEFAULT_MAX_COMMENT);
    for max in [100, 5000, ReadOptions::DEFAULT_MAX_COMMENT] {
        let read = games(&text, ReadOptions::new().max_comment(max));
        assert_eq!(read.len(), 2, "max {max}");
        assert_eq!(place(&read[0]), (1, 3, 7, too_long(Limit::Comment, max)));
        assert_eq!((place(&read[1]).1, place(&read[1]).2), (line, 7), "max {max}");
    }
}

#[test]
fn tokens_longer_than_the_limit_skip_their_game() {
    let options = ReadOptions::new().max_token(8);
    let text = "[Event \"12345678\"]\n\n1. e4 *\n\n[Event \"123456789\"]\n[Site \"x\"]\n\n1. e4 *\n\n\
                [Annotator9 \"x\"]\n\n1. e4 *\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5xxxxxx a6 *\n\n1. d4!?!?!?!? d5 *\n";
    let read = games(text, options);
    assert_eq!(read.len(), 5);
    assert_eq!(read[0].as_ref().unwrap().tags.get("Event"), Some("12345678"));
    assert_eq!(place(&read[1]), (2, 5, 8, too_long(Limit::Token, 8)));
    assert_eq!(place(&read[2]), (3, 10, 2, too_long(Limit::Token, 8)));
    assert_eq!(place(&read[3]), (4, 14, 24, too_long(Limit::Token, 8)));
    // A move followed by a long run of glyphs is a move.
    assert_eq!(read[4].as_ref().unwrap().mainline().count(), 2);
    assert_eq!(read[4].as_ref().unwrap().moves[0].nags.len(), 4);
    let default = games(text, ReadOptions::new());
    assert!(matches!(&default[3], Err(e) if matches!(e.kind, PgnErrorKind::Move { .. })));
    assert_eq!(default.iter().filter(|g| g.is_ok()).count(), 4);
}
