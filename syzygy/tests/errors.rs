//! Errors, never panics: positions the tables do not cover, missing tables,
//! truncated and corrupted files; and sharing between threads.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use chess_movegen::{FenOptions, Position};
use chess_movegen_syzygy::{FileAccess, ProbeError, Tablebase, Wdl};

fn table_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/syzygy")
}

fn tables() -> Tablebase {
    let mut tb = Tablebase::new();
    // 12 tables with WDL and DTZ files, 11 with WDL only.
    assert_eq!(tb.add_directory(table_dir()).unwrap(), 35);
    tb
}

fn parse(fen: &str) -> Position {
    Position::from_fen_with(fen, FenOptions::new().impossible_check(true)).unwrap().0
}

/// A scratch directory of its own per test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chess-movegen-syzygy-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn castling_rights_are_refused() {
    let tb = tables();
    let pos = parse("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(tb.probe_wdl(&pos), Err(ProbeError::Castling));
    assert_eq!(tb.probe_dtz(&pos), Err(ProbeError::Castling));
    assert_eq!(tb.rank_root_moves(&pos), Err(ProbeError::Castling));
}

#[test]
fn too_many_pieces() {
    let tb = tables();
    let pos = parse("4k3/8/8/8/8/8/1P6/2RQK3 w - - 0 1");
    assert_eq!(tb.probe_wdl(&pos), Err(ProbeError::TooManyPieces { pieces: 5, max: 4 }));
    let empty = Tablebase::new();
    assert_eq!(empty.max_pieces(), 0);
    assert_eq!(
        empty.probe_wdl(&parse("8/8/8/8/8/4k3/8/4K2Q w - - 0 1")),
        Err(ProbeError::TooManyPieces { pieces: 3, max: 0 })
    );
}

#[test]
fn missing_table_is_named() {
    let tb = tables();
    // KBNvK is not committed; named stronger side first, whichever color has it.
    let err = tb.probe_wdl(&parse("8/8/8/4k3/8/8/8/1NB1K3 w - - 0 1")).unwrap_err();
    assert_eq!(err, ProbeError::MissingTable { table: "KBNvK.rtbw".into() });
    let err = tb.probe_dtz(&parse("2bnk3/8/8/8/8/4K3/8/8 w - - 0 1")).unwrap_err();
    assert_eq!(err, ProbeError::MissingTable { table: "KBNvK.rtbw".into() });
    assert_eq!(err.to_string(), "missing table KBNvK.rtbw");

    // A WDL file without its DTZ file.
    let dir = scratch("nodtz");
    for name in ["KQvK.rtbw", "KRvK.rtbw", "KRvK.rtbz"] {
        std::fs::copy(table_dir().join(name), dir.join(name)).unwrap();
    }
    let mut tb = Tablebase::new();
    assert_eq!(tb.add_directory(&dir).unwrap(), 3);
    let pos = parse("8/8/8/8/8/4k3/8/4K2Q w - - 0 1");
    assert_eq!(tb.probe_wdl(&pos), Ok(Wdl::Win));
    assert_eq!(tb.probe_dtz(&pos), Err(ProbeError::MissingTable { table: "KQvK.rtbz".into() }));
    std::fs::remove_dir_all(dir).unwrap();

    // A capture leads to a missing table: named too.
    let dir = scratch("nokrk");
    for name in ["KQvKR.rtbw", "KQvK.rtbw"] {
        std::fs::copy(table_dir().join(name), dir.join(name)).unwrap();
    }
    let mut tb = Tablebase::new();
    tb.add_directory(&dir).unwrap();
    // Black's rook can take the queen.
    let pos = parse("8/8/8/8/8/2k5/8/K2Q3r b - - 0 1");
    assert_eq!(tb.probe_wdl(&pos), Err(ProbeError::MissingTable { table: "KRvK.rtbw".into() }));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn add_directory_counts_and_errors() {
    let mut tb = Tablebase::new();
    assert!(tb.add_directory("/nonexistent/syzygy/dir").is_err());
    let dir = scratch("names");
    for name in ["KQvK.rtbz", "notes.txt", "KXvK.rtbw", "KQvKK.rtbw"] {
        std::fs::write(dir.join(name), b"x").unwrap();
    }
    // Only names of real materials with a WDL file count.
    assert_eq!(tb.add_directory(&dir).unwrap(), 0);
    assert_eq!(tb.max_pieces(), 0);
    std::fs::remove_dir_all(dir).unwrap();
}

/// Positions of KQvKR (both sides to move, both color assignments).
fn kqkr_positions() -> Vec<Position> {
    [
        "8/8/8/8/8/2k5/1r6/K2Q4 w - - 0 1",
        "8/8/8/8/8/2k5/1r6/K2Q4 b - - 0 1",
        "4k3/8/8/3q4/8/8/8/R3K3 b - - 0 1",
        "4k3/8/8/3q4/8/8/8/R3K3 w - - 0 1",
        "8/8/2K5/8/8/8/R7/3qk3 b - - 0 1",
        "1Q6/8/8/8/3kr3/8/8/6K1 w - - 0 1",
    ]
    .iter()
    .map(|f| parse(f))
    .collect()
}

fn copy_tables(dir: &Path) {
    for entry in std::fs::read_dir(table_dir()).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.join(entry.file_name())).unwrap();
    }
}

