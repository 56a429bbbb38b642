//! The games table: one row per game (see the crate docs for the schema).

use std::sync::Arc;

use arrow_array::builder::{
    Date32Builder, Int32Builder, ListBuilder, MapBuilder, StringBuilder, Time32MillisecondBuilder, UInt32Builder,
    UInt64Builder,
};
use arrow_array::types::{Float64Type, Int32Type, UInt16Type};
use arrow_array::{ArrayRef, ArrowPrimitiveType, ListArray, PrimitiveArray, RecordBatch};
use arrow_buffer::{ArrowNativeType, OffsetBuffer, ScalarBuffer};
use arrow_schema::{Field, Schema, SchemaRef};

use crate::bits::Bits;
use crate::record::Record;
use crate::tags;

/// The tags with a column of their own (text columns, then the typed
/// ones); every other tag goes into `other_tags`.
const TEXT_TAGS: [(&str, &str); 15] = [
    ("Event", "event"),
    ("Site", "site"),
    ("Date", "date"),
    ("Round", "round"),
    ("White", "white"),
    ("Black", "black"),
    ("WhiteTitle", "white_title"),
    ("BlackTitle", "black_title"),
    ("ECO", "eco"),
    ("Opening", "opening"),
    ("TimeControl", "time_control"),
    ("Termination", "termination"),
    ("Variant", "variant"),
    ("FEN", "fen"),
    // The result is python-chess's (the tag, else the movetext's marker).
    ("Result", "result"),
];

/// Integer tags: tag name and column name.
const INT_TAGS: [(&str, &str); 4] = [
    ("WhiteElo", "white_elo"),
    ("BlackElo", "black_elo"),
    ("WhiteRatingDiff", "white_rating_diff"),
    ("BlackRatingDiff", "black_rating_diff"),
];

/// The tags with a column: the text tags, the integer tags, then the
/// date and the time.
pub(crate) const KNOWN: usize = TEXT_TAGS.len() + INT_TAGS.len() + 2;
const UTC_DATE: usize = KNOWN - 2;
const UTC_TIME: usize = KNOWN - 1;
/// `TimeControl`'s place in [`TEXT_TAGS`] (its text has a column, and
/// its base and increment one each).
const TIME_CONTROL: usize = place("TimeControl");
/// `Result`'s place in [`TEXT_TAGS`].
pub(crate) const RESULT: usize = place("Result");

/// The names of the tags with a column, in the order of their places.
pub(crate) const KNOWN_NAMES: [&str; KNOWN] = {
    let mut names = [""; KNOWN];
    let mut i = 0;
    while i < TEXT_TAGS.len() {
        names[i] = TEXT_TAGS[i].0;
        i += 1;
    }
    while i < TEXT_TAGS.len() + INT_TAGS.len() {
        names[i] = INT_TAGS[i - TEXT_TAGS.len()].0;
        i += 1;
    }
    names[UTC_DATE] = "UTCDate";
    names[UTC_TIME] = "UTCTime";
    names
};

/// The place of a tag with a column, by its name (at compile time).
const fn place(name: &str) -> usize {
    let mut i = 0;
    while i < KNOWN {
        let (a, b) = (KNOWN_NAMES[i].as_bytes(), name.as_bytes());
        if a.len() == b.len() {
            let mut j = 0;
            while j < a.len() && a[j] == b[j] {
                j += 1;
            }
            if j == a.len() {
                return i;
            }
        }
        i += 1;
    }
    panic!("not a tag with a column")
}

