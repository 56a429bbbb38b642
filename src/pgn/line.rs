//! `Game::push_line`: a move text, or a whole pasted game, played onto a
//! game with the PGN lexer.

use crate::game::{Game, LineError};
use crate::notation::{echo, MoveError, Notation};
use crate::pgn::input::SliceInput;
use crate::pgn::lexer::{Lexer, Token};
use crate::pgn::san;

/// Plays the mainline moves of `text` (see [`Game::push_line`]).
pub(crate) fn push_line(game: &mut Game, text: &str) -> Result<usize, LineError> {
    let mut lexer = Lexer::new(SliceInput::new(text.as_bytes()));
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
        let (len, glyph) = san::split_annotation(token);
        let word = &token[..len];
        if (word.is_empty() && glyph.is_some()) || word == b"e.p." {
            continue;
        }
        // The text is echoed shortened (a junk word may be megabytes long).
        let fail = |game: &Game, word: &[u8], error: MoveError| LineError {
            index: played,
            fullmove_number: game.position().fullmove_number(),
            color: game.position().side_to_move(),
            text: echo(word),
            offset: s,
            error,
        };
        let fast =
            san::parse(word).and_then(|parsed| san::resolve(game.position(), parsed, game.position().is_check()));
        let result = match fast {
            Some(mv) => game.push(mv),
            None => match core::str::from_utf8(word) {
                Ok(w) if !w.is_empty() => game.push_san(w).map(|_| ()),
                _ => {
                    let reason = if word.is_empty() { "not a move" } else { "not UTF-8 text" };
                    let error = MoveError::Syntax { notation: Notation::San, text: echo(token), reason };
                    return Err(fail(game, token, error));
                }
            },
        };
        if let Err(error) = result {
            return Err(fail(game, word, error));
        }
        played += 1;
    }
}
