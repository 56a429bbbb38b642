//! The game tree: tags, and moves carrying their comments, NAGs and side
//! lines; built by a visitor ([`Reader::read_tree`]), turned into a `Game`.
//! It sits above the reader (`reader.rs` imports nothing from here).

use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write as _};
use core::hash::{Hash, Hasher};
use core::str::FromStr;

use crate::game::Game;
use crate::moves::Move;
use crate::outcome::GameResult;
use crate::pgn::input::Input;
use crate::pgn::reader::start_from_tags;
use crate::pgn::{holds, Nag, PgnError, PgnErrorKind, ReadOptions, Reader, Skip, TagValue, Visitor};
use crate::position::{CastlingMode, Position};
use crate::types::{text_before, text_from, Quoted, QuotedChar};

/// The seven-tag roster, in the order PGN writes it.
pub(crate) const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The tag pairs of a game: the seven-tag roster (`Event`, `Site`, `Date`,
/// `Round`, `White`, `Black`, `Result`) in that order, then the others in
/// the order they were added. A name occurs at most once; setting it again
/// replaces the value in place.
///
/// ```
/// use chess_movegen::pgn::Tags;
/// let mut tags = Tags::new();
/// tags.insert("ECO", "C33")?;
/// tags.insert("White", "Anderssen")?;
/// tags.insert("Event", "London")?;
/// let names: Vec<&str> = tags.iter().map(|(name, _)| name).collect();
/// assert_eq!(names, ["Event", "White", "ECO"]);
/// assert_eq!(tags.get("White"), Some("Anderssen"));
/// # Ok::<(), chess_movegen::pgn::TagError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tags {
    roster: [Option<String>; 7],
    others: Vec<(String, String)>,
}

impl Tags {
    /// No tags.
    pub fn new() -> Tags {
        Tags::default()
    }

    /// The seven-tag roster with the values PGN uses for "unknown":
    /// `Event`, `Site`, `Round`, `White`, `Black` `"?"`, `Date`
    /// `"????.??.??"`, `Result` `"*"`.
    pub fn roster() -> Tags {
        let mut tags = Tags::new();
        for name in ROSTER {
            tags.set(
                name,
                match name {
                    "Date" => "????.??.??",
                    "Result" => "*",
                    _ => "?",
                },
            );
        }
        tags
    }

