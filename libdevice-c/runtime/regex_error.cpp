// <regex>'s out-of-line half for the device: regex_error's constructor from an error
// code (its what() names the error), its destructor (the key function that places
// its vtable) and __throw_regex_error, which the headers' parser calls.
#include <regex>

namespace {

const char* describe(std::regex_constants::error_type code) {
  namespace rc = std::regex_constants;
  switch (code) {
  case rc::error_collate: return "regex_error: an invalid collating element name";
  case rc::error_ctype: return "regex_error: an invalid character class name";
  case rc::error_escape: return "regex_error: an invalid escaped character, or a trailing escape";
  case rc::error_backref: return "regex_error: a back reference to a group that does not exist";
  case rc::error_brack: return "regex_error: unmatched '[' or ']'";
  case rc::error_paren: return "regex_error: unmatched '(' or ')'";
  case rc::error_brace: return "regex_error: unmatched '{' or '}'";
  case rc::error_badbrace: return "regex_error: an invalid range in a {} expression";
  case rc::error_range: return "regex_error: an invalid character range, such as [b-a]";
  case rc::error_space: return "regex_error: not enough memory to turn the expression into a machine";
  case rc::error_badrepeat: return "regex_error: a repeat (*?+{) that follows nothing repeatable";
  case rc::error_complexity: return "regex_error: matching this expression is too complex";
  case rc::error_stack: return "regex_error: not enough memory to match";
  default: return "regex_error";
  }
}

} // namespace

namespace std {

regex_error::regex_error(regex_constants::error_type code) : runtime_error(describe(code)), _M_code(code) {}

regex_error::~regex_error() throw() = default;

void __throw_regex_error(regex_constants::error_type code) { throw regex_error(code); }

} // namespace std
