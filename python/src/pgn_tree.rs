//! python-chess's PGN game tree kept in Rust: `PgnTree` holds every node
//! of a game (move, comments, NAGs, children) in one arena, read by the
//! library's PGN reader and written in python-chess's PGN layout. The
//! Python classes of `chess_movegen.pgn` (`Game`, `ChildNode`) are handles
//! on its node indices, made only when a program asks for a node.

use chess_movegen::pgn::{Nag, Reader, Skip, TagValue, Visitor};
use chess_movegen::{CastlingMode, Color, GameResult, Move as RawMove, Position};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::board::Board;
use crate::moves::{extract_move, move_object, PyMv};

/// No node (the root's parent).
const NONE: u32 = u32::MAX;

/// The children of a node, main line first: most nodes have one or none,
/// kept without an allocation.
#[derive(Clone)]
enum Kids {
    None,
    One(u32),
    Many(Vec<u32>),
}

impl Kids {
    fn as_slice(&self) -> &[u32] {
        match self {
            Kids::None => &[],
            Kids::One(c) => std::slice::from_ref(c),
            Kids::Many(v) => v,
        }
    }

    fn push(&mut self, child: u32) {
        *self = match std::mem::replace(self, Kids::None) {
            Kids::None => Kids::One(child),
            Kids::One(c) => Kids::Many(vec![c, child]),
            Kids::Many(mut v) => {
                v.push(child);
                Kids::Many(v)
            }
        };
    }

    fn from_vec(v: Vec<u32>) -> Kids {
        match v.len() {
            0 => Kids::None,
            1 => Kids::One(v[0]),
            _ => Kids::Many(v),
        }
    }
}

/// Where a comment's text stands in the tree's text arena.
#[derive(Clone, Copy, Default)]
struct Span {
    start: u32,
    len: u32,
}

/// One node: the move that leads to it from its parent, what the PGN says
/// about that move, and its children (the first is the main line).
#[derive(Clone)]
struct TreeNode {
    parent: u32,
    /// The position before `mv` (the parent's position); for the root,
    /// the start position.
    before: Position,
    mv: RawMove,
    children: Kids,
    comment: Span,
    starting_comment: Span,
    /// A set, kept sorted (python-chess's writer visits NAGs sorted).
    nags: Vec<i64>,
}

impl TreeNode {
    fn root(start: Position) -> TreeNode {
        TreeNode {
            parent: NONE,
            before: start,
            mv: RawMove::NULL,
            children: Kids::None,
            comment: Span::default(),
            starting_comment: Span::default(),
            nags: Vec::new(),
        }
    }
}

/// A game as python-chess's `chess.pgn.Game` sees it, kept natively:
/// nodes by index (0 is the game, the root), the tag pairs read, the
/// reader's errors and the movetext's result.
#[pyclass(module = "chess_movegen", name = "PgnTree")]
#[derive(Clone)]
pub struct PgnTree {
    nodes: Vec<TreeNode>,
    /// The text of every comment, one after the other (a comment set
    /// again is written anew at the end).
    text: String,
    /// The `FEN` the game starts from (None: the standard start).
    start_fen: Option<String>,
    chess960: bool,
    /// python-chess's fullmove number of the start minus the library's
    /// (a FEN may state a number the library does not keep).
    full_delta: i64,
    headers: Vec<(String, String)>,
    errors: Vec<String>,
    result: &'static str,
}

/// A python-chess `str.isspace()` character.
fn py_space(c: char) -> bool {
    c.is_whitespace() || ('\x1c'..='\x1f').contains(&c)
}

/// Python's `str.strip()`.
fn py_strip(text: &str) -> &str {
    text.trim_matches(py_space)
}

/// The fullmove number a FEN states (its sixth field), if it has one.
fn stated_fullmove(fen: &str) -> Option<i64> {
    fen.split_whitespace().nth(5)?.parse().ok()
}

impl PgnTree {
    fn new(start: Position, start_fen: Option<String>, chess960: bool) -> PgnTree {
        let full_delta =
            start_fen.as_deref().and_then(stated_fullmove).map_or(0, |full| full - i64::from(start.fullmove_number()));
        PgnTree {
            nodes: vec![TreeNode::root(start)],
            text: String::new(),
            start_fen,
            chess960,
            full_delta,
            headers: Vec::new(),
            errors: Vec::new(),
            result: "",
        }
    }

    /// The text of a comment.
    fn text_of(&self, span: Span) -> &str {
        let start = span.start as usize;
        self.text.get(start..start + span.len as usize).unwrap_or("")
    }

    /// Stores a comment's text, returning where it stands.
    fn store(&mut self, text: &str) -> Span {
        let start = self.text.len();
        self.text.push_str(text);
        Span { start: start as u32, len: text.len() as u32 }
    }

