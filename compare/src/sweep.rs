//! `--align-sweep`: the same benchmark at several stack alignments.
//!
//! Where the stack starts depends on the environment and, with address
//! space randomisation on, on chance. Code whose speed depends on the
//! stack's alignment (a copied struct straddling a cache line or not, say)
//! then runs at one of several speeds, and a single benchmark run reports
//! one of them at random. This runs the benchmark binary once per padding
//! with randomisation off (`setarch <arch> -R`) and the environment cleared
//! but for `PAD=` followed by that many bytes (`env -i PAD=...`), so each
//! run has a fixed stack address that moves by the padding, and prints each
//! crate's figure per padding and the spread (fastest ÷ slowest − 1).
//!
//! `--passes N` (default 3) runs every padding N times, the paddings taking
//! turns (0, 16, 32, 48, 0, 16, …), and reports the fastest of each
//! padding's runs. Alignment is fixed per padding, so its effect is in
//! every run; a shared machine's slow spells only ever slow a run down, so
//! the fastest run is the one least disturbed.

use std::collections::BTreeMap;
use std::process::Command;

/// Marks the result lines a child run prints for its parent.
pub const TSV_TAG: &str = "align-sweep\t";

/// Runs the sweep; `args` are this binary's arguments, which the children
/// get too, without the sweep's own.
pub fn run(args: &[String]) {
    let mut pads = vec![0usize, 16, 32, 48];
    let mut passes = 3usize;
    let mut child_args = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--align-sweep" => {}
            "--pads" => {
                let list = it.next().expect("--pads N,N,...");
                pads = list.split(',').map(|p| p.trim().parse().expect("--pads: a number of bytes")).collect();
            }
            "--passes" => {
                passes = it.next().and_then(|n| n.parse().ok()).filter(|&n| n > 0).expect("--passes N (N > 0)");
            }
            other => child_args.push(other.to_string()),
        }
    }
    child_args.push("--tsv".into());
    let exe = std::env::current_exe().expect("path of this binary");
    let arch = std::env::consts::ARCH;
    println!(
        "stack alignment sweep: setarch {arch} -R env -i PAD=<n bytes> {} {}\n\
         {passes} passes over the paddings in turn; each figure is the fastest of its {passes} runs",
        exe.display(),
        child_args.join(" ")
    );

    // (mode, crate) in first-seen order -> runs per padding.
    let mut order: Vec<(String, String)> = Vec::new();
    let mut runs: BTreeMap<(String, String), Vec<Vec<f64>>> = BTreeMap::new();
    for pass in 0..passes {
        for (k, &pad) in pads.iter().enumerate() {
            eprintln!("pass {}/{passes}, padding {pad} bytes ({}/{})", pass + 1, k + 1, pads.len());
            for (key, mnps) in run_child(arch, &exe, pad, &child_args) {
                if !runs.contains_key(&key) {
                    order.push(key.clone());
                }
                runs.entry(key).or_insert_with(|| vec![Vec::new(); pads.len()])[k].push(mnps);
            }
        }
    }
    let figures: BTreeMap<(String, String), Vec<f64>> = runs
        .into_iter()
        .map(|(key, per_pad)| (key, per_pad.into_iter().map(|r| r.into_iter().fold(f64::NAN, f64::max)).collect()))
        .collect();

    println!();
    let heads: Vec<String> = pads.iter().map(|p| format!("pad {p}")).collect();
    println!("| mode | crate | {} | spread | chess-movegen ÷ crate |", heads.join(" | "));
    println!("|---|---|{}---:|---:|", "---:|".repeat(pads.len()));
    for key in &order {
        let row = &figures[key];
        let (lo, hi) = row.iter().fold((f64::INFINITY, 0f64), |(lo, hi), &x| (lo.min(x), hi.max(x)));
        let cells: Vec<String> = row.iter().map(|x| format!("{x:.1}")).collect();
        // chess-movegen's make/unmake figure at the same padding over this one.
        let ours = &figures[&(key.0.clone(), "chess-movegen".to_string())];
        let ratios: Vec<f64> = ours.iter().zip(row).map(|(a, b)| a / b).collect();
        let (rlo, rhi) = ratios.iter().fold((f64::INFINITY, 0f64), |(lo, hi), &x| (lo.min(x), hi.max(x)));
        println!(
            "| {} | {} | {} | {:.1} % | {rlo:.2}–{rhi:.2} |",
            key.0,
            key.1,
            cells.join(" | "),
            (hi / lo - 1.0) * 100.0
        );
    }
    let play = figures.get(&("full".to_string(), "chess-movegen (play)".to_string()));
    let shak = figures.iter().find(|(k, _)| k.0 == "full" && k.1.starts_with("shakmaty")).map(|(_, v)| v);
    if let (Some(play), Some(shak)) = (play, shak) {
        let ratios: Vec<String> = play.iter().zip(shak).map(|(a, b)| format!("{:.2}", a / b)).collect();
        println!();
        println!("copy-make: chess-movegen (play) ÷ shakmaty per padding: {}", ratios.join(", "));
    }
}

