//! PGN output: tags in roster order, movetext wrapped at 80 columns.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write};

use crate::moves::Move;
use crate::pgn::tree::{Event, Node, PgnGame, Walk};
use crate::position::{Position, Undo};
use crate::types::{text_before, text_from};

/// The widest a movetext line gets (a comment longer than that stands on
/// a line of its own).
pub(crate) const WIDTH: usize = 80;

/// Writes tokens separated by spaces, breaking lines before a token that
/// would pass [`WIDTH`]; `(` is glued to the token after it and `)` to the
/// token before it.
struct Wrapper<'a> {
    out: &'a mut dyn Write,
    column: usize,
    /// `(`s waiting for the next token.
    open: usize,
}

impl Wrapper<'_> {
    fn token(&mut self, token: &str) -> fmt::Result {
        // Byte searches for the ASCII line feed and `}`: a `char` pattern
        // would bring core's character searcher into the WebAssembly module.
        let first_line = text_before(token, token.bytes().position(|b| b == b'\n').unwrap_or(token.len()));
        let width = first_line.chars().count() + self.open;
        if self.column > 0 {
            if self.column + 1 + width > WIDTH {
                self.out.write_char('\n')?;
                self.column = 0;
            } else {
                self.out.write_char(' ')?;
                self.column += 1;
            }
        }
        for _ in 0..self.open {
            self.out.write_char('(')?;
        }
        self.out.write_str(token)?;
        match token.bytes().rposition(|b| b == b'\n') {
            Some(i) => self.column = text_from(token, i + 1).chars().count(),
            None => self.column += width,
        }
        self.open = 0;
        Ok(())
    }

    fn close(&mut self) -> fmt::Result {
        if self.open > 0 {
            // An empty side line.
            self.open -= 1;
            return self.token("()");
        }
        if self.column + 1 > WIDTH {
            self.out.write_char('\n')?;
            self.column = 0;
        }
        self.out.write_char(')')?;
        self.column += 1;
        Ok(())
    }

    fn comment(&mut self, text: &str) -> fmt::Result {
        // `}` cannot stand in a comment; it is dropped.
        let mut token = String::with_capacity(text.len() + 4);
        token.push_str("{ ");
        let mut rest = text;
        while let Some(i) = rest.bytes().position(|b| b == b'}') {
            token.push_str(text_before(rest, i));
            rest = text_from(rest, i + 1);
        }
        token.push_str(rest);
        token.push_str(" }");
        self.token(&token)
    }
}

/// Whether `mv` can be played in `pos` (a null move: when not in check).
fn playable(pos: &Position, mv: Move) -> bool {
    if mv.is_null() {
        !pos.is_check()
    } else {
        pos.is_legal(mv)
    }
}

/// Writes the moves of a line from `pos`, with all their side lines, from
/// a [`Walk`] (no recursion: any depth). Black's moves get their number
/// (`12...`) at the start of a line and after a comment or a side line.
///
/// A move that cannot be played where it stands (only a tree built by
/// hand has one) is written in UCI, as are the moves after it in its line
/// and their side lines, and no move numbers: there is no position to
/// write SAN from.
fn write_moves(w: &mut Wrapper<'_>, mut pos: Position, nodes: &[Node]) -> fmt::Result {
    // The moves played to reach `pos`, with what takes each back, and for
    // each open side line how many of them there were when it began.
    let mut played: Vec<(Move, Undo)> = Vec::new();
    let mut marks: Vec<usize> = Vec::new();
    // The nesting depth of the line where a move could not be played.
    let mut broken: Option<usize> = None;
    let mut number = true;
    let mut token = String::new();
    for event in Walk::new(nodes) {
        match event {
            Event::Node(node) => {
                for comment in &node.starting_comments {
                    w.comment(comment)?;
                    number = true;
                }
                token.clear();
                if broken.is_some() {
                    let _ = write!(token, "{}", node.mv);
                } else {
                    if pos.side_to_move() == crate::types::Color::White {
                        let _ = write!(token, "{}. ", pos.fullmove_number());
                    } else if number {
                        let _ = write!(token, "{}... ", pos.fullmove_number());
                    }
                    if node.mv.is_null() {
                        token.push_str("--");
                    } else {
                        // UCI if the move is illegal.
                        token.push_str(&pos.san(node.mv));
                    }
                }
                w.token(&token)?;
                number = false;
                for nag in &node.nags {
                    token.clear();
                    let _ = write!(token, "{nag}");
                    w.token(&token)?;
                }
                for comment in &node.comments {
                    w.comment(comment)?;
                    number = true;
                }
            }
            Event::Open(_) => {
                w.open += 1;
                marks.push(played.len());
                number = true;
            }
            Event::Close => {
                w.close()?;
                number = true;
                let mark = marks.pop().unwrap_or(0);
                while played.len() > mark {
                    match played.pop() {
                        Some((mv, undo)) if mv.is_null() => pos.unmake_null_move(undo),
                        Some((mv, undo)) => pos.unmake_move(mv, undo),
                        None => break,
                    }
                }
                if broken.is_some_and(|depth| depth > marks.len()) {
                    broken = None;
                }
            }
            Event::End(node) => {
                if broken.is_some() {
                } else if !playable(&pos, node.mv) {
                    broken = Some(marks.len());
                } else if node.mv.is_null() {
                    played.push((node.mv, pos.make_null_move()));
                } else {
                    played.push((node.mv, pos.make_move(node.mv)));
                }
            }
        }
    }
    Ok(())
}