    /// `span`'s text with `text` after it, a space between (python-chess's
    /// `" ".join(filter(None, ...))`), in place when it is the arena's last.
    fn join(&mut self, span: Span, text: &str) -> Span {
        if text.is_empty() {
            return span;
        }
        if span.len == 0 {
            return self.store(text);
        }
        if (span.start + span.len) as usize == self.text.len() {
            self.text.push(' ');
            self.text.push_str(text);
            return Span { start: span.start, len: span.len + 1 + text.len() as u32 };
        }
        let joined = format!("{} {text}", self.text_of(span));
        self.store(&joined)
    }

    fn node(&self, i: usize) -> PyResult<&TreeNode> {
        self.nodes.get(i).ok_or_else(|| PyIndexError::new_err(format!("no node {i} in this game")))
    }

    fn node_mut(&mut self, i: usize) -> PyResult<&mut TreeNode> {
        self.nodes.get_mut(i).ok_or_else(|| PyIndexError::new_err(format!("no node {i} in this game")))
    }

    /// The position at node `i` (after its move).
    fn position(&self, i: usize) -> Position {
        let node = &self.nodes[i];
        let mut pos = node.before;
        if node.parent != NONE {
            if node.mv.is_null() {
                pos.make_null_move();
            } else {
                pos.make_move(node.mv);
            }
        }
        pos
    }

    fn py_move(&self, mv: RawMove) -> PyMv {
        PyMv::from_raw(mv, self.chess960)
    }

    /// The node indices from the root's first move down to `i`.
    fn path(&self, i: usize) -> Vec<usize> {
        let mut path = Vec::new();
        let mut at = i;
        while self.nodes[at].parent != NONE {
            path.push(at);
            at = self.nodes[at].parent as usize;
        }
        path.reverse();
        path
    }

    /// Adds a child of `parent` for a move already checked.
    fn push_child(&mut self, parent: usize, mv: RawMove) -> usize {
        let before = self.position(parent);
        self.push_child_from(parent, mv, before)
    }

    /// Adds a child of `parent` whose position (`before`) is known.
    fn push_child_from(&mut self, parent: usize, mv: RawMove, before: Position) -> usize {
        let index = self.nodes.len();
        let mut node = TreeNode::root(before);
        node.parent = parent as u32;
        node.mv = mv;
        self.nodes.push(node);
        self.nodes[parent].children.push(index as u32);
        index
    }

    /// The index in its parent's children of node `child`, checked.
    fn child_slot(&self, parent: usize, child: usize) -> PyResult<usize> {
        self.node(parent)?
            .children
            .as_slice()
            .iter()
            .position(|&c| c as usize == child)
            .ok_or_else(|| PyValueError::new_err(format!("node {child} is not a variation of node {parent}")))
    }
}

/// Builds a `PgnTree` from the reader's calls, placing comments as
/// python-chess's `GameBuilder` does: before any move they are the game's,
/// after a move that move's, at the start of a side line the starting
/// comment of its first move; several in one place are joined by a space.
struct Builder {
    tree: PgnTree,
    /// The current node of each open line, innermost last.
    stack: Vec<usize>,
    starting_comment: String,
    in_variation: bool,
    headers_only: bool,
    /// Room to make for nodes (a guess from the text's length).
    expected_nodes: usize,
}

impl Builder {
    fn new(headers_only: bool, expected_nodes: usize) -> Builder {
        Builder {
            expected_nodes,
            tree: PgnTree::new(Position::startpos(), None, false),
            stack: vec![0],
            starting_comment: String::new(),
            in_variation: false,
            headers_only,
        }
    }

    fn top(&self) -> usize {
        self.stack.last().copied().unwrap_or(0)
    }
}

/// Appends `text` to `to`, a space between (python-chess's
/// `" ".join(filter(None, ...))`).
fn join_comment(to: &mut String, text: &str) {
    if text.is_empty() {
        return;
    }
    if !to.is_empty() {
        to.push(' ');
    }
    to.push_str(text);
}

/// A comment's text as python-chess keeps it: less one space after `{`
/// and one before `}`.
fn comment_text(raw: &[u8]) -> std::borrow::Cow<'_, str> {
    let raw = raw.strip_suffix(b" ").unwrap_or(raw);
    let raw = raw.strip_prefix(b" ").unwrap_or(raw);
    String::from_utf8_lossy(raw)
}

impl Visitor for Builder {
    type Output = ();

    fn tag(&mut self, name: &[u8], value: TagValue<'_>) {
        // The raw value, escapes kept, as python-chess reads it.
        let value = String::from_utf8_lossy(value.as_bytes()).into_owned();
        self.tree.headers.push((String::from_utf8_lossy(name).into_owned(), value));
    }

