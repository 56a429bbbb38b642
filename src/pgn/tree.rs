//! The game tree: tags, and moves carrying their comments, NAGs and side
//! lines; built by a visitor, turned into a `Game`.

use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;
use core::str::FromStr;

use crate::game::Game;
use crate::moves::Move;
use crate::pgn::{GameResult, Nag, PgnError, PgnErrorKind, Reader, Skip, TagValue, Visitor};
use crate::position::{CastlingMode, Position};

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
/// tags.insert("ECO", "C33");
/// tags.insert("White", "Anderssen");
/// tags.insert("Event", "London");
/// let names: Vec<&str> = tags.iter().map(|(name, _)| name).collect();
/// assert_eq!(names, ["Event", "White", "ECO"]);
/// assert_eq!(tags.get("White"), Some("Anderssen"));
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
            tags.insert(
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
    pub fn insert(&mut self, name: &str, value: &str) {
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
}

/// A move of a game tree with what the text says about it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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
}

/// A game as a tree: its tags, the position it starts from, the comments
/// before its first move, its moves (the mainline, each with its side
/// lines) and its result.
///
/// Comments are kept as written, less one space after `{` and one before
/// `}` (the spaces writers put there) and with CRLF turned into LF; empty
/// side lines are dropped.
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
    /// A game without tags or moves from `start`.
    pub fn new(start: Position) -> PgnGame {
        PgnGame { tags: Tags::new(), start, comments: Vec::new(), moves: Vec::new(), result: GameResult::Unknown }
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
            Some(Some(crate::Color::White)) => GameResult::WhiteWins,
            Some(Some(crate::Color::Black)) => GameResult::BlackWins,
            Some(None) => GameResult::Draw,
            None => GameResult::Unknown,
        };
        tree.tags.insert("Result", tree.result.as_str());
        if start.castling_mode() == CastlingMode::Chess960 {
            tree.tags.insert("Variant", "Chess960");
        }
        let mut standard = Position::startpos();
        // The start position castles the standard way: either mode fits.
        let _ = standard.set_castling_mode(start.castling_mode());
        if start != standard {
            tree.tags.insert("SetUp", "1");
            let fen = if start.castling_mode() == CastlingMode::Chess960 { start.shredder_fen() } else { start.fen() };
            tree.tags.insert("FEN", &fen);
        }
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
        Reader::from_str(text).read_game(&mut Mainline(None, false)).unwrap_or(Err(PgnError {
            game: 1,
            line: 1,
            column: 1,
            kind: PgnErrorKind::NoGame,
        }))
    }

    /// The game as PGN: the seven-tag roster (result from
    /// [`Game::outcome`], else `*`), `SetUp` and `FEN` when it does not
    /// start from the standard position, and the moves in SAN, wrapped at
    /// 80 columns.
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

/// Strips one space after `{` and one before `}` and turns CRLF into LF.
fn comment_text(raw: &[u8]) -> String {
    let raw = raw.strip_prefix(b" ").unwrap_or(raw);
    let raw = raw.strip_suffix(b" ").unwrap_or(raw);
    let text = String::from_utf8_lossy(raw);
    if text.contains('\r') {
        text.replace("\r\n", "\n")
    } else {
        text.into_owned()
    }
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
            game.tags.insert(&String::from_utf8_lossy(name), &value.decode());
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
            .or_else(|| game.tags.get("Result").and_then(GameResult::from_pgn))
            .unwrap_or(GameResult::Unknown);
        game
    }
}
