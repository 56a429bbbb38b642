//! Writing the tables to Parquet, on one thread or several.
//!
//! With several threads, each input is cut into pieces of whole games
//! (at a blank line followed by `[`, where a tag section starts), the
//! pieces are converted in parallel, and one writer puts their batches in
//! input order, renumbering games as one reader would have. The rows are
//! those of a one-thread run, except in a broken file where a brace
//! comment is left open across such a place (one reader then swallows the
//! next games into the comment; the pieces read them).

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Arc, Mutex};

use arrow_array::{ArrayRef, RecordBatch, UInt64Array};
use parquet::arrow::ArrowWriter;
use parquet::basic::ZstdLevel;
use parquet::errors::ParquetError;
use parquet::file::properties::WriterProperties;
use parquet::schema::types::ColumnPath;

use crate::convert::{open, Base, Batches, Converter, Options, Table};

/// The Parquet compression codec.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Compression {
    /// zstd at its default level (the default: about the size of the
    /// `.pgn.zst` for the games table).
    #[default]
    Zstd,
    /// Snappy: faster, larger.
    Snappy,
    /// None.
    None,
}

impl Compression {
    fn codec(self) -> parquet::basic::Compression {
        match self {
            Compression::Zstd => parquet::basic::Compression::ZSTD(ZstdLevel::default()),
            Compression::Snappy => parquet::basic::Compression::SNAPPY,
            Compression::None => parquet::basic::Compression::UNCOMPRESSED,
        }
    }
}

/// How to write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteOptions {
    /// How to read. Default: [`Options::default`] with 1024 games per
    /// batch (the Parquet writer's work per batch is then shared by more
    /// rows).
    pub read: Options,
    /// The codec.
    pub compression: Compression,
    /// Rows per row group. Default 128 Ki.
    pub row_group_size: usize,
    /// Threads converting (the writer runs on one more). Default 1.
    pub threads: usize,
    /// Decompressed bytes per piece when converting on several threads.
    /// Default 4 MiB.
    pub piece_size: usize,
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        WriteOptions {
            read: Options { batch_size: 1024, ..Options::default() },
            compression: Compression::Zstd,
            row_group_size: 128 << 10,
            threads: 1,
            piece_size: 4 << 20,
        }
    }
}

/// What has been written so far (passed to the progress callback, and
/// returned at the end).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriteSummary {
    /// Games read (with errors).
    pub games: u64,
    /// Games with an error.
    pub errors: u64,
    /// Rows of the positions table.
    pub positions: u64,
    /// Decompressed bytes read.
    pub bytes: u64,
}

/// An error while writing: reading an input or writing the output failed
/// (errors inside games are rows, not errors).
#[derive(Debug)]
pub enum WriteError {
    /// An input or output file.
    Io(io::Error),
    /// The Parquet writer.
    Parquet(ParquetError),
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WriteError::Io(e) => write!(f, "{e}"),
            WriteError::Parquet(e) => write!(f, "writing Parquet: {e}"),
        }
    }
}

impl std::error::Error for WriteError {}

impl From<io::Error> for WriteError {
    fn from(e: io::Error) -> WriteError {
        WriteError::Io(e)
    }
}

impl From<ParquetError> for WriteError {
    fn from(e: ParquetError) -> WriteError {
        WriteError::Parquet(e)
    }
}

/// Columns (of either table) whose values rarely repeat.
const UNIQUE_COLUMNS: [&str; 3] = ["fen", "packed", "final_fen"];

/// The Parquet files being written: one per table asked for.
struct Sinks {
    games: Option<ArrowWriter<File>>,
    positions: Option<ArrowWriter<File>>,
    summary: WriteSummary,
}

impl Sinks {
    fn create(outputs: &[(Table, PathBuf)], options: &WriteOptions) -> Result<Sinks, WriteError> {
        let mut props = WriterProperties::builder()
            .set_compression(options.compression.codec())
            .set_max_row_group_row_count(Some(options.row_group_size.max(1)));
        // Positions are nearly all different: a dictionary of them only
        // costs its lookups before the writer gives it up.
        for column in UNIQUE_COLUMNS {
            props = props.set_column_dictionary_enabled(ColumnPath::from(column), false);
        }
        let props = props.build();
        let mut sinks = Sinks { games: None, positions: None, summary: WriteSummary::default() };
        for (table, path) in outputs {
            let file = File::create(path).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
            let writer = ArrowWriter::try_new(file, table.schema(&options.read), Some(props.clone()))?;
            match table {
                Table::Games => sinks.games = Some(writer),
                Table::Positions => sinks.positions = Some(writer),
            }
        }
        Ok(sinks)
    }