    fn end_tags(&mut self, start: &Position) -> Skip {
        let fen = self.tree.headers.iter().rev().find(|(n, _)| n == "FEN").map(|(_, v)| v.clone());
        let chess960 = start.castling_mode() == CastlingMode::Chess960;
        let headers = std::mem::take(&mut self.tree.headers);
        self.tree = PgnTree::new(*start, fen, chess960);
        self.tree.nodes.reserve(self.expected_nodes);
        self.tree.headers = headers;
        Skip(self.headers_only)
    }

    fn play(&mut self, before: &Position, mv: RawMove) -> Skip {
        let top = self.top();
        let index = self.tree.push_child_from(top, mv, *before);
        if !self.starting_comment.is_empty() {
            let span = self.tree.store(&self.starting_comment);
            self.tree.nodes[index].starting_comment = span;
            self.starting_comment.clear();
        }
        if let Some(last) = self.stack.last_mut() {
            *last = index;
        }
        self.in_variation = true;
        Skip(false)
    }

    fn nag(&mut self, nag: Nag) {
        let top = self.top();
        let nags = &mut self.tree.nodes[top].nags;
        if let Err(at) = nags.binary_search(&i64::from(nag.0)) {
            nags.insert(at, i64::from(nag.0));
        }
    }

    fn comment(&mut self, comment: &[u8]) {
        let text = comment_text(comment);
        let top = self.top();
        let node = &self.tree.nodes[top];
        if self.in_variation || (node.parent == NONE && node.children.as_slice().is_empty()) {
            let span = self.tree.join(node.comment, &text);
            self.tree.nodes[top].comment = span;
        } else {
            join_comment(&mut self.starting_comment, &text);
        }
    }

    fn begin_variation(&mut self) -> Skip {
        let parent = self.tree.nodes[self.top()].parent;
        self.stack.push(if parent == NONE { 0 } else { parent as usize });
        self.in_variation = false;
        Skip(false)
    }

    fn end_variation(&mut self) {
        if self.stack.len() > 1 {
            self.stack.pop();
        }
    }

    fn result(&mut self, result: GameResult) {
        self.tree.result = result.as_str();
    }

    fn end_game(&mut self) {}
}

/// `read_game_text`'s mode that keeps only the tag pairs.
const MODE_HEADERS: u8 = 1;

/// Reads one game's PGN text (as `chess_movegen.pgn.read_game` cuts it
/// from a file) into a tree: `mode` 0 keeps everything, 1 only the tags.
/// A game with an error keeps what was read before it, with the message
/// in `errors()`; None when the text holds no game.
#[pyfunction]
pub fn read_game_text(py: Python<'_>, text: &str, mode: u8) -> Option<PgnTree> {
    let mut builder = Builder::new(mode == MODE_HEADERS, text.len() / 32);
    let mut reader = Reader::from_str(text);
    let outcome = crate::shutdown::detach(py, || reader.read_game(&mut builder))?;
    if let Err(e) = outcome {
        builder.tree.errors.push(e.to_string());
    }
    Some(builder.tree)
}

/// Cuts the next game from a text file as python-chess's `read_game`
/// does: leading blank and `%`/`;` lines skipped, tag pairs with at most
/// one blank line between them, then the movetext up to a blank line
/// outside a comment. The next game's tag pairs also end it (python-chess
/// would read two games with no blank line between them as one): that
/// line, already read, is handed back as the second item, for the next
/// call to start with (`pending`). None at the end of the file.
#[pyfunction]
#[pyo3(signature = (handle, pending=None))]
pub fn cut_game(handle: &Bound<'_, PyAny>, pending: Option<String>) -> PyResult<Option<(String, Option<String>)>> {
    let readline = handle.getattr("readline")?;
    let mut read = LineBudget::default();
    let mut next = || -> PyResult<String> {
        let line = readline.call0()?;
        let line = line.extract::<String>().map_err(|_| not_text(&line))?;
        read.take(&line)?;
        Ok(line)
    };
    let mut line = match pending {
        Some(line) if !line.is_empty() => line,
        _ => next()?,
    };
    if let Some(rest) = line.strip_prefix('\u{feff}') {
        line = rest.to_owned();
    }
    while !line.is_empty() && (is_blank(&line) || line.starts_with('%') || line.starts_with(';')) {
        line = next()?;
    }
    if line.is_empty() {
        return Ok(None);
    }
    let mut text = String::with_capacity(4096);
    let mut empty = 0;
    while !line.is_empty() {
        if line.starts_with('%') || line.starts_with(';') {
            line = next()?;
            continue;
        }
        if empty < 1 && is_blank(&line) {
            empty += 1;
            line = next()?;
            continue;
        }
        if !line.starts_with('[') {
            break;
        }
        empty = 0;
        text.push_str(&line);
        line = next()?;
    }
    text.push('\n');
    // The movetext, up to a blank line outside a comment or the next tags.
    let mut in_comment = false;
    while !line.is_empty() {
        if !in_comment && is_blank(&line) {
            break;
        }
        text.push_str(&line);
        in_comment = brace_open_after(&line, in_comment);
        line = next()?;
        if !in_comment && line.starts_with('[') {
            return Ok(Some((text, Some(line))));
        }
    }
    Ok(Some((text, None)))
}

