// nvcc reads a '%' in extended inline assembly that starts no operand reference
// (`asm("mov.u64 %0, %globaltimer;" : "=l"(t))`: a PTX special register written with
// one '%') as the text it is. Clang's rules call it an invalid escape; in device code
// that error is deferred and never said, and CodeGen silently drops the rest of the
// string, which ptxas then rejects. Such a '%' is doubled before code generation, so
// every pass reads the string as nvcc does.
#pragma once

namespace circle {

class WalkTape;

void acceptNvccAsmPercents(const WalkTape& tape);

} // namespace circle
