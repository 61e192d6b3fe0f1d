#!/usr/bin/env bash
# Fuzzes arbor with libFuzzer: arbitrary and grammar-mutated text goes through
# parse → evaluate → validate → lower → prepare → fetch on the demo database,
# then through every output format, error rendering and completion
# (Sources/ArborFuzz). Any crash, trap or sanitizer report is a finding.
#
# Usage: scripts/fuzz.sh [SECONDS] [LIBFUZZER FLAGS...]     (default: 600 seconds)
#   ARBOR_FUZZ_GRAMMAR=0   libFuzzer's byte mutations only (default: half are grammar-aware)
#   ARBOR_FUZZ_STRICT=1    also stop on a broken promise (an error outside the text, …)
#
# Seeds: Tests/Fuzz/corpus (scripts/make-fuzz-corpus.py) and Tests/Fuzz/regressions.
# New interesting inputs go to fuzz-out/corpus (not committed); crashes to
# Tests/Fuzz/crashes/. To keep a crash as a regression test: minimize it
#   .build-fuzz/release/ArborFuzz -minimize_crash=1 -runs=20000 -exact_artifact_path=MIN Tests/Fuzz/crashes/crash-…
# and copy MIN to Tests/Fuzz/regressions/NAME.txt (FuzzRegressionTests runs it),
# with a first line `// open: WHY` while the crash is not fixed (the harness and
# the test skip such inputs; `swift run ArborFuzz --open FILE` runs one).
# To go on past crashes: scripts/fuzz.sh 600 -fork=1 -ignore_crashes=1 -ignore_timeouts=1
# `swift run ArborFuzz FILES…` replays inputs without libFuzzer.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
seconds="${1:-600}"
shift || true

# Other builds share the machine: hold the build lock only while building.
flock /tmp/arbor-build.lock swift build -c release --scratch-path .build-fuzz --product ArborFuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -D -Xswiftc ARBOR_FUZZ
fuzzer=.build-fuzz/release/ArborFuzz

mkdir -p fuzz-out/corpus Tests/Fuzz/crashes Tests/Fuzz/regressions
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
exec nice -n 10 "$fuzzer" \
    -max_total_time="$seconds" \
    -dict=Tests/Fuzz/arbor.dict \
    -artifact_prefix=Tests/Fuzz/crashes/ \
    -timeout=10 \
    -max_len=4096 \
    -rss_limit_mb=4096 \
    -detect_leaks=0 \
    -print_final_stats=1 \
    "$@" \
    fuzz-out/corpus Tests/Fuzz/corpus Tests/Fuzz/regressions