/// The place of a tag with a column among the [`KNOWN`] ones: one
/// candidate from the name's length and a byte or two, then one
/// comparison with a name of known length (done in a load or two, where
/// one of unknown length calls memcmp); a search through the names cost
/// more than the rest of a tag's reading.
pub(crate) fn known(name: &[u8]) -> Option<usize> {
    let &[first, second, .., last] = name else { return None };
    let is = |expected: &[u8], place: usize| (name == expected).then_some(place);
    match (name.len(), first) {
        (3, b'E') => is(b"ECO", const { place("ECO") }),
        (3, b'F') => is(b"FEN", const { place("FEN") }),
        (4, b'S') => is(b"Site", const { place("Site") }),
        (4, b'D') => is(b"Date", const { place("Date") }),
        (5, b'E') => is(b"Event", const { place("Event") }),
        (5, b'R') => is(b"Round", const { place("Round") }),
        (5, b'W') => is(b"White", const { place("White") }),
        (5, b'B') => is(b"Black", const { place("Black") }),
        (6, _) => is(b"Result", RESULT),
        (7, b'O') => is(b"Opening", const { place("Opening") }),
        (7, b'V') => is(b"Variant", const { place("Variant") }),
        (7, b'U') if last == b'e' && name[3] == b'D' => is(b"UTCDate", UTC_DATE),
        (7, b'U') => is(b"UTCTime", UTC_TIME),
        (8, b'W') => is(b"WhiteElo", const { place("WhiteElo") }),
        (8, b'B') => is(b"BlackElo", const { place("BlackElo") }),
        (10, b'W') => is(b"WhiteTitle", const { place("WhiteTitle") }),
        (10, b'B') => is(b"BlackTitle", const { place("BlackTitle") }),
        (11, b'T') if second == b'i' => is(b"TimeControl", TIME_CONTROL),
        (11, b'T') => is(b"Termination", const { place("Termination") }),
        (15, b'W') => is(b"WhiteRatingDiff", const { place("WhiteRatingDiff") }),
        (15, b'B') => is(b"BlackRatingDiff", const { place("BlackRatingDiff") }),
        _ => None,
    }
}

/// Where a game comes from: the name of its input, its number there
/// (from 1) and the byte offset of its first byte.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Origin<'a> {
    pub source: &'a str,
    pub game: u64,
    pub offset: u64,
}

/// Column builders of the games table.
pub(crate) struct GamesBuilder {
    uci: bool,
    san: bool,
    source: StringBuilder,
    game: UInt64Builder,
    offset: UInt64Builder,
    text: Vec<StringBuilder>,
    ints: Vec<Int32Builder>,
    utc_date: Date32Builder,
    utc_time: Time32MillisecondBuilder,
    tc_base: Int32Builder,
    tc_increment: Int32Builder,
    other_tags: MapBuilder<StringBuilder, StringBuilder>,
    moves: ListColumn<UInt16Type>,
    uci_moves: ListBuilder<StringBuilder>,
    san_moves: ListBuilder<StringBuilder>,
    clocks: ListColumn<Float64Type>,
    eval_cp: ListColumn<Int32Type>,
    eval_mate: ListColumn<Int32Type>,
    plies: UInt32Builder,
    final_fen: StringBuilder,
    error: StringBuilder,
}

impl GamesBuilder {
    /// Builders for a table with or without the UCI and SAN columns.
    pub fn new(uci: bool, san: bool) -> GamesBuilder {
        GamesBuilder {
            uci,
            san,
            source: StringBuilder::new(),
            game: UInt64Builder::new(),
            offset: UInt64Builder::new(),
            text: (0..TEXT_TAGS.len()).map(|_| StringBuilder::new()).collect(),
            ints: (0..INT_TAGS.len()).map(|_| Int32Builder::new()).collect(),
            utc_date: Date32Builder::new(),
            utc_time: Time32MillisecondBuilder::new(),
            tc_base: Int32Builder::new(),
            tc_increment: Int32Builder::new(),
            other_tags: MapBuilder::new(None, StringBuilder::new(), StringBuilder::new()),
            moves: ListColumn::default(),
            uci_moves: ListBuilder::new(StringBuilder::new()),
            san_moves: ListBuilder::new(StringBuilder::new()),
            clocks: ListColumn::default(),
            eval_cp: ListColumn::default(),
            eval_mate: ListColumn::default(),
            plies: UInt32Builder::new(),
            final_fen: StringBuilder::new(),
            error: StringBuilder::new(),
        }
    }

