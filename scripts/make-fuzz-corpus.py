#!/usr/bin/env python3
"""Writes the fuzzer's seed corpus from the guide requests.

Every entry of Tests/ArborSessionTests/Fixtures/guide-requests.txt (its `let`
statements and its final expression) becomes one file
Tests/Fuzz/corpus/guide-FILE-LINE.txt. Other files of the corpus (the
hand-written `tricky-*.txt` seeds) are left alone.

Usage: scripts/make-fuzz-corpus.py   (from anywhere)
"""
import os
import re

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
source = os.path.join(root, "Tests/ArborSessionTests/Fixtures/guide-requests.txt")
corpus = os.path.join(root, "Tests/Fuzz/corpus")
os.makedirs(corpus, exist_ok=True)

for name in os.listdir(corpus):
    if name.startswith("guide-"):
        os.remove(os.path.join(corpus, name))

with open(source, encoding="utf-8") as f:
    blocks = f.read().split("\n\n")

count = 0
for block in blocks:
    lines = [line for line in block.split("\n") if line.strip()]
    origin = next((l for l in lines if re.match(r"^# \S+\.(md|txt):\d+", l)), None)
    statements = [l for l in lines if not l.startswith("#")]
    if origin is None or not statements:
        continue
    place = origin[2:].split()[0].replace(".md", "").replace(".txt", "").replace(":", "-")
    path = os.path.join(corpus, f"guide-{place}.txt")
    suffix = 2
    while os.path.exists(path):
        path = os.path.join(corpus, f"guide-{place}-{suffix}.txt")
        suffix += 1
    with open(path, "w", encoding="utf-8") as out:
        out.write("\n".join(statements) + "\n")
    count += 1

print(f"{count} seeds in {os.path.relpath(corpus, root)}")
