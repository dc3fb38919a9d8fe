// Circle's `@meta printf(format, args...);`: printed while compiling, once per
// instantiation of the code it sits in (a template's, a replayed @meta for body's).
// The statement becomes a local constant carrying Clang's annotate attribute,
//   [[clang::annotate("circle.meta_printf", format, args...), maybe_unused]]
//     constexpr int __circle_meta_printf_N = 0;
// whose arguments Clang evaluates as constant expressions in each instantiation; after
// the parse circle prints each such declaration's arguments through the format, in
// the order of the declarations (templates' instantiations after their pattern),
// which may differ from the order Circle's compiler instantiates them.
#pragma once
#include "dialect/rewrite_plan.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <variant>

namespace clang {
class ASTContext;
}

namespace circle {

// `@ meta printf ( ... ) ;` (t ends at its ';'): the declaration; nothing for other
// statements. `braced`: in braces of its own, as the one statement of an if, else, loop
// or label (a declaration there would be in scope of the cases a switch jumps to).
std::optional<std::variant<RewritePlan, DialectError>> planMetaPrintf(const std::vector<RawToken>& t,
                                                                      bool braced = false);

// Prints every @meta printf the parse instantiated; cheap when the file had none.
void printMetaPrintfs(clang::ASTContext& ast, llvm::raw_ostream& out);

} // namespace circle
