//! PGN game trees (side lines, comments, NAGs) both ways: read into
//! tokens that JavaScript turns into a tree to walk and edit, and written back from a token list
//! through the library's PGN writer. Both walk the tree with a stack on
//! the heap, so any depth of nesting is fine.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use chess_movegen::pgn::{Nag, Node, PgnGame, Tags};
use chess_movegen::{CastlingMode, GameResult, Move, Position};

use crate::session::{play_any, san_any};
use crate::{input_bytes, reply, reply_bytes, short, with_input};

/// Appends one token of a tree read by [`pgn_tree_read`]: its kind, the
/// length of its body (`u32`, little-endian) and the body.
fn token(out: &mut Vec<u8>, kind: u8, body: &[u8]) {
    out.push(kind);
    out.extend_from_slice(&(body.len() as u32).to_le_bytes());
    out.extend_from_slice(body);
}

/// Appends a token for each of `texts`.
fn tokens(out: &mut Vec<u8>, kind: u8, texts: &[String]) {
    for text in texts {
        token(out, kind, text.as_bytes());
    }
}

/// Appends a node's own tokens (all but its side lines), with `pos` the
/// position before it; returns the position after it.
fn write_node(out: &mut Vec<u8>, pos: &Position, node: &Node) -> Position {
    tokens(out, b'S', &node.starting_comments);
    let after = play_any(pos, node.mv);
    token(out, b'M', san_any(pos, node.mv, &after).as_bytes());
    if node.mv.is_null() {
        token(out, b'U', b"0000");
    } else {
        token(out, b'U', pos.uci(node.mv).as_bytes());
    }
    token(out, b'B', &node.mv.to_bits().to_le_bytes());
    token(out, b'P', after.normalized_fen().as_bytes());
    for nag in &node.nags {
        token(out, b'N', &[nag.0]);
    }
    tokens(out, b'C', &node.comments);
    after
}

/// Appends the tokens of a line and its side lines, each side line
/// between `(` and `)` after the node it replaces.
fn write_line(out: &mut Vec<u8>, start: Position, line: &[Node]) {
    // Each open line: its nodes, the current index, the position before
    // that node, and how many of its side lines are written (`None`
    // before the node itself).
    let mut stack: Vec<(&[Node], usize, Position, Option<usize>)> = vec![(line, 0, start, None)];
    while let Some((nodes, i, pos, done)) = stack.last_mut() {
        let Some(node) = nodes.get(*i) else {
            stack.pop();
            if !stack.is_empty() {
                token(out, b')', &[]);
            }
            continue;
        };
        match *done {
            None => {
                write_node(out, pos, node);
                *done = Some(0);
            }
            Some(j) if j < node.variations.len() => {
                token(out, b'(', &[]);
                *done = Some(j + 1);
                let before = *pos;
                stack.push((&node.variations[j], 0, before, None));
            }
            Some(_) => {
                *pos = play_any(pos, node.mv);
                *i += 1;
                *done = None;
            }
        }
    }
}

/// Reads the buffer's PGN (its first game) into tokens (see [`token`]):
/// `T` a tag's name and `V` its value, `F` the start position's FEN, `9`
/// (empty) for Chess960, `G` a comment before the first move, `R` the
/// result, then the moves: for each, `S` its comments before it, `M` its
/// SAN, `U` its UCI, `B` its 16-bit move (`u16`, little-endian), `P` the
/// FEN after it, `N` a NAG (one byte), `C` its comments after it, then its
/// side lines, each between `(` and `)` (empty bodies).
#[no_mangle]
pub extern "C" fn pgn_tree_read(len: usize) -> i32 {
    reply_bytes(with_input(len, |text| {
        text.parse::<PgnGame>().map_err(|e| format!("Invalid PGN: {e}")).map(|tree| {
            let mut out = Vec::new();
            for (name, value) in tree.tags.iter() {
                token(&mut out, b'T', name.as_bytes());
                token(&mut out, b'V', value.as_bytes());
            }
            token(&mut out, b'F', tree.start.normalized_fen().as_bytes());
            if tree.start.castling_mode() == CastlingMode::Chess960 {
                token(&mut out, b'9', &[]);
            }
            tokens(&mut out, b'G', &tree.comments);
            token(&mut out, b'R', tree.result.as_str().as_bytes());
            write_line(&mut out, tree.start, &tree.moves);
            out
        })
    }))
}

/// One line being built by [`pgn_tree_write`]: its nodes, the position
/// before its last node, and the position after it.
struct OpenLine {
    nodes: Vec<Node>,
    before_last: Position,
    current: Position,
}

impl OpenLine {
    fn new(start: Position) -> OpenLine {
        OpenLine { nodes: Vec::new(), before_last: start, current: start }
    }

