#!/usr/bin/env bash
# `swift format lint --strict` on the project's own Swift: Sources, Tests, Benchmarks,
# and the manifest. Left out: the generated demo and Tests/Fixtures, which hold other
# apps' code as they wrote it (the tests read it as input).
set -euo pipefail
cd "$(dirname "$0")/.."
files=()
while IFS= read -r file; do files+=("$file"); done < <(
    find Sources Tests Benchmarks -name '*.swift' \
        ! -name '*.generated.swift' ! -path 'Tests/Fixtures/*' | sort)
swift format lint --strict --configuration .swift-format Package.swift "${files[@]}"
