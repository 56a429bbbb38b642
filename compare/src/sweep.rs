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

use std::collections::BTreeMap;
use std::process::Command;

/// Marks the result lines a child run prints for its parent.
pub const TSV_TAG: &str = "align-sweep\t";

/// Runs the sweep; `args` are this binary's arguments, which the children
/// get too, without the sweep's own.
pub fn run(args: &[String]) {
    let mut pads = vec![0usize, 16, 32, 48];
    let mut child_args = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--align-sweep" => {}
            "--pads" => {
                let list = it.next().expect("--pads N,N,...");
                pads = list.split(',').map(|p| p.trim().parse().expect("--pads: a number of bytes")).collect();
            }
            other => child_args.push(other.to_string()),
        }
    }
    child_args.push("--tsv".into());
    let exe = std::env::current_exe().expect("path of this binary");
    let arch = std::env::consts::ARCH;
    println!(
        "stack alignment sweep: setarch {arch} -R env -i PAD=<n bytes> {} {}",
        exe.display(),
        child_args.join(" ")
    );

    // (mode, crate) in first-seen order -> figure per padding.
    let mut order: Vec<(String, String)> = Vec::new();
    let mut figures: BTreeMap<(String, String), Vec<f64>> = BTreeMap::new();
    for (k, &pad) in pads.iter().enumerate() {
        eprintln!("padding {pad} bytes ({}/{})", k + 1, pads.len());
        let output = Command::new("setarch")
            .arg(arch)
            .arg("-R")
            .arg("env")
            .arg("-i")
            .arg(format!("PAD={}", "x".repeat(pad)))
            .arg(&exe)
            .args(&child_args)
            .stderr(std::process::Stdio::inherit())
            .output()
            .expect("run setarch (util-linux) with this binary");
        assert!(output.status.success(), "padding {pad}: the benchmark run failed ({})", output.status);
        for line in String::from_utf8_lossy(&output.stdout).lines() {
            let Some(rest) = line.strip_prefix(TSV_TAG) else { continue };
            let mut fields = rest.split('\t');
            let (Some(mode), Some(name), Some(mnps)) = (fields.next(), fields.next(), fields.next()) else {
                continue;
            };
            let key = (mode.to_string(), name.to_string());
            if !figures.contains_key(&key) {
                order.push(key.clone());
            }
            let row = figures.entry(key).or_insert_with(|| vec![f64::NAN; pads.len()]);
            row[k] = mnps.parse().expect("Mnps figure");
        }
    }

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
