#!/usr/bin/env bash
# Endurance: one line-mode session of 100,000 statements (requests, errors,
# `let` bindings reassigned over and over, declarations redeclared, counts) on
# the demo library, reporting arbor's resident memory (VmRSS) after 10k, 50k
# and 100k statements. Memory that holds steady means nothing grows per
# statement (history, bindings, caches, declarations).
#
#   Benchmarks/endurance.sh [STATEMENTS]      # default 100000; release build
#   ARBOR_BINARY=.build/debug/arbor Benchmarks/endurance.sh 5000   # another binary, no build
set -euo pipefail
cd "$(dirname "$0")/.."
total="${1:-100000}"
binary="${ARBOR_BINARY:-}"
if [ -z "$binary" ]; then
    flock /tmp/arbor-build.lock swift build -c release --product arbor >&2
    binary=.build/release/arbor
fi
exec python3 - "$total" "$binary" <<'PY'
import subprocess, sys, threading, time

total, arbor = int(sys.argv[1]), sys.argv[2]
checkpoints = [n for n in (1_000, 10_000, 50_000, 100_000, total) if n <= total]
checkpoints = sorted(set(checkpoints))

def statement(i):
    """The i-th statement: a mix of what a long session types."""
    kind = i % 12
    if kind == 0: return f'let recent = Book.filter(Column("year") > {1800 + i % 200})'
    if kind == 1: return 'recent.limit(3)'
    if kind == 2: return f'Book.nope{i % 100}'                       # error: unknown member
    if kind == 3: return f'extension Book {{ static let writer{i % 7} = belongsTo(Author.self, using: ForeignKey(["authorId"])) }}'
    if kind == 4: return f'Author.including(all: Author.books).filter(key: {i % 50 + 1})'
    if kind == 5: return f'Book.including(required: Book.writer{i % 7}).limit(2)'
    if kind == 6: return f'Author.annotated(with: Author.books.count).having(Author.books.count > {i % 5}).limit(5)'
    if kind == 7: return 'Book.filter(Column("title").like("%a%")).fetchCount()'
    if kind == 8: return f'let x = Column("year") + {i}'
    if kind == 9: return 'Book.filter(x > 2000).limit(1)'
    if kind == 10: return 'Book.filter(Column("year") >)'             # error: syntax
    return f'let books = Author.books.filter(Column("year") > {i % 300 + 1700})'

def mark(n):
    return f'Book.filter(key: 1).select(sql: "\'endurance-mark-{n}\' AS mark")'

process = subprocess.Popen([arbor, '--no-tui'], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, bufsize=1 << 16)
seen = {}
lock = threading.Condition()

def read():
    for line in process.stdout:
        if b'endurance-mark-' in line:
            n = int(line.split(b'endurance-mark-')[1].split(b'"')[0])
            with lock:
                seen[n] = True
                lock.notify_all()

reader = threading.Thread(target=read, daemon=True)
reader.start()

def rss_kib():
    with open(f'/proc/{process.pid}/status') as f:
        for line in f:
            if line.startswith('VmRSS:'): return int(line.split()[1])
    return 0

print(f'{"statements":>12}  {"VmRSS":>10}  {"seconds":>8}')
start = time.time()
written = 0
for checkpoint in checkpoints:
    chunk = ''.join(statement(i) + '\n' for i in range(written, checkpoint)) + mark(checkpoint) + '\n'
    process.stdin.write(chunk.encode())
    process.stdin.flush()
    written = checkpoint
    with lock:
        while checkpoint not in seen:
            if not lock.wait(timeout=600): sys.exit(f'no mark after {checkpoint} statements')
    time.sleep(0.2)  # let the allocator settle
    print(f'{checkpoint:>12}  {rss_kib() / 1024:>7.1f} MB  {time.time() - start:>8.1f}', flush=True)
process.stdin.close()
process.wait()
print(f'exit status {process.returncode} (1: the session had failing statements, as intended)')
PY
