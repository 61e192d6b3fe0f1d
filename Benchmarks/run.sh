#!/usr/bin/env bash
# Builds arbor and the benchmark suites in release mode, then prints every figure
# with its reference and ratio. Databases are generated once under .build/benchmark-data.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product arbor
swift build -c release --product ArborBenchmarks
swift build -c release --product TerminalBenchmarks
.build/release/ArborBenchmarks "$@"
.build/release/TerminalBenchmarks "$@"
