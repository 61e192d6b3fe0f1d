#!/usr/bin/env bash
# Installs arbor under a prefix: the release binary (stripped), the man page and
# the completions for bash, zsh and fish, creating the folders it needs. No sudo:
# choose a prefix you can write to (the default, ~/.local, needs no root).
#
#   scripts/install.sh [PREFIX]               build, strip and install (PREFIX: ~/.local)
#   scripts/install.sh --binary FILE [PREFIX] install FILE instead of building
#   scripts/install.sh --uninstall [PREFIX]   remove what install put there
#
# Under PREFIX: bin/arbor, share/man/man1/arbor.1,
# share/bash-completion/completions/arbor, share/zsh/site-functions/_arbor,
# share/fish/vendor_completions.d/arbor.fish.
set -euo pipefail

usage() {
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

action=install
binary=""
while [ $# -gt 0 ]; do
    case "$1" in
    --uninstall) action=uninstall; shift ;;
    --binary) [ $# -ge 2 ] || usage; binary="$2"; shift 2 ;;
    -h | --help) usage ;;
    -*) echo "install.sh: unknown option $1" >&2; usage ;;
    *) break ;;
    esac
done
[ $# -le 1 ] || usage
if [ $# -eq 1 ]; then
    prefix="$1"
else
    [ -n "${HOME:-}" ] || { echo "install.sh: no HOME: give a PREFIX" >&2; exit 2; }
    prefix="$HOME/.local"
fi
case "$prefix" in
/*) ;;
*) prefix="$(pwd)/$prefix" ;;
esac

files=(
    "bin/arbor"
    "share/man/man1/arbor.1"
    "share/bash-completion/completions/arbor"
    "share/zsh/site-functions/_arbor"
    "share/fish/vendor_completions.d/arbor.fish"
)

if [ "$action" = uninstall ]; then
    for file in "${files[@]}"; do
        if [ -e "$prefix/$file" ]; then
            rm -f "$prefix/$file"
            echo "removed $prefix/$file"
        fi
    done
    exit 0
fi

if [ -z "$binary" ]; then
    cd "$(dirname "$0")/.."
    swift build -c release --product arbor
    binary="$(swift build -c release --show-bin-path)/arbor"
fi
[ -x "$binary" ] || { echo "install.sh: $binary is not an executable" >&2; exit 2; }

staging="$(mktemp -d)"
trap 'rm -rf "$staging"' EXIT
cp "$binary" "$staging/arbor"
# The symbols are for debugging: a stripped binary is a quarter of the size.
if command -v strip >/dev/null 2>&1; then
    strip "$staging/arbor"
else
    echo "install.sh: note: no strip command, the binary is installed unstripped" >&2
fi
"$staging/arbor" --generate-manual >"$staging/arbor.1"
"$staging/arbor" --generate-completion-script bash >"$staging/arbor.bash"
"$staging/arbor" --generate-completion-script zsh >"$staging/_arbor"
"$staging/arbor" --generate-completion-script fish >"$staging/arbor.fish"

install -d "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
    "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
install -m 755 "$staging/arbor" "$prefix/bin/arbor"
install -m 644 "$staging/arbor.1" "$prefix/share/man/man1/arbor.1"
install -m 644 "$staging/arbor.bash" "$prefix/share/bash-completion/completions/arbor"
install -m 644 "$staging/_arbor" "$prefix/share/zsh/site-functions/_arbor"
install -m 644 "$staging/arbor.fish" "$prefix/share/fish/vendor_completions.d/arbor.fish"
for file in "${files[@]}"; do echo "installed $prefix/$file"; done

case ":${PATH}:" in
*":$prefix/bin:"*) ;;
*) echo "note: $prefix/bin is not on your PATH: add it (export PATH=\"$prefix/bin:\$PATH\")" >&2 ;;
esac
