#!/usr/bin/env bash
# Clean-build time of the library alone against cozy-chess's, debug and
# release, each build in a fresh target directory, the variants
# interleaved round by round (the machines here are shared: repeat, and
# read ranges).
#
#   scripts/build_time.sh [--rounds N] [--base REV]...
#
# Variants, each built with `cargo build` and `cargo build --release`:
#   lib        this tree's library (`cargo build -p chess-movegen --lib`
#              at the repository root, so with the workspace's profiles)
#   lib@REV    the same for the revision REV (exported with `git archive`;
#              --base may be given more than once)
#   dep        a fresh cargo project depending on this tree's library by
#              path (a user's build: cargo's default profiles)
#   dep@REV    the same for the revision REV
#   cozy-chess a fresh cargo project depending on cozy-chess 0.3 (the same)
#
# Every build is measured by /usr/bin/time: CPU time (user + sys) and wall
# time. The summary gives per variant and profile the range over the
# rounds. Everything goes under target/build-time/ (its target
# directories are removed after each build).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

rounds=3
bases=()
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds="$2"; shift 2 ;;
        --base) bases+=("$2"); shift 2 ;;
        -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done

work="$root/target/build-time"
mkdir -p "$work"
results="$work/results.txt"
: > "$results"

# A fresh library project with one dependency line.
project() { # project DIR DEPENDENCY-LINE
    rm -rf "$1"
    mkdir -p "$1/src"
    printf '[package]\nname = "build-time-probe"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n%s\n\n[workspace]\n' \
        "$2" > "$1/Cargo.toml"
    : > "$1/src/lib.rs"
    (cd "$1" && cargo generate-lockfile --quiet)
}

# Variant name -> directory and cargo arguments.
names=(lib)
dirs=("$root")
args=("-p chess-movegen --lib")
for rev in "${bases[@]}"; do
    src="$work/src-$rev"
    rm -rf "$src"
    mkdir -p "$src"
    git archive "$rev" | tar -x -C "$src"
    # The workspace's other members are not needed for the library.
    sed -i 's/^members = .*/members = ["."]/; s/^default-members = .*/default-members = ["."]/' "$src/Cargo.toml"
    names+=("lib@$rev")
    dirs+=("$src")
    args+=("-p chess-movegen --lib")
done
project "$work/dep" "chess-movegen = { path = \"$root\" }"
names+=(dep)
dirs+=("$work/dep")
args+=("")
for rev in "${bases[@]}"; do
    project "$work/dep-$rev" "chess-movegen = { path = \"$work/src-$rev\" }"
    names+=("dep@$rev")
    dirs+=("$work/dep-$rev")
    args+=("")
done
project "$work/cozy" 'cozy-chess = "0.3"'
names+=(cozy-chess)
dirs+=("$work/cozy")
args+=("")

for round in $(seq "$rounds"); do
    for profile in dev release; do
        for i in "${!names[@]}"; do
            target="$work/target-$i"
            rm -rf "$target"
            flag=""
            [ "$profile" = release ] && flag="--release"
            # shellcheck disable=SC2086
            t=$(cd "${dirs[$i]}" && CARGO_TARGET_DIR="$target" /usr/bin/time -f '%U %S %e' \
                cargo build --quiet $flag ${args[$i]} 2>&1 >/dev/null | tail -n 1)
            rm -rf "$target"
            read -r user sys wall <<< "$t"
            if ! [[ "$user $sys $wall" =~ ^[0-9.]+\ [0-9.]+\ [0-9.]+$ ]]; then
                echo "${names[$i]} $profile: the build failed: $t" >&2
                exit 1
            fi
            cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
            printf '%-14s %-8s round %s: CPU %6s s  wall %6s s\n' "${names[$i]}" "$profile" "$round" "$cpu" "$wall" |
                tee -a "$results"
        done
    done
done

echo
echo "summary (min-max over $rounds rounds; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)):"
for name in "${names[@]}"; do
    for profile in dev release; do
        awk -v n="$name" -v p="$profile" '$1 == n && $2 == p {
                c = $6; w = $9
                if (!k++ || c < cmin) cmin = c; if (c > cmax) cmax = c
                if (k == 1 || w < wmin) wmin = w; if (w > wmax) wmax = w
            }
            END { if (k) printf "%-14s %-8s CPU %5.1f-%5.1f s  wall %5.1f-%5.1f s\n", n, p, cmin, cmax, wmin, wmax }' "$results"
    done
done
