// Circle's dynamic packs, found in a statement's tokens and written out as C++ for the
// two places that expand them: a statement `expr ...;` (dialect/pack_expansion.h) and
// a fold `(... op expr)` anywhere an expression may be (dialect/dynamic_folds.h).
//   x[:]            each element of x: an array, anything with begin() (what a ranged
//                   for reads: std::set, std::list too), or with size() and operator[]
//   x[b:e:s]        Circle's slice: an index below 0 counts from the end (-1 is one past
//                   the last); a negative step walks [e, b) down (x[::-1] is x reversed)
//   @range(), int...                 the expansion's index
//   @range(n), int...(n)             0 ... n-1
//   @range(a:b:c), int...(a:b:c)     a, a+c, ... before b (a negative step walks [b, a)
//                                    down from a-1); without b the range has no length
//                                    of its own (the other packs give it), but for a
//                                    negative step, where b is 0
// Each expansion binds every sliced object once, counts the shortest pack and runs its
// pattern for each index:
//   auto&& __circle_slice0 = (x);
//   int const __circle_count = ::__circle_pack_count(::__circle_slice_size(__circle_slice0));
//   auto __circle_slice0_walk = ::__circle_walker(__circle_slice0);
//   ... __circle_slice0_walk[__circle_i] ...
#pragma once
#include "dialect/rewrite_plan.h"

#include <variant>

namespace circle {

// Tokens t[from, to) of a begin:end:step, or of an empty part.
struct TokenSpan {
  size_t from = 0, to = 0;
  bool empty() const { return from == to; }
};

struct SlicePack {
  size_t operand, bracket, close; // operand [ parts ]
  std::vector<TokenSpan> parts;   // begin, end[, step]: [:] is two empty parts
  bool whole() const { return parts.size() == 2 && parts[0].empty() && parts[1].empty(); }
};

struct RangePack {
  size_t at, close;            // @ range ( ... ) or int ... ( ... ); int ... alone ends at its '...'
  std::vector<TokenSpan> parts; // none for the index alone; one for a count
  bool downToZero = false;      // begin::-step, whose end is 0
  bool sized() const;           // gives the expansion a length
};

struct DynamicPacks {
  std::vector<SlicePack> slices;
  std::vector<RangePack> ranges;
  bool empty() const { return slices.empty() && ranges.empty(); }
};

// Circle's `int...` (the expansion's index) and `int...(n)`, `int...(begin:end:step)` at
// t[i]; not a declaration's `int... I` or an unnamed `int...` parameter before ')' or '>'.
bool isIntPack(const std::vector<RawToken>& t, size_t i);
// Does t end an operand (a name that is no operator word, a literal, ')', ']', '>')? A '['
// after one is a subscript, not a lambda's introducer or a list comprehension.
bool isOperandEnd(const RawToken& t);
// The same for t[i] in its place: a for-expression's `=>` ends none.
bool endsOperand(const std::vector<RawToken>& t, size_t i);
// The first token of the postfix expression that ends just before t[end] (a name,
// literal or parenthesised expression, then calls, subscripts, template arguments and
// member accesses), not before t[lo]; npos when none ends there.
size_t postfixStart(const std::vector<RawToken>& t, size_t lo, size_t end);
// The items of t[from, to) at depth 0, split at ','.
std::vector<TokenSpan> commaItems(const std::vector<RawToken>& t, size_t from, size_t to);
bool isRangePack(const std::vector<RawToken>& t, size_t i); // @range(
// `[` of x[:] or of a bounded slice x[b:e:s] (the ':' of its own brackets).
bool isSliceBracket(const std::vector<RawToken>& t, size_t open);

// Circle's static slice of a function parameter pack, `args...[b:e:s]` (the same
// begin:end:step as a dynamic slice, counted at compile time): a pack of the chosen
// arguments, expanded by the statement's '...' (dialect/pack_expansion.h). Its slice of
// an object's members, `obj.[b:e:s]`: a tuple-like's elements, an array's, a class's
// data members, as a structured binding names them.
struct StaticSlice {
  size_t name, close;            // args ... [ parts ], or the object's first token
  std::vector<TokenSpan> parts;  // begin, end[, step]
  size_t dot = 0;                // members: the '.' before '['; 0 for a pack's slice
  bool members() const { return dot != 0; }
};
bool isStaticSlice(const std::vector<RawToken>& t, size_t i);
// `.[` of obj.[:] or obj.[b:e:s] at t[i].
bool isMemberSlice(const std::vector<RawToken>& t, size_t i);
// Circle's `args...[-1]`, the last argument: a negative literal subscript of a pack at t[i].
bool isFromEndSubscript(const std::vector<RawToken>& t, size_t i);
std::vector<StaticSlice> findStaticSlices(const std::vector<RawToken>& t, size_t from, size_t to);

// Does t[s.from, s.to) hold a slice or a range pack?
bool holdsDynamicPack(const std::vector<RawToken>& t, TokenSpan s);

// The packs in t[from, to), outside the spans in `skip` (folds, which own theirs).
std::variant<DynamicPacks, DialectError> findDynamicPacks(const std::vector<RawToken>& t, size_t from, size_t to,
                                                          const std::vector<TokenSpan>& skip = {});

// Writes out expansions of the packs `packs` found in a statement `t`.
class DynamicPackWriter {
public:
  DynamicPackWriter(const std::vector<RawToken>& t, RewritePlan& plan) : t_(t), plan_(plan) {}
  // The bindings and `int const <count> = ...;`, each name numbered `id`; an error when
  // no pack has a length, unless `unbounded` (a range-for's: the largest int, its body
  // breaks). `anchor` places the text.
  std::variant<bool, DialectError> head(const DynamicPacks& packs, int id, size_t anchor, bool unbounded = false);
  // Token i as the pattern's: a pack's first token becomes its element at `index`;
  // returns the next token to write.
  size_t element(const DynamicPacks& packs, int id, size_t i, const std::string& index);
  static std::string countName(int id) { return id ? "__circle_count" + std::to_string(id) : "__circle_count"; }
  // `for (int index = 0; index < <count>; ++index)`: the loop over the elements head() counted.
  static std::string loop(int id, const std::string& index) {
    return "for (int " + index + " = 0; " + index + " < " + countName(id) + "; ++" + index + ")";
  }
  // `::__circle_slice_of((long long)length, has begin, begin, has end, end, step)`: a
  // slice's begin:end:step over `length` elements (a dynamic slice's or a static one's).
  void sliceOf(const std::string& length, const std::vector<TokenSpan>& parts, size_t anchor, size_t close);

private:
  void part(const std::vector<TokenSpan>& parts, size_t k, const char* omitted, size_t anchor);
  std::string sliceName(int id, size_t k) const;
  const std::vector<RawToken>& t_;
  RewritePlan& plan_;
};

} // namespace circle