    /// Appends a game: `error` is `None` when it read cleanly; otherwise
    /// the row holds what was read before the error.
    pub fn append(&mut self, record: &Record, origin: Origin<'_>, error: Option<&str>) {
        self.source.append_value(origin.source);
        self.game.append_value(origin.game);
        self.offset.append_value(origin.offset);
        self.append_tags(record);
        self.moves.append(&record.moves, None);
        if self.uci {
            record.uci.iter().for_each(|m| self.uci_moves.values().append_value(m));
            self.uci_moves.append(true);
        }
        if self.san {
            record.san.iter().for_each(|m| self.san_moves.values().append_value(m));
            self.san_moves.append(true);
        }
        let c = &record.columns;
        self.clocks.append(&c.clock, Some(&c.has_clock));
        self.eval_cp.append(&c.cp, Some(&c.has_cp));
        self.eval_mate.append(&c.mate, Some(&c.has_mate));
        self.plies.append_value(record.moves.len() as u32);
        // Written straight into the column (a `StringBuilder` never fails
        // a write); the empty value ends the row.
        let _ = record.final_position().write_fen(&mut self.final_fen);
        self.final_fen.append_value("");
        self.error.append_option(error);
    }

    fn append_tags(&mut self, record: &Record) {
        let value = |k: usize| record.tags.known(k);
        for (i, text) in self.text.iter_mut().enumerate() {
            text.append_option(if i == RESULT { record.result() } else { value(i) });
        }
        let mut ints = [None; INT_TAGS.len()];
        for (i, int) in ints.iter_mut().enumerate() {
            *int = value(TEXT_TAGS.len() + i).and_then(tags::integer);
            self.ints[i].append_option(*int);
        }
        let date = value(UTC_DATE).and_then(tags::date);
        self.utc_date.append_option(date);
        let time = value(UTC_TIME).and_then(tags::time);
        self.utc_time.append_option(time.map(|s| s * 1000));
        let tc = value(TIME_CONTROL).and_then(tags::time_control);
        self.tc_base.append_option(tc.map(|t| t.0));
        self.tc_increment.append_option(tc.map(|t| t.1));
        for (kind, i) in record.tags.iter() {
            // A tag with a column of its own is left out, unless it is a
            // typed one whose text does not parse.
            let keep = match kind {
                None => true,
                Some(UTC_DATE) => date.is_none(),
                Some(UTC_TIME) => time.is_none(),
                Some(k) if k >= TEXT_TAGS.len() => ints[k - TEXT_TAGS.len()].is_none(),
                Some(_) => false,
            };
            if keep {
                self.other_tags.keys().append_value(record.tags.name(i));
                self.other_tags.values().append_value(record.tags.value(i));
            }
        }
        self.other_tags.append(true).expect("keys and values are appended in pairs");
    }

    /// The table's columns so far as a batch; the builders start again
    /// empty.
    pub fn finish(&mut self) -> RecordBatch {
        let mut columns: Vec<ArrayRef> =
            vec![Arc::new(self.source.finish()), Arc::new(self.game.finish()), Arc::new(self.offset.finish())];
        columns.extend(self.text.iter_mut().map(|b| Arc::new(b.finish()) as ArrayRef));
        columns.extend(self.ints.iter_mut().map(|b| Arc::new(b.finish()) as ArrayRef));
        columns.push(Arc::new(self.utc_date.finish()));
        columns.push(Arc::new(self.utc_time.finish()));
        columns.push(Arc::new(self.tc_base.finish()));
        columns.push(Arc::new(self.tc_increment.finish()));
        columns.push(Arc::new(self.other_tags.finish()));
        columns.push(Arc::new(self.moves.finish()));
        if self.uci {
            columns.push(Arc::new(self.uci_moves.finish()));
        }
        if self.san {
            columns.push(Arc::new(self.san_moves.finish()));
        }
        columns.push(Arc::new(self.clocks.finish()));
        columns.push(Arc::new(self.eval_cp.finish()));
        columns.push(Arc::new(self.eval_mate.finish()));
        columns.push(Arc::new(self.plies.finish()));
        columns.push(Arc::new(self.final_fen.finish()));
        columns.push(Arc::new(self.error.finish()));
        let schema = schema_of(&columns, self.uci, self.san);
        RecordBatch::try_new(schema, columns).expect("the columns match the schema built from them")
    }
}

/// A list column written as buffers: the values of all rows back to back,
/// a validity bit for each value, and where each row's list ends. Its
/// buffers are made a quarter larger than the batch before's.
pub(crate) struct ListColumn<T: ArrowPrimitiveType> {
    values: Vec<T::Native>,
    valid: Bits,
    /// The end of each list, after a 0 for the start of the first.
    offsets: Vec<i32>,
}

impl<T: ArrowPrimitiveType> Default for ListColumn<T> {
    fn default() -> Self {
        ListColumn::with_capacity(0, 0)
    }
}

