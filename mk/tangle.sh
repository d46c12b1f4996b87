#!/usr/bin/env bash
# Tangle every chapter into tangled/, in one noweb scope.
#
#   mk/tangle.sh OUTDIR CHAPTER.nw...
#
# Root chunks are named by their path under OUTDIR.  C and CUDA files and
# kernel headers (.cuh) get #line directives so that compiler errors point
# into the chapters; other headers and scripts do not.  cpif keeps the time stamp of a file whose text did not
# change, so make rebuilds only what a chapter edit really touched.  Files
# under OUTDIR that no chapter produces any more are removed.
set -euo pipefail
out=$1; shift
status=0

# An unescaped CUDA launch k<<<g,b>>>(x) reads as a chunk reference to "<g,b".
if grep -nP '(?<!@)<<<' "$@" >/tmp/litdnn-lint.$$; then
  echo "tangle: unescaped '<<<' (write 'k@<<<grid, block>>>(args)'):" >&2
  sed 's/^/  /' /tmp/litdnn-lint.$$ >&2
  status=1
fi
rm -f /tmp/litdnn-lint.$$

roots=$(noroots "$@" | sed -e 's/^<<//' -e 's/>>$//')
# A root that is not a path is a chunk defined but never used: most often a
# misspelt chunk name.
while IFS= read -r root; do
  if ! [[ $root =~ ^[A-Za-z0-9_./+-]+$ ]]; then
    echo "tangle: chunk <<$root>> is defined but never used" >&2
    status=1
  fi
done <<<"$roots"
[ $status -eq 0 ] || exit $status

manifest=$(mktemp)
err=$(mktemp)
while IFS= read -r root; do
  [ -n "$root" ] || continue
  target=$out/$root
  mkdir -p "$(dirname "$target")"
  case $root in
    *.c|*.cu|*.cuh) lines=(-L) ;;
    *) lines=() ;;
  esac
  # notangle writes the file even when a chunk is undefined, then fails:
  # report and stop, so a half-tangled file never reaches the compiler. The
  # new text goes to a temporary file outside the tree, so that two tangles
  # running at once never see each other's half-written files.
  new=$(mktemp)
  if ! notangle "${lines[@]}" -R"$root" "$@" 2>"$err" >"$new" || [ -s "$err" ]; then
    cat "$err" >&2
    rm -f "$new" "$err" "$manifest"
    exit 1
  fi
  if cmp -s "$new" "$target"; then rm -f "$new"; else cat "$new" >"$target"; rm -f "$new"; echo "tangled $target"; fi
  case $root in */litdnn-emucc|*.sh) chmod +x "$target" ;; esac
  echo "$target" >>"$manifest"
done <<<"$roots"
rm -f "$err"

# Remove what no chapter produces any more.
find "$out" -type f | sort | comm -23 - <(sort "$manifest") | while IFS= read -r stale; do
  echo "removed $stale (no chapter produces it)"; rm -f "$stale"
done
find "$out" -type d -empty -delete
rm -f "$manifest"
