//! Reading standard input: one line of bytes at a time, at most
//! `MAX_LINE` bytes kept, on a thread of its own so that commands reach
//! the engine while it searches.

use std::io::{self, BufRead};
use std::sync::mpsc::{self, Receiver};

/// The longest input line read, in bytes (1 MiB holds a `position` line of
/// some 200,000 moves): the rest of a longer line is dropped and its
/// command refused.
pub(super) const MAX_LINE: usize = 1 << 20;

/// One line of standard input, or why it could not be read.
pub(super) enum Input {
    /// The line's bytes without the line ending (`\n` or `\r\n`); `cut`
    /// when it was longer than `MAX_LINE` and the rest was dropped.
    Line { bytes: Vec<u8>, cut: bool },
    /// Reading failed: the engine reports it and ends.
    Failed(String),
}

/// Reads one line of bytes into `line` (cleared first), without its line
/// ending, keeping at most `MAX_LINE` bytes. `Ok(None)` at the end of
/// input; `Ok(Some(true))` for a line that was cut.
pub(super) fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<Option<bool>> {
    line.clear();
    let mut cut = false;
    let mut read_any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        read_any = true;
        let end = buf.iter().position(|&b| b == b'\n');
        let chunk = &buf[..end.unwrap_or(buf.len())];
        let room = MAX_LINE.saturating_sub(line.len());
        cut |= chunk.len() > room;
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = end.map_or(buf.len(), |i| i + 1);
        input.consume(used);
        if end.is_some() {
            break;
        }
    }
    if !read_any {
        return Ok(None);
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(Some(cut))
}

/// Starts the thread that reads standard input, and gives the lines it
/// reads. Lines are read as bytes, so a line that is not UTF-8 is
/// reported instead of ending the input.
pub(super) fn spawn_reader() -> Receiver<Input> {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let mut stdin = io::stdin().lock();
        loop {
            let mut bytes = Vec::new();
            let input = match read_line(&mut stdin, &mut bytes) {
                Ok(Some(cut)) => Input::Line { bytes, cut },
                Ok(None) => break,
                Err(e) => Input::Failed(e.to_string()),
            };
            let failed = matches!(input, Input::Failed(_));
            if sender.send(input).is_err() || failed {
                break;
            }
        }
    });
    receiver
}
