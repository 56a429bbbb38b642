//! The options `uci` declares and `setoption` sets: spin values are
//! clamped to their range, malformed values refused, each with an
//! `info string`.

use chess_movegen::polyglot::Book;

use super::protocol::Engine;
use super::tablebase::Tablebases;
use super::text::{parse_number, shown};

/// A spin option as declared by `uci`: default, minimum, maximum.
pub(super) struct Spin {
    pub(super) name: &'static str,
    pub(super) default: u64,
    pub(super) min: u64,
    pub(super) max: u64,
}

/// The size of the transposition table in MB.
pub(super) const HASH: Spin = Spin { name: "Hash", default: 16, min: 1, max: 1024 };
/// Milliseconds kept in reserve on every clock-based move.
/// `SyzygyProbeLimit`: probe positions of at most this many pieces.
pub(super) const SYZYGY_PROBE_LIMIT: Spin = Spin { name: "SyzygyProbeLimit", default: 7, min: 0, max: 7 };
pub(super) const MOVE_OVERHEAD: Spin = Spin { name: "Move Overhead", default: 100, min: 0, max: 5000 };

/// The option name and value of `setoption` text after `name`: the name
/// with its spaces normalised, the value as given (a book path may hold
/// spaces). The value is empty when there is none.
fn split_option(rest: &str) -> (String, &str) {
    let boundary = |c: Option<char>| c.is_none_or(char::is_whitespace);
    let at = rest
        .match_indices("value")
        .map(|(i, _)| i)
        .find(|&i| boundary(rest[..i].chars().next_back()) && boundary(rest[i + "value".len()..].chars().next()));
    let (name, value) = match at {
        Some(i) => (&rest[..i], rest[i + "value".len()..].trim()),
        None => (rest, ""),
    };
    (name.split_whitespace().collect::<Vec<_>>().join(" "), value)
}

impl Engine {
    /// The `option` lines and `uciok` that answer `uci`.
    pub(super) fn declare_options(&self) {
        for spin in [HASH, MOVE_OVERHEAD, SYZYGY_PROBE_LIMIT] {
            self.out.line(&format!(
                "option name {} type spin default {} min {} max {}",
                spin.name, spin.default, spin.min, spin.max
            ));
        }
        for text in [
            "option name OwnBook type check default false",
            "option name BookFile type string default <empty>",
            "option name Ponder type check default false",
            "option name SyzygyPath type string default <empty>",
            "option name UCI_Chess960 type check default false",
            "uciok",
        ] {
            self.out.line(text);
        }
    }

    /// Handles `setoption`; `text` is what follows the command word.
    pub(super) fn set_option(&mut self, text: &str) {
        let text = text.trim();
        let Some(rest) = text.strip_prefix("name").filter(|r| r.is_empty() || r.starts_with(char::is_whitespace))
        else {
            self.out.line(&format!("info string expected 'setoption name N value V', got '{}'", shown(text)));
            return;
        };
        let (name, value) = split_option(rest);
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                let current = self.pending_hash.unwrap_or(self.hash_mb);
                if let Some(mb) = self.spin(&HASH, value, current) {
                    self.pending_hash = Some(mb);
                    self.apply_pending();
                }
            }
            "move overhead" => {
                if let Some(ms) = self.spin(&MOVE_OVERHEAD, value, self.move_overhead) {
                    self.move_overhead = ms;
                }
            }
            "ownbook" => {
                if let Some(on) = self.check("OwnBook", value, self.own_book) {
                    self.own_book = on;
                }
            }
            "ponder" => {
                if let Some(on) = self.check("Ponder", value, self.ponder) {
                    self.ponder = on;
                }
            }
            "uci_chess960" => {
                if let Some(on) = self.check("UCI_Chess960", value, self.chess960) {
                    self.chess960 = on;
                }
            }
            "bookfile" => self.load_book(value),
            "syzygypath" => self.load_tablebases(value),
            "syzygyprobelimit" => {
                if let Some(limit) = self.spin(&SYZYGY_PROBE_LIMIT, value, self.probe_limit as u64) {
                    self.probe_limit = limit as usize;
                    if let Some(tablebases) = &mut self.tablebases {
                        tablebases.set_limit(self.probe_limit);
                    }
                }
            }
            _ => self.out.line(&format!("info string unknown option '{}' (value '{}')", shown(&name), shown(value))),
        }
    }

    /// The value of a spin option: a malformed one is refused (`None`, the
    /// option keeps `current`), one outside the declared range is clamped
    /// to it; both are reported.
    fn spin(&self, spin: &Spin, value: &str, current: u64) -> Option<u64> {
        let name = spin.name;
        let Some((negative, n)) = parse_number(value) else {
            self.out.line(&format!(
                "info string setoption refused: {name} value '{}' is not a whole number; {name} stays {current}",
                shown(value)
            ));
            return None;
        };
        if negative || n < spin.min {
            self.out.line(&format!(
                "info string {name} {} is below the minimum {min}: set to {min}",
                shown(value),
                min = spin.min
            ));
            return Some(spin.min);
        }
        if n > spin.max {
            self.out.line(&format!(
                "info string {name} {} is above the maximum {max}: set to {max}",
                shown(value),
                max = spin.max
            ));
            return Some(spin.max);
        }
        Some(n)
    }

    /// The value of a check option: `true` or `false` (in any case);
    /// anything else is refused and reported (`None`, the option keeps
    /// `current`).
    fn check(&self, name: &str, value: &str, current: bool) -> Option<bool> {
        if value.eq_ignore_ascii_case("true") {
            Some(true)
        } else if value.eq_ignore_ascii_case("false") {
            Some(false)
        } else {
            self.out.line(&format!(
                "info string setoption refused: {name} value '{}' is neither 'true' nor 'false'; {name} stays {current}",
                shown(value)
            ));
            None
        }
    }

    /// Loads the Polyglot book at `path` (none for an empty path or
    /// `<empty>`), reporting how many entries it has or why it is not used.
    fn load_book(&mut self, path: &str) {
        self.book = None;
        if path.is_empty() || path == "<empty>" {
            return;
        }
        let shown_path = shown(path);
        match std::fs::read(path) {
            // The book lives as long as the engine: leak it to borrow it
            // for 'static (once per BookFile change).
            Ok(bytes) => match Book::new(Box::leak(bytes.into_boxed_slice())) {
                Ok(book) => {
                    self.out.line(&format!("info string book {shown_path}: {} entries", book.len()));
                    self.book = Some(book);
                }
                Err(e) => self.out.line(&format!("info string book {shown_path} not used: {e}")),
            },
            Err(e) => self.out.line(&format!("info string cannot read book {shown_path}: {e}")),
        }
    }

    /// Loads the Syzygy tables of `path` (directories separated by `:`;
    /// none for an empty path or `<empty>`), reporting how many there are
    /// or why none are used. Takes effect at the next `go`.
    fn load_tablebases(&mut self, path: &str) {
        self.tablebases = None;
        if path.is_empty() || path == "<empty>" {
            return;
        }
        match Tablebases::load(path, self.probe_limit) {
            Ok((tablebases, report)) => {
                self.out.line(&format!("info string syzygy {}: {report}", shown(path)));
                self.tablebases = Some(tablebases);
            }
            Err(e) => self.out.line(&format!("info string syzygy {} not used: {}", shown(path), shown(&e))),
        }
    }
}
