//! One game as the reader gives it: a [`Visitor`] that keeps what the
//! tables need and nothing else, with its buffers reused from game to game.

use chess_movegen::pgn::{Skip, TagValue, Visitor};
use chess_movegen::{GameResult, Move, Position};

use crate::annotations::NoteColumns;
use crate::games::RESULT;
use crate::tags::Tags;

/// What the tables should hold beyond the moves, clocks and evaluations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Wants {
    /// The position before each move (for the positions table).
    pub positions: bool,
    /// Each move in UCI.
    pub uci: bool,
    /// Each move in SAN.
    pub san: bool,
}

/// Strings back to back in one buffer: the text of tags and moves of a
/// game without an allocation per string.
#[derive(Default)]
pub(crate) struct Strings {
    text: String,
    ends: Vec<usize>,
}

impl Strings {
    fn clear(&mut self) {
        self.text.clear();
        self.ends.clear();
    }

    fn push(&mut self, s: &str) {
        self.text.push_str(s);
        self.ends.push(self.text.len());
    }

    /// The number of strings.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// The `i`-th string.
    pub fn get(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.text[start..self.ends[i]]
    }

    /// The strings in order.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        (0..self.len()).map(|i| self.get(i))
    }
}

/// A game's tags, moves and annotations, filled by the reader.
pub(crate) struct Record {
    wants: Wants,
    /// The tags, in file order; a repeated name is kept once, with its
    /// last value (as python-chess keeps it). Complete after
    /// [`Record::finish_tags`].
    pub tags: Tags,
    /// The mainline's moves (the crate's `Move` bits).
    pub moves: Vec<u16>,
    /// What the comments after each move say (complete after
    /// [`Record::finish_notes`]).
    pub columns: NoteColumns,
    pub uci: Strings,
    pub san: Strings,
    /// The position before each move (when `wants.positions`).
    pub before: Vec<Position>,
    /// The start position, then the position before the last move (when
    /// `before` is not kept: otherwise its last entry is that position).
    last_before: Position,
    /// The standard start position, made once.
    startpos: Position,
    last_move: Option<Move>,
    /// The termination marker (`1-0`, `*`…) if the movetext had one.
    pub marker: Option<GameResult>,
    /// How deep in skipped side lines the reader is.
    depth: usize,
}

impl Record {
    pub fn new(wants: Wants) -> Record {
        Record {
            wants,
            tags: Tags::default(),
            moves: Vec::new(),
            columns: NoteColumns::default(),
            uci: Strings::default(),
            san: Strings::default(),
            before: Vec::new(),
            last_before: Position::startpos(),
            startpos: Position::startpos(),
            last_move: None,
            marker: None,
            depth: 0,
        }
    }

    /// What the record keeps.
    #[cfg_attr(not(feature = "parquet"), allow(dead_code))]
    pub fn wants(&self) -> Wants {
        self.wants
    }

    /// Makes the text of the tags (once the game is read).
    pub fn finish_tags(&mut self) {
        self.tags.finish();
    }

    /// Puts the notes of the last move into [`Record::columns`].
    pub fn finish_notes(&mut self) {
        self.columns.finish();
    }

    /// The position after the last move read (the start position before
    /// any move).
    pub fn final_position(&self) -> Position {
        let last_before = match self.before.last() {
            Some(pos) if self.wants.positions => pos,
            _ => &self.last_before,
        };
        match self.last_move {
            None => *last_before,
            Some(mv) if mv.is_null() => {
                let mut pos = *last_before;
                pos.make_null_move();
                pos
            }
            Some(mv) => last_before.play(mv),
        }
    }

    /// The game's result as python-chess reports it: the `Result` tag,
    /// unless it is missing or `*`, then the termination marker.
    pub fn result(&self) -> Option<&str> {
        match (self.tags.known(RESULT), self.marker) {
            (Some(tag), _) if tag != "*" => Some(tag),
            (_, Some(marker)) => Some(marker.as_str()),
            (tag, None) => tag,
        }
    }
}

impl Record {
    /// Keeps the move's UCI and SAN texts (those wanted): kept out of
    /// [`Visitor::play`], whose path without them stays small.
    #[inline(never)]
    fn push_texts(&mut self, before: &Position, mv: Move) {
        if self.wants.uci {
            self.uci.push(&before.uci(mv));
        }
        if self.wants.san {
            // The null move as PGN files (and python-chess) write it; the
            // library's SAN gives its UCI text.
            if mv.is_null() {
                self.san.push("--");
            } else {
                self.san.push(&before.san(mv));
            }
        }
    }
}

impl Visitor for Record {
    type Output = ();

    fn begin_game(&mut self) {
        self.tags.clear();
        self.moves.clear();
        self.columns.clear();
        self.uci.clear();
        self.san.clear();
        self.before.clear();
        self.last_before = self.startpos;
        self.last_move = None;
        self.marker = None;
        self.depth = 0;
    }

    fn tag(&mut self, name: &[u8], value: TagValue<'_>) {
        self.tags.push(name, value);
    }

    fn end_tags(&mut self, start: &Position) -> Skip {
        self.last_before = *start;
        Skip(false)
    }

    fn play(&mut self, before: &Position, mv: Move) -> Skip {
        self.moves.push(mv.to_bits());
        self.columns.next_move();
        if self.wants.positions {
            self.before.push(*before);
        } else {
            self.last_before = *before;
        }
        if self.wants.uci || self.wants.san {
            self.push_texts(before, mv);
        }
        self.last_move = Some(mv);
        Skip(false)
    }

    fn comment(&mut self, comment: &[u8]) {
        if self.depth == 0 {
            self.columns.read(comment);
        }
    }

    fn begin_variation(&mut self) -> Skip {
        self.depth += 1;
        Skip(true)
    }

    fn end_variation(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    fn result(&mut self, result: GameResult) {
        self.marker = Some(result);
    }

    fn end_game(&mut self) {}
}