/// The most text one `cut_game` reads (the game and the blank or `%`
/// lines before it): a file that never ends, or one game larger than any
/// real one, is an error instead of memory growing until the process dies.
pub const MAX_GAME_TEXT: usize = 256 << 20;

/// Counts what one `cut_game` has read, against `MAX_GAME_TEXT`.
#[derive(Default)]
struct LineBudget {
    bytes: usize,
    lines: usize,
}

impl LineBudget {
    fn take(&mut self, line: &str) -> PyResult<()> {
        self.bytes += line.len();
        self.lines += 1;
        if self.bytes > MAX_GAME_TEXT {
            return Err(crate::errors::PgnError::new_err(format!(
                "PGN game too long: more than {} MiB of text by line {} of this game (a file that never ends?)",
                MAX_GAME_TEXT >> 20,
                self.lines
            )));
        }
        Ok(())
    }
}

/// The error for a `readline()` that gave no text.
fn not_text(line: &Bound<'_, PyAny>) -> PyErr {
    let kind = line.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "?".into());
    if line.is_instance_of::<pyo3::types::PyString>() {
        return PyValueError::new_err("PGN text with a lone surrogate (not encodable as UTF-8)");
    }
    pyo3::exceptions::PyTypeError::new_err(format!(
        "read_game needs a text file: readline() gave {kind}, not str (open the file in text mode)"
    ))
}

/// Python's `str.isspace()` for a whole line (false for an empty one).
fn is_blank(line: &str) -> bool {
    !line.is_empty() && line.chars().all(py_space)
}

/// Whether a `{` comment is open after `line`.
fn brace_open_after(line: &str, mut in_comment: bool) -> bool {
    for b in line.bytes() {
        match b {
            b'}' if in_comment => in_comment = false,
            b'{' if !in_comment => in_comment = true,
            b';' if !in_comment => break,
            _ => {}
        }
    }
    in_comment
}

/// The `[%clk 1:02:03.4]` / `[%emt ...]` command `name` first found in
/// `comment`: hours, minutes and seconds as written.
fn find_time<'a>(comment: &'a str, name: &str) -> Option<(&'a str, &'a str, &'a str)> {
    let opener = format!("[%{name}");
    let mut from = 0;
    while let Some(at) = comment[from..].find(&opener) {
        let start = from + at + opener.len();
        from = start;
        let rest = &comment[start..];
        let Some(space) = rest.chars().next().filter(|&c| py_space(c)) else { continue };
        let rest = &rest[space.len_utf8()..];
        let (hours, rest) = digits(rest);
        let Some(rest) = rest.strip_prefix(':').filter(|_| !hours.is_empty()) else { continue };
        let (minutes, rest) = digits(rest);
        let Some(rest) = rest.strip_prefix(':').filter(|_| !minutes.is_empty()) else { continue };
        let (whole, after) = digits(rest);
        if whole.is_empty() {
            continue;
        }
        let mut len = whole.len();
        if let Some(frac) = after.strip_prefix('.') {
            len += 1 + digits(frac).0.len();
        }
        if rest[len..].starts_with(']') {
            return Some((hours, minutes, &rest[..len]));
        }
    }
    None
}

/// The ASCII digits at the start of `text`, and the rest.
fn digits(text: &str) -> (&str, &str) {
    let n = text.bytes().take_while(u8::is_ascii_digit).count();
    text.split_at(n)
}

/// Seconds from `find_time`'s parts as python-chess computes them
/// (`int(h) * 3600 + int(m) * 60 + float(s)`), or the parts when the ints
/// are too long to add exactly here.
fn time_value(py: Python<'_>, parts: Option<(&str, &str, &str)>) -> PyResult<Py<PyAny>> {
    let Some((h, m, s)) = parts else { return Ok(py.None()) };
    let whole = match (h.len() <= 15 && m.len() <= 15, h.parse::<u64>(), m.parse::<u64>()) {
        (true, Ok(h), Ok(m)) => Some(h * 3600 + m * 60),
        _ => None,
    };
    match (whole, s.parse::<f64>()) {
        (Some(whole), Ok(secs)) if whole < (1 << 53) => {
            Ok((whole as f64 + secs).into_pyobject(py)?.into_any().unbind())
        }
        _ => Ok(PyTuple::new(py, [h, m, s])?.into_any().unbind()),
    }
}

