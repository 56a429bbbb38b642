#!/usr/bin/env bash
# Bulk perft of chess-movegen's perft tool side by side with other perft
# programs, interleaved (A B C … A B C …, the order turning each round),
# pinned to one core, every node count compared with chess-movegen's.
#
#   scripts/perft_side_by_side.sh [--rounds N] [--cpu C] [--perft-bin PATH]
#       [--gigantua PATH] [--ellxor PATH] [--stockfish PATH] [JOB...]
#
# JOB is NAME:DEPTH with NAME startpos or kiwipete (default: startpos:6
# startpos:7 kiwipete:5 kiwipete:6). Programs that are not given are left
# out; chess-movegen is always in (built with `cargo build --profile tools
# --bin perft` unless --perft-bin is given). The other programs are built
# outside the project, for comparison only:
#   --gigantua  Gigantua's binary, run as `BIN "FEN" DEPTH EXPECTED`: the
#               one perft at DEPTH, its count checked by the program (exit
#               status 0) against the known count of the position (its
#               3-argument mode would count every depth from 1 to DEPTH);
#   --ellxor    ellxor/perft's binary, run as `BIN "FEN" DEPTH` (it starts
#               one thread per online core; pinned, they share one core);
#   --stockfish a UCI engine with `go perft DEPTH` (Stockfish).
#
# Each run is timed from outside (process start to exit) and the same
# program's depth-1 run of the position is subtracted, so start-up work
# (tables, a neural network) is not counted: speed = (nodes@D - nodes@1)
# / (time@D - time@1), million nodes per second. Printed per round, then
# the median per program and chess-movegen's median ratio to each.
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=5
cpu=1
perft_bin=""
declare -A prog=()
jobs=()
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds="$2"; shift 2 ;;
        --cpu) cpu="$2"; shift 2 ;;
        --perft-bin) perft_bin="$2"; shift 2 ;;
        --gigantua) prog[gigantua]="$2"; shift 2 ;;
        --ellxor) prog[ellxor]="$2"; shift 2 ;;
        --stockfish) prog[stockfish]="$2"; shift 2 ;;
        -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
        -*) echo "unknown argument $1" >&2; exit 2 ;;
        *) jobs+=("$1"); shift ;;
    esac
done
[ ${#jobs[@]} -gt 0 ] || jobs=(startpos:6 startpos:7 kiwipete:5 kiwipete:6)
if [ -z "$perft_bin" ]; then
    cargo build --profile tools --quiet --bin perft
    perft_bin="$PWD/target/tools/perft"
fi
prog[chess-movegen]="$perft_bin"
names=(chess-movegen)
for name in gigantua ellxor stockfish; do
    [ -n "${prog[$name]:-}" ] && names+=("$name")
done

fen_of() {
    case "$1" in
        startpos) echo "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" ;;
        kiwipete) echo "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" ;;
        *) echo "unknown position $1" >&2; exit 2 ;;
    esac
}

# count_of NAME DEPTH: the perft count of the position at DEPTH.
count_of() {
    local counts
    case "$1" in
        startpos) counts=(20 400 8902 197281 4865609 119060324 3195901860) ;;
        kiwipete) counts=(48 2039 97862 4085603 193690690 8031647685) ;;
    esac
    if [ "$2" -lt 1 ] || [ "$2" -gt ${#counts[@]} ]; then
        echo "no known count of $1 at depth $2" >&2
        exit 2
    fi
    echo "${counts[$2 - 1]}"
}

# run NAME POSITION DEPTH: prints "NODES NANOSECONDS".
run() {
    local name="$1" fen depth="$3" out start end nodes expected
    fen=$(fen_of "$2")
    expected=$(count_of "$2" "$depth")
    start=$(date +%s%N)
    case "$name" in
        chess-movegen)
            out=$(taskset -c "$cpu" "${prog[$name]}" --fen "$fen" --depth "$depth" 2>/dev/null)
            nodes=$(sed -n 's/^nodes \([0-9]*\).*/\1/p' <<<"$out") ;;
        gigantua)
            # Silent; exit status 0 when it counted `expected` nodes.
            nodes=""
            if taskset -c "$cpu" "${prog[$name]}" "$fen" "$depth" "$expected" </dev/null >/dev/null 2>&1; then
                nodes="$expected"
            fi ;;
        ellxor)
            out=$(taskset -c "$cpu" "${prog[$name]}" "$fen" "$depth" </dev/null 2>&1)
            nodes=$(sed -n 's/^Result: *\([0-9]*\).*/\1/p' <<<"$out") ;;
        stockfish)
            out=$(printf 'position fen %s\ngo perft %s\nquit\n' "$fen" "$depth" | taskset -c "$cpu" "${prog[$name]}")
            nodes=$(sed -n 's/^Nodes searched: //p' <<<"$out") ;;
    esac
    end=$(date +%s%N)
    echo "$nodes $((end - start))"
}

declare -A speeds=()
for job in "${jobs[@]}"; do
    pos="${job%%:*}" depth="${job##*:}"
    fen_of "$pos" >/dev/null
    count_of "$pos" "$depth" >/dev/null
    for ((r = 0; r < rounds; r++)); do
        order=("${names[@]:r % ${#names[@]}}" "${names[@]:0:r % ${#names[@]}}")
        line="$job round $((r + 1)):"
        expected=""
        declare -A here=()
        for name in "${order[@]}"; do
            read -r n1 t1 < <(run "$name" "$pos" 1)
            read -r nd td < <(run "$name" "$pos" "$depth")
            here[$name]="$nd"
            speed=$(awk -v n="$((nd - n1))" -v t="$((td - t1))" 'BEGIN { printf "%.0f", n / (t / 1000.0) }')
            speeds[$job,$name]+="$speed "
            line+=" $name $speed"
        done
        for name in "${names[@]}"; do
            if [ "${here[$name]}" != "${here[chess-movegen]}" ]; then
                echo "$job: $name counted ${here[$name]:-nothing}, chess-movegen ${here[chess-movegen]}" >&2
                exit 1
            fi
        done
        echo "$line Mnps (${here[chess-movegen]} nodes)"
    done
done

median() { tr ' ' '\n' | grep . | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
echo
printf '%-12s' job; for name in "${names[@]}"; do printf ' %14s' "$name"; done; echo
for job in "${jobs[@]}"; do
    printf '%-12s' "$job"
    ours=$(median <<<"${speeds[$job,chess-movegen]}")
    for name in "${names[@]}"; do
        m=$(median <<<"${speeds[$job,$name]}")
        if [ "$name" = chess-movegen ]; then
            printf ' %14s' "$m"
        else
            printf ' %14s' "$m ($(awk -v a="$ours" -v b="$m" 'BEGIN { printf "%.2fx", a / b }'))"
        fi
    done
    echo
done
echo "Mnps, medians of $rounds rounds; (x) is chess-movegen's median divided by the program's."
