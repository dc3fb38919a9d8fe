#!/usr/bin/env bash
# Circle's constructs x the positions C++ gives their kind (tests/e2e/dialect_matrix.py):
# each cell compiles and prints its value, or fails with the diagnostic that says
# circle does not take it. A construct's cells are built as one program first; a cell
# of a program that does not build is then built alone, which names it. The kernel
# cells are one program, built for sm_75 here and run by the GPU suite
# (tests/gpu/cases/dialect_matrix_kernels.cxx, which must be the generator's).
source "$(dirname "$0")/lib.sh"
matrix="$CIRCLE_ROOT/tests/e2e/dialect_matrix.py"
python3 "$matrix" cells cells || exit 1
python3 "$matrix" kernels kernels.cxx
expect_eq "$(diff kernels.cxx "$CIRCLE_ROOT/tests/gpu/cases/dialect_matrix_kernels.cxx" > /dev/null && echo same)" same \
  "tests/gpu/cases/dialect_matrix_kernels.cxx is what the generator writes (run it: dialect_matrix.py kernels FILE)"
cells=$(grep -c '^  run(' kernels.cxx)
expect_eq "$(tail -1 "$CIRCLE_ROOT/tests/gpu/expected/dialect_matrix_kernels.out")" "$cells of $cells kernel cells as expected" \
  "tests/gpu/expected/dialect_matrix_kernels.out counts every kernel cell"
out=$(cu -sm_75 kernels.cxx -o kernels 2>&1)
expect_eq "$?" 0 "the kernel cells build for sm_75 ($(grep -m3 error <<< "$out"))"

# One cell alone: its verdict on one line, "ok NAME" or "FAIL NAME: why".
cell() {
  local name=$1 expect out rc got
  expect=$(cat "cells/$name.expect")
  out=$("$CIRCLE" "cells/$name.cxx" -o "cells/$name.bin" 2>&1); rc=$?
  case "$expect" in
  err\ *)
    if [ $rc -eq 1 ] && grep -qF -- "${expect#err }" <<< "$out" && [ ! -e "cells/$name.bin" ]; then echo "ok $name"
    else echo "FAIL $name: expected the error [${expect#err }], got status $rc: $(head -3 <<< "$out" | tr '\n' ' ')"; fi ;;
  out\ *)
    if [ $rc -ne 0 ]; then echo "FAIL $name: does not compile: $(grep -m2 'error' <<< "$out" | tr '\n' ' ')"; return; fi
    got=$(timeout 10 "./cells/$name.bin" 2>&1)
    if [ "$got" == "${expect#out }" ]; then echo "ok $name"
    else echo "FAIL $name: printed [$(tr '\n' ' ' <<< "$got")], expected [$(tr '\n' ' ' <<< "${expect#out }")]"; fi ;;
  esac
}
# A construct's program: each cell's verdict from its "== NAME" section, or, when the
# program does not build, each cell alone.
group() {
  local construct=$1 name
  if ! "$CIRCLE" "cells/groups/$construct.cxx" -o "cells/groups/$construct.bin" > "cells/groups/$construct.log" 2>&1; then
    for f in cells/"$construct".*.cxx; do name=$(basename "$f" .cxx); [ -e "cells/$name.kernel" ] || cell "$name"; done
    return
  fi
  timeout 60 "./cells/groups/$construct.bin" > "cells/groups/$construct.out" 2>&1
  for f in cells/"$construct".*.cxx; do
    name=$(basename "$f" .cxx)
    [ -e "cells/$name.kernel" ] && continue
    case "$(cat "cells/$name.expect")" in err\ *) cell "$name"; continue ;; esac
    local got want
    got=$(awk -v n="== $name" '$0 == n { on = 1; next } /^== / { on = 0 } on' "cells/groups/$construct.out")
    want=$(sed '1s/^out //' "cells/$name.expect")
    if [ "$got" == "$want" ]; then echo "ok $name"
    else echo "FAIL $name: printed [$(tr '\n' ' ' <<< "$got")], expected [$(tr '\n' ' ' <<< "$want")]"; fi
  done
}
export -f cell group
export CIRCLE
ls cells/groups/*.cxx | xargs -n1 basename | sed 's/\.cxx$//' | xargs -P 2 -I{} bash -c 'group {}' > verdicts.txt
while read -r verdict; do
  check
  case "$verdict" in ok\ *) ;; *) fail "$verdict" ;; esac
done < verdicts.txt
echo "$(grep -c '^ok' verdicts.txt) of $(wc -l < verdicts.txt) host cells as expected"
finish
