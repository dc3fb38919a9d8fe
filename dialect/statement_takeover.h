// How Circle's statements reach Clang's parser, which stays unpatched: the
// preprocessor's token watcher sees each token as it is lexed. After a ';', '{' or '}'
// of a user's file it reads the next statement raw from the file; when the
// statement holds Circle's syntax (dialect/pack_expansion.h) it is respelled as
// standard C++, the file lexer is moved past it and the respelled tokens are entered
// in its place. A range-for's ':' does the same for its range-init
// (dialect/range_for.h). The user's tokens keep their source locations, so Clang's
// diagnostics and circle's other watchers (the `if target` gate, launch chevrons) see
// the lines the user wrote.
//
// What is left as written, for Clang to judge: system headers, statements that come
// from a macro's expansion, and statements with a preprocessor directive inside.
// `circle -E` prints the dialect unchanged; compiling that output respells it then.
#pragma once
#include <functional>
#include <vector>

namespace clang {
class Preprocessor;
class Token;
} // namespace clang

namespace circle {

// `sms`: the -sm_XX targets, nvvm_arch_t's enumerators.
std::function<void(const clang::Token&)> takeOverDialectStatements(clang::Preprocessor& pp,
                                                                 const std::vector<int>& sms);

} // namespace circle
