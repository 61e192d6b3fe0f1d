#!/usr/bin/env bash
# Loading against parsing, counted in instructions rather than time: each input of
# `ARBOR_BENCH_ONLY=loading` is loaded by `arbor --load` and parsed by
# `ArborBenchmarks --parse-only` under `valgrind --tool=callgrind`, each process's run on an
# empty file taken away, and the ratio printed (issue 20's bound: at most 1.5). A count of
# instructions does not drift with the machine's load as processor time does (a quarter
# from one minute to the next on a shared 2-core machine), so a change of 2% shows.
#
#   Benchmarks/loading-instructions.sh            # release build; about 4 minutes
#   ARBOR_BINARY=… ARBOR_BENCH_BINARY=… Benchmarks/loading-instructions.sh   # other builds, no build
#
# valgrind 3.19 cannot read the DWARF 5 of Swift 6's builds: the binaries are run from
# copies stripped of their debug information (`strip -g`), which changes no instruction.
# Swift seeds its hashing afresh in each process, so a dictionary's probes, and the count,
# moved by some 2% from one run of the same binary to the next: the runs here hash with a
# fixed seed (`SWIFT_DETERMINISTIC_HASHING`), and two runs agree to a few thousandths of a per cent.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind > /dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
arbor="${ARBOR_BINARY:-}"
bench="${ARBOR_BENCH_BINARY:-}"
if [ -z "$arbor" ] || [ -z "$bench" ]; then
    flock /tmp/arbor-build.lock swift build -c release --product arbor >&2
    flock /tmp/arbor-build.lock swift build -c release --product ArborBenchmarks >&2
    arbor=.build/release/arbor
    bench=.build/release/ArborBenchmarks
fi
work="$(mktemp -d "${TMPDIR:-/tmp}/loading-instructions.XXXXXX")"
trap 'rm -rf "$work"' EXIT
strip -g -o "$work/arbor" "$arbor"
strip -g -o "$work/bench" "$bench"
python3 - "$work" "$(pwd)/.build/benchmark-data" <<'PY'
import os, re, subprocess, sys

work, data = sys.argv[1], sys.argv[2]

def write(name, text):
    path = os.path.join(work, name)
    with open(path, "w") as f:
        f.write(text)
    return path

def lines(count, line):
    return "import GRDB\n" + "".join(line(n) + "\n" for n in range(count))

def distinct(limit):
    text, n = "import GRDB\n", 0
    while True:
        line = f'struct Thing{n}: TableRecord {{ static let databaseTableName = "book"; var id: Int64 }}\n'
        if len(text) + len(line) > limit:
            return text
        text, n = text + line, n + 1

empty = write("Empty.swift", "")
def redeclarations(count):
    return write(f"Redeclarations{count}.swift",
        "import GRDB\nstruct Author: TableRecord {}\nstruct Book: TableRecord {}\n"
        + "extension Author { static let books = hasMany(Book.self) }\n" * count)

inputs = [
    ("5,000 redeclarations of one member", redeclarations(5000), None),
    ("10,000 redeclarations of one member", redeclarations(10000), None),
    ("20,000 redeclarations of one member", redeclarations(20000), None),
    ("4 MB of distinct declarations (the cap)", write("Distinct.swift", distinct(4 * 1024 * 1024)), None),
    ("20,000 record types of one table, an association each", write("RecordTypes.swift", lines(20000, lambda n:
        f'struct Writer{n}: TableRecord {{ static let databaseTableName = "author"; '
        'static let books = hasMany(Book.self, using: ForeignKey(["authorId"])) }')), None),
    ("20,000 associations of one type", write("Associations.swift", lines(20000, lambda n:
        f'extension Book {{ static let author{n} = belongsTo(Author.self, using: ForeignKey(["authorId"])) }}')), None),
    ("20,000 associations GRDB refuses (errors)", write("Refused.swift", lines(20000, lambda n:
        f"extension Author {{ static let books{n} = hasMany(Book.self) }}")), None),
]
models = os.path.join(data, "models-100")
if os.path.isdir(models):
    inputs.append(("100 files, 1,000 declarations", models, models + ".sqlite"))
else:
    print(f"(no {models}: `ARBOR_BENCH_ONLY=loading .build/release/ArborBenchmarks` makes it)")

def instructions(arguments):
    out = os.path.join(work, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + arguments,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
                   env=dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1"))
    with open(out) as f:
        for line in f:
            if line.startswith("summary:") or line.startswith("totals:"):
                return int(line.split()[1])
    raise SystemExit("callgrind wrote no total")

arbor, bench = os.path.join(work, "arbor"), os.path.join(work, "bench")
def load(source, database):
    return instructions([arbor] + ([database] if database else []) + ["--load", source, "-c", "let x = 1"])

parse_empty = instructions([bench, "--parse-only", empty])
load_empty = {}
print(f"{'instructions beyond an empty file’s run':58s} {'load':>10s} {'parse':>10s}  ratio (≤ 1.5)")
for label, source, database in inputs:
    if database not in load_empty:
        load_empty[database] = load(empty, database)
    loaded = load(source, database) - load_empty[database]
    parsed = instructions([bench, "--parse-only", source]) - parse_empty
    print(f"{label:58s} {loaded / 1e6:8.0f} M {parsed / 1e6:8.0f} M  {loaded / parsed:.2f}")
PY