impl<T: ArrowPrimitiveType> ListColumn<T> {
    fn with_capacity(rows: usize, values: usize) -> Self {
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(0);
        ListColumn { values: Vec::with_capacity(values), valid: Bits::with_capacity(values), offsets }
    }

    /// Appends a row: `values`, with their validity bits (packed, the
    /// first value's in the lowest bit) or all there.
    fn append(&mut self, values: &[T::Native], valid: Option<&[u8]>)
    where
        T::Native: ArrowNativeType,
    {
        self.values.extend_from_slice(values);
        match valid {
            Some(bits) => self.valid.append_packed(bits, values.len()),
            None => self.valid.append_ones(values.len()),
        }
        // As a `ListBuilder` does, a batch over 2^31 values is refused.
        self.offsets.push(i32::try_from(self.values.len()).expect("a batch's lists fit 32-bit offsets"));
    }

    /// The column as an array (no null list); the column starts again
    /// empty, with room for as much.
    fn finish(&mut self) -> ListArray {
        let (rows, values) = (self.offsets.len() - 1, self.values.len());
        let done = std::mem::replace(self, ListColumn::with_capacity(rows + rows / 4, values + values / 4));
        let values = PrimitiveArray::<T>::new(done.values.into(), done.valid.into_nulls());
        let field = Arc::new(Field::new_list_field(T::DATA_TYPE, true));
        ListArray::new(field, OffsetBuffer::new(ScalarBuffer::from(done.offsets)), Arc::new(values), None)
    }
}

/// The column names, in order.
fn names(uci: bool, san: bool) -> Vec<&'static str> {
    let mut names = vec!["source", "game", "offset"];
    names.extend(TEXT_TAGS.iter().map(|t| t.1));
    names.extend(INT_TAGS.iter().map(|t| t.1));
    names.extend(["utc_date", "utc_time", "time_control_base", "time_control_increment", "other_tags", "moves"]);
    if uci {
        names.push("uci");
    }
    if san {
        names.push("san");
    }
    names.extend(["clocks", "eval_cp", "eval_mate", "plies", "final_fen", "error"]);
    names
}

/// Columns that never hold a null.
const NOT_NULL: [&str; 9] =
    ["source", "game", "offset", "other_tags", "moves", "clocks", "eval_cp", "eval_mate", "plies"];

fn schema_of(columns: &[ArrayRef], uci: bool, san: bool) -> SchemaRef {
    let fields: Vec<Field> = names(uci, san)
        .into_iter()
        .zip(columns)
        .map(|(name, c)| {
            let not_null = NOT_NULL.contains(&name) || name == "uci" || name == "san" || name == "final_fen";
            Field::new(name, c.data_type().clone(), !not_null)
        })
        .collect();
    Arc::new(Schema::new(fields))
}

/// The games table's schema, with or without the `uci` and `san` columns.
pub fn games_schema(uci: bool, san: bool) -> SchemaRef {
    GamesBuilder::new(uci, san).finish().schema()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_tags_have_their_places() {
        assert_eq!(TEXT_TAGS[TIME_CONTROL].0, "TimeControl");
        assert_eq!(TEXT_TAGS[RESULT].0, "Result");
        assert_eq!(known(b"UTCDate"), Some(UTC_DATE));
        assert_eq!(known(b"UTCTime"), Some(UTC_TIME));
        assert_eq!(known(b"BlackRatingDiff"), Some(TEXT_TAGS.len() + 3));
        assert_eq!(known(b"Event"), Some(0));
        for (i, name) in KNOWN_NAMES.iter().enumerate() {
            assert_eq!(known(name.as_bytes()), Some(i), "{name}");
            // Near misses: another byte anywhere, one byte more or less.
            for at in 0..name.len() {
                let mut other = name.as_bytes().to_vec();
                other[at] ^= 0x20;
                assert_eq!(known(&other), None, "{other:?}");
                other.remove(at);
                assert_eq!(known(&other), None, "{other:?}");
            }
            assert_eq!(known(format!("{name}x").as_bytes()), None);
        }
        for other in ["Annotator", "", "E", "Results", "UTCDat", "UTCTimes", "PlyCount"] {
            assert_eq!(known(other.as_bytes()), None, "{other}");
        }
    }
}