/// The first `[%eval ...]` of a comment: `("mate", "-3", depth)` or
/// `("cp", "0.25", depth)`, depth the text after the comma or None.
fn find_eval(comment: &str) -> Option<(&'static str, &str, Option<&str>)> {
    let mut from = 0;
    while let Some(at) = comment[from..].find("[%eval") {
        let start = from + at + "[%eval".len();
        from = start;
        let rest = &comment[start..];
        let Some(space) = rest.chars().next().filter(|&c| py_space(c)) else { continue };
        let rest = &rest[space.len_utf8()..];
        let Some((kind, value, rest)) = eval_value(rest) else { continue };
        let (depth, rest) = match rest.strip_prefix(',') {
            Some(after) => {
                let (d, r) = digits(after);
                if d.is_empty() {
                    continue;
                }
                (Some(d), r)
            }
            None => (None, rest),
        };
        if rest.starts_with(']') {
            return Some((kind, value, depth));
        }
    }
    None
}

/// The score of an `[%eval`: `#` and a signed number of moves, or a
/// signed number of pawns (`-0.25`, `3`, `3.`, `.5`: at most ten digits
/// before the point and two after), with what follows it.
fn eval_value(text: &str) -> Option<(&'static str, &str, &str)> {
    let sign = |t: &str| usize::from(t.starts_with(['+', '-']));
    if let Some(after) = text.strip_prefix('#') {
        let s = sign(after);
        let (d, _) = digits(&after[s..]);
        return (!d.is_empty()).then(|| ("mate", &after[..s + d.len()], &after[s + d.len()..]));
    }
    let s = sign(text);
    let (whole, rest) = digits(&text[s..]);
    if whole.len() > 10 {
        return None;
    }
    let len = match rest.strip_prefix('.') {
        // `\d{0,10}\.\d{1,2}`: a third digit after the point fails the
        // `]` or `,` that must follow, as the regex's would.
        Some(frac) if !digits(frac).0.is_empty() => s + whole.len() + 1 + digits(frac).0.len().min(2),
        Some(_) if !whole.is_empty() => s + whole.len() + 1,
        Some(_) => return None,
        None if !whole.is_empty() => s + whole.len(),
        None => return None,
    };
    Some(("cp", &text[..len], &text[len..]))
}

/// How PGN writers differ: python-chess's `StringExporter` options.
struct Options {
    columns: Option<usize>,
    comments: bool,
    variations: bool,
}

/// python-chess's exporter: tokens ending in a space, a line broken
/// before a token that would pass `columns`, each line right-stripped.
struct Exporter {
    options: Options,
    out: String,
    line: String,
    /// Characters in `line`.
    width: usize,
    force_number: bool,
}

impl Exporter {
    fn flush(&mut self) {
        if !self.line.is_empty() {
            self.out.push_str(self.line.trim_end_matches(py_space));
            self.out.push('\n');
        }
        self.line.clear();
        self.width = 0;
    }

    fn write_line(&mut self, text: &str) {
        self.flush();
        self.out.push_str(text.trim_end_matches(py_space));
        self.out.push('\n');
    }

    fn token(&mut self, token: &str) {
        let len = token.chars().count();
        if let Some(columns) = self.options.columns {
            if (columns as i64) - (self.width as i64) < len as i64 {
                self.flush();
            }
        }
        self.line.push_str(token);
        self.width += len;
    }

    fn comment(&mut self, text: &str) {
        if self.options.comments {
            let cleaned: String = text.chars().filter(|&c| c != '}').collect();
            let token = format!("{{ {} }} ", py_strip(&cleaned));
            self.token(&token);
            self.force_number = true;
        }
    }

    /// The starting comment, move (number and SAN), NAGs and comment of
    /// node `i`.
    fn node(&mut self, tree: &PgnTree, i: usize) -> PyResult<()> {
        let node = &tree.nodes[i];
        if node.starting_comment.len > 0 {
            self.comment(tree.text_of(node.starting_comment));
        }
        let pos = &node.before;
        let number = i64::from(pos.fullmove_number()) + tree.full_delta;
        if pos.side_to_move() == Color::White {
            self.token(&format!("{number}. "));
        } else if self.force_number {
            self.token(&format!("{number}... "));
        }
        let san = if node.mv.is_null() {
            "--".to_owned()
        } else if pos.is_legal(node.mv) {
            pos.san(node.mv)
        } else {
            let uci = tree.py_move(node.mv).uci();
            return Err(PyValueError::new_err(format!("cannot write illegal move {uci} in {}", pos.fen())));
        };
        self.token(&format!("{san} "));
        self.force_number = false;
        if self.options.comments {
            for nag in &node.nags {
                self.token(&format!("${nag} "));
            }
        }
        if node.comment.len > 0 {
            self.comment(tree.text_of(node.comment));
        }
        Ok(())
    }