    /// The value of a tag.
    pub fn get(&self, name: &str) -> Option<&str> {
        match ROSTER.iter().position(|&r| r == name) {
            Some(i) => self.roster[i].as_deref(),
            None => self.others.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str()),
        }
    }

    /// Sets a tag (replacing its value if it is there).
    ///
    /// # Errors
    ///
    /// A [`TagError`], and the tags stay as they were, if PGN cannot carry
    /// the pair: a name that is empty, does not start with an ASCII letter
    /// or digit or holds anything but ASCII letters, digits and `_+#=:-`,
    /// or a value with a line break. (Quotes and backslashes are fine: the
    /// writer escapes them.)
    ///
    /// ```
    /// use chess_movegen::pgn::{TagError, TagErrorKind, Tags};
    /// let mut tags = Tags::new();
    /// tags.insert("Annotator", "\"Mr. \\\"")?;
    /// let error = tags.insert("Bad Name", "x").unwrap_err();
    /// assert_eq!(error.kind, TagErrorKind::NameChar(' '));
    /// assert_eq!(
    ///     error.to_string(),
    ///     "tag name \"Bad Name\": ' ' cannot stand in a tag name (ASCII letters, digits and _+#=:- only)"
    /// );
    /// assert_eq!(tags.len(), 1);
    /// # Ok::<(), TagError>(())
    /// ```
    pub fn insert(&mut self, name: &str, value: &str) -> Result<(), TagError> {
        let kind = match name.chars().next() {
            None => Some(TagErrorKind::EmptyName),
            Some(c) if !c.is_ascii_alphanumeric() => Some(TagErrorKind::NameStart(c)),
            Some(_) => name.chars().find(|&c| !is_name_char(c)).map(TagErrorKind::NameChar),
        };
        let kind = kind.or_else(|| value.contains(['\n', '\r']).then_some(TagErrorKind::LineBreakInValue));
        match kind {
            Some(kind) => Err(TagError { name: name.to_owned(), kind }),
            None => {
                self.set(name, value);
                Ok(())
            }
        }
    }

    /// Sets a tag whose name and value are known to be fit for PGN.
    fn set(&mut self, name: &str, value: &str) {
        match ROSTER.iter().position(|&r| r == name) {
            Some(i) => self.roster[i] = Some(value.to_owned()),
            None => match self.others.iter_mut().find(|(n, _)| n == name) {
                Some(slot) => slot.1 = value.to_owned(),
                None => self.others.push((name.to_owned(), value.to_owned())),
            },
        }
    }

    /// Removes a tag, returning its value.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        match ROSTER.iter().position(|&r| r == name) {
            Some(i) => self.roster[i].take(),
            None => {
                let i = self.others.iter().position(|(n, _)| n == name)?;
                Some(self.others.remove(i).1)
            }
        }
    }

    /// The tags in order: the roster first, then the others.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        ROSTER
            .iter()
            .zip(&self.roster)
            .filter_map(|(&name, value)| value.as_deref().map(|v| (name, v)))
            .chain(self.others.iter().map(|(n, v)| (n.as_str(), v.as_str())))
    }

    /// The number of tags.
    pub fn len(&self) -> usize {
        self.roster.iter().flatten().count() + self.others.len()
    }

    /// True if there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// True if the `FEN` and `Variant` tags make the reader start from
    /// exactly `start` (no `FEN`: the standard start position).
    pub(crate) fn read_to(&self, start: &Position) -> bool {
        start_from_tags(Position::startpos(), self.get("FEN"), self.get("Variant"), ReadOptions::new().fen)
            == Ok(*start)
    }

    /// Makes the `FEN`, `SetUp` and `Variant` tags say that the game starts
    /// from `start`, changing nothing if they already do: a `Variant` that
    /// does not give `start`'s castling mode is set to `Chess960` or
    /// removed; then, unless the tags read to `start`, `SetUp` is set to
    /// `1` and `FEN` to `start`'s FEN (Shredder-FEN for Chess960).
    pub(crate) fn fit_start(&mut self, start: &Position) {
        if self.read_to(start) {
            return;
        }
        let chess960 = start.castling_mode() == CastlingMode::Chess960;
        let mode = self.get("Variant").map(|v| {
            start_from_tags(Position::startpos(), None, Some(v), ReadOptions::new().fen).map(|pos| pos.castling_mode())
        });
        match mode {
            Some(Ok(mode)) if mode == start.castling_mode() => {}
            _ if chess960 => self.set("Variant", "Chess960"),
            None => {}
            Some(_) => {
                self.remove("Variant");
            }
        }
        if self.read_to(start) {
            return;
        }
        self.set("SetUp", "1");
        let fen = if chess960 { start.shredder_fen() } else { start.fen() };
        self.set("FEN", &fen);
    }
}

/// True for the characters a tag name may hold after its first.
fn is_name_char(c: char) -> bool {
    // `matches!`, not `"_+#=:-".contains(c)`: a non-ASCII `c` would search
    // the string for its UTF-8 bytes, a substring searcher in the build.
    c.is_ascii_alphanumeric() || matches!(c, '_' | '+' | '#' | '=' | ':' | '-')
}

/// What makes a tag pair unfit for PGN (see [`TagError`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TagErrorKind {
    /// The name is empty.
    EmptyName,
    /// The name starts with this character, not an ASCII letter or digit
    /// (PGN readers tell a tag pair by the name right after the `[`).
    NameStart(char),
    /// The name holds this character, which is none of ASCII letters,
    /// digits and `_+#=:-` (a space would end the name, and other
    /// characters are not part of PGN's tag-name token).
    NameChar(char),
    /// The value holds a line break: a tag pair stands on one line, and
    /// PGN has no escape for a line feed.
    LineBreakInValue,
}

/// A tag pair that PGN cannot carry, refused by [`Tags::insert`]: the
/// name it was given and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TagError {
    /// The tag's name, as given.
    pub name: String,
    /// What is wrong with the pair.
    pub kind: TagErrorKind,
}

