# nvcc's command lines as real builds write them (tests/e2e/nvcc_flag_matrix.txt), each
# with nvcc's effect checked on what circle does: the fat binary's sms, the PTX, the
# words reaching ptxas, fatbinary, the linker and the parse, notes and errors, files.
source "$(dirname "$0")/lib.sh"
cat > k.cu <<'CU'
#include <cstdio>
__global__ void k(float* p) { p[threadIdx.x] = sinf(p[threadIdx.x]) / p[threadIdx.x + 32]; }
int main() {
  float* d = nullptr;
  if (cudaMalloc(&d, 256) != cudaSuccess) { std::printf("no GPU\n"); return 0; }
  k<<<1, 32>>>(d);
  cudaDeviceSynchronize();
  std::printf("ok\n");
}
CU
# Runs circle in the case's directory with its flags and ARGS: rc, out (all it said), short.
run() {
  (cd "$d" && eval "\"$CIRCLE\" --cuda-path=\"$CUDA_PATH\" $flags $*") > "$d/out.txt" 2>&1
  rc=$?
  out=$(cat "$d/out.txt")
  short=${out:0:400}
}
words() { grep -F -- "$1" <<< "$out" | head -1; } # the first line of circle's output naming $1
n=0
while IFS= read -r line; do
  line=${line%%# *}
  [[ "$line" =~ ^[[:space:]]*$ ]] && continue
  IFS='|' read -r flags kind expected <<< "$line"
  flags=$(echo $flags); kind=$(echo $kind); expected=$(echo $expected)
  n=$((n + 1)); d="case$n"; mkdir "$d"; cp k.cu "$d/"
  what="[$flags] ($kind)"
  case $kind in
    sms)
      run k.cu -o k
      expect_eq "$rc" 0 "$what: compiles ($short)"
      got=$("$CIRCLE" --list-fatbin="$d/k" 2>&1 | grep -oE 'sm_[0-9]+a?\.cubin' | sed 's/\.cubin//' | sort -u | tr '\n' ' ')
      expect_eq "$got" "$(tr ' ' '\n' <<< "$expected" | sort -u | tr '\n' ' ')" "$what: the fat binary's sms" ;;
    ptx|ptx!)
      run k.cu -o k --keep --keep-dir kd
      expect_eq "$rc" 0 "$what: compiles ($short)"
      ptx=$(cat "$(ls "$d"/kd/*.ptx | head -1)" 2>/dev/null)
      if [ $kind = ptx ]; then expect_contains "$ptx" "$expected" "$what: the PTX"
      else expect_not_contains "$ptx" "$expected" "$what: the PTX"; fi ;;
    ptxas|ptxas!|fatbinary|link)
      run k.cu -o k -v
      expect_eq "$rc" 0 "$what: compiles ($short)"
      case $kind in
        ptxas*) tool=$(words 'bin/ptxas"') ;;
        fatbinary) tool=$(words 'bin/fatbinary"') ;;
        link) tool=$(grep -E '^ "[^"]*c\+\+"' <<< "$out" | head -1) ;;
      esac
      expect_ne "$tool" "" "$what: circle -v shows the tool's line"
      if [ $kind = ptxas! ]; then expect_not_contains "$tool" "$expected" "$what"
      else expect_contains "$tool" "$expected" "$what"; fi ;;
    parse|parse!)
      run -c k.cu -o k.o -###
      expect_eq "$rc" 0 "$what: accepted ($short)"
      parse=$(words '(parse, in circle)')
      if [ $kind = parse ]; then expect_contains "$parse" "$expected" "$what: the parse's words"
      else expect_not_contains "$parse" "$expected" "$what: the parse's words"; fi ;;
    note)
      run -c k.cu -o k.o
      expect_eq "$rc" 0 "$what: accepted ($short)"
      expect_contains "$out" "$expected" "$what: the note" ;;
    error)
      run -c k.cu -o k.o
      expect_eq "$rc" 1 "$what: refused ($short)"
      expect_contains "$out" "$expected" "$what: the reason" ;;
    out)
      run k.cu
      expect_eq "$rc" 0 "$what: exit status ($short)"
      expect_contains "$out" "$expected" "$what: the output" ;;
    file)
      run k.cu
      expect_eq "$rc" 0 "$what: exit status ($short)"
      expect_file "$d/$expected" "$what" ;;
    object)
      run -c k.cu -o k.o
      expect_eq "$rc" 0 "$what: compiles ($short)"
      expect_file "$d/k.o" "$what: the object" ;;
    *) fail "line $n: unknown check '$kind'" ;;
  esac
done < "$CIRCLE_ROOT/tests/e2e/nvcc_flag_matrix.txt"
[ "$n" -ge 150 ] || fail "the matrix has $n command lines; it should keep at least 150"
echo "$n command lines"
finish