    /// Adds the move `text` (SAN or UCI; `--` or `0000` for a null move),
    /// read in the line's current position.
    fn play(&mut self, text: &str) -> Result<(), String> {
        let pos = self.current;
        let mv = if text == "--" || text == "0000" {
            if pos.is_check() {
                return Err("Invalid move in tree: a null move in check".into());
            }
            Move::NULL
        } else {
            pos.parse_san(text).map_err(|e| format!("Invalid move in tree: {}: {e}", short(text)))?
        };
        self.before_last = pos;
        self.current = play_any(&pos, mv);
        self.nodes.push(Node::new(mv));
        Ok(())
    }
}

/// Builds a tree from the buffer's tokens, each as [`pgn_tree_read`]
/// writes them (a kind byte, a `u32` length, a UTF-8 body): `T` a tag's
/// name and `V` its value, `9` (empty) Chess960 for the `F` that follows,
/// `F` the start position's FEN, `G` a comment before the first move, `R`
/// the result, `S` a comment before the next move, `M` a move (SAN or UCI,
/// read in its position), `N` a NAG (its number in text) and `C` a comment
/// after the last move, `(` a side line of the last move and `)` its end;
/// answers the PGN.
#[no_mangle]
pub extern "C" fn pgn_tree_write(len: usize) -> i32 {
    let bytes = input_bytes(len);
    reply(build_tree(&bytes).map(|tree| tree.to_pgn()))
}

/// The tokens of `bytes`: kind and body (an error for a cut or invalid one).
fn read_tokens(mut bytes: &[u8]) -> impl Iterator<Item = Result<(u8, &str), String>> {
    core::iter::from_fn(move || {
        let (&kind, rest) = bytes.split_first()?;
        let len = rest.get(..4).map(|n| u32::from_le_bytes([n[0], n[1], n[2], n[3]]) as usize);
        let Some(body) = len.and_then(|len| rest.get(4..4 + len)) else {
            bytes = &[];
            return Some(Err("a cut tree token".into()));
        };
        bytes = &rest[4 + body.len()..];
        Some(core::str::from_utf8(body).map(|text| (kind, text)).map_err(|_| "a tree token not in UTF-8".into()))
    })
}

/// A tree being built from tokens (see [`pgn_tree_write`]).
struct TreeWriter<'a> {
    game: PgnGame,
    tags: Tags,
    /// The open lines: the mainline first, then the side lines in it.
    lines: Vec<OpenLine>,
    /// The last tag name, for the value that follows it.
    name: &'a str,
    chess960: bool,
    /// Comments before the next move.
    starting: Vec<String>,
}

impl<'a> TreeWriter<'a> {
    /// Takes one token. (A method, so that the builder's parts are
    /// dropped in one place, not at every error's return.)
    #[inline(never)]
    fn take(&mut self, kind: u8, body: &'a str) -> Result<(), String> {
        let line = self.lines.last_mut().ok_or("unbalanced ')'")?;
        match kind {
            b'T' => self.name = body,
            b'V' => self.tags.insert(self.name, body).map_err(|e| e.to_string())?,
            b'9' => self.chess960 = true,
            b'F' => {
                let start =
                    crate::session::parse_fen(body, self.chess960, false).map_err(|e| format!("Invalid FEN: {e}"))?;
                self.game.set_start(start);
                *line = OpenLine::new(start);
            }
            b'G' => self.game.comments.push(body.to_string()),
            b'R' => self.game.result = body.parse::<GameResult>().map_err(|e| e.to_string())?,
            b'S' => self.starting.push(body.to_string()),
            b'M' => {
                line.play(body)?;
                if let Some(node) = line.nodes.last_mut() {
                    node.starting_comments = core::mem::take(&mut self.starting);
                }
            }
            b'N' | b'C' => {
                let node = line.nodes.last_mut().ok_or("a NAG or comment before any move")?;
                if kind == b'N' {
                    node.nags.push(Nag(body.parse().map_err(|_| format!("Invalid NAG: {}", short(body)))?));
                } else {
                    node.comments.push(body.to_string());
                }
            }
            b'(' => {
                if line.nodes.is_empty() {
                    return Err("a side line before any move".into());
                }
                let start = line.before_last;
                self.lines.push(OpenLine::new(start));
            }
            b')' => {
                let done = self.lines.pop().ok_or("unbalanced ')'")?;
                let parent = self.lines.last_mut().ok_or("unbalanced ')'")?;
                let node = parent.nodes.last_mut().ok_or("unbalanced ')'")?;
                node.variations.push(done.nodes);
            }
            _ => return Err("unknown tree token".into()),
        }
        Ok(())
    }
}

fn build_tree(bytes: &[u8]) -> Result<PgnGame, String> {
    let game = PgnGame::new(Position::startpos());
    let lines = vec![OpenLine::new(game.start)];
    let mut w = TreeWriter { game, tags: Tags::new(), lines, name: "", chess960: false, starting: Vec::new() };
    for token in read_tokens(bytes) {
        let (kind, body) = token?;
        w.take(kind, body)?;
    }
    if w.lines.len() != 1 {
        return Err("unclosed side line".into());
    }
    for (name, value) in w.tags.iter() {
        let _ = w.game.tags.insert(name, value);
    }
    w.game.moves = w.lines.pop().map(|l| l.nodes).unwrap_or_default();
    Ok(w.game)
}
