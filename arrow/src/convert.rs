//! From bytes to batches: inputs (plain or zstd, with a bound on line
//! length), the [`Converter`] that fills both tables, and the
//! [`TableReader`] that gives one of them as a [`RecordBatchReader`].

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::Path;

use arrow_array::{RecordBatch, RecordBatchReader};
use arrow_schema::{ArrowError, SchemaRef};
use chess_movegen::pgn::{IoInput, ReadOptions, Reader};

use crate::games::{games_schema, GamesBuilder, Origin};
use crate::positions::{positions_schema, PositionsBuilder};
use crate::record::{Record, Wants};

/// The four bytes every zstd frame starts with.
const ZSTD_MAGIC: [u8; 4] = [0x28, 0xb5, 0x2f, 0xfd];

/// Which table to build.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Table {
    /// One row per game.
    Games,
    /// One row per move of each game's mainline.
    Positions,
}

impl Table {
    /// The table's schema under `options` (whether it has the `uci` and
    /// `san` columns).
    pub fn schema(self, options: &Options) -> SchemaRef {
        match self {
            Table::Games => games_schema(options.uci, options.san),
            Table::Positions => positions_schema(options.uci, options.san),
        }
    }
}

/// How to read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Games per record batch (the last batch may have fewer). Default
    /// 256: a batch of both tables is then a few MB, which the allocator
    /// keeps for the next batch once a reader drops it (larger batches are
    /// handed back to the system and come back as new pages to clear;
    /// the Parquet writer's `WriteOptions` uses 1024, as its
    /// work per batch is larger).
    pub batch_size: usize,
    /// Add each move in UCI (`uci` columns). Default off.
    pub uci: bool,
    /// Add each move in SAN (`san` columns). Default off.
    pub san: bool,
    /// The longest line accepted, in bytes: a longer one is an error that
    /// ends the input (memory stays bounded by it). Also the longest
    /// brace comment and tag value: a longer comment is an error for its
    /// game. Default 16 MiB.
    pub max_line: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options { batch_size: 256, uci: false, san: false, max_line: 16 << 20 }
    }
}

/// The PGN reader's limits: [`Options::max_line`] for lines, comments
/// and tags alike (the reader's own defaults, 1 MiB and 64 KiB, would
/// make errors of games python-chess reads; memory stays bounded by a
/// few times `max_line`).
fn read_options(options: &Options) -> ReadOptions {
    ReadOptions::new().max_line(options.max_line).max_comment(options.max_line).max_token(options.max_line)
}

/// A [`Read`] that fails on a line longer than its bound, so that a file
/// without line feeds cannot make the reader's buffer grow without end.
pub(crate) struct LineLimit<R> {
    inner: R,
    max: usize,
    /// Bytes since the last line feed.
    run: usize,
    line: u64,
}

impl<R> LineLimit<R> {
    pub fn new(inner: R, max: usize) -> LineLimit<R> {
        LineLimit { inner, max, run: 0, line: 1 }
    }
}

impl<R: Read> Read for LineLimit<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        let data = &buf[..n];
        // No line can pass the bound in this read when the line it
        // continues, with all the bytes read, does not: count the lines
        // (a loop the compiler vectorizes) and measure the last one only.
        if self.run.saturating_add(n) <= self.max {
            self.line += count_newlines(data);
            self.run = match data.iter().rposition(|&b| b == b'\n') {
                Some(last) => n - last - 1,
                None => self.run + n,
            };
            return Ok(n);
        }
        for chunk in data.split_inclusive(|&b| b == b'\n') {
            // The end of a line begun in an earlier read counts too.
            let ends = chunk.last() == Some(&b'\n');
            self.run += chunk.len() - usize::from(ends);
            if self.run > self.max {
                return Err(io::Error::other(format!("line {} is longer than {} bytes", self.line, self.max)));
            }
            if ends {
                self.run = 0;
                self.line += 1;
            }
        }
        Ok(n)
    }
}

