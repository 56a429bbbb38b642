//! A small chess engine speaking UCI, built on chess-movegen's engine
//! layer: legal move generation split into noisy and quiet moves for a
//! staged move picker, static exchange evaluation to order captures,
//! `gives_check` for check extensions, the Zobrist hash for the
//! transposition table, `KeyHistory` for repetitions and upcoming
//! repetitions, the pawn key for a correction history, threat maps for
//! quiet-move ordering, and a Polyglot opening book.
//!
//! ```text
//! cargo run --release --example uci_engine
//! ```
//!
//! # Protocol
//!
//! Standard input is read on its own thread, so the engine answers
//! `isready`, `stop`, `ponderhit` and `quit` at once while it searches.
//! `stop` (and `quit`, and a `go` during a search) waits at most 2 s for
//! the search thread; one that is held longer (by a tablebase probe on a
//! slow file) is left behind, and the engine answers `bestmove` with its
//! best move so far and goes on with a table of its own.
//! Lines end in `\n` or `\r\n`. A line that is not UTF-8 is reported with
//! `info string` (line number, byte, column) and read with U+FFFD in place
//! of each bad sequence, so a `position` with a bad byte fails like any bad
//! `position`; a line longer than 1 MiB is refused. Text of the client that
//! an `info string` echoes has its control characters escaped (`\0`,
//! `\u{1b}`) and is shortened.
//!
//! - `uci`, `isready`, `ucinewgame`, `debug`, `quit`.
//! - `setoption name N value V` (names in any case and spacing): `Hash`
//!   (MB), `Move Overhead` (ms kept in reserve on every clock-based move,
//!   default 100; not taken from `movetime`), `OwnBook`, `BookFile` (a
//!   Polyglot `.bin`), `UCI_Chess960`, `Ponder`, `SyzygyPath` (directories
//!   of Syzygy tables, separated by `:`) and `SyzygyProbeLimit` (probe
//!   positions of at most this many pieces, default 7). A spin value outside its
//!   declared `min`..`max` is clamped to it and reported; a value that is
//!   not a number, or a check value other than `true`/`false`, is refused
//!   with `info string` and the option keeps its value.
//! - `position startpos|fen FEN [moves ...]`. A bad FEN or an illegal move
//!   is answered with `info string` and leaves the engine without a
//!   position: `go` is then refused (`bestmove 0000`) until a valid
//!   `position` arrives, so it never searches a stale position.
//! - `go` with any of `depth`, `nodes`, `mate`, `movetime`, `wtime`,
//!   `btime`, `winc`, `binc`, `movestogo`, `infinite`, `ponder`,
//!   `searchmoves m1 m2 ...`; `stop`; `ponderhit`. With `infinite` or
//!   `ponder` the best move waits for `stop` (or `ponderhit`, after which
//!   the clock limits apply from that moment). A missing, malformed or
//!   negative number refuses the whole `go`: `info string go refused: ...`
//!   and `bestmove 0000`. Negative `wtime`/`btime`/`winc`/`binc` (a fallen
//!   flag) read as 0; `depth`, `mate` and `nodes` beyond what the search
//!   supports are clamped and said so; an illegal `searchmoves` move or an
//!   unknown word is reported and left out. `movetime N` searches N ms
//!   less 5 ms for the answer to travel.
//! - `go perft DEPTH` (0 to 255), as Stockfish answers it: the leaves below
//!   each legal move (`e2e4: 20`, in the position's own UCI), a blank line,
//!   `Nodes searched: N` and a blank line, with no `bestmove`. It counts
//!   before the next command is read; a bad depth is refused with
//!   `info string`.
//! - During a search, `position` and `setoption` take effect for the next
//!   search (a `Hash` change and `ucinewgame`'s table clear wait until the
//!   search ends); `go` stops the running search first.
//!
//! With no legal move the engine reports `score mate 0` (checkmated) or
//! `score cp 0` (stalemate) and answers `bestmove 0000`.
//!
//! # Search
//!
//! Iterative deepening, principal-variation alpha-beta with a
//! transposition table, quiescence search over captures and promotions
//! that do not lose material, check extensions, killer moves and a history
//! table for quiet moves, and draws by repetition, fifty moves and
//! insufficient material. A node whose side to move can return to an
//! earlier position (`KeyHistory::upcoming_repetition`) takes a draw as
//! its lower bound. The quiescence search stands pat on the evaluation
//! corrected by a correction history indexed by `Position::pawn_key`.
//! Moves come from a staged picker: the
//! transposition-table move, then noisy moves (captures, en passant,
//! promotions) that win or hold material by SEE in MVV-LVA order, then the
//! killers, then quiet moves by history and threats (`Position::threats`:
//! a piece attacked by a lesser one moving away first, moves onto squares
//! a lesser piece attacks last), then the losing captures. The evaluation
//! is material plus piece-square tables. With Syzygy tables loaded
//! (`SyzygyPath`), a node reached by a capture or pawn move that the
//! tables cover takes its WDL value (a win scores below every mate), the
//! root searches only the moves that keep the best DTZ result under the
//! fifty-move rule, and `info` lines report `tbhits`.
//!
//! Each of the last three was kept by a fixed-node match against the
//! engine without it (`scripts/uci_engine_match.py --against`, 5,000
//! nodes a move, random 6-ply openings played with both colours): upcoming
//! repetitions +6 Elo over 1,000 games (95 % about ±18), the correction
//! history +5 (−23 .. +33) over 600, threats −2 (−30 .. +26) and +10
//! (−18 .. +38) over 600 each. Upcoming repetitions in Stockfish's
//! meaning (a repetition before the root counts only if that position had
//! itself repeated) lost 45 Elo (−81 .. −11) here, so the search counts
//! any repetition at once (it asks `KeyHistory` at a ply beyond its
//! length); the correction at full weight lost about 20. All three
//! together: +2 Elo (−26 .. +30) against the engine without them over 600
//! games, +15 (−13 .. +43) against the one with upcoming repetitions
//! only: no loss measured, and no gain either at this node count.
//!
//! # Layout
//!
//! Each part is a module of its own, to be read (or copied) on its own:
//!
//! - `input`: reading standard input on its own thread, line by line.
//! - `text`: output lines, echoing a client's text, reading numbers.
//! - `protocol`: the engine state between commands and the handling of
//!   each UCI command.
//! - `options`: the options `uci` declares and `setoption` sets.
//! - `go`: reading `go` and its limits.
//! - `time`: the time budget of a move.
//! - `search`: iterative deepening, alpha-beta, quiescence.
//! - `picker`: the staged move picker and the history table.
//! - `tt`: the transposition table.
//! - `eval`: the score scale and the static evaluation.
//! - `correction`: the correction history by pawn key.
//! - `tablebase`: Syzygy tables (`chess-movegen-syzygy`): WDL in the
//!   search, the root moves ranked by DTZ.

mod correction;
mod eval;
mod go;
mod input;
mod options;
mod picker;
mod protocol;
mod search;
mod tablebase;
mod text;
mod time;
mod tt;

use std::io::{self, Write};
use std::sync::mpsc::Receiver;

use input::Input;
use protocol::Engine;

/// Runs the UCI loop on the lines of `input` until `quit` or until the
/// input ends (which stops a running search first).
fn run(input: Receiver<Input>, output: Box<dyn Write + Send>) {
    let mut engine = Engine::new(output);
    for (number, line) in (1..).zip(input) {
        match line {
            Input::Line { bytes, cut } => {
                if !engine.handle_input(&bytes, cut, number) {
                    return;
                }
            }
            Input::Failed(e) => {
                engine.out.line(&format!("info string cannot read standard input (line {number}): {e}; ending"));
                break;
            }
        }
    }
    engine.stop();
}

/// Reads UCI commands from standard input and answers on standard output.
pub fn main() {
    // Standard input on its own thread: commands reach the loop while a
    // search runs.
    run(input::spawn_reader(), Box::new(io::stdout()));
}