    /// The moves from node `start` on, with side lines, in python-chess's
    /// order: a node, then its siblings' lines (if `sidelines`) in `( )`,
    /// then its main continuation. No recursion: any depth.
    fn moves(&mut self, tree: &PgnTree, start: usize, sidelines: bool) -> PyResult<()> {
        // Each frame: node, next sibling slot to visit, whether a side line
        // it opened is to be closed, and whether its own move is written.
        struct Frame {
            node: usize,
            sibling: usize,
            close: bool,
            written: bool,
            continued: bool,
        }
        let sibling_start = |node: usize, sidelines: bool| {
            if sidelines {
                1
            } else {
                tree.nodes[tree.nodes[node].parent as usize].children.as_slice().len()
            }
        };
        let mut stack = vec![Frame {
            node: start,
            sibling: sibling_start(start, sidelines),
            close: false,
            written: false,
            continued: false,
        }];
        while let Some(top) = stack.last_mut() {
            if top.close {
                top.close = false;
                self.token(") ");
                self.force_number = true;
            }
            if !top.written {
                top.written = true;
                let node = top.node;
                self.node(tree, node)?;
                continue;
            }
            let siblings = tree.nodes[tree.nodes[top.node].parent as usize].children.as_slice();
            if self.options.variations && top.sibling < siblings.len() {
                let variation = siblings[top.sibling] as usize;
                top.sibling += 1;
                top.close = true;
                self.token("( ");
                self.force_number = true;
                let sibling = sibling_start(variation, false);
                stack.push(Frame { node: variation, sibling, close: false, written: false, continued: false });
            } else if !top.continued && !tree.nodes[top.node].children.as_slice().is_empty() {
                top.continued = true;
                let next = tree.nodes[top.node].children.as_slice()[0] as usize;
                stack.push(Frame { node: next, sibling: 1, close: false, written: false, continued: false });
            } else {
                stack.pop();
            }
        }
        Ok(())
    }
}

#[pymethods]
impl PgnTree {
    /// A game with no moves starting from `fen` (None: the standard
    /// start), Chess960 castling if `chess960`.
    #[new]
    #[pyo3(signature = (fen=None, chess960=false))]
    fn py_new(fen: Option<&str>, chess960: bool) -> PyResult<PgnTree> {
        let start = match fen {
            Some(fen) => crate::board::parse_fen(fen, chess960)?,
            None => Position::startpos(),
        };
        let chess960 = chess960 || start.castling_mode() == CastlingMode::Chess960;
        Ok(PgnTree::new(start, fen.map(str::to_owned), chess960))
    }

    /// Starts the game from another position, keeping the moves that are
    /// legal from it: the first child whose move is not is dropped with
    /// everything after it.
    #[pyo3(signature = (fen=None, chess960=false))]
    fn set_start(&mut self, fen: Option<&str>, chess960: bool) -> PyResult<()> {
        let fresh = PgnTree::py_new(fen, chess960)?;
        let old = std::mem::replace(&mut self.nodes, fresh.nodes);
        self.start_fen = fresh.start_fen;
        self.chess960 = fresh.chess960;
        self.full_delta = fresh.full_delta;
        // Replay the old tree onto the new start.
        self.nodes[0].comment = old[0].comment;
        self.nodes[0].nags = old[0].nags.clone();
        let mut work = vec![(0usize, 0usize)];
        while let Some((old_i, new_i)) = work.pop() {
            for &child in old[old_i].children.as_slice() {
                let c = &old[child as usize];
                let pos = self.position(new_i);
                let ok = if c.mv.is_null() { !pos.is_check() } else { pos.is_legal(c.mv) };
                if !ok {
                    continue;
                }
                let n = self.push_child(new_i, c.mv);
                self.nodes[n].comment = c.comment;
                self.nodes[n].starting_comment = c.starting_comment;
                self.nodes[n].nags = c.nags.clone();
                work.push((child as usize, n));
            }
        }
        Ok(())
    }

    /// The tag pairs as read, in file order (raw values, escapes kept).
    fn tag_pairs(&self) -> Vec<(String, String)> {
        self.headers.clone()
    }

    /// The reader's error messages.
    fn errors(&self) -> Vec<String> {
        self.errors.clone()
    }

