//! PGN game trees (side lines, comments, NAGs) both ways: read into JSON
//! for JavaScript to walk and edit, and written back from a token list
//! through the library's PGN writer. Both walk the tree with a stack on
//! the heap, so any depth of nesting is fine.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::fmt::Write;

use chess_movegen::pgn::{Nag, Node, PgnGame, Tags};
use chess_movegen::{CastlingMode, GameResult, Move, Position};

use crate::{input, reply, short};

/// Writes `text` as a JSON string.
fn json_str(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Writes a list of strings as a JSON array.
fn json_strs(out: &mut String, items: &[String]) {
    out.push('[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        json_str(out, item);
    }
    out.push(']');
}

/// Writes a node's own fields (all but its side lines), with `pos` the
/// position before it; returns the position after it.
fn write_node(out: &mut String, pos: &Position, node: &Node) -> Position {
    let mut after = *pos;
    let (san, uci) = if node.mv.is_null() {
        after.make_null_move();
        ("--".to_string(), "0000".to_string())
    } else {
        after = pos.play(node.mv);
        (pos.san(node.mv), pos.uci(node.mv))
    };
    out.push_str("{\"san\":");
    json_str(out, &san);
    out.push_str(",\"uci\":");
    json_str(out, &uci);
    let _ = write!(out, ",\"bits\":{},\"fen\":", node.mv.to_bits());
    json_str(out, &after.normalized_fen());
    out.push_str(",\"nags\":[");
    for (i, nag) in node.nags.iter().enumerate() {
        let _ = write!(out, "{}{}", if i > 0 { "," } else { "" }, nag.0);
    }
    out.push_str("],\"comments\":");
    json_strs(out, &node.comments);
    out.push_str(",\"startingComments\":");
    json_strs(out, &node.starting_comments);
    after
}

/// Writes a line and its side lines as a JSON array of nodes.
fn write_line(out: &mut String, start: Position, line: &[Node]) {
    // Each open line: its nodes, the current index, the position before
    // that node, and how many of its side lines are written (`None`
    // before the node itself).
    let mut stack: Vec<(&[Node], usize, Position, Option<usize>)> = vec![(line, 0, start, None)];
    out.push('[');
    while let Some((nodes, i, pos, done)) = stack.last_mut() {
        let Some(node) = nodes.get(*i) else {
            out.push(']');
            stack.pop();
            continue;
        };
        match *done {
            None => {
                if *i > 0 {
                    out.push(',');
                }
                write_node(out, pos, node);
                out.push_str(",\"variations\":[");
                *done = Some(0);
            }
            Some(j) if j < node.variations.len() => {
                out.push_str(if j > 0 { ",[" } else { "[" });
                *done = Some(j + 1);
                let before = *pos;
                stack.push((&node.variations[j], 0, before, None));
            }
            Some(_) => {
                out.push_str("]}");
                *pos = if node.mv.is_null() {
                    let mut p = *pos;
                    p.make_null_move();
                    p
                } else {
                    pos.play(node.mv)
                };
                *i += 1;
                *done = None;
            }
        }
    }
}

/// Reads the buffer's PGN (its first game) into JSON: `{headers: [[name,
/// value]…], fen, chess960, comments, result, moves: [node…]}`, each node
/// `{san, uci, bits, fen (after it), nags, comments, startingComments,
/// variations: [[node…]…]}`.
#[no_mangle]
pub extern "C" fn pgn_tree_read(len: usize) -> i32 {
    let text = input(len);
    reply(text.parse::<PgnGame>().map_err(|e| format!("Invalid PGN: {e}")).map(|tree| {
        let mut out = String::from("{\"headers\":[");
        for (i, (name, value)) in tree.tags.iter().enumerate() {
            out.push_str(if i > 0 { ",[" } else { "[" });
            json_str(&mut out, name);
            out.push(',');
            json_str(&mut out, value);
            out.push(']');
        }
        out.push_str("],\"fen\":");
        json_str(&mut out, &tree.start.normalized_fen());
        let chess960 = tree.start.castling_mode() == CastlingMode::Chess960;
        let _ = write!(out, ",\"chess960\":{chess960},\"comments\":");
        json_strs(&mut out, &tree.comments);
        out.push_str(",\"result\":");
        json_str(&mut out, tree.result.as_str());
        out.push_str(",\"moves\":");
        write_line(&mut out, tree.start, &tree.moves);
        out.push('}');
        out
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
            pos.parse_san(text)
                .or_else(|e| pos.parse_uci(text).map_err(|_| e))
                .map_err(|e| format!("Invalid move in tree: {}: {e}", short(text)))?
        };
        self.before_last = pos;
        if mv.is_null() {
            self.current.make_null_move();
        } else {
            self.current = pos.play(mv);
        }
        self.nodes.push(Node::new(mv));
        Ok(())
    }
}

/// Builds a tree from the buffer's tokens, separated by `\u{1}`, each a
/// letter and its text: `T` a tag (`name\u{2}value`), `F` the start (`1`
/// for Chess960 or `0`, then the FEN), `G` a comment before the first
/// move, `R` the result, `M` a move (SAN or UCI, read in its position), `N`
/// a NAG, `C` a comment after the last move, `S` a comment before it, `(`
/// a side line of the last move and `)` its end; answers the PGN.
#[no_mangle]
pub extern "C" fn pgn_tree_write(len: usize) -> i32 {
    let text = input(len);
    reply(build_tree(&text).map(|tree| tree.to_pgn()))
}

fn build_tree(text: &str) -> Result<PgnGame, String> {
    let mut game = PgnGame::new(Position::startpos());
    let mut tags = Tags::new();
    let mut lines = vec![OpenLine::new(game.start)];
    for token in text.split('\u{1}').filter(|t| !t.is_empty()) {
        let (kind, body) = token.split_at(token.chars().next().map_or(0, char::len_utf8));
        let line = lines.last_mut().ok_or("unbalanced ')'")?;
        match kind {
            "T" => {
                let (name, value) = body.split_once('\u{2}').unwrap_or((body, ""));
                tags.insert(name, value).map_err(|e| e.to_string())?;
            }
            "F" => {
                let (flag, fen) = body.split_at(body.len().min(1));
                let start =
                    crate::session::parse_fen(fen, flag == "1", false).map_err(|e| format!("Invalid FEN: {e}"))?;
                game.set_start(start);
                *line = OpenLine::new(start);
            }
            "G" => game.comments.push(body.to_string()),
            "R" => game.result = body.parse::<GameResult>().map_err(|e| e.to_string())?,
            "M" => line.play(body)?,
            "N" | "C" | "S" => {
                let node = line.nodes.last_mut().ok_or("a NAG or comment before any move")?;
                match kind {
                    "N" => node.nags.push(Nag(body.parse().map_err(|_| format!("Invalid NAG: {}", short(body)))?)),
                    "C" => node.comments.push(body.to_string()),
                    _ => node.starting_comments.push(body.to_string()),
                }
            }
            "(" => {
                if line.nodes.is_empty() {
                    return Err("a side line before any move".into());
                }
                let start = line.before_last;
                lines.push(OpenLine::new(start));
            }
            ")" => {
                let done = lines.pop().ok_or("unbalanced ')'")?;
                let parent = lines.last_mut().ok_or("unbalanced ')'")?;
                let node = parent.nodes.last_mut().ok_or("unbalanced ')'")?;
                node.variations.push(done.nodes);
            }
            _ => return Err(format!("unknown tree token {kind:?}")),
        }
    }
    if lines.len() != 1 {
        return Err("unclosed side line".into());
    }
    for (name, value) in tags.iter() {
        let _ = game.tags.insert(name, value);
    }
    game.moves = lines.pop().map(|l| l.nodes).unwrap_or_default();
    Ok(game)
}