/// Writes a tag value with `"` and `\\` escaped, and a line break (which
/// [`Tags::insert`](crate::pgn::Tags::insert) refuses) as a space: the
/// text between those ASCII bytes in one piece, not a character at a time.
fn write_tag_value(out: &mut dyn Write, value: &str) -> fmt::Result {
    let mut rest = value;
    while let Some(i) = rest.bytes().position(|b| matches!(b, b'"' | b'\\' | b'\n' | b'\r')) {
        out.write_str(text_before(rest, i))?;
        match rest.as_bytes()[i] {
            b'\n' | b'\r' => out.write_char(' ')?,
            b => {
                out.write_char('\\')?;
                out.write_char(char::from(b))?;
            }
        }
        rest = text_from(rest, i + 1);
    }
    out.write_str(rest)
}

impl PgnGame {
    /// The game as PGN text: the tags (roster first, values escaped), a
    /// blank line, the movetext wrapped at 80 columns and the result,
    /// ending in a line feed.
    ///
    /// The text reads back to the same tree. Where the `FEN` and `Variant`
    /// tags do not say that the game starts from [`PgnGame::start`] (a
    /// tree changed by hand), the writer writes them as
    /// [`PgnGame::new`] would set them (`SetUp "1"`, `FEN`, `Variant
    /// "Chess960"`, or no `Variant` for standard castling), so that the
    /// moves read back legal. Quotes and backslashes in tag values are
    /// escaped (`\"`, `\\`). A move that is not legal where it stands is
    /// written in UCI, with the rest of its line. PGN has no way to write
    /// `}` inside a comment: a comment set by hand loses its `}`
    /// characters (and a carriage return reads back as a line feed).
    ///
    /// ```
    /// use chess_movegen::pgn::{Node, PgnGame};
    /// use chess_movegen::Position;
    /// let start = Position::chess960(0).unwrap();
    /// let mut game = PgnGame::default();
    /// game.start = start; // the tags still say "standard start"
    /// game.moves.push(Node::new(start.parse_san("Nc3")?));
    /// let text = game.to_pgn();
    /// assert!(text.contains("[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]"));
    /// let back: PgnGame = text.parse().unwrap();
    /// assert_eq!((back.start, back.moves), (game.start, game.moves));
    /// # Ok::<(), chess_movegen::MoveError>(())
    /// ```
    pub fn to_pgn(&self) -> String {
        let mut out = String::new();
        let _ = self.write_pgn(&mut out);
        out
    }

    /// Writes [`PgnGame::to_pgn`] to `out`.
    ///
    /// # Errors
    ///
    /// The first error of `out`.
    pub fn write_pgn<W: Write>(&self, out: &mut W) -> fmt::Result {
        self.write_to(out)
    }

    /// [`PgnGame::write_pgn`] through one body for every kind of output
    /// (the writer is not a hot path: one copy of it serves all).
    fn write_to(&self, out: &mut dyn Write) -> fmt::Result {
        let fitted;
        let tags = if self.tags.read_to(&self.start) {
            &self.tags
        } else {
            let mut tags = self.tags.clone();
            tags.fit_start(&self.start);
            fitted = tags;
            &fitted
        };
        for (name, value) in tags.iter() {
            out.write_char('[')?;
            out.write_str(name)?;
            out.write_str(" \"")?;
            write_tag_value(out, value)?;
            out.write_str("\"]\n")?;
        }
        if !tags.is_empty() {
            out.write_char('\n')?;
        }
        let mut w = Wrapper { out, column: 0, open: 0 };
        for comment in &self.comments {
            w.comment(comment)?;
        }
        write_moves(&mut w, self.start, &self.moves)?;
        w.token(self.result.as_str())?;
        w.out.write_char('\n')
    }
}
