//! PGN output: tags in roster order, movetext wrapped at 80 columns.

use alloc::string::String;
use core::fmt::{self, Write};

use crate::moves::Move;
use crate::pgn::tree::{Node, PgnGame};
use crate::position::Position;

/// The widest a movetext line gets (a comment longer than that stands on
/// a line of its own).
pub(crate) const WIDTH: usize = 80;

/// Writes tokens separated by spaces, breaking lines before a token that
/// would pass [`WIDTH`]; `(` is glued to the token after it and `)` to the
/// token before it.
struct Wrapper<'a, W: Write> {
    out: &'a mut W,
    column: usize,
    /// `(`s waiting for the next token.
    open: usize,
}

impl<W: Write> Wrapper<'_, W> {
    fn token(&mut self, token: &str) -> fmt::Result {
        let first_line = token.split('\n').next().unwrap_or("");
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
        match token.rfind('\n') {
            Some(i) => self.column = token[i + 1..].chars().count(),
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
        token.extend(text.chars().filter(|&c| c != '}'));
        token.push_str(" }");
        self.token(&token)
    }
}

/// The SAN of a move, `--` for a null move.
fn san(pos: &Position, mv: Move) -> String {
    if mv.is_null() {
        String::from("--")
    } else {
        pos.san(mv)
    }
}

fn play(pos: &mut Position, mv: Move) {
    if mv.is_null() {
        pos.make_null_move();
    } else {
        pos.make_move(mv);
    }
}

/// Writes a line of moves from `pos`. Black's moves get their number
/// (`12...`) at the start of a line and after a comment or a side line.
fn line<W: Write>(w: &mut Wrapper<'_, W>, mut pos: Position, nodes: &[Node]) -> fmt::Result {
    let mut number = true;
    let mut token = String::new();
    for node in nodes {
        for comment in &node.starting_comments {
            w.comment(comment)?;
            number = true;
        }
        token.clear();
        if pos.side_to_move() == crate::Color::White {
            let _ = write!(token, "{}. ", pos.fullmove_number());
        } else if number {
            let _ = write!(token, "{}... ", pos.fullmove_number());
        }
        token.push_str(&san(&pos, node.mv));
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
        for variation in &node.variations {
            w.open += 1;
            line(w, pos, variation)?;
            w.close()?;
            number = true;
        }
        play(&mut pos, node.mv);
    }
    Ok(())
}

impl PgnGame {
    /// The game as PGN text: the tags (roster first, values escaped), a
    /// blank line, the movetext wrapped at 80 columns and the result,
    /// ending in a line feed.
    pub fn to_pgn(&self) -> String {
        let mut out = String::new();
        let _ = self.write_pgn(&mut out);
        out
    }

    /// Writes [`PgnGame::to_pgn`] to `out`.
    pub fn write_pgn<W: Write>(&self, out: &mut W) -> fmt::Result {
        for (name, value) in self.tags.iter() {
            out.write_char('[')?;
            out.write_str(name)?;
            out.write_str(" \"")?;
            for c in value.chars() {
                match c {
                    '"' | '\\' => {
                        out.write_char('\\')?;
                        out.write_char(c)?;
                    }
                    '\n' | '\r' => out.write_char(' ')?,
                    c => out.write_char(c)?,
                }
            }
            out.write_str("\"]\n")?;
        }
        if !self.tags.is_empty() {
            out.write_char('\n')?;
        }
        let mut w = Wrapper { out, column: 0, open: 0 };
        for comment in &self.comments {
            w.comment(comment)?;
        }
        line(&mut w, self.start, &self.moves)?;
        w.token(self.result.as_str())?;
        w.out.write_char('\n')
    }
}