    /// Writes a piece's batches, their game numbers moved up by `games`.
    fn write(&mut self, batches: &Batches, games: u64) -> Result<(), WriteError> {
        if let (Some(w), Some(b)) = (&mut self.games, &batches.games) {
            let clean = b.column_by_name("error").map_or(0, |c| c.null_count());
            self.summary.errors += (b.num_rows() - clean) as u64;
            w.write(&renumber(b, games))?;
        }
        if let (Some(w), Some(b)) = (&mut self.positions, &batches.positions) {
            self.summary.positions += b.num_rows() as u64;
            w.write(&renumber(b, games))?;
        }
        Ok(())
    }

    fn close(self) -> Result<WriteSummary, WriteError> {
        if let Some(w) = self.games {
            w.close()?;
        }
        if let Some(w) = self.positions {
            w.close()?;
        }
        Ok(self.summary)
    }
}

/// The batch with `games` added to its `game` column.
fn renumber(batch: &RecordBatch, games: u64) -> RecordBatch {
    if games == 0 {
        return batch.clone();
    }
    let index = batch.schema().index_of("game").expect("both tables have a game column");
    let old = batch.column(index).as_any().downcast_ref::<UInt64Array>().expect("game is uint64");
    let new: UInt64Array = old.unary(|g| g + games);
    let mut columns: Vec<ArrayRef> = batch.columns().to_vec();
    columns[index] = Arc::new(new);
    RecordBatch::try_new(batch.schema(), columns).expect("same schema")
}

/// Converts the PGN files `inputs` (plain or zstd) into the Parquet files
/// `outputs` (one per table; at least one), calling `progress` after each
/// batch written.
///
/// # Errors
///
/// When an input cannot be opened, an output cannot be written, or (with
/// one thread) an input cannot be read; a read error in the middle of an
/// input (a truncated zstd file) is an error row of the games table and
/// the conversion goes on with the next input.
pub fn write_parquet(
    inputs: &[PathBuf],
    outputs: &[(Table, PathBuf)],
    options: &WriteOptions,
    mut progress: impl FnMut(&WriteSummary),
) -> Result<WriteSummary, WriteError> {
    let mut sinks = Sinks::create(outputs, options)?;
    if options.threads <= 1 {
        for path in inputs {
            let games = sinks.games.is_some();
            let positions = sinks.positions.is_some();
            let mut converter = Converter::new(open(path)?, &path.to_string_lossy(), games, positions, &options.read);
            let bytes_before = sinks.summary.bytes;
            while let Some(batches) = converter.next_batches() {
                sinks.write(&batches, 0)?;
                sinks.summary.games += batch_games(&batches);
                sinks.summary.bytes = bytes_before + converter.bytes_read();
                progress(&sinks.summary);
            }
        }
        return sinks.close();
    }
    parallel(inputs, sinks, options, progress)
}

fn batch_games(batches: &Batches) -> u64 {
    match (&batches.games, &batches.positions) {
        (Some(g), _) => g.num_rows() as u64,
        _ => 0,
    }
}

/// A piece of an input: whole games, with where it starts.
struct Piece {
    seq: u64,
    input: usize,
    base: Base,
    text: Vec<u8>,
    /// The read error that ended the input after this text.
    error: Option<String>,
}

/// A converted piece.
struct Done {
    seq: u64,
    input: usize,
    games: u64,
    bytes: u64,
    batches: Vec<Batches>,
}

fn parallel(
    inputs: &[PathBuf],
    mut sinks: Sinks,
    options: &WriteOptions,
    mut progress: impl FnMut(&WriteSummary),
) -> Result<WriteSummary, WriteError> {
    let threads = options.threads;
    // Tickets bound the pieces in flight (queued, converting, or waiting
    // for their turn to be written), and so the memory.
    let (ticket_tx, ticket_rx) = sync_channel::<()>(threads * 3);
    for _ in 0..threads * 3 {
        ticket_tx.send(()).expect("room for every ticket");
    }
    let (piece_tx, piece_rx) = sync_channel::<Piece>(threads);
    let piece_rx = Arc::new(Mutex::new(piece_rx));
    let (done_tx, done_rx) = sync_channel::<Done>(threads * 3);
    let (games, positions) = (sinks.games.is_some(), sinks.positions.is_some());
    std::thread::scope(|scope| {
        let splitter = scope.spawn(move || split_inputs(inputs, options, &ticket_rx, &piece_tx));
        for _ in 0..threads {
            let (rx, tx) = (Arc::clone(&piece_rx), done_tx.clone());
            let names: Vec<String> = inputs.iter().map(|p| p.to_string_lossy().into_owned()).collect();
            scope.spawn(move || convert_pieces(&rx, &tx, &names, games, positions, &options.read));
        }
        drop(done_tx);
        // The workers hold the only receivers now: when they stop, the
        // splitter's sends fail and it stops too.
        drop(piece_rx);
        let written = write_in_order(&done_rx, &mut sinks, &ticket_tx, &mut progress);
        // Unblock the splitter if the writer stopped early.
        drop(done_rx);
        for _ in 0..threads * 3 {
            let _ = ticket_tx.try_send(());
        }
        let split = splitter.join().expect("the splitter does not panic");
        written?;
        split
    })?;
    sinks.close()
}