impl fmt::Display for TagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "tag name {}: ", Quoted(&self.name))?;
        match self.kind {
            TagErrorKind::EmptyName => f.write_str("a tag name cannot be empty"),
            TagErrorKind::NameStart(c) => {
                write!(f, "a tag name must start with an ASCII letter or digit, not {}", QuotedChar(c))
            }
            TagErrorKind::NameChar(c) => {
                write!(f, "{} cannot stand in a tag name (ASCII letters, digits and _+#=:- only)", QuotedChar(c))
            }
            TagErrorKind::LineBreakInValue => f.write_str("the value holds a line break, which PGN cannot carry"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for TagError {}

/// A move of a game tree with what the text says about it.
///
/// A tree may nest side lines as deep as memory allows (the reader takes
/// any depth): dropping, cloning, comparing, hashing, `Debug` and the
/// writer walk it with a stack on the heap, not by recursion, so they
/// never overflow the call stack. `Debug` writes a node on one line in
/// the shape of a derived `Debug` (`{:#?}` too, so that its size stays
/// linear in the depth).
///
/// ```
/// use chess_movegen::pgn::{Node, PgnGame};
/// use chess_movegen::Position;
/// let start = Position::startpos();
/// let d4 = start.parse_san("d4")?;
/// // 100,000 side lines, each inside the one before.
/// let mut node = Node::new(d4);
/// for _ in 0..100_000 {
///     let mut outer = Node::new(d4);
///     outer.variations.push(vec![node]);
///     node = outer;
/// }
/// let mut game = PgnGame::new(start);
/// game.moves.push(node);
/// let copy = game.clone();
/// assert_eq!(copy, game);
/// assert_eq!(game.to_pgn().parse::<PgnGame>().unwrap(), game);
/// # Ok::<(), chess_movegen::MoveError>(())
/// ```
pub struct Node {
    /// The move ([`Move::NULL`] for a null move).
    pub mv: Move,
    /// Comments before the move; only the first move of a side line has
    /// them (a comment before any other move belongs to the move before).
    pub starting_comments: Vec<String>,
    /// NAGs, in the order they came (`!?`-style glyphs as NAGs 1–6).
    pub nags: Vec<Nag>,
    /// Comments after the move, in order.
    pub comments: Vec<String>,
    /// Side lines that replace this move, in order; each starts from the
    /// position before this move.
    pub variations: Vec<Vec<Node>>,
}

impl Node {
    /// A node with just a move.
    pub fn new(mv: Move) -> Node {
        Node { mv, starting_comments: Vec::new(), nags: Vec::new(), comments: Vec::new(), variations: Vec::new() }
    }

    /// A copy of the node without its side lines.
    fn shallow_clone(&self) -> Node {
        Node {
            mv: self.mv,
            starting_comments: self.starting_comments.clone(),
            nags: self.nags.clone(),
            comments: self.comments.clone(),
            variations: Vec::with_capacity(self.variations.len()),
        }
    }

    /// Whether two nodes are equal but for their side lines.
    fn shallow_eq(&self, other: &Node) -> bool {
        self.mv == other.mv
            && self.starting_comments == other.starting_comments
            && self.nags == other.nags
            && self.comments == other.comments
    }
}

/// One step of a [`Walk`] over a line of nodes.
pub(crate) enum Event<'a> {
    /// A node of the current line, before its side lines.
    Node(&'a Node),
    /// A side line of the last node begins (its moves follow).
    Open(&'a [Node]),
    /// The side line ends.
    Close,
    /// The side lines of this node are over.
    End(&'a Node),
}

/// Walks a line and all its side lines in the order PGN writes them, with
/// a stack on the heap: for each node `Node`, then `Open`, its moves and
/// `Close` for each side line, then `End`. The steps of two trees are the
/// same exactly when the trees are (a side line's end is told from the
/// start of the next move), which is how `==` and `Hash` use them.
pub(crate) struct Walk<'a> {
    /// The lines being walked, innermost last: each with the index of its
    /// current node and how many of that node's side lines are done (`None`
    /// before its `Node` step).
    stack: Vec<(&'a [Node], usize, Option<usize>)>,
}

impl<'a> Walk<'a> {
    pub(crate) fn new(line: &'a [Node]) -> Walk<'a> {
        Walk { stack: alloc::vec![(line, 0, None)] }
    }
}

impl<'a> Iterator for Walk<'a> {
    type Item = Event<'a>;

    fn next(&mut self) -> Option<Event<'a>> {
        let (line, index, done) = self.stack.last_mut()?;
        let line: &'a [Node] = line;
        let Some(node) = line.get(*index) else {
            self.stack.pop();
            return if self.stack.is_empty() { None } else { Some(Event::Close) };
        };
        match *done {
            None => {
                *done = Some(0);
                Some(Event::Node(node))
            }
            Some(j) => match node.variations.get(j) {
                Some(variation) => {
                    *done = Some(j + 1);
                    self.stack.push((variation, 0, None));
                    Some(Event::Open(variation))
                }
                None => {
                    *index += 1;
                    *done = None;
                    Some(Event::End(node))
                }
            },
        }
    }
}

impl Drop for Node {
    /// Takes the side lines apart with a work list, so that dropping a
    /// deep tree does not recurse.
    fn drop(&mut self) {
        if self.variations.is_empty() {
            return;
        }
        let mut pending = core::mem::take(&mut self.variations);
        while let Some(mut line) = pending.pop() {
            for node in &mut line {
                pending.append(&mut node.variations);
            }
            // The nodes of `line` drop here, without side lines.
        }
    }
}

impl Clone for Node {
    fn clone(&self) -> Node {
        let mut line = clone_line(core::slice::from_ref(self));
        line.pop().expect("the copy of one node is one node")
    }
}

/// A deep copy of a line, built from a [`Walk`].
fn clone_line(line: &[Node]) -> Vec<Node> {
    let mut lines = alloc::vec![Vec::with_capacity(line.len())];
    for event in Walk::new(line) {
        match event {
            Event::Node(node) => {
                if let Some(line) = lines.last_mut() {
                    line.push(node.shallow_clone());
                }
            }
            Event::Open(variation) => lines.push(Vec::with_capacity(variation.len())),
            Event::Close => {
                let variation = lines.pop().unwrap_or_default();
                if let Some(node) = lines.last_mut().and_then(|line| line.last_mut()) {
                    node.variations.push(variation);
                }
            }
            Event::End(_) => {}
        }
    }
    lines.pop().unwrap_or_default()
}

impl PartialEq for Node {
    fn eq(&self, other: &Node) -> bool {
        let mut a = Walk::new(core::slice::from_ref(self));
        let mut b = Walk::new(core::slice::from_ref(other));
        loop {
            match (a.next(), b.next()) {
                (None, None) => return true,
                (Some(Event::Node(x)), Some(Event::Node(y))) if x.shallow_eq(y) => {}
                (Some(Event::Open(_)), Some(Event::Open(_)))
                | (Some(Event::Close), Some(Event::Close))
                | (Some(Event::End(_)), Some(Event::End(_))) => {}
                _ => return false,
            }
        }
    }
}

impl Eq for Node {}

impl Hash for Node {
    fn hash<H: Hasher>(&self, state: &mut H) {
        for event in Walk::new(core::slice::from_ref(self)) {
            match event {
                Event::Node(node) => {
                    state.write_u8(0);
                    node.mv.hash(state);
                    node.starting_comments.hash(state);
                    node.nags.hash(state);
                    node.comments.hash(state);
                }
                Event::Open(_) => state.write_u8(1),
                Event::Close => state.write_u8(2),
                Event::End(_) => state.write_u8(3),
            }
        }
    }
}

impl fmt::Debug for Node {
    /// `Node { mv: .., starting_comments: [..], nags: [..], comments: [..],
    /// variations: [[Node { .. }, ..], ..] }` on one line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Whether the next node or side line is the first of its list.
        let mut first = true;
        for event in Walk::new(core::slice::from_ref(self)) {
            match event {
                Event::Node(node) => {
                    if !first {
                        f.write_str(", ")?;
                    }
                    write!(
                        f,
                        "Node {{ mv: {:?}, starting_comments: {:?}, nags: {:?}, comments: {:?}, variations: [",
                        node.mv, node.starting_comments, node.nags, node.comments
                    )?;
                    first = true;
                }
                Event::Open(_) => {
                    if !first {
                        f.write_str(", ")?;
                    }
                    f.write_char('[')?;
                    first = true;
                }
                Event::Close => {
                    f.write_char(']')?;
                    first = false;
                }
                Event::End(_) => {
                    f.write_str("] }")?;
                    first = false;
                }
            }
        }
        Ok(())
    }
}

/// A game as a tree: its tags, the position it starts from, the comments
/// before its first move, its moves (the mainline, each with its side
/// lines) and its result.
///
/// Comments are kept as written, less one space after `{` and one before
/// `}` (the spaces writers put there) and with their line ends made LF
/// (the carriage returns before a line feed dropped, so that CRLF and
/// stray CR CR LF read the same); empty side lines are dropped. A game
/// read from text and written with [`PgnGame::to_pgn`] therefore reads
/// back to an equal tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs.
    pub tags: Tags,
    /// The position the game starts from (the `FEN` tag's, or the
    /// standard start position).
    pub start: Position,
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The mainline.
    pub moves: Vec<Node>,
    /// The termination marker; where the movetext has none, the `Result`
    /// tag's value, else `*`.
    pub result: GameResult,
}

impl Default for PgnGame {
    fn default() -> PgnGame {
        PgnGame::new(Position::startpos())
    }
}

impl PgnGame {
    /// A game without moves from `start`, with the tags that `start`
    /// needs: none for the standard start position, else `SetUp "1"` and
    /// `FEN` (a Shredder-FEN in Chess960), and `Variant "Chess960"` for
    /// Chess960 castling.
    ///
    /// ```
    /// use chess_movegen::pgn::PgnGame;
    /// use chess_movegen::Position;
    /// let start = Position::chess960(0).unwrap();
    /// let mut game = PgnGame::new(start);
    /// assert_eq!(game.tags.get("Variant"), Some("Chess960"));
    /// assert_eq!(game.tags.get("FEN"), Some(start.shredder_fen().as_str()));
    /// game.moves.push(chess_movegen::pgn::Node::new(start.legal_moves()[0]));
    /// assert_eq!(game.to_pgn().parse::<PgnGame>().unwrap(), game);
    /// assert!(PgnGame::new(Position::startpos()).tags.is_empty());
    /// ```
    pub fn new(start: Position) -> PgnGame {
        let mut tags = Tags::new();
        tags.fit_start(&start);
        PgnGame { tags, start, comments: Vec::new(), moves: Vec::new(), result: GameResult::Unfinished }
    }

    /// Sets the position the game starts from, and the tags for it as
    /// [`PgnGame::new`] does (an old `FEN` and `SetUp` go). The moves are
    /// kept: they should be legal from `start`.
    pub fn set_start(&mut self, start: Position) {
        self.start = start;
        self.tags.remove("FEN");
        self.tags.remove("SetUp");
        self.tags.fit_start(&start);
    }

    /// The mainline moves.
    pub fn mainline(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves.iter().map(|node| node.mv)
    }

    /// The mainline as a [`Game`] (a null move, which a `Game` cannot
    /// hold, ends it early).
    pub fn to_game(&self) -> Game {
        let mut game = Game::from_position(self.start);
        for mv in self.mainline() {
            if game.push(mv).is_err() {
                break;
            }
        }
        game
    }

    /// A tree of a [`Game`]'s moves, with the seven-tag roster (its
    /// `Result` from [`Game::outcome`], or `*`), and the `SetUp` and `FEN`
    /// tags (and `Variant "Chess960"`) when the game does not start from
    /// the standard position.
    pub fn from_game(game: &Game) -> PgnGame {
        let start = *game.start_position();
        let mut tree = PgnGame::new(start);
        tree.tags = Tags::roster();
        tree.result = match game.outcome().map(|o| o.winner()) {
            Some(Some(crate::types::Color::White)) => GameResult::WhiteWins,
            Some(Some(crate::types::Color::Black)) => GameResult::BlackWins,
            Some(None) => GameResult::Draw,
            None => GameResult::Unfinished,
        };
        tree.tags.set("Result", tree.result.as_str());
        tree.tags.fit_start(&start);
        tree.moves = game.moves().iter().map(|&mv| Node::new(mv)).collect();
        tree
    }
}

impl FromStr for PgnGame {
    type Err = PgnError;

    /// Reads the first game of the text.
    fn from_str(text: &str) -> Result<PgnGame, PgnError> {
        Reader::from_str(text).read_tree().unwrap_or(Err(PgnError {
            game: 1,
            line: 1,
            column: 1,
            kind: PgnErrorKind::NoGame,
        }))
    }
}

impl Game {
    /// Reads the first game of a PGN text and returns its mainline as a
    /// `Game`. Comments and NAGs are dropped, side lines skipped without
    /// checking their moves (read a [`PgnGame`] to check them too); a null
    /// move, which a `Game` cannot hold, ends the game before it.
    ///
    /// # Errors
    ///
    /// The [`PgnError`] of the first game (with [`PgnErrorKind::NoGame`]
    /// for a text without any).
    ///
    /// ```
    /// use chess_movegen::Game;
    /// let game = Game::from_pgn("[Event \"?\"]\n\n1. f3 e5 2. g4 Qh4# 0-1")?;
    /// assert!(game.position().is_checkmate());
    /// # Ok::<(), chess_movegen::pgn::PgnError>(())
    /// ```
    pub fn from_pgn(text: &str) -> Result<Game, PgnError> {
        Game::from_pgn_with(text, ReadOptions::new())
    }

    /// [`Game::from_pgn`] with the reader's options: limits on lengths,
    /// and the FEN options of the `FEN` tag (with
    /// [`FenOptions::impossible_check`](crate::FenOptions::impossible_check),
    /// a game that [`Game::to_pgn`] wrote from such a position reads back).
    ///
    /// # Errors
    ///
    /// As [`Game::from_pgn`].
    ///
    /// ```
    /// use chess_movegen::pgn::ReadOptions;
    /// use chess_movegen::{FenOptions, Game, Position};
    /// let options = FenOptions::new().impossible_check(true);
    /// let start = Position::from_fen_with("B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1", options)?.0;
    /// let mut game = Game::from_position(start);
    /// game.push_san("Kg4")?;
    /// let read = Game::from_pgn_with(&game.to_pgn(), ReadOptions::new().fen_options(options))?;
    /// assert_eq!(read.moves(), game.moves());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_pgn_with(text: &str, options: ReadOptions) -> Result<Game, PgnError> {
        /// The game, and whether a null move has ended it.
        struct Mainline(Option<Game>, bool);
        impl Visitor for Mainline {
            type Output = Game;
            fn begin_game(&mut self) {
                *self = Mainline(None, false);
            }
            fn end_tags(&mut self, start: &Position) -> Skip {
                self.0 = Some(Game::from_position(*start));
                Skip(false)
            }
            fn play(&mut self, _: &Position, mv: Move) -> Skip {
                if let Some(game) = &mut self.0 {
                    // Legal (the reader checked), unless a null move.
                    self.1 = self.1 || game.push(mv).is_err();
                }
                Skip(self.1)
            }
            fn begin_variation(&mut self) -> Skip {
                Skip(true)
            }
            fn end_game(&mut self) -> Game {
                self.0.take().unwrap_or_default()
            }
        }
        Reader::from_str(text).with_options(options).read_game(&mut Mainline(None, false)).unwrap_or(Err(PgnError {
            game: 1,
            line: 1,
            column: 1,
            kind: PgnErrorKind::NoGame,
        }))
    }

    /// The game as PGN: the seven-tag roster (result from
    /// [`Game::outcome`], else `*`), `SetUp` and `FEN` when it does not
    /// start from the standard position (and `Variant "Chess960"` for
    /// Chess960 castling), and the moves in SAN, wrapped at 80 columns;
    /// as [`PgnGame::to_pgn`] of [`PgnGame::from_game`].
    ///
    /// ```
    /// use chess_movegen::Game;
    /// let mut game = Game::new();
    /// game.push_line("1. f3 e5 2. g4 Qh4#")?;
    /// let pgn = game.to_pgn();
    /// assert!(pgn.starts_with("[Event \"?\"]\n"));
    /// assert!(pgn.ends_with("\n\n1. f3 e5 2. g4 Qh4# 0-1\n"));
    /// assert_eq!(Game::from_pgn(&pgn).unwrap().moves(), game.moves());
    /// # Ok::<(), chess_movegen::LineError>(())
    /// ```
    pub fn to_pgn(&self) -> String {
        PgnGame::from_game(self).to_pgn()
    }
}

/// Strips one space after `{` and one before `}` and drops the carriage
/// returns before each line feed. All of them: dropping only the last
/// would leave `\r\n` of `\r\r\n`, which reading the written game again
/// would turn into `\n`, so that a read-write-read round trip would change
/// the comment.
fn comment_text(raw: &[u8]) -> String {
    let raw = raw.strip_prefix(b" ").unwrap_or(raw);
    let raw = raw.strip_suffix(b" ").unwrap_or(raw);
    let text = String::from_utf8_lossy(raw).into_owned();
    if !holds(text.as_bytes(), b'\r') {
        return text;
    }
    // Each piece from a line feed (or the start) up to the next line feed
    // loses the carriage returns at its end; the last piece, with no line
    // feed after it, keeps them. The pieces split at ASCII bytes.
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(i) = rest.bytes().skip(1).position(|b| b == b'\n') {
        out.push_str(text_before(rest, i + 1).trim_end_matches('\r'));
        rest = text_from(rest, i + 1);
    }
    out.push_str(rest);
    out
}

/// Builds a [`PgnGame`].
#[derive(Default)]
pub(crate) struct TreeBuilder {
    game: Option<PgnGame>,
    /// The lines being read: the mainline first, then nested variations.
    lines: Vec<Vec<Node>>,
    /// Comments seen before the first move of the current line.
    pending: Vec<String>,
    result: Option<GameResult>,
}

impl Visitor for TreeBuilder {
    type Output = PgnGame;

    fn begin_game(&mut self) {
        self.game = Some(PgnGame::default());
        self.lines.clear();
        self.lines.push(Vec::new());
        self.pending.clear();
        self.result = None;
    }

    fn tag(&mut self, name: &[u8], value: TagValue<'_>) {
        if let Some(game) = &mut self.game {
            // The lexer takes only names that `insert` takes, and values
            // without line breaks.
            let _ = game.tags.insert(&String::from_utf8_lossy(name), &value.decode());
        }
    }

    fn end_tags(&mut self, start: &Position) -> Skip {
        if let Some(game) = &mut self.game {
            game.start = *start;
        }
        Skip(false)
    }

    fn play(&mut self, _: &Position, mv: Move) -> Skip {
        let mut node = Node::new(mv);
        let nested = self.lines.len() > 1;
        let line = self.lines.last_mut().expect("a line");
        if line.is_empty() && nested {
            node.starting_comments = core::mem::take(&mut self.pending);
        }
        line.push(node);
        Skip(false)
    }

    fn nag(&mut self, nag: Nag) {
        if let Some(node) = self.lines.last_mut().and_then(|line| line.last_mut()) {
            node.nags.push(nag);
        }
    }

    fn comment(&mut self, comment: &[u8]) {
        let text = comment_text(comment);
        let depth = self.lines.len();
        match self.lines.last_mut().and_then(|line| line.last_mut()) {
            Some(node) => node.comments.push(text),
            None if depth == 1 => {
                if let Some(game) = &mut self.game {
                    game.comments.push(text);
                }
            }
            None => self.pending.push(text),
        }
    }

    fn begin_variation(&mut self) -> Skip {
        self.lines.push(Vec::new());
        self.pending.clear();
        Skip(false)
    }

    fn end_variation(&mut self) {
        let line = self.lines.pop().unwrap_or_default();
        self.pending.clear();
        if line.is_empty() {
            return;
        }
        if let Some(node) = self.lines.last_mut().and_then(|l| l.last_mut()) {
            node.variations.push(line);
        }
    }

    fn result(&mut self, result: GameResult) {
        self.result = Some(result);
    }

    fn end_game(&mut self) -> PgnGame {
        let mut game = self.game.take().unwrap_or_default();
        game.moves = core::mem::take(&mut self.lines[0]);
        game.result = self
            .result
            .or_else(|| game.tags.get("Result").and_then(|text| text.trim().parse().ok()))
            .unwrap_or(GameResult::Unfinished);
        game
    }
}

/// An iterator over the games of a reader as trees; see [`Reader::trees`].
pub struct Trees<I> {
    reader: Reader<I>,
}

impl<I: Input> Iterator for Trees<I> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.reader.read_tree()
    }
}

impl<I: Input> Reader<I> {
    /// Reads the next game as a tree (see [`Reader::read_game`] for the
    /// `None` and error cases).
    pub fn read_tree(&mut self) -> Option<Result<PgnGame, PgnError>> {
        let mut builder = TreeBuilder::default();
        self.read_game(&mut builder)
    }

    /// The games as trees, in order, an error in place of each broken game.
    pub fn trees(self) -> Trees<I> {
        Trees { reader: self }
    }
}
