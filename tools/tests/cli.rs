//! The command-line tools follow one convention: `--help` on standard
//! output with exit 0; unknown flags, stray values and flags that do not
//! go together refused on standard error with the usage line and exit 2;
//! FENs accepted with or without clocks; progress on standard error.

use std::process::{Command, Output};

// The FENs shared with the library's benches and tests.
#[path = "../../benches/positions.rs"]
#[allow(dead_code)]
mod positions;

fn run(bin: &str, args: &[&str]) -> Output {
    run_with(bin, args, "", &[])
}

fn run_with(bin: &str, args: &[&str], stdin: &str, env: &[(&str, &str)]) -> Output {
    use std::io::Write;
    let mut child = Command::new(bin)
        .args(args)
        .envs(env.iter().copied())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

const PERFT: &str = env!("CARGO_BIN_EXE_perft");
const INSPECT: &str = env!("CARGO_BIN_EXE_inspect");
const RANDOM_GAMES: &str = env!("CARGO_BIN_EXE_random_games");

fn assert_help(bin: &str) {
    for flag in ["--help", "-h"] {
        let out = run(bin, &[flag]);
        assert_eq!(out.status.code(), Some(0), "{bin} {flag}");
        assert!(text(&out.stdout).starts_with("usage: "), "{bin} {flag}: {}", text(&out.stdout));
        assert!(out.stderr.is_empty());
    }
}

fn assert_usage_error(bin: &str, args: &[&str], says: &str) {
    let out = run(bin, args);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{bin} {args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{bin} {args:?}");
    assert!(stderr.starts_with(&format!("error: {says}")), "{bin} {args:?}: {stderr}");
    assert!(stderr.contains("\nusage: "), "{bin} {args:?}: {stderr}");
}

#[test]
fn help_goes_to_stdout_with_exit_0() {
    for bin in [PERFT, INSPECT, RANDOM_GAMES] {
        assert_help(bin);
    }
}

#[test]
fn perft_refuses_what_it_would_ignore() {
    assert_usage_error(PERFT, &["--bogus"], "unknown flag \"--bogus\"");
    assert_usage_error(PERFT, &["5"], "unexpected argument \"5\"");
    assert_usage_error(PERFT, &["--depth", "5"], "--depth, --divide and --chess960 need --fen");
    assert_usage_error(PERFT, &["--fen", "8/8/8/8/8/8/8/K6k w - -"], "--fen needs --depth");
    assert_usage_error(PERFT, &["--fen"], "--fen needs a value");
    assert_usage_error(PERFT, &["--depth", "x", "--fen", "k7/8/8/8/8/8/8/K7 w - -"], "--depth \"x\": expected");
    assert_usage_error(PERFT, &["--max-depth", "3"], "--max-depth needs --epd");
    assert_usage_error(PERFT, &["--epd", "f", "--depth", "3"], "--epd takes its depths from the file");
    assert_usage_error(PERFT, &["--stats", "--depth", "2", "--threads", "2"], "--stats plays every move");
}

#[test]
fn perft_reads_fens_with_or_without_clocks() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ] {
        let out = run(PERFT, &["--fen", fen, "--depth", "3", "--threads", "2"]);
        assert_eq!(out.status.code(), Some(0));
        let stdout = text(&out.stdout);
        assert!(stdout.starts_with("perft: 2 threads; no expected count"), "{stdout}");
        assert!(stdout.contains("nodes 8902 "), "{stdout}");
    }
    let out = run(PERFT, &["--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "--depth", "1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("missing king"));
}

#[test]
fn perft_divide_uses_the_positions_notation() {
    let fen = "4k3/8/8/8/8/8/8/1R2K3 w B - 0 1";
    let out = run(PERFT, &["--fen", fen, "--depth", "2", "--divide", "--chess960"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    // Queen-side castling with the rook on b1: king takes rook, e1b1.
    assert!(stdout.lines().any(|l| l.starts_with("e1b1: ")), "{stdout}");
    assert!(!stdout.contains("e1c1"), "{stdout}");
    let standard = run(PERFT, &["--fen", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq -", "--depth", "1", "--divide"]);
    let stdout = text(&standard.stdout);
    assert!(stdout.contains("\ne1g1: 1\n") && stdout.contains("\ne1c1: 1\n"), "{stdout}");
    let lines: Vec<&str> = stdout.lines().skip(1).filter(|l| l.contains(": ")).collect();
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted, "divide lines are sorted");
}

#[test]
fn perft_checks_an_epd_suite_and_names_its_source() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/quick.epd");
    let out = run(PERFT, &["--epd", path, "--max-depth", "2", "--threads", "1"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.starts_with(&format!("perft: 1 thread; expected counts from {path}\n")));
    assert!(stdout.trim_end().ends_with(" passed, 0 failed"), "{stdout}");
}

/// A suite that mixes standard and Chess960 lines checks without
/// `--chess960`: a line whose castling rights fit only Chess960 (in
/// Shredder-FEN or X-FEN) is read as Chess960 and named; a line whose
/// rights fit neither still fails with the standard reading's error.
#[test]
fn perft_reads_the_chess960_lines_of_a_mixed_suite() {
    let suite = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\n\
                 bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 ;D1 21 ;D2 528 ;D3 12189\n\
                 r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1 ;D1 23 ;D2 522 ;D3 12333\n\
                 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1 ;D1 20\n";
    let path = std::env::temp_dir().join(format!("chess-movegen-mixed-suite-{}.epd", std::process::id()));
    std::fs::write(&path, suite).unwrap();
    let path_text = path.to_str().unwrap();
    let mixed = run(PERFT, &["--epd", path_text, "--threads", "1"]);
    let flagged = run(PERFT, &["--epd", path_text, "--threads", "1", "--chess960"]);
    std::fs::remove_file(&path).unwrap();

    let stdout = text(&mixed.stdout);
    assert_eq!(mixed.status.code(), Some(1), "{stdout}");
    assert!(stdout
        .contains("\nline 4: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1: invalid FEN (castling field"));
    assert!(stdout.contains("\nread as Chess960 (castling rights that fit only Chess960): line 2, 3\n"), "{stdout}");
    assert!(stdout.ends_with("\n3 passed, 1 failed\n"), "{stdout}");
    // With the flag every line is read as Chess960, and the counts are the same.
    let stdout = text(&flagged.stdout);
    assert!(!stdout.contains("read as Chess960"), "{stdout}");
    assert!(stdout.ends_with("\n3 passed, 1 failed\n"), "{stdout}");
}

/// A Chess960 suite checks without the flag too; past ten lines read as
/// Chess960, the summary gives the first ten and how many more.
#[test]
fn perft_names_the_first_ten_lines_read_as_chess960() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/quick960.epd");
    let out = run(PERFT, &["--epd", path, "--max-depth", "1"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("\nread as Chess960 (castling rights that fit only Chess960): line 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 195 more\n"),
        "{stdout}"
    );
    assert!(stdout.ends_with("\n207 passed, 0 failed\n"), "{stdout}");
}

/// `--epd` also reads the `.perft` form of a suite: `id NAME`, `epd FEN`,
/// then `perft DEPTH COUNT` lines, each block numbered by its `epd` line;
/// a `perft` line that does not read, or that follows no `epd` line, fails
/// on its own.
#[test]
fn perft_reads_suites_in_the_perft_form() {
    let suite = "# a comment\n\
                 id start\n\
                 epd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n\
                 perft 1 20\n\
                 perft 2 400\n\
                 perft 3 8902\n\
                 \n\
                 id xfen\n\
                 epd r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq -\n\
                 perft 1 23\n\
                 perft 2 522\n\
                 perft 3 12333 extra\n\
                 id kiwipete, one count wrong\n\
                 epd r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -\n\
                 perft 2 2040\n\
                 id none\n\
                 perft 1 20\n\
                 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 ;D1 14 ;D2 191\n";
    let path = std::env::temp_dir().join(format!("chess-movegen-suite-{}.perft", std::process::id()));
    std::fs::write(&path, suite).unwrap();
    let out = run(PERFT, &["--epd", path.to_str().unwrap(), "--threads", "1"]);
    std::fs::remove_file(&path).unwrap();
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let failures: Vec<&str> = stdout.lines().filter(|l| l.starts_with("line ")).collect();
    assert_eq!(
        failures,
        [
            "line 12: cannot read \"perft 3 12333 extra\" (perft DEPTH COUNT)",
            "line 14: r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - depth 2: expected 2040, got 2039",
            "line 17: \"perft 1 20\" follows no `epd FEN` line",
        ],
        "{stdout}"
    );
    // 20 + 400 + 8902 + 23 + 522 + 2039 + 14 + 191 nodes.
    assert!(stdout.contains("\n12111 nodes in "), "{stdout}");
    assert!(stdout.contains("\nread as Chess960 (castling rights that fit only Chess960): line 9\n"), "{stdout}");
    assert!(stdout.ends_with("\n3 passed, 3 failed\n"), "{stdout}");
}

/// `--fen` and `--stats` read such a position as Chess960 too and say so
/// in their first line; `--divide` then writes castling as king takes rook.
#[test]
fn perft_reads_a_chess960_fen_and_says_so() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K1R1 w Kkq - 0 1";
    let out = run(PERFT, &["--fen", fen, "--depth", "1", "--divide"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let first = stdout.lines().next().unwrap();
    assert!(first.ends_with("; read as Chess960 (castling rights that fit only Chess960)"), "{first}");
    assert!(stdout.contains("\ne1g1: 1\n"), "{stdout}"); // king takes the rook on g1
    let stats = run(PERFT, &["--stats", "--fen", fen, "--depth", "1"]);
    assert!(text(&stats.stdout)
        .lines()
        .next()
        .unwrap()
        .ends_with("read as Chess960 (castling rights that fit only Chess960)"));
    let standard = run(PERFT, &["--fen", positions::KIWIPETE, "--depth", "1"]);
    assert!(!text(&standard.stdout).contains("Chess960"));
}

#[test]
fn long_runs_report_progress_on_stderr() {
    let kiwipete = positions::KIWIPETE;
    // Depth 5 (about 0.2 s): depth 4 can end before the first 1 ms report.
    let out = run_with(PERFT, &["--fen", kiwipete, "--depth", "5"], "", &[("CHESS_MOVEGEN_PROGRESS_MS", "1")]);
    assert_eq!(out.status.code(), Some(0));
    let stderr = text(&out.stderr);
    let line = stderr.lines().next().unwrap_or_else(|| panic!("no progress: {stderr:?}"));
    assert!(
        line.starts_with("progress: ") && line.contains(" subtrees, ") && line.contains(" elapsed, about "),
        "{line}"
    );
    assert!(text(&out.stdout).contains("nodes 193690690 "));
}

#[test]
fn inspect_refuses_chess960_castling_unless_asked() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K1R1 w Kkq - 0 1";
    let out = run(INSPECT, &[fen]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("castling right without its king or rook") && stderr.contains("use --chess960"),
        "{stderr}"
    );

    let out = run(INSPECT, &["--chess960", fen]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout.contains("read as:        Chess960"), "{stdout}");

    let json = text(&run_with(INSPECT, &["--json"], &format!("{fen}\n4k3/8/8/8/8/8/8/4K2R w K -\n"), &[]).stdout);
    let lines: Vec<&str> = json.lines().collect();
    assert!(lines[0].contains("\"error\":") && lines[0].contains("use --chess960"), "{}", lines[0]);
    assert!(lines[1].contains("\"chess960\":false") && lines[1].contains("\"e1g1\""), "{}", lines[1]);
    let json = text(&run_with(INSPECT, &["--json", "--chess960"], "4k3/8/8/8/8/8/8/4K2R w K -\n", &[]).stdout);
    assert!(json.contains("\"chess960\":true") && json.contains("\"e1h1\"") && !json.contains("\"e1g1\""), "{json}");
}

#[test]
fn inspect_refuses_stray_arguments() {
    assert_usage_error(INSPECT, &["--bogus"], "unknown flag \"--bogus\"");
    assert_usage_error(INSPECT, &["8/8/8/8/8/8/8/K6k w - -", "extra"], "unexpected argument \"extra\"");
    assert_usage_error(INSPECT, &["--json", "8/8/8/8/8/8/8/K6k w - -"], "--json reads FENs from standard input");
}

#[test]
fn random_games_refuses_bad_values() {
    assert_usage_error(RANDOM_GAMES, &["--seed", "x"], "--seed \"x\": expected a number");
    assert_usage_error(RANDOM_GAMES, &["10", "20"], "unexpected argument \"20\"");
    assert_usage_error(RANDOM_GAMES, &["ten"], "\"ten\" is not a number of games");
    assert_usage_error(RANDOM_GAMES, &["--fast"], "unknown flag \"--fast\"");
    let out = run(RANDOM_GAMES, &["3", "--seed", "7", "--fen", "4k3/8/8/8/8/8/8/4K2R w K -"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).starts_with("3 random games in "));
}

/// The seconds of a `time X s` (or `in X s`) report in `stdout`.
fn reported_secs(stdout: &str, before: &str) -> f64 {
    let at = stdout.find(before).unwrap_or_else(|| panic!("no {before:?} in {stdout}")) + before.len();
    stdout[at..].split_whitespace().next().and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("{stdout}"))
}

/// The reported time is the counting time: never more than the process's
/// own wall time (measured here, around the whole process), and not
/// inflated by waiting for the progress reporter. The reporter is set to
/// report every minute: a reporter that slept in steps (50 ms each,
/// as it once did) instead of being woken when the count ends would add
/// a step to every reported time. Counting the 14 moves of one position
/// takes microseconds, so the bound of 40 ms only catches such waiting.
#[test]
fn perft_reports_the_counting_time() {
    let fen = "4k3/8/8/8/8/8/8/4K2R w - - 0 1";
    for args in [
        &["--fen", fen, "--depth", "1"][..],
        &["--fen", fen, "--depth", "2", "--divide"],
        &["--fen", fen, "--depth", "3", "--threads", "2"],
        &["--stats", "--fen", fen, "--depth", "2"],
    ] {
        let start = std::time::Instant::now();
        let out = run_with(PERFT, args, "", &[("CHESS_MOVEGEN_PROGRESS_MS", "60000")]);
        let wall = start.elapsed().as_secs_f64();
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stdout}");
        let secs = reported_secs(&stdout, "time ");
        // The report has three decimals: allow its rounding.
        assert!(secs <= wall + 0.0005, "{args:?}: reported {secs} s, the process took {wall} s");
        assert!(secs < 0.040, "{args:?}: reported {secs} s for a count of microseconds");
    }
    let quick = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/quick.epd");
    let start = std::time::Instant::now();
    let out = run_with(PERFT, &["--epd", quick, "--max-depth", "1"], "", &[("CHESS_MOVEGEN_PROGRESS_MS", "60000")]);
    let wall = start.elapsed().as_secs_f64();
    let stdout = text(&out.stdout);
    let secs = reported_secs(&stdout, " nodes in ");
    assert!(secs <= wall + 0.005 && secs < 0.040, "reported {secs} s, the process took {wall} s: {stdout}");
}

#[test]
fn perft_refuses_zero_threads() {
    assert_usage_error(PERFT, &["--threads", "0"], "--threads 0: expected a number of threads, at least 1");
    let fen = "4k3/8/8/8/8/8/8/4K2R w - -";
    assert_usage_error(PERFT, &["--fen", fen, "--depth", "2", "--threads", "0"], "--threads 0: expected");
    assert_usage_error(PERFT, &["--threads", "-1"], "--threads \"-1\": expected a number of threads, at least 1");
    assert_usage_error(PERFT, &["--threads", "x"], "--threads \"x\": expected a number of threads, at least 1");
}

/// A FEN given without quotes reaches the tool split at its spaces: the
/// error names the stray field and shows the FEN quoted.
#[test]
fn an_unquoted_fen_gets_a_hint_to_quote_it() {
    let fields = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "KQkq", "-", "0", "1"];
    let quoted = "\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"";
    let hint = "error: unexpected argument \"w\": FEN has spaces: quote it, e.g. ";

    let mut args = vec!["--fen"];
    args.extend(fields);
    args.extend(["--depth", "3"]);
    assert_usage_error(PERFT, &args, &format!("{hint}--fen {quoted}\n")[7..]);
    assert_usage_error(INSPECT, &fields, &format!("{hint}inspect {quoted}\n")[7..]);
    let mut args = vec!["2", "--fen"];
    args.extend(fields);
    assert_usage_error(RANDOM_GAMES, &args, &format!("{hint}--fen {quoted}\n")[7..]);
    // Only after a FEN: other stray arguments keep the plain error.
    assert_usage_error(PERFT, &["--depth", "3", "w"], "unexpected argument \"w\"\n");
    assert_usage_error(INSPECT, &[fields.join(" ").as_str(), "extra"], "unexpected argument \"extra\"\n");
}

#[test]
fn inspect_says_none_for_no_checkers_or_pins() {
    let out = run(INSPECT, &[]);
    let stdout = text(&out.stdout);
    assert!(stdout.contains("\ncheckers:       none\n") && stdout.contains("\npinned:         none\n"), "{stdout}");
    // The black rook checks; the white bishop on e2 is pinned by the queen.
    let out = run(INSPECT, &["4q1k1/8/8/8/8/8/4B3/r3K3 w - - 0 1"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("\ncheckers:       a1\n") && stdout.contains("\npinned:         e2\n"), "{stdout}");
}

#[test]
fn inspect_json_skips_blank_lines_and_fails_on_bad_ones() {
    let good = "4k3/8/8/8/8/8/8/4K2R w K -";
    let out = run_with(INSPECT, &["--json"], &format!("\n{good}\n   \n\t\n{good}\n"), &[]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    assert!(stdout.lines().all(|l| l.starts_with("{\"fen\":")), "{stdout}");
    assert!(out.stderr.is_empty());

    let out = run_with(INSPECT, &["--json"], &format!("{good}\n\nnot a fen\n{good}\n"), &[]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert!(lines[1].starts_with("{\"input\":\"not a fen\",\"error\":"), "{stdout}");
    assert!(lines[2].starts_with("{\"fen\":"), "{stdout}");
    assert_eq!(text(&out.stderr), "1 line was not a valid position\n");
}

/// `--epd` reports progress in nodes of the suite's own expected total,
/// which its estimate of the time left goes by.
#[test]
fn epd_progress_counts_nodes_of_the_expected_total() {
    // Depth 5 (about 0.1 s): to depth 3 the suite can end before the first
    // 1 ms report on a loaded machine.
    const MAX_DEPTH: u32 = 5;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/quick.epd");
    let expected: u64 = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .flat_map(|l| l.split(';').skip(1).map(str::to_string).collect::<Vec<_>>())
        .filter_map(|entry| {
            let mut words = entry.split_whitespace();
            let depth: u32 = words.next()?.strip_prefix('D')?.parse().ok()?;
            (depth <= MAX_DEPTH).then(|| words.next()?.parse::<u64>().ok())?
        })
        .sum();
    let max_depth = MAX_DEPTH.to_string();
    let out = run_with(PERFT, &["--epd", path, "--max-depth", &max_depth], "", &[("CHESS_MOVEGEN_PROGRESS_MS", "1")]);
    assert_eq!(out.status.code(), Some(0));
    let stderr = text(&out.stderr);
    let line = stderr.lines().last().unwrap_or_else(|| panic!("no progress: {stderr:?}"));
    assert!(line.contains(&format!(" of {expected} nodes, ")), "{line}");
    assert!(text(&out.stdout).starts_with("perft: "), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains(&format!("\n{expected} nodes in ")), "{}", text(&out.stdout));
}

#[test]
fn inspect_shows_the_tablebase_result_with_syzygy() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../syzygy/tests/data/syzygy");
    let out = run(INSPECT, &["--syzygy", dir, "8/8/8/8/8/2k5/1r6/K2Q4 w - - 0 1"]);
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("tablebase:      win, DTZ 5"), "{stdout}");
    assert!(stdout.contains("tablebase moves: Qf3+ (win, dtz 5)"), "{stdout}");
    // Positions the tables cannot answer say why.
    let out = run(INSPECT, &["--syzygy", dir]);
    assert!(text(&out.stdout).contains("tablebase:      the position has castling rights"));
    let out = run_with(INSPECT, &["--json", "--syzygy", dir], "8/8/8/8/8/2k5/1r6/K2Q4 b - - 0 1\n", &[]);
    assert!(text(&out.stdout).contains(r#""tablebase":{"wdl":"loss","dtz":-60,"#), "{}", text(&out.stdout));
    // Without --syzygy the JSON has no tablebase key.
    let out = run_with(INSPECT, &["--json"], "8/8/8/8/8/2k5/1r6/K2Q4 b - - 0 1\n", &[]);
    assert!(!text(&out.stdout).contains("tablebase"));
    // A directory that cannot be listed.
    let out = run(INSPECT, &["--syzygy", "/nonexistent/syzygy"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("--syzygy /nonexistent/syzygy"));
    assert_usage_error(INSPECT, &["--syzygy"], "--syzygy needs a value");
}

/// An argument that is not UTF-8 is a usage error in every tool.
#[cfg(unix)]
#[test]
fn arguments_that_are_not_utf8_are_usage_errors() {
    use std::os::unix::ffi::OsStrExt;
    let bad = std::ffi::OsStr::from_bytes(b"\xff");
    for (bin, before) in [(PERFT, &["--fen"][..]), (INSPECT, &[][..]), (RANDOM_GAMES, &["--seed"][..])] {
        let out = Command::new(bin).args(before).arg(bad).output().unwrap();
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{bin}: {stderr}");
        assert!(stderr.starts_with("error: argument \"\u{fffd}\" is not valid UTF-8\n"), "{bin}: {stderr}");
    }
}

/// A hash table larger than the address space is an error, not a crash
/// (one that only the allocator refuses, too, but whether it does depends
/// on the machine).
#[test]
fn perft_refuses_a_hash_table_too_large() {
    let fen = "4k3/8/8/8/8/8/8/4K2R w - - 0 1";
    for mb in ["17592186044416", "18446744073709551615"] {
        let out = run(PERFT, &["--fen", fen, "--depth", "2", "--hash", mb]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "--hash {mb}: {stderr}");
        assert_eq!(stderr, format!("error: --hash {mb}: cannot allocate {mb} MB\n"));
    }
    let out = run(PERFT, &["--fen", fen, "--depth", "2", "--hash", "1"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

/// `inspect --json` reports a line that is not UTF-8 as a bad position and
/// goes on with the next lines.
#[test]
fn inspect_json_goes_on_after_a_line_that_is_not_utf8() {
    use std::io::Write;
    let mut child = Command::new(INSPECT)
        .arg("--json")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let input = b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n\xff\r\n4k3/8/8/8/8/8/8/4K2R w K - 0 1\r\n";
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert!(lines[0].starts_with("{\"fen\":\"4k3/8/8/8/8/8/8/4K3 w - - 0 1\""), "{stdout}");
    assert!(lines[1].starts_with("{\"input\":\"\u{fffd}\",\"error\":\"invalid FEN"), "{stdout}");
    assert!(lines[2].starts_with("{\"fen\":\"4k3/8/8/8/8/8/8/4K2R w K - 0 1\""), "{stdout}");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stderr), "1 line was not a valid position\n");
}