    /// The movetext's termination marker, or "" when it has none.
    fn result(&self) -> &'static str {
        self.result
    }

    /// The FEN the game starts from, None for the standard start.
    fn start_fen(&self) -> Option<String> {
        self.start_fen.clone()
    }

    /// Whether moves are in Chess960 form (king takes rook).
    fn chess960(&self) -> bool {
        self.chess960
    }

    /// The parent of node `i` (None for the root).
    fn parent(&self, i: usize) -> PyResult<Option<usize>> {
        let p = self.node(i)?.parent;
        Ok((p != NONE).then_some(p as usize))
    }

    /// The children of node `i`, main line first.
    fn children(&self, i: usize) -> PyResult<Vec<u32>> {
        Ok(self.node(i)?.children.as_slice().to_vec())
    }

    /// The first child of node `i`, or None.
    fn first_child(&self, i: usize) -> PyResult<Option<u32>> {
        Ok(self.node(i)?.children.as_slice().first().copied())
    }

    /// The number of children of node `i`.
    fn child_count(&self, i: usize) -> PyResult<usize> {
        Ok(self.node(i)?.children.as_slice().len())
    }

    /// The main line after node `i`: its first child, that one's first
    /// child, and so on.
    fn mainline(&self, i: usize) -> PyResult<Vec<u32>> {
        let mut out = Vec::new();
        let mut at = self.node(i)?;
        while let Some(&c) = at.children.as_slice().first() {
            out.push(c);
            at = &self.nodes[c as usize];
        }
        Ok(out)
    }

    /// The moves of the main line after node `i`.
    fn mainline_moves<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Bound<'py, PyList>> {
        let line = self.mainline(i)?;
        PyList::new(py, line.iter().map(|&c| move_object(py, self.py_move(self.nodes[c as usize].mv))))
    }

    /// The move leading to node `i` (None for the root).
    fn r#move(&self, py: Python<'_>, i: usize) -> PyResult<Option<Py<crate::moves::Move>>> {
        let node = self.node(i)?;
        Ok((node.parent != NONE).then(|| move_object(py, self.py_move(node.mv))))
    }

    /// The comment after the move of node `i` (the game's: before the
    /// first move).
    fn comment(&self, i: usize) -> PyResult<&str> {
        Ok(self.text_of(self.node(i)?.comment))
    }

    fn set_comment(&mut self, i: usize, text: &str) -> PyResult<()> {
        self.node(i)?;
        self.nodes[i].comment = self.store(text);
        Ok(())
    }

    /// The comment before the move of node `i`.
    fn starting_comment(&self, i: usize) -> PyResult<&str> {
        Ok(self.text_of(self.node(i)?.starting_comment))
    }

    fn set_starting_comment(&mut self, i: usize, text: &str) -> PyResult<()> {
        self.node(i)?;
        self.nodes[i].starting_comment = self.store(text);
        Ok(())
    }

    /// The NAGs of node `i`, sorted.
    fn nags(&self, i: usize) -> PyResult<Vec<i64>> {
        Ok(self.node(i)?.nags.clone())
    }

    /// Replaces the NAGs of node `i` (a set: sorted, duplicates dropped).
    fn set_nags(&mut self, i: usize, mut nags: Vec<i64>) -> PyResult<()> {
        // The writer's `$n` must read back: the reader takes $0..$255.
        if let Some(bad) = nags.iter().find(|n| !(0..=255).contains(*n)) {
            return Err(PyValueError::new_err(format!("a NAG is a number 0..255, not {bad}")));
        }
        nags.sort_unstable();
        nags.dedup();
        self.node_mut(i)?.nags = nags;
        Ok(())
    }

    /// Adds a child of node `i` for `move` (a legal move there, or the null
    /// move when not in check) as its last variation; returns its index.
    fn add_child(&mut self, i: usize, r#move: &Bound<'_, PyAny>) -> PyResult<usize> {
        let m = extract_move(r#move)?;
        self.node(i)?;
        let pos = self.position(i);
        let raw = if m.is_null() {
            (!pos.is_check()).then_some(RawMove::NULL)
        } else {
            m.to_raw(&pos, true).filter(|&mv| pos.is_legal(mv))
        };
        let raw = raw.ok_or_else(|| {
            crate::errors::IllegalMoveError::new_err(format!("illegal move {} in {}", m.uci(), pos.fen()))
        })?;
        Ok(self.push_child(i, raw))
    }

    /// Reorders the children of node `parent`: `how` is "main" (to the
    /// front), "up", "down" or "remove".
    fn reorder(&mut self, parent: usize, child: usize, how: &str) -> PyResult<()> {
        let slot = self.child_slot(parent, child)?;
        let mut children = self.nodes[parent].children.as_slice().to_vec();
        match how {
            "main" => {
                let c = children.remove(slot);
                children.insert(0, c);
            }
            "up" if slot > 0 => children.swap(slot - 1, slot),
            "down" if slot + 1 < children.len() => children.swap(slot, slot + 1),
            "remove" => {
                children.remove(slot);
            }
            "up" | "down" => {}
            _ => return Err(PyValueError::new_err(format!("unknown reordering {how:?}"))),
        }
        self.nodes[parent].children = Kids::from_vec(children);
        Ok(())
    }

    /// A Board at node `i`, the moves from the start on its stack.
    fn board(&self, py: Python<'_>, i: usize) -> PyResult<Py<Board>> {
        self.node(i)?;
        let board = match &self.start_fen {
            Some(fen) => {
                let kwargs = PyDict::new(py);
                kwargs.set_item("chess960", self.chess960)?;
                let made = py.get_type::<Board>().call((fen.as_str(),), Some(&kwargs))?;
                made.cast_into::<Board>()?.unbind()
            }
            None => Py::new(py, Board::from_position(self.nodes[0].before, self.chess960))?,
        };
        {
            let mut b = board.bind(py).borrow_mut();
            for at in self.path(i) {
                b.push_raw(self.nodes[at].mv);
            }
        }
        Ok(board)
    }

    /// The SAN of the move leading to node `i`.
    fn san(&self, i: usize) -> PyResult<String> {
        let node = self.node(i)?;
        if node.parent == NONE {
            return Err(PyValueError::new_err("the game's root node has no move"));
        }
        Ok(if node.mv.is_null() { "--".to_owned() } else { node.before.san(node.mv) })
    }

    /// The number of half-moves from the start position's ply 0 to node
    /// `i`, as python-chess counts them.
    fn ply(&self, i: usize) -> PyResult<i64> {
        self.node(i)?;
        let start = &self.nodes[0].before;
        let full = i64::from(start.fullmove_number()) + self.full_delta;
        let start_ply = 2 * (full - 1) + i64::from(start.side_to_move() == Color::Black);
        Ok(start_ply + self.path(i).len() as i64)
    }

    /// The first `[%clk ...]` of node `i`'s comment in seconds, or None.
    fn clock(&self, py: Python<'_>, i: usize) -> PyResult<Py<PyAny>> {
        time_value(py, find_time(self.text_of(self.node(i)?.comment), "clk"))
    }

    /// The first `[%emt ...]` of node `i`'s comment in seconds, or None.
    fn emt(&self, py: Python<'_>, i: usize) -> PyResult<Py<PyAny>> {
        time_value(py, find_time(self.text_of(self.node(i)?.comment), "emt"))
    }

    /// The first `[%eval ...]` of node `i`'s comment: `(kind, value,
    /// depth)` as written (`("cp", "0.25", None)`), or None.
    fn eval_parts(&self, i: usize) -> PyResult<Option<(&'static str, String, Option<String>)>> {
        let found = find_eval(self.text_of(self.node(i)?.comment));
        Ok(found.map(|(k, v, d)| (k, v.to_owned(), d.map(str::to_owned))))
    }

    /// The game (from the root) or the moves from node `i` (without the
    /// side lines of its siblings, as python-chess's `ChildNode.accept`)
    /// in python-chess's PGN layout. `tags` are written first when given
    /// (and `result` last); lines end in `\n`, the last one blank.
    #[pyo3(signature = (i, tags, result, columns=None, comments=true, variations=true))]
    fn export(
        &self,
        i: usize,
        tags: Option<Vec<(String, String)>>,
        result: Option<&str>,
        columns: Option<usize>,
        comments: bool,
        variations: bool,
    ) -> PyResult<String> {
        self.node(i)?;
        let options = Options { columns, comments, variations };
        let mut ex = Exporter { options, out: String::new(), line: String::new(), width: 0, force_number: true };
        if let Some(tags) = &tags {
            for (name, value) in tags {
                ex.write_line(&format!("[{name} \"{value}\"]"));
            }
            if !tags.is_empty() {
                ex.write_line("");
            }
        }
        if self.nodes[i].parent == NONE {
            if self.nodes[i].comment.len > 0 {
                ex.comment(self.text_of(self.nodes[i].comment));
            }
            if let Some(&first) = self.nodes[i].children.as_slice().first() {
                ex.moves(self, first as usize, true)?;
            }
        } else {
            ex.moves(self, i, false)?;
        }
        if let Some(result) = result {
            ex.token(&format!("{result} "));
            ex.write_line("");
        } else {
            ex.flush();
        }
        Ok(ex.out)
    }

    /// The number of nodes ever made (removed side lines included).
    fn __len__(&self) -> usize {
        self.nodes.len()
    }

    /// A deep copy.
    fn copy(&self) -> PgnTree {
        self.clone()
    }

    fn __repr__(&self) -> String {
        format!("<PgnTree {} nodes>", self.nodes.len())
    }
}
