#!/usr/bin/env bash
# Instructions per leaf of chess-movegen's perft, counted by callgrind:
#   (Ir at depth D - Ir at depth 1) / (nodes at D - nodes at 1),
# which cancels start-up and table set-up. Noise-free, unlike timings, so
# it judges hot-path changes on a busy machine.
#
# Built with RUSTFLAGS="-C target-cpu=x86-64-v3" (an explicit target that
# valgrind runs anywhere: BMI2, POPCNT, AVX2, no AVX-512) into its own
# target directory, target/ipl.
#
#   scripts/instructions_per_leaf.sh [--perft-bin PATH] [--compare-bin PATH] [--bulk-only] [--peers] [--pext] [--see]
#
# bulk: the perft tool (`perft --fen FEN --depth D`), startpos d5 and
#       Kiwipete d4.
# full, play: make/unmake and copy-make perft with every leaf move played,
#       from `compare --once` (startpos d4, Kiwipete d3).
# --peers adds the same figures for cozy-chess and shakmaty (via compare).
# --perft-bin / --compare-bin use prebuilt binaries instead of building.
# --pext builds with the `pext` feature (into target/ipl-pext).
# --see adds instructions per call of `see` and `see_ge(mv, 0)` over the
#       engine bench's captures (`compare --see REPS`, 10 repetitions
#       counted: (Ir@11 - Ir@1) / (10 x captures)).
set -euo pipefail
cd "$(dirname "$0")/.."

perft_bin=""
compare_bin=""
bulk_only=0
peers=0
see=0
features=()
while [ $# -gt 0 ]; do
    case "$1" in
        --perft-bin) perft_bin="$2"; shift 2 ;;
        --compare-bin) compare_bin="$2"; shift 2 ;;
        --bulk-only) bulk_only=1; shift ;;
        --peers) peers=1; shift ;;
        --pext) features=(--features pext); shift ;;
        --see) see=1; shift ;;
        -h|--help) sed -n '2,23p' "$0"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done

default_dir="$PWD/target/ipl"
[ ${#features[@]} -gt 0 ] && default_dir="$PWD/target/ipl-pext"
export CARGO_TARGET_DIR="${IPL_TARGET_DIR:-$default_dir}"
export RUSTFLAGS="-C target-cpu=x86-64-v3"

if [ -z "$perft_bin" ]; then
    # The perft tool is an example of the crate, or a binary target (of the
    # crate or of a workspace member) named perft; build whichever exists.
    if cargo build --release --quiet "${features[@]}" --example perft 2>/dev/null; then
        perft_bin="$CARGO_TARGET_DIR/release/examples/perft"
    elif cargo build --release --quiet "${features[@]}" --bin perft 2>/dev/null; then
        perft_bin="$CARGO_TARGET_DIR/release/perft"
    elif cargo build --release --quiet "${features[@]}" --workspace --bins 2>/dev/null && [ -x "$CARGO_TARGET_DIR/release/perft" ]; then
        perft_bin="$CARGO_TARGET_DIR/release/perft"
    else
        echo "cannot build the perft tool; pass --perft-bin PATH" >&2
        exit 1
    fi
fi
if [ "$bulk_only" = 0 ] && [ -z "$compare_bin" ]; then
    cargo build --release --quiet -p compare "${features[@]}"
    compare_bin="$CARGO_TARGET_DIR/release/compare"
fi

# Instructions retired by one run of the command.
ir() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

# per_leaf LABEL NODES_1 NODES_D CMD_1... -- CMD_D...
per_leaf() {
    local label="$1" n1="$2" nd="$3"
    shift 3
    local first=() second=()
    while [ "$1" != "--" ]; do first+=("$1"); shift; done
    shift
    second=("$@")
    local i1 id
    i1=$(ir "${first[@]}")
    id=$(ir "${second[@]}")
    awk -v l="$label" -v i1="$i1" -v id="$id" -v n1="$n1" -v nd="$nd" \
        'BEGIN { printf "%-34s %7.2f instructions per leaf  (%d instructions, %d leaves)\n", l, (id - i1) / (nd - n1), id - i1, nd - n1 }'
}

START="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWI="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

echo "perft tool: $perft_bin (RUSTFLAGS=\"$RUSTFLAGS\" ${features[*]})"
per_leaf "bulk startpos d5" 20 4865609 "$perft_bin" --fen "$START" --depth 1 -- "$perft_bin" --fen "$START" --depth 5
per_leaf "bulk kiwipete d4" 48 4085603 "$perft_bin" --fen "$KIWI" --depth 1 -- "$perft_bin" --fen "$KIWI" --depth 4
[ "$bulk_only" = 1 ] && exit 0

once() { # once LABEL MODE POSITION N1 DEPTH ND [--crate NAME]
    local label="$1" mode="$2" position="$3" n1="$4" depth="$5" nd="$6"
    shift 6
    per_leaf "$label" "$n1" "$nd" "$compare_bin" --once "$mode" "$position" 1 "$@" -- \
        "$compare_bin" --once "$mode" "$position" "$depth" "$@"
}
once "full (make/unmake) startpos d4" full startpos 20 4 197281
once "full (make/unmake) kiwipete d3" full kiwipete 48 3 97862
once "full (copy-make play) startpos d4" play startpos 20 4 197281
once "full (copy-make play) kiwipete d3" play kiwipete 48 3 97862
if [ "$peers" = 1 ]; then
    for crate in cozy-chess shakmaty; do
        once "bulk $crate startpos d5" bulk startpos 20 5 4865609 --crate "$crate"
        once "bulk $crate kiwipete d4" bulk kiwipete 48 4 4085603 --crate "$crate"
        once "full $crate startpos d4" full startpos 20 4 197281 --crate "$crate"
        once "full $crate kiwipete d3" full kiwipete 48 3 97862 --crate "$crate"
    done
fi
if [ "$see" = 1 ]; then
    captures=$("$compare_bin" --see 1 | sed -n 's/ captures$//p')
    for mode in see see-ge; do
        i1=$(ir "$compare_bin" --"$mode" 1)
        i11=$(ir "$compare_bin" --"$mode" 11)
        awk -v l="$mode" -v a="$i1" -v b="$i11" -v n="$captures" \
            'BEGIN { printf "%-34s %7.1f instructions per call  (%d captures)\n", l, (b - a) / (10 * n), n }'
    done
fi