/// The number of line feeds in `data`: byte counts over pieces short
/// enough for them (the compiler compares and adds 16 or 32 bytes an
/// instruction; a count in a wider integer takes a few bytes a step).
fn count_newlines(data: &[u8]) -> u64 {
    data.chunks(128).map(|piece| u64::from(piece.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n')))).sum()
}

/// Opens a PGN file for reading, decompressing it if it is zstd
/// (recognised by its first bytes, whatever its name).
///
/// # Errors
///
/// When the file cannot be opened or read.
pub fn open(path: impl AsRef<Path>) -> io::Result<Box<dyn Read + Send>> {
    let path = path.as_ref();
    let with_path = |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", path.display()));
    decompress(File::open(path).map_err(with_path)?).map_err(with_path)
}

/// The PGN in `read`, decompressed if it is zstd (recognised by its first
/// bytes).
///
/// # Errors
///
/// When the first bytes cannot be read.
pub fn decompress<R: Read + Send + 'static>(read: R) -> io::Result<Box<dyn Read + Send>> {
    let mut read = BufReader::with_capacity(1 << 16, read);
    let start = io::BufRead::fill_buf(&mut read)?;
    if start.starts_with(&ZSTD_MAGIC) {
        Ok(Box::new(zstd::stream::read::Decoder::with_buffer(read)?))
    } else {
        Ok(Box::new(read))
    }
}

/// One batch of each table the converter builds.
#[derive(Clone, Debug)]
pub struct Batches {
    /// The games table's batch (if it is built).
    pub games: Option<RecordBatch>,
    /// The positions table's batch (if it is built): the positions of the
    /// same games.
    pub positions: Option<RecordBatch>,
}

/// Reads games from a PGN stream into record batches of the games table,
/// the positions table, or both at once.
///
/// A game with an error is a row of the games table with its `error` set
/// (and no rows in the positions table); reading goes on with the next
/// game. A read error (a truncated zstd frame, a line over
/// [`Options::max_line`]) is such a row too, and ends the input.
pub struct Converter<R: Read> {
    reader: Reader<IoInput<LineLimit<R>>>,
    record: Record,
    source: String,
    batch_size: usize,
    games: Option<GamesBuilder>,
    positions: Option<PositionsBuilder>,
    /// Added to game numbers, byte offsets and line numbers: where this
    /// stream starts in its input when it is one piece of a larger one.
    #[cfg_attr(not(feature = "parquet"), allow(dead_code))]
    pub(crate) base: Base,
}

/// Where a piece of an input starts in it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Base {
    pub games: u64,
    pub offset: u64,
    pub lines: u64,
}

impl<R: Read> Converter<R> {
    /// A converter of the PGN in `read` (plain PGN: see [`open`] for files
    /// that may be compressed), named `source` in the tables, building the
    /// games table, the positions table, or both.
    ///
    /// # Panics
    ///
    /// If neither table is asked for.
    pub fn new(read: R, source: &str, games: bool, positions: bool, options: &Options) -> Converter<R> {
        assert!(games || positions, "a converter builds at least one table");
        let wants = Wants { positions, uci: options.uci, san: options.san };
        Converter {
            reader: Reader::new(LineLimit::new(read, options.max_line)).with_options(read_options(options)),
            record: Record::new(wants),
            source: source.to_owned(),
            batch_size: options.batch_size.max(1),
            games: games.then(|| GamesBuilder::new(options.uci, options.san)),
            positions: positions.then(|| PositionsBuilder::new(options.uci, options.san, source)),
            base: Base::default(),
        }
    }

    /// The next batches (of up to [`Options::batch_size`] games), or
    /// `None` when the input is over.
    pub fn next_batches(&mut self) -> Option<Batches> {
        let mut games = 0;
        while games < self.batch_size {
            let Some(read) = self.reader.read_game(&mut self.record) else { break };
            let offset = self.reader.game_start();
            games += 1;
            self.record.finish_notes();
            self.record.finish_tags();
            let origin = Origin {
                source: &self.source,
                game: self.base.games + self.reader.games_started(),
                offset: self.base.offset + offset,
            };
            match read {
                Ok(()) => {
                    if let Some(b) = &mut self.games {
                        b.append(&self.record, origin, None);
                    }
                    if let Some(b) = &mut self.positions {
                        b.append(&self.record, origin);
                    }
                }
                Err(e) => {
                    if let Some(b) = &mut self.games {
                        let message = format!("line {}, column {}: {}", self.base.lines + e.line, e.column, e.kind);
                        b.append(&self.record, origin, Some(&message));
                    }
                }
            }
        }
        if games == 0 {
            return None;
        }
        Some(Batches {
            games: self.games.as_mut().map(GamesBuilder::finish),
            positions: self.positions.as_mut().map(PositionsBuilder::finish),
        })
    }