fn convert_pieces(
    rx: &Mutex<Receiver<Piece>>,
    tx: &SyncSender<Done>,
    names: &[String],
    games: bool,
    positions: bool,
    options: &Options,
) {
    loop {
        let piece = match rx.lock().expect("no thread panics holding it").recv() {
            Ok(piece) => piece,
            Err(_) => return,
        };
        let mut converter = Converter::new(piece.text.as_slice(), &names[piece.input], games, positions, options);
        converter.base = piece.base;
        let mut batches = Vec::new();
        while let Some(b) = converter.next_batches() {
            batches.push(b);
        }
        if let Some(error) = &piece.error {
            batches.push(converter.read_error(error));
        }
        let done = Done {
            seq: piece.seq,
            input: piece.input,
            // The read error's row counts as a game.
            games: converter.games_read() + u64::from(piece.error.is_some()),
            bytes: piece.text.len() as u64,
            batches,
        };
        if tx.send(done).is_err() {
            return;
        }
    }
}

fn write_in_order(
    rx: &Receiver<Done>,
    sinks: &mut Sinks,
    tickets: &SyncSender<()>,
    progress: &mut impl FnMut(&WriteSummary),
) -> Result<(), WriteError> {
    let mut pending = BTreeMap::new();
    let mut next = 0;
    // Games of the current input written so far, and which input it is.
    let (mut input, mut games_before) = (usize::MAX, 0);
    while let Ok(done) = rx.recv() {
        pending.insert(done.seq, done);
        while let Some(done) = pending.remove(&next) {
            if done.input != input {
                (input, games_before) = (done.input, 0);
            }
            for b in &done.batches {
                sinks.write(b, games_before)?;
            }
            games_before += done.games;
            sinks.summary.games += done.games;
            sinks.summary.bytes += done.bytes;
            progress(&sinks.summary);
            next += 1;
            let _ = tickets.send(());
        }
    }
    Ok(())
}

/// Reads the inputs in order and cuts them into pieces of whole games.
fn split_inputs(
    inputs: &[PathBuf],
    options: &WriteOptions,
    tickets: &Receiver<()>,
    pieces: &SyncSender<Piece>,
) -> Result<(), WriteError> {
    let mut seq = 0;
    for (input, path) in inputs.iter().enumerate() {
        let mut read = open(path)?;
        let mut base = Base::default();
        let mut carry = Vec::new();
        loop {
            if tickets.recv().is_err() {
                return Ok(());
            }
            let (text, end, error) = next_piece(&mut read, &mut carry, options.piece_size);
            let lines = text.iter().filter(|&&b| b == b'\n').count() as u64;
            let len = text.len() as u64;
            let piece = Piece { seq, input, base, text, error };
            seq += 1;
            if pieces.send(piece).is_err() {
                return Ok(());
            }
            base.offset += len;
            base.lines += lines;
            if end {
                break;
            }
        }
    }
    Ok(())
}

/// Reads about `size` bytes and returns them up to the last place a game
/// starts (the rest is kept in `carry` for the next piece), whether the
/// input is over, and the read error that ended it if one did (it becomes
/// an error row after the piece's games, as with one thread).
fn next_piece(read: &mut impl Read, carry: &mut Vec<u8>, size: usize) -> (Vec<u8>, bool, Option<String>) {
    const STEP: usize = 1 << 16;
    let mut text = std::mem::take(carry);
    let mut scanned = 0;
    loop {
        let have = text.len();
        text.resize(have + STEP, 0);
        let n = match read.read(&mut text[have..]) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => 0,
            Err(e) => {
                text.truncate(have);
                return (text, true, Some(format!("read error: {e}")));
            }
        };
        text.truncate(have + n);
        if n == 0 {
            return (text, true, None);
        }
        if text.len() >= size {
            // A piece without a place to cut (a broken file) is cut at a
            // line end once it is far too long, to bound memory.
            let cut = game_start(&text[scanned..]).map(|c| scanned + c).or_else(|| {
                (text.len() >= 16 * size).then(|| text.iter().rposition(|&b| b == b'\n').map_or(text.len(), |c| c + 1))
            });
            if let Some(cut) = cut {
                carry.extend_from_slice(&text[cut..]);
                text.truncate(cut);
                return (text, false, None);
            }
            scanned = text.len().saturating_sub(3);
        }
    }
}

/// The last place in `text` where a tag section starts after a blank
/// line: the index of the `[`.
fn game_start(text: &[u8]) -> Option<usize> {
    let mut i = text.len();
    while i >= 3 {
        i -= 1;
        if text[i] == b'[' && text[i - 1] == b'\n' {
            let before = &text[..i - 1];
            let before = before.strip_suffix(b"\r").unwrap_or(before);
            if before.ends_with(b"\n") {
                return Some(i);
            }
        }
    }
    None
}