/// One benchmark run at padding `pad`: its (mode, crate) figures.
fn run_child(arch: &str, exe: &std::path::Path, pad: usize, child_args: &[String]) -> Vec<((String, String), f64)> {
    let output = Command::new("setarch")
        .arg(arch)
        .arg("-R")
        .arg("env")
        .arg("-i")
        .arg(format!("PAD={}", "x".repeat(pad)))
        .arg(exe)
        .args(child_args)
        .stderr(std::process::Stdio::inherit())
        .output()
        .expect("run setarch (util-linux) with this binary");
    assert!(output.status.success(), "padding {pad}: the benchmark run failed ({})", output.status);
    let mut figures = Vec::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let Some(rest) = line.strip_prefix(TSV_TAG) else { continue };
        let mut fields = rest.split('\t');
        let (Some(mode), Some(name), Some(mnps)) = (fields.next(), fields.next(), fields.next()) else {
            continue;
        };
        figures.push(((mode.to_string(), name.to_string()), mnps.parse().expect("Mnps figure")));
    }
    figures
}

/// Runs `f` with the stack pointer `offset` bytes (a multiple of 16 below
/// 128) lower than with `offset` 0: one frame in between holds `offset`
/// bytes that the optimiser must keep. Returns what `f` returns.
pub fn with_stack_offset(offset: usize, f: &mut dyn FnMut() -> u64) -> u64 {
    match offset {
        0 => below::<0>(f),
        16 => below::<16>(f),
        32 => below::<32>(f),
        48 => below::<48>(f),
        64 => below::<64>(f),
        80 => below::<80>(f),
        96 => below::<96>(f),
        112 => below::<112>(f),
        other => panic!("stack offset {other}: a multiple of 16 below 128"),
    }
}

#[inline(never)]
fn below<const N: usize>(f: &mut dyn FnMut() -> u64) -> u64 {
    let pad = [0u8; N];
    std::hint::black_box(&pad);
    let result = f();
    std::hint::black_box(&pad);
    result
}

/// The stack address (mod 64) that code run by [`with_stack_offset`] sees.
fn stack_residue(offset: usize) -> u64 {
    with_stack_offset(offset, &mut || {
        let local = 0u8;
        std::hint::black_box(&local) as *const u8 as u64 % 64
    })
}

/// `--stack-offsets 0,16,...`, checked.
pub fn parse_offsets(list: &str) -> Vec<usize> {
    let offsets: Vec<usize> =
        list.split(',').map(|o| o.trim().parse().expect("--stack-offsets: a number of bytes")).collect();
    for &o in &offsets {
        assert!(o % 16 == 0 && o < 128, "stack offset {o}: a multiple of 16 below 128");
    }
    offsets
}

/// The in-process sweep's table: each crate's median per stack offset and
/// the spread (fastest ÷ slowest − 1).
pub fn print_offset_table(offsets: &[usize], rows: &[(crate::Mode, &str, Vec<f64>)]) {
    let residues: Vec<String> = offsets.iter().map(|&o| format!("{o}: {}", stack_residue(o))).collect();
    println!();
    println!("stack offset: address of a local mod 64 — {}", residues.join(", "));
    let heads: Vec<String> = offsets.iter().map(|o| format!("offset {o}")).collect();
    println!("| mode | crate | {} | spread |", heads.join(" | "));
    println!("|---|---|{}---:|", "---:|".repeat(offsets.len()));
    for (mode, name, row) in rows {
        let (lo, hi) = row.iter().fold((f64::INFINITY, 0f64), |(lo, hi), &x| (lo.min(x), hi.max(x)));
        let cells: Vec<String> = row.iter().map(|x| format!("{x:.1}")).collect();
        println!("| {} | {name} | {} | {:.1} % |", mode.name(), cells.join(" | "), (hi / lo - 1.0) * 100.0);
    }
}