    /// A batch with one error row (in the games table; the positions
    /// table's batch is empty): a read error after the games read so far.
    #[cfg(feature = "parquet")]
    pub(crate) fn read_error(&mut self, message: &str) -> Batches {
        let origin = Origin {
            source: &self.source,
            game: self.base.games + self.reader.games_started() + 1,
            offset: self.base.offset + self.reader.bytes_read(),
        };
        self.record = Record::new(self.record.wants());
        if let Some(b) = &mut self.games {
            b.append(&self.record, origin, Some(message));
        }
        Batches {
            games: self.games.as_mut().map(GamesBuilder::finish),
            positions: self.positions.as_mut().map(PositionsBuilder::finish),
        }
    }

    /// The number of games read so far.
    pub fn games_read(&self) -> u64 {
        self.reader.games_started()
    }

    /// The number of (decompressed) bytes read so far.
    pub fn bytes_read(&self) -> u64 {
        self.reader.bytes_read()
    }
}

/// One table of a PGN stream as a [`RecordBatchReader`] (an iterator of
/// batches with their schema): what Arrow consumers and the C stream
/// interface take.
pub struct TableReader<R: Read> {
    converter: Converter<R>,
    table: Table,
    schema: SchemaRef,
}

impl<R: Read> TableReader<R> {
    /// A reader of `table` from the PGN in `read`, named `source`.
    pub fn new(read: R, source: &str, table: Table, options: &Options) -> TableReader<R> {
        let converter = Converter::new(read, source, table == Table::Games, table == Table::Positions, options);
        TableReader { converter, table, schema: table.schema(options) }
    }
}

impl TableReader<Box<dyn Read + Send>> {
    /// A reader of `table` from a file, plain or zstd (see [`open`]).
    ///
    /// # Errors
    ///
    /// When the file cannot be opened.
    pub fn from_path(path: impl AsRef<Path>, table: Table, options: &Options) -> io::Result<Self> {
        let path = path.as_ref();
        Ok(TableReader::new(open(path)?, &path.to_string_lossy(), table, options))
    }
}

impl<R: Read> Iterator for TableReader<R> {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        let batches = self.converter.next_batches()?;
        let batch = match self.table {
            Table::Games => batches.games,
            Table::Positions => batches.positions,
        };
        batch.map(Ok)
    }
}

impl<R: Read> RecordBatchReader for TableReader<R> {
    fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hands out its bytes in pieces of the sizes given, in turn.
    struct Pieces {
        data: Vec<u8>,
        at: usize,
        sizes: Vec<usize>,
        turn: usize,
    }

    impl Read for Pieces {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let size = self.sizes[self.turn % self.sizes.len()];
            self.turn += 1;
            let n = size.min(buf.len()).min(self.data.len() - self.at);
            buf[..n].copy_from_slice(&self.data[self.at..self.at + n]);
            self.at += n;
            Ok(n)
        }
    }

    #[test]
    fn line_limit_finds_the_first_line_too_long_whatever_the_reads() {
        let mut random = crate::test_random();
        let mut next = move |n: u64| random(n) as usize;
        for _ in 0..3000 {
            let max = 1 + next(12);
            let lines: Vec<usize> = (0..next(8)).map(|_| next(max as u64 + 3)).collect();
            let mut data = Vec::new();
            for (i, &len) in lines.iter().enumerate() {
                data.extend(std::iter::repeat_n(b'x', len));
                if i + 1 < lines.len() || next(2) == 0 {
                    data.push(b'\n');
                }
            }
            // The first line longer than the bound, numbered from 1.
            let expected = lines.iter().position(|&len| len > max).map(|i| i + 1);
            let sizes: Vec<usize> = (0..1 + next(4)).map(|_| 1 + next(3 * max as u64)).collect();
            let mut limited = LineLimit::new(Pieces { data: data.clone(), at: 0, sizes, turn: 0 }, max);
            let mut out = Vec::new();
            match (limited.read_to_end(&mut out), expected) {
                (Ok(_), None) => assert_eq!(out, data),
                (Err(e), Some(line)) => assert_eq!(e.to_string(), format!("line {line} is longer than {max} bytes")),
                (got, expected) => panic!("{lines:?} at most {max}: {got:?}, expected an error on line {expected:?}"),
            }
        }
    }
}
