#!/usr/bin/env bash
# Runs scripts/install.sh into a temporary prefix and HOME, as root and as a user
# without root (made with useradd when absent), and checks what it installed: the
# binary runs and is stripped, bash's completion function completes `arbor <TAB>`
# (files, no `help`), `arbor --format <TAB>` and `arbor --load <TAB>`, `man -l`
# shows the page; then --uninstall removes it all. Builds the release binary once.
# Needs root (to make the user); CI runs it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
user=arbor-install-test

[ "$(id -u)" -eq 0 ] || { echo "test-install.sh: run as root (it creates a user to install as)" >&2; exit 2; }
if ! command -v man >/dev/null 2>&1; then
    apt-get update && apt-get install -y man-db
fi
id "$user" >/dev/null 2>&1 || useradd --no-create-home --shell /bin/bash "$user"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# A folder to complete in: a database, a folder of models, other files.
mkdir -p "$work/project/Models"
for file in library.sqlite Models/Author.swift Models/notes.txt README.md; do touch "$work/project/$file"; done
chmod -R a+rX "$work/project"

# The completions bash offers for a command line (the words as bash splits them),
# by the installed script's function, in the project folder.
completions() { # prefix line [runner...]
    local prefix="$1" line="$2"
    shift 2
    (cd "$work/project" && "$@" bash -c '
        source "$1/share/bash-completion/completions/arbor"
        COMP_LINE="$2"
        read -ra COMP_WORDS <<< "$2"
        [[ "$2" == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        COMP_POINT=${#COMP_LINE}
        _arbor arbor "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "' _ "$prefix" "$line")
}

check() { # label prefix home [runner...]
    local label="$1" prefix="$2" home="$3"
    shift 3
    local arbor="$prefix/bin/arbor"
    [ -x "$arbor" ] || { fail "$label: no $arbor"; return; }
    local count
    count="$("$@" env HOME="$home" XDG_CONFIG_HOME="$home/.config" "$arbor" -c 'Author.fetchCount(db)' </dev/null)" \
        || fail "$label: arbor does not run"
    [ "$count" = 76 ] || fail "$label: arbor -c printed '$count', not 76"
    "$@" "$arbor" --version | grep -q 'GRDB' || fail "$label: --version names no GRDB"
    if command -v readelf >/dev/null 2>&1 && readelf -S "$arbor" | grep -q '\.symtab'; then
        fail "$label: the binary is not stripped"
    fi
    local got
    got="$(completions "$prefix" "arbor " "$@")"
    [ "$got" = "Models README.md library.sqlite " ] || fail "$label: arbor <TAB> gave '$got'"
    got="$(completions "$prefix" "arbor --format " "$@")"
    [ "$got" = "csv dot json jsonl mermaid sql swift table tree tsv " ] || fail "$label: arbor --format <TAB> gave '$got'"
    got="$(completions "$prefix" "arbor --load " "$@")"
    [ "$got" = "Models " ] || fail "$label: arbor --load <TAB> gave '$got'"
    got="$(completions "$prefix" "arbor --load Models/" "$@")"
    [ "$got" = "Models/Author.swift " ] || fail "$label: arbor --load Models/<TAB> gave '$got'"
    local page
    page="$("$@" env MANWIDTH=80 MANPAGER=cat PAGER=cat man -l "$prefix/share/man/man1/arbor.1" 2>&1)" \
        || fail "$label: man -l failed: $page"
    for section in SYNOPSIS 'EXIT STATUS' ENVIRONMENT FILES EXAMPLES; do
        grep -q "^$section" <<<"$page" || fail "$label: the man page has no $section"
    done
    for file in share/zsh/site-functions/_arbor share/fish/vendor_completions.d/arbor.fish; do
        [ -s "$prefix/$file" ] || fail "$label: no $prefix/$file"
    done
}

uninstall_check() { # label prefix [runner...]
    local label="$1" prefix="$2"
    shift 2
    "$@" "$work/install.sh" --uninstall "$prefix" >/dev/null || fail "$label: --uninstall failed"
    local left
    left="$(find "$prefix" -type f | wc -l)"
    [ "$left" -eq 0 ] || fail "$label: --uninstall left $left files"
}

cp "$root/scripts/install.sh" "$work/install.sh"
chmod 755 "$work/install.sh"

# As root: build, strip, install into a prefix whose folders do not exist yet.
echo "== as root"
"$root/scripts/install.sh" "$work/root-prefix/deep/local"
check root "$work/root-prefix/deep/local" "$work/root-home"
uninstall_check root "$work/root-prefix/deep/local"

# As a user without root: the default prefix, ~/.local, in a fresh HOME. The user
# installs the binary root built (it can not write to this checkout's .build).
echo "== as $user"
cp "$(cd "$root" && swift build -c release --show-bin-path)/arbor" "$work/arbor-built"
chmod 755 "$work/arbor-built"
mkdir -p "$work/user-home"
chown "$user" "$work/user-home"
as_user=(setpriv --reuid="$user" --regid="$user" --init-groups env HOME="$work/user-home" PATH="$PATH")
"${as_user[@]}" "$work/install.sh" --binary "$work/arbor-built"
check "$user" "$work/user-home/.local" "$work/user-home" "${as_user[@]}"
echo "binary: $(wc -c <"$work/arbor-built") bytes unstripped, $(wc -c <"$work/user-home/.local/bin/arbor") installed (stripped)"
# A prefix the user can not write to fails, and says so.
if "${as_user[@]}" "$work/install.sh" --binary "$work/arbor-built" /usr/local/arbor-test-denied 2>/dev/null; then
    fail "$user: installing into /usr/local succeeded without root"
    rm -rf /usr/local/arbor-test-denied
fi
uninstall_check "$user" "$work/user-home/.local" "${as_user[@]}"

if [ "$failures" -gt 0 ]; then
    echo "test-install.sh: $failures failures" >&2
    exit 1
fi
echo "test-install.sh: all checks passed"
