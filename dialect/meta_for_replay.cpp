#include "dialect/dialect_takeover.h"

namespace circle {

std::vector<clang::Token> DialectTakeover::metaForBlock(const Replay& r, bool first) {
  RewritePlan plan;
  bool guarded = r.labelsEnd > 0;
  if (!first) plan.add(guarded ? "} }" : "}", r.head.tokens.size() - 1);
  if (first && r.wrapped) plan.add("{", 0);
  if (first && guarded) {
    plan.add("static_assert((", r.anchor);
    plan.append(r.count);
    plan.add(") <= " + std::to_string(kMaxGuardedCases) + ", \"circle's @meta for gives case labels to at most " +
                 std::to_string(kMaxGuardedCases) + " values of a count only the compiler knows\");",
             r.anchor);
  }
  if (r.next < r.values.size()) {
    // static: a case label inside the body may jump past it (C++ allows that past a
    // static variable, not past an automatic one).
    plan.add("{ static constexpr", r.declFrom);
    plan.keep(r.declFrom, r.declTo);
    plan.add("= " + r.values[r.next] + ";", r.anchor);
    if (guarded) {
      plan.add("{", r.bodyFrom - 1);
      plan.keep(r.bodyFrom, r.labelsEnd);
      plan.add("if constexpr (", r.anchor);
      plan.keep(r.declTo - 1);
      plan.add("< (", r.anchor);
      plan.append(r.count);
      plan.add(")) {", r.anchor);
    }
  }
  else if (r.wrapped)
    plan.add("}", r.head.tokens.size() - 1);
  std::vector<clang::Token> out;
  materialize(plan, r.head.tokens, out);
  return out;
}

std::optional<std::vector<std::string>> DialectTakeover::metaValues(const std::vector<RawToken>& t, size_t from, size_t to,
                                                   bool overEnum, DialectError& error) {
  std::vector<std::string> values;
  if (overEnum) {
    bool ambiguous = false;
    const EnumInfo* e = to == from + 1 ? enums_.find(t[from].text, &ambiguous) : nullptr;
    if (!e || ambiguous) {
      error = {to - 1, ambiguous ? "two enumerations are named '" + t[to - 1].text.str() + "'"
                                 : "'" + t[to - 1].text.str() + "' is not an enumeration circle has seen in your "
                                   "files (one in a system header, or with a directive in its body, is not noted)"};
      return std::nullopt;
    }
    for (const std::string& x : e->enumerators) values.push_back(e->name + "::" + x);
    return values;
  }
  long long n = -1;
  if (to == from + 1 && t[from].kind == tok::numeric_constant) {
    if (t[from].text.getAsInteger(10, n)) n = -1;
  } else if (to == from + 3 && t[from + 2].is("enum_count") && t[from + 1].kind == tok::period) {
    bool ambiguous = false;
    if (const EnumInfo* e = enums_.find(t[from].text, &ambiguous); e && !ambiguous) n = e->enumerators.size();
  }
  if (n < 0 || n > 4096) return std::nullopt;
  for (long long i = 0; i < n; ++i) values.push_back(std::to_string(i));
  return values;
}

DialectTakeover::Meta DialectTakeover::startMetaFor(clang::Lexer& lexer, const Lookahead& s,
                                                    std::vector<clang::Token>& before) {
  const std::vector<RawToken>& t = s.raw;
  if (t.size() < 6 || !t[1].is("meta") || !t[2].is("for")) return Meta::NotTaken;
  bool overEnum = t[3].is("enum");
  size_t open = overEnum ? 4 : 3;
  if (t[open].kind != tok::l_paren) return Meta::NotTaken;
  size_t close = matchingClose(t, open);
  std::optional<size_t> colon = rangeForColon(t, open);
  if (close == std::string::npos || !colon || close + 1 >= t.size() || *colon < open + 3 || close < *colon + 2)
    return Meta::NotTaken;
  bool braced = t[close + 1].kind == tok::l_brace;
  size_t bodyEnd = braced ? matchingClose(t, close + 1) : t.size() - 1;
  if (bodyEnd == std::string::npos) return Meta::NotTaken;
  DialectError error;
  std::optional<std::vector<std::string>> values = metaValues(t, *colon + 1, close, overEnum, error);
  // An enumeration not seen while lexing may be a template's, read through the registry
  // (C++20); otherwise, or when its name is ambiguous, that is the error.
  bool ambiguous = false;
  if (overEnum && close == *colon + 2) enums_.find(t[*colon + 1].text, &ambiguous);
  if (overEnum && !values && (ambiguous || !pp_.getLangOpts().CPlusPlus20)) {
    pp_.Diag(s.tokens[error.token].getLocation(), error_) << error.message;
    seekAfter(lexer, t[bodyEnd]);
    return Meta::Dropped;
  }
  if (overEnum && (!values || !braced)) return startMetaForEnumLambda(lexer, s, open, *colon, close, bodyEnd, before);
  size_t labelsEnd = close + 2;
  while (braced && labelsEnd < bodyEnd) {
    if (t[labelsEnd].is("case")) labelsEnd = freeColon(t, labelsEnd + 1, bodyEnd) + 1;
    else if (t[labelsEnd].is("default") && t[labelsEnd + 1].kind == tok::colon) labelsEnd += 2;
    else break;
    if (labelsEnd == 0) return Meta::NotTaken; // a case without its ':'
  }
  bool labels = labelsEnd > close + 2;
  if (!values && labels) {
    values.emplace();
    for (int i = 0; i < kMaxGuardedCases; ++i) values->push_back(std::to_string(i));
  }
  if (!values || !braced) return startMetaForLambda(lexer, s, open, *colon, close, braced, bodyEnd, before);
  Replay r{lexer.getFileID(), (unsigned)t[close + 1].offset, (unsigned)t[bodyEnd].offset, {}, open + 1, *colon,
           *colon + 1, std::move(*values)};
  r.resume = r.open;
  r.wrapped = wrapNextReplay_;
  size_t headEnd = close + 1;
  if (labels && !metaValues(t, *colon + 1, close, overEnum, error)) {
    r.bodyFrom = close + 2;
    r.labelsEnd = labelsEnd;
    r.resume = (unsigned)t[labelsEnd].offset;
    headEnd = labelsEnd;
    planDependentExpression(t, *colon + 1, close, enums_, r.count);
  }
  r.head.tokens.assign(s.tokens.begin(), s.tokens.begin() + headEnd);
  r.head.raw.assign(t.begin(), t.begin() + headEnd);
  if (r.values.empty()) {
    seekAfter(lexer, t[bodyEnd]);
    return Meta::Dropped;
  }
  std::vector<clang::Token> out = std::move(before);
  std::vector<clang::Token> block = metaForBlock(r, true);
  out.insert(out.end(), block.begin(), block.end());
  seek(lexer, r.resume);
  bool guarded = r.labelsEnd > 0;
  replays_.push_back(std::move(r));
  // After the labels the body goes on mid-block, where no '{' of the file starts
  // its statements: they are read from here.
  if (guarded) takeStatements(lexer, out);
  else enter(out);
  return Meta::Started;
}

DialectTakeover::Meta DialectTakeover::startMetaForLambda(clang::Lexer& lexer, const Lookahead& s, size_t open, size_t colon, size_t close,
                        bool braced, size_t bodyEnd, std::vector<clang::Token>& before) {
  const std::vector<RawToken>& t = s.raw;
  if (labelsInLambdaBody(lexer, s, close, bodyEnd)) return Meta::Dropped;
  if (!lambdaFormAllowed(lexer, s, bodyEnd, "this '@meta for' needs C++20 (-std=c++20): its count is not an integer "
                                            "literal or its body is not braced"))
    return Meta::Dropped;
  RewritePlan plan;
  plan.add("::__circle_meta_for<(", colon + 1);
  planDependentExpression(t, colon + 1, close, enums_, plan);
  plan.add(")>([&]<", open);
  plan.keep(open + 1, colon);
  plan.add(braced ? ">()" : ">() {", close);
  enterLambdaForm(lexer, s, plan, close, bodyEnd, braced ? ");" : "});", before);
  return Meta::Started;
}

DialectTakeover::Meta DialectTakeover::startMetaForEnumLambda(clang::Lexer& lexer, const Lookahead& s, size_t open,
                                                              size_t colon, size_t close, size_t bodyEnd,
                                                              std::vector<clang::Token>& before) {
  if (labelsInLambdaBody(lexer, s, close, bodyEnd)) return Meta::Dropped;
  if (!lambdaFormAllowed(lexer, s, bodyEnd, "this '@meta for enum' needs C++20 (-std=c++20): its enumeration is a "
                                            "template's or its body is not braced"))
    return Meta::Dropped;
  RewritePlan plan;
  plan.add("::__circle_meta_for_enum<", colon + 1);
  plan.keep(colon + 1, close);
  plan.add(">([&]<int __circle_enum_k>() { constexpr", open);
  plan.keep(open + 1, colon);
  plan.add("= ::__circle_enum_value_at<", colon + 1);
  plan.keep(colon + 1, close);
  plan.add(", __circle_enum_k>;", close);
  enterLambdaForm(lexer, s, plan, close, bodyEnd, "});", before);
  return Meta::Started;
}

bool DialectTakeover::labelsInLambdaBody(clang::Lexer& lexer, const Lookahead& s, size_t close, size_t bodyEnd) {
  // A label of the enclosing switch would land in the lambda (Clang: "'case' statement
  // not in switch statement"); a braced body is read once per value instead.
  size_t label = close + 1;
  if (label > bodyEnd || !(s.raw[label].is("case") || s.raw[label].is("default"))) return false;
  std::string word = s.raw[label].text.str();
  pp_.Diag(s.tokens[label].getLocation(), error_)
      << "a '" + word + "' label as the unbraced body of '@meta for' would be inside the lambda circle makes of "
         "it: brace the body, '{ " + word + " ...: ...; }'";
  seekAfter(lexer, s.raw[bodyEnd]);
  return true;
}

bool DialectTakeover::lambdaFormAllowed(clang::Lexer& lexer, const Lookahead& s, size_t bodyEnd, const std::string& why) {
  // Said here, not as the prelude's missing helper.
  if (pp_.getLangOpts().CPlusPlus20) return true;
  pp_.Diag(s.tokens[0].getLocation(), error_) << why + ", so the body becomes a template lambda";
  seekAfter(lexer, s.raw[bodyEnd]);
  return false;
}

void DialectTakeover::enterLambdaForm(clang::Lexer& lexer, const Lookahead& s, const RewritePlan& plan, size_t close,
                                      size_t bodyEnd, const char* closing, std::vector<clang::Token>& before) {
  std::vector<clang::Token> out = std::move(before);
  materialize(plan, s.tokens, out);
  after_[{lexer.getFileID(), (unsigned)s.raw[bodyEnd].offset}] = closing;
  seekTo(lexer, s.raw[close + 1]);
  enter(out);
}

bool DialectTakeover::replayMetaFor(const clang::Token& brace, std::vector<clang::Token>& due) {
  Replay& r = replays_.back();
  if (!brace.getLocation().isFileID()) return false;
  auto [file, offset] = sm_.getDecomposedLoc(brace.getLocation());
  clang::Lexer* lexer = file == r.file && offset == r.close ? fileLexerAfter(brace) : nullptr;
  if (!lexer) return false;
  ++r.next;
  std::vector<clang::Token> out = metaForBlock(r, false);
  bool again = r.next < r.values.size();
  bool guarded = r.labelsEnd > 0;
  if (again) seek(*lexer, r.resume);
  else replays_.pop_back();
  due.insert(due.begin(), out.begin(), out.end());
  if (again && guarded) {
    takeStatements(*lexer, due);
    due.clear();
  }
  return again;
}

} // namespace circle