#[test]
fn truncated_files_name_the_file_and_offset() {
    for access in [FileAccess::Mmap, FileAccess::Read] {
        let dir = scratch(&format!("trunc-{access:?}"));
        copy_tables(&dir);
        let bytes = std::fs::read(table_dir().join("KQvKR.rtbw")).unwrap();
        for cut in [0, 3, 5, 9, 40, 200, bytes.len() / 2] {
            std::fs::write(dir.join("KQvKR.rtbw"), &bytes[..cut]).unwrap();
            let mut tb = Tablebase::with_access(access);
            tb.add_directory(&dir).unwrap();
            let err = tb.probe_wdl(&kqkr_positions()[0]).map(|w| format!("cut {cut}: {w:?}")).unwrap_err();
            match &err {
                ProbeError::Corrupt { path, offset, .. } => {
                    assert!(path.ends_with("KQvKR.rtbw"), "{err}");
                    assert!(*offset <= bytes.len() as u64, "{err}");
                }
                other => panic!("cut at {cut}: {other}"),
            }
            assert!(err.to_string().contains("KQvKR.rtbw"), "{err}");
        }
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn wrong_magic_is_reported_at_offset_zero() {
    let dir = scratch("magic");
    copy_tables(&dir);
    let mut bytes = std::fs::read(table_dir().join("KQvKR.rtbz")).unwrap();
    bytes[0] ^= 0xff;
    std::fs::write(dir.join("KQvKR.rtbz"), &bytes).unwrap();
    let mut tb = Tablebase::new();
    tb.add_directory(&dir).unwrap();
    let pos = &kqkr_positions()[0];
    assert!(tb.probe_wdl(pos).is_ok());
    match tb.probe_dtz(pos) {
        Err(ProbeError::Corrupt { path, offset: 0, what }) => {
            assert!(path.ends_with("KQvKR.rtbz"));
            assert_eq!(what, "wrong magic number");
        }
        other => panic!("{other:?}"),
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// Every byte of the small tables' headers, and bytes throughout the files,
/// changed: each probe answers or reports the file as corrupt; none panics.
#[test]
fn corrupted_bytes_never_panic() {
    let positions: Vec<Position> = [
        "8/8/8/8/8/2k5/1r6/K2Q4 w - - 0 1",
        "8/8/2K5/8/8/8/R7/3qk3 b - - 0 1",
        "8/8/8/8/8/2k5/1p6/K7 w - - 0 1",
        "8/8/8/8/8/2k5/1p6/3K4 b - - 0 1",
        "8/8/8/8/3k4/8/4P3/4K3 w - - 0 1",
        "8/8/8/2k5/8/8/1P3P2/4K3 b - - 0 1",
        "8/8/8/2K5/8/8/1p3p2/4k3 w - - 0 1",
    ]
    .iter()
    .map(|f| parse(f))
    .collect();
    let mut probes = 0;
    let mut corrupt = 0;
    for name in ["KQvKR.rtbw", "KQvKR.rtbz", "KPvK.rtbw", "KPvK.rtbz", "KPPvK.rtbw", "KPPvK.rtbz"] {
        let original = std::fs::read(table_dir().join(name)).unwrap();
        let mut offsets: Vec<usize> = (0..original.len().min(400)).collect();
        offsets.extend((400..original.len()).step_by(997));
        for &at in &offsets {
            for flip in [0x01u8, 0x80, 0xff] {
                let mut bytes = original.clone();
                bytes[at] ^= flip;
                probes += 1;
                match chess_movegen_syzygy::probe_bytes(name, bytes, &positions) {
                    Ok(_) => {}
                    Err(ProbeError::Corrupt { path, .. }) => {
                        assert!(path.ends_with(name));
                        corrupt += 1;
                    }
                    Err(other) => panic!("{name} byte {at}: {other}"),
                }
            }
        }
    }
    assert!(corrupt > 100, "{corrupt} of {probes}");
}

#[test]
fn shared_between_threads_and_instances() {
    let tb = Arc::new(tables());
    let other = tables();
    let pos = parse("8/8/8/8/8/2k5/1r6/K2Q4 w - - 0 1");
    let expected = other.probe_dtz(&pos).unwrap();
    let handles: Vec<_> = (0..4)
        .map(|_| {
            let tb = Arc::clone(&tb);
            std::thread::spawn(move || {
                let pos = parse("8/8/8/8/8/2k5/1r6/K2Q4 w - - 0 1");
                (0..50).map(|_| tb.probe_dtz(&pos).unwrap()).collect::<Vec<_>>()
            })
        })
        .collect();
    for h in handles {
        assert!(h.join().unwrap().iter().all(|&d| d == expected));
    }
}

/// Runs `f` on a thread of its own and gives its result, or fails the test
/// if it takes longer than 20 s (a probe that blocks would never return).
#[cfg(unix)]
fn within<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(f());
    });
    match receiver.recv_timeout(std::time::Duration::from_secs(20)) {
        Ok(v) => v,
        Err(_) => panic!("{what}: no answer within 20 s"),
    }
}

/// Replaces `name` in `dir` with a FIFO.
#[cfg(unix)]
fn make_fifo(dir: &Path, name: &str) {
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    let status = std::process::Command::new("mkfifo").arg(&path).status().expect("mkfifo runs");
    assert!(status.success(), "mkfifo {}", path.display());
}

#[cfg(unix)]
#[test]
fn fifos_named_like_tables_are_skipped() {
    let dir = scratch("fifo-listed");
    copy_tables(&dir);
    make_fifo(&dir, "KQvK.rtbw");
    make_fifo(&dir, "KRvK.rtbz");
    std::fs::create_dir(dir.join("KBvKN.rtbw.d")).unwrap();
    let mut tb = Tablebase::new();
    // 35 files less the two FIFOs and KQvK.rtbz, whose WDL file is one.
    assert_eq!(tb.add_directory(&dir).unwrap(), 32);
    let tb = Arc::new(tb);
    let kqk = parse("8/8/8/8/8/4k3/8/4K2Q w - - 0 1");
    let krk = parse("8/8/8/8/8/4k3/8/4K2R w - - 0 1");
    let (wdl, dtz, krk_wdl) =
        within("probes of FIFO materials", move || (tb.probe_wdl(&kqk), tb.probe_dtz(&krk), tb.probe_wdl(&krk)));
    assert_eq!(wdl, Err(ProbeError::MissingTable { table: "KQvK.rtbw".into() }));
    assert_eq!(dtz, Err(ProbeError::MissingTable { table: "KRvK.rtbz".into() }));
    assert_eq!(krk_wdl, Ok(Wdl::Win));
    std::fs::remove_dir_all(dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_fifo_in_place_of_a_listed_table_is_an_error() {
    for access in [FileAccess::Mmap, FileAccess::Read] {
        let dir = scratch(&format!("fifo-later-{access:?}"));
        copy_tables(&dir);
        let mut tb = Tablebase::with_access(access);
        assert_eq!(tb.add_directory(&dir).unwrap(), 35);
        make_fifo(&dir, "KQvK.rtbw");
        let tb = Arc::new(tb);
        // Several threads probe the material at once: none may wait.
        let handles: Vec<_> = (0..3)
            .map(|_| {
                let tb = Arc::clone(&tb);
                std::thread::spawn(move || tb.probe_wdl(&parse("8/8/8/8/8/4k3/8/4K2Q w - - 0 1")))
            })
            .collect();
        let results = within("probes of a FIFO table", move || {
            handles.into_iter().map(|h| h.join().unwrap()).collect::<Vec<_>>()
        });
        for result in results {
            match result {
                Err(ProbeError::Io { path, message, .. }) => {
                    assert_eq!(path, dir.join("KQvK.rtbw"));
                    assert!(message.contains("not a regular file"), "{message}");
                }
                other => panic!("{access:?}: {other:?}"),
            }
        }
        std::fs::remove_dir_all(dir).unwrap();
    }
}

/// With positioned reads, a table truncated while loaded gives errors (the
/// memory map, the default, would kill the process: see the crate docs).
#[test]
fn read_access_survives_a_table_truncated_while_loaded() {
    let dir = scratch("trunc-live");
    copy_tables(&dir);
    let mut tb = Tablebase::with_access(FileAccess::Read);
    tb.add_directory(&dir).unwrap();
    let positions = kqkr_positions();
    let before: Vec<Wdl> = positions.iter().map(|p| tb.probe_wdl(p).unwrap()).collect();
    assert_eq!(before.len(), positions.len());
    let path = dir.join("KQvKR.rtbw");
    let len = std::fs::metadata(&path).unwrap().len();
    std::fs::OpenOptions::new().write(true).open(&path).unwrap().set_len(len / 4).unwrap();
    let mut errors = 0;
    for pos in &positions {
        match tb.probe_wdl(pos) {
            Err(ProbeError::Io { path: p, .. }) | Err(ProbeError::Corrupt { path: p, .. }) => {
                assert_eq!(p, path);
                errors += 1;
            }
            Err(other) => panic!("{other}"),
            // A probe whose block lies in the part kept still reads it.
            Ok(_) => {}
        }
    }
    assert!(errors > 0);
    std::fs::remove_dir_all(dir).unwrap();
}
