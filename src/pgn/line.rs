//! `Game::push_line`: a move text, or a whole pasted game, played onto a
//! game with the PGN lexer. It lives with the PGN reader, above the game
//! layer, and reads each move with the crate's one SAN reader (as
//! [`Game::push_san`] does).

use crate::game::{Game, LineError};
use crate::pgn::input::SliceInput;
use crate::pgn::lexer::{Lexer, Token};
use crate::pgn::token::split_annotation;
use crate::pgn::ReadOptions;
use crate::position::error::echo;

impl Game {
    /// Plays a whole move text in SAN, such as `"1. e4 e5 2. Nf3 Nc6"`
    /// (or in the long algebraic and UCI forms that
    /// [`Position::parse_san`](crate::Position::parse_san) reads too, `"1. e2-e4 e7e5 2. Ng1-f3"`),
    /// or a whole game pasted from a PGN file: `[Tag "..."]` lines, move
    /// numbers (`1.`, `1...`), results (`1-0`, `0-1`, `1/2-1/2`, `*`),
    /// `{}` and `;` comments, `%` escape lines, variations in parentheses,
    /// `$n` NAGs and `!?`-style glyphs are skipped (the tags do not change
    /// the start position: the moves are played from the current one).
    /// Returns the number of moves played.
    ///
    /// # Errors
    ///
    /// Stops at the first move that cannot be played and names it as the
    /// text does (`4... Nf6`, cut to its first 32 characters if it is
    /// longer), with its offset and the error; the moves before it stay
    /// played.
    ///
    /// ```
    /// use chess_movegen::{Color, Game};
    /// let mut game = Game::new();
    /// let pasted = "[Event \"Casual\"]\n[Result \"*\"]\n\n1. e4 e5 ; the open game\n2. Nf3 {main line} Nc6 3. Bb5 a6 *";
    /// assert_eq!(game.push_line(pasted)?, 6);
    /// let err = game.push_line("4. Ba4 Nf6 5. O-O-O").unwrap_err();
    /// assert_eq!((err.fullmove_number, err.color, err.text.as_str()), (5, Color::White, "O-O-O"));
    /// assert_eq!(err.index, 2);
    /// assert!(err.to_string().starts_with("5. O-O-O: illegal move"));
    /// assert_eq!(game.moves().len(), 8);
    /// # Ok::<(), chess_movegen::LineError>(())
    /// ```
    pub fn push_line(&mut self, text: &str) -> Result<usize, LineError> {
        push_line(self, text)
    }
}

/// Plays the mainline moves of `text` (see [`Game::push_line`]).
fn push_line(game: &mut Game, text: &str) -> Result<usize, LineError> {
    let mut lexer = Lexer::new(SliceInput::new(text.as_bytes()));
    // The text is in memory: comments of any length are skipped.
    lexer.set_limits(&ReadOptions::new().max_comment(usize::MAX));
    let mut depth = 0usize;
    let mut played = 0;
    loop {
        let (s, e) = match lexer.next() {
            Token::Eof | Token::UnterminatedComment => return Ok(played),
            Token::TagStart => {
                lexer.skip_line();
                continue;
            }
            Token::Open => {
                depth += 1;
                continue;
            }
            Token::Close => {
                depth = depth.saturating_sub(1);
                continue;
            }
            Token::Other(_) if depth == 0 => ((lexer.mark.offset) as usize, lexer.pos),
            Token::Word(s, e) if depth == 0 => (s, e),
            _ => continue,
        };
        let token = &text.as_bytes()[s..e];
        let (len, glyph) = split_annotation(token);
        let word = &token[..len];
        if (word.is_empty() && glyph.is_some()) || word == b"e.p." {
            continue;
        }
        // A move that is only a glyph run or junk is named whole.
        let word = if word.is_empty() { token } else { word };
        let (fullmove_number, color) = (game.position().fullmove_number(), game.position().side_to_move());
        if let Err(error) = game.push_san_bytes(word) {
            // The text is echoed shortened (a junk word may be megabytes long).
            return Err(LineError { index: played, fullmove_number, color, text: echo(word), offset: s, error });
        }
        played += 1;
    }
}
