#!/usr/bin/env bash
# Every public call that returns a status starts with LITDNN_API_CALL("name")
# (the name a caller writes: litdnnCreate for litdnnCreateVersioned),
# which names the call for its messages and clears the last error: after a
# call that succeeded, litdnnGetLastErrorString() is "".
#
#   mk/lint-api.sh TANGLED_DIR
set -euo pipefail
dir=${1:-tangled}
# the public calls that return a status, from the headers
calls=$(grep -hoE '^litdnnStatus_t[[:space:]]+litdnn[A-Z][A-Za-z0-9]*' "$dir"/include/litdnn/*.h |
        awk '{print $2}' | sort -u)
status=0
for c in $calls; do
  # the definition: the name at the start of a line's declaration, then the
  # body up to its first statement
  def=$(grep -lE "^litdnnStatus_t[[:space:]]+$c\(" -r "$dir/src" || true)
  if [ -z "$def" ]; then
    echo "lint-api: $c is declared in a public header but defined nowhere in $dir/src" >&2
    status=1; continue
  fi
  for f in $def; do
    body=$(awk -v name="$c" '
      $0 ~ "^litdnnStatus_t[ \t]+" name "\\(" { on = 1 }
      on && /^\{/ { body = 1; next }
      on && body && !/^#line/ && NF { print; exit }' "$f")
    case $body in
      *"LITDNN_API_CALL(\"litdnn"*) ;;
      *) echo "lint-api: $f: $c does not start with LITDNN_API_CALL(\"$c\") (it starts: ${body## })" >&2
         status=1 ;;
    esac
  done
done
exit $status
