#include "dialect/expansion_writer.h"

#include "dialect/dependent_packs.h"

namespace circle {

namespace {

namespace tok = clang::tok;
constexpr size_t npos = std::string::npos;

bool isOr(const RawToken& t) { return t.kind == tok::pipepipe || t.is("or"); }
bool isAnd(const RawToken& t) { return t.kind == tok::ampamp || t.is("and"); }

} // namespace

std::variant<bool, DialectError> ExpansionWriter::writeList(const ListExpansion& l) {
  auto found = findDynamicPacks(t_, l.from, l.ellipsis);
  if (auto* e = std::get_if<DialectError>(&found)) return *e;
  for (long long k = 0; k < l.count; ++k) {
    if (k) plan_.add(",", l.ellipsis);
    for (size_t i = l.from; i < l.ellipsis;) i = packs_.element(std::get<DynamicPacks>(found), 0, i, std::to_string(k));
  }
  return true;
}

std::variant<std::monostate, DynamicPacks, DialectError> ExpansionWriter::bodyPacks(TokenSpan e, int& id,
                                                                                  std::string& index) {
  if (e.to - e.from < 2 || t_[e.to - 1].kind != tok::ellipsis) return std::monostate{};
  auto found = findDynamicPacks(t_, e.from, e.to - 1, foldSpans(e.from, e.to - 1));
  if (auto* err = std::get_if<DialectError>(&found)) return *err;
  if (std::get<DynamicPacks>(found).empty()) return std::monostate{};
  id = 900000 + (int)e.from; // one per element span: its names are its own
  index = "__circle_i" + std::to_string(id);
  return std::get<DynamicPacks>(found);
}

bool ExpansionWriter::isPackRange(const ForExpression& f) const {
  return f.range.to - f.range.from > 1 && t_[f.range.to - 1].kind == tok::ellipsis;
}

std::variant<bool, DialectError> ExpansionWriter::writePackRange(const ForExpression& f, const std::string& name, int id,
                                                                 bool unbounded) {
  // `for c : s[:-2] ... => ...`: the pack's bindings, then a lazy range of its elements.
  TokenSpan pattern{f.range.from, f.range.to - 1};
  auto found = findDynamicPacks(t_, pattern.from, pattern.to, foldSpans(pattern.from, pattern.to));
  if (auto* e = std::get_if<DialectError>(&found)) return *e;
  const DynamicPacks& packs = std::get<DynamicPacks>(found);
  if (packs.empty()) return DialectError{pattern.to, "this for-expression's range has no dynamic pack to expand"};
  if (auto head = packs_.head(packs, id, pattern.from, unbounded); std::holds_alternative<DialectError>(head)) {
    DialectError e = std::get<DialectError>(head);
    e.message += "; or keep the comprehension's first n elements: [ ... ] | n";
    return e;
  }
  std::string index = "__circle_i" + std::to_string(id);
  plan_.add("auto&& " + name + " = ::__circle_lazy(" + DynamicPackWriter::countName(id) + ", " + capture_ + "(int " +
                index + ") -> decltype(auto) { return ",
            pattern.from);
  if (auto element = write(pattern.from, pattern.to, &packs, id, index); std::holds_alternative<DialectError>(element))
    return element;
  plan_.add("; });", pattern.to);
  return true;
}

std::variant<bool, DialectError> ExpansionWriter::writeRangeInit(const ForExpression& f, int id) {
  if (isPackRange(f))
    return DialectError{f.range.to - 1, "circle expands a pack as the range of the outermost for-expression only"};
  plan_.add("::__circle_range_init<decltype((", f.range.from);
  if (auto range = write(f.range.from, f.range.to); std::holds_alternative<DialectError>(range)) return range;
  plan_.add("))>::__get(", f.range.from);
  if (auto range = write(f.range.from, f.range.to); std::holds_alternative<DialectError>(range)) return range;
  plan_.add(")", f.range.to - 1);
  return true;
}

std::variant<bool, DialectError> ExpansionWriter::writeForLoop(const ForExpression& f, const std::string& body,
                                                               const std::string& range) {
  const std::string name = t_[f.name].text.str();
  if (f.index) plan_.add("{ int " + t_[f.index].text.str() + " = -1;", f.range.from);
  plan_.add("for (auto&& " + name + " : " + range, f.range.from);
  if (range.empty())
    if (auto init = writeRangeInit(f, 0); std::holds_alternative<DialectError>(init)) return init;
  plan_.add(") {", f.range.to - 1);
  if (f.index) plan_.add("++" + t_[f.index].text.str() + ";", f.range.to - 1);
  if (!f.condition.empty()) {
    plan_.add("if (!(", f.condition.from);
    if (auto c = write(f.condition.from, f.condition.to); std::holds_alternative<DialectError>(c)) return c;
    plan_.add(")) continue;", f.condition.to - 1);
  }
  size_t last = f.range.to - 1;
  if (f.inner) {
    if (t_[f.inner->range.to - 1].kind == tok::ellipsis)
      return DialectError{f.inner->range.to - 1, "circle expands a pack as the range of the outermost for-expression only"};
    if (auto loop = writeForLoop(*f.inner, body); std::holds_alternative<DialectError>(loop)) return loop;
  } else {
    for (TokenSpan e : f.elements) {
      // `x.first[:] ...`: each element of the body's own packs, for this element.
      std::optional<DynamicPacks> packs;
      int id = 0;
      std::string index;
      if (auto found = bodyPacks(e, id, index); std::holds_alternative<DialectError>(found)) {
        return std::get<DialectError>(found);
      } else if (auto* p = std::get_if<DynamicPacks>(&found)) {
        packs = *p;
        plan_.add("{", e.from);
        if (auto head = packs_.head(*packs, id, e.from); std::holds_alternative<DialectError>(head)) return head;
        plan_.add(DynamicPackWriter::loop(id, index), e.from);
      }
      plan_.add(body + ".push_back(", e.from);
      size_t to = packs ? e.to - 1 : e.to;
      if (auto v = write(e.from, to, packs ? &*packs : nullptr, id, index); std::holds_alternative<DialectError>(v))
        return v;
      plan_.add(");" + limitCheck_ + (packs ? "}" : ""), to - 1);
      last = e.to - 1;
    }
  }
  plan_.add(f.index ? "} }" : "}", last);
  return true;
}

std::variant<bool, DialectError> ExpansionWriter::writeTypeLambda(const ForExpression& f) {
  plan_.add("[&](auto&& " + t_[f.name].text.str() + (f.index ? ", int " + t_[f.index].text.str() : std::string()) +
                ") { ",
            f.range.from);
  if (f.inner) {
    plan_.add("return ", f.range.from);
    if (auto inner = writeTypeLambda(*f.inner); std::holds_alternative<DialectError>(inner)) return inner;
    plan_.add("(::__circle_element_of(", f.inner->range.from);
    if (auto range = writeRangeInit(*f.inner, 0); std::holds_alternative<DialectError>(range)) return range;
    plan_.add(std::string(")") + (f.inner->index ? ", 0" : "") + ")", f.inner->range.to - 1);
  } else {
    TokenSpan e = f.elements[0];
    int id = 0;
    std::string index;
    auto found = bodyPacks(e, id, index);
    if (auto* err = std::get_if<DialectError>(&found)) return *err;
    const DynamicPacks* packs = std::get_if<DynamicPacks>(&found);
    if (packs) // the type of its first element, after the bindings
      if (auto head = packs_.head(*packs, id, e.from); std::holds_alternative<DialectError>(head)) return head;
    plan_.add("return ", e.from);
    if (auto v = write(e.from, packs ? e.to - 1 : e.to, packs, id, "0"); std::holds_alternative<DialectError>(v))
      return v;
  }
  plan_.add("; }", f.range.to - 1);
  return true;
}

std::variant<bool, DialectError> ExpansionWriter::writeElementType(const Comprehension& c, const DynamicPacks& packs,
                                                                   int id) {
  TokenSpan item = c.items[0];
  if (const std::optional<ForExpression>& f = c.fors[0]) {
    // The first element's type, from a generic lambda over the range's first element
    // (never called: its type only).
    std::string type = "__circle_type" + std::to_string(id);
    plan_.add("auto " + type + " = ", c.open);
    if (auto l = writeTypeLambda(*f); std::holds_alternative<DialectError>(l)) return l;
    plan_.add(";", c.open);
    plan_.add("::__circle_list<std::vector<::__circle_item_t<__decay(decltype(" + type + "(::__circle_element_of(" +
                  rangeName(id) + ")" + (f->index ? ", 0" : "") + ")))>>> __circle_list;",
              c.open);
    return true;
  }
  bool expanded = item.to > item.from && t_[item.to - 1].kind == tok::ellipsis;
  if (!c.sequences[0].empty()) item = {c.sequences[0][0].from, c.sequences[0][0].to + expanded};
  plan_.add("::__circle_list<std::vector<::__circle_item_t<__decay(decltype(", c.open);
  auto first = write(item.from, expanded ? item.to - 1 : item.to, packs.empty() ? nullptr : &packs, id, "0");
  if (std::holds_alternative<DialectError>(first)) return first;
  plan_.add("))>>> __circle_list;", c.open);
  return true;
}

std::variant<bool, DialectError> ExpansionWriter::writeComprehension(const Comprehension& c, int id,
                                                                     const Enclosing& enclosing) {
  if (c.passive) return writePassiveList(c, enclosing);
  // Each item's packs, bound first; the element type is the first item's (at index 0).
  std::vector<DynamicPacks> itemPacks;
  plan_.add(capture_ + "() {", c.open);
  for (size_t k = 0; k < c.items.size(); ++k) {
    TokenSpan item = c.items[k];
    bool expanded = item.to > item.from && t_[item.to - 1].kind == tok::ellipsis && !c.fors[k];
    DynamicPacks packs;
    if (expanded) {
      auto found = findDynamicPacks(t_, item.from, item.to - 1, foldSpans(item.from, item.to - 1));
      if (auto* e = std::get_if<DialectError>(&found)) return *e;
      packs = std::get<DynamicPacks>(found);
      if (packs.empty())
        return DialectError{item.to - 1, "this item of the list has no dynamic pack to expand"};
      auto head = packs_.head(packs, id + (int)k, item.from);
      if (auto* e = std::get_if<DialectError>(&head)) return *e;
    }
    itemPacks.push_back(std::move(packs));
  }
  auto itemEnd = [&](size_t k) {
    TokenSpan item = c.items[k];
    return item.to > item.from && t_[item.to - 1].kind == tok::ellipsis ? item.to - 1 : item.to;
  };
  // Each for-expression's range is evaluated once, before the element type reads it; a
  // `pack ...` range as its elements are reached.
  for (size_t k = 0; k < c.items.size(); ++k) {
    if (!c.fors[k]) continue;
    if (isPackRange(*c.fors[k])) {
      if (auto lazy = writePackRange(*c.fors[k], rangeName(id + (int)k), id + 100 * (int)(k + 1), !c.limit.empty());
          std::holds_alternative<DialectError>(lazy))
        return lazy;
      continue;
    }
    plan_.add("auto&& " + rangeName(id + (int)k) + " = ", c.fors[k]->range.from);
    if (auto init = writeRangeInit(*c.fors[k], id + 100 * (int)(k + 1)); std::holds_alternative<DialectError>(init))
      return init;
    plan_.add(";", c.fors[k]->range.to - 1);
  }
  if (auto type = writeElementType(c, itemPacks[0], id); std::holds_alternative<DialectError>(type)) return type;
  // `| n`: each push checks the count; an inner comprehension's pushes check its own.
  std::string outerCheck = limitCheck_;
  limitCheck_.clear();
  if (!c.limit.empty()) {
    std::string limit = "__circle_limit" + std::to_string(id);
    plan_.add("long long const " + limit + " = (", c.limit.from);
    if (auto n = write(c.limit.from, c.limit.to); std::holds_alternative<DialectError>(n)) return n;
    plan_.add("); if (" + limit + " <= 0) return __circle_list;", c.limit.to - 1);
    limitCheck_ = " if ((long long)__circle_list.size() >= " + limit + ") return __circle_list;";
  }
  for (size_t k = 0; k < c.items.size(); ++k) {
    if (c.fors[k]) {
      if (auto loop = writeForLoop(*c.fors[k], "__circle_list", rangeName(id + (int)k));
          std::holds_alternative<DialectError>(loop))
        return loop;
      continue;
    }
    std::string index = "__circle_i" + std::to_string(id + (int)k);
    if (!itemPacks[k].empty())
      plan_.add(DynamicPackWriter::loop(id + (int)k, index) + " {", c.items[k].from);
    std::vector<TokenSpan> elements = c.sequences[k];
    if (elements.empty()) elements = {{c.items[k].from, itemEnd(k)}};
    for (TokenSpan e : elements) {
      plan_.add("__circle_list.push_back(", e.from);
      auto item = write(e.from, e.to, itemPacks[k].empty() ? nullptr : &itemPacks[k], id + (int)k, index);
      if (std::holds_alternative<DialectError>(item)) return item;
      plan_.add(");" + limitCheck_, e.to - 1);
    }
    if (!itemPacks[k].empty()) plan_.add("}", itemEnd(k) - 1);
  }
  limitCheck_ = outerCheck;
  plan_.add("return __circle_list; }()", c.close);
  return true;
}

std::variant<bool, DialectError> ExpansionWriter::writePassiveList(const Comprehension& c, const Enclosing& enclosing) {
  // Each item once, as the enclosing pattern writes it (its packs at that index).
  // (It has no `| n`: findComprehensions reads one after a list that expands a pack.)
  if (c.items.empty() || (c.items.size() == 1 && c.items[0].empty()))
    return DialectError{c.open, "an empty list '[ ]' has no element type"};
  for (TokenSpan e : c.items)
    if (e.empty()) return DialectError{c.open, "an item of this list is empty"};
  auto item = [&](TokenSpan e) { return write(e.from, e.to, enclosing.packs, enclosing.id, enclosing.index); };
  plan_.add(capture_ + "() { ::__circle_list<std::vector<::__circle_item_t<__decay(decltype(", c.open);
  if (auto first = item(c.items[0]); std::holds_alternative<DialectError>(first)) return first;
  plan_.add("))>>> __circle_list;", c.open);
  for (TokenSpan e : c.items) {
    plan_.add("__circle_list.push_back(", e.from);
    if (auto v = item(e); std::holds_alternative<DialectError>(v)) return v;
    plan_.add(");", e.to - 1);
  }
  plan_.add("return __circle_list; }()", c.close);
  return true;
}

const Comprehension* ExpansionWriter::comprehensionAt(size_t i) const {
  for (const Comprehension& c : comprehensions_)
    if (c.open == i) return &c;
  return nullptr;
}

const ListExpansion* ExpansionWriter::listAt(size_t i) const {
  for (const ListExpansion& l : lists_)
    if (l.from == i) return &l;
  return nullptr;
}

const DynamicFold* ExpansionWriter::foldAt(size_t i) const {
  for (const DynamicFold& f : folds_)
    if (f.open == i) return &f;
  return nullptr;
}

std::vector<TokenSpan> ExpansionWriter::foldSpans(size_t from, size_t to) const {
  std::vector<TokenSpan> spans;
  for (size_t open = from; open < to; ++open) {
    if (const Comprehension* c = comprehensionAt(open); c && c->close < to && !c->passive) {
      spans.push_back({open, c->end()});
      open = c->end() - 1;
      continue;
    }
    if (const ListExpansion* l = listAt(open); l && l->ellipsis < to) {
      spans.push_back({open, l->ellipsis + 1});
      open = l->ellipsis;
      continue;
    }
    bool fold = foldAt(open) != nullptr;
    // A multi-conditional's group: its `int...` is its own index.
    bool multiConditional = false;
    if (t_[open].kind == tok::l_paren) {
      size_t close = matchingClose(t_, open);
      int depth = 0;
      for (size_t k = open + 1; close != npos && k < close && !multiConditional; ++k) {
        if (opensBracket(t_[k].kind)) ++depth;
        else if (closesBracket(t_[k].kind)) --depth;
        else multiConditional = depth == 0 && t_[k].kind == tok::ellipsis && t_[k + 1].kind == tok::question;
      }
    }
    if (!fold && !multiConditional) continue;
    size_t close = matchingClose(t_, open);
    if (close == npos || close >= to) continue;
    spans.push_back({open, close + 1});
    open = close;
  }
  return spans;
}

std::variant<bool, DialectError> ExpansionWriter::write(size_t from, size_t to, const DynamicPacks* packs, int id,
                                                        const std::string& index) {
  for (size_t i = from; i < to;) {
    // The consumer that starts at t[i] writes itself and says where it ends.
    std::variant<bool, DialectError> done = false;
    size_t next = i + 1;
    if (const Comprehension* c = comprehensionAt(i)) {
      done = writeComprehension(*c, 1000 * (int)(c - comprehensions_.data() + 1), Enclosing{packs, id, index});
      next = c->end();
    } else if (const ListExpansion* l = listAt(i)) {
      done = writeList(*l);
      next = l->ellipsis + 1;
    } else if (isFromEndSubscript(t_, i)) {
      // args...[-k]: Circle's subscript from the end, C++26's pack index counted up.
      plan_.keep(i, i + 3);
      plan_.add("sizeof...(" + t_[i].text.str() + ")", i + 3);
      plan_.keep(i + 3, i + 5);
      done = true;
      next = i + 5;
    } else if (const DynamicFold* f = foldAt(i)) {
      done = writeFold(*f);
      next = f->close + 1;
    } else if (t_[i].kind == tok::l_paren) {
      done = writeEnumGroup(i);
      next = matchingClose(t_, i) + 1;
    }
    if (auto* e = std::get_if<DialectError>(&done)) {
      if (!error_) error_ = *e;
      return done;
    }
    if (std::get<bool>(done)) i = next;
    else if (packs) i = packs_.element(*packs, id, i, index);
    else plan_.keep(i++);
  }
  return true;
}

std::variant<bool, DialectError> ExpansionWriter::writeEnumGroup(size_t open) {
  if (!enums_) return false;
  size_t close = matchingClose(t_, open);
  if (close == npos) return false;
  bool multiConditional = false;
  for (size_t i = open; i < close && !multiConditional; ++i)
    multiConditional = t_[i].kind == tok::ellipsis && t_[i + 1].kind == tok::question;
  bool enumPack = false;
  for (size_t i = open; i < close; ++i) {
    if (isSliceBracket(t_, i) || isRangePack(t_, i) || (isIntPack(t_, i) && !multiConditional)) return false;
    enumPack |= enumPackRef(t_, i, *enums_).has_value();
  }
  if (!enumPack) return false;
  // A multi-conditional reads even a noted enum's packs through the registry, by index.
  static const EnumRegistry none;
  const EnumRegistry& byIndex = multiConditional ? none : *enums_;
  if (expandsOwnDependentPacks(t_, open, close, byIndex)) {
    if (auto e = planDependentGroup(t_, open, byIndex, blockScope_, plan_)) return *e;
    return true;
  }
  if (multiConditional) return false; // an inner group's
  RewritePlan group;
  auto done = planEnumPackExpansions(t_, open, close + 1, *enums_, group);
  if (std::holds_alternative<DialectError>(done) || !std::get<bool>(done)) return done;
  plan_.append(group);
  return true;
}

std::variant<bool, DialectError> ExpansionWriter::writeFold(const DynamicFold& f) {
  auto found = findDynamicPacks(t_, f.pattern.from, f.pattern.to, foldSpans(f.pattern.from, f.pattern.to));
  if (auto* e = std::get_if<DialectError>(&found)) return *e;
  const DynamicPacks& packs = std::get<DynamicPacks>(found);
  std::string n = std::to_string(f.id), index = "__circle_i" + n, elem = "__circle_elem" + n;
  plan_.keep(f.open);
  plan_.add(capture_ + "() -> decltype(auto) {", f.open);
  auto head = packs_.head(packs, f.id, f.open);
  if (auto* e = std::get_if<DialectError>(&head)) return *e;
  plan_.add("auto " + elem + " = [&](int " + index + ") -> decltype(auto) { return ", f.pattern.from);
  auto body = write(f.pattern.from, f.pattern.to, &packs, f.id, index);
  if (std::holds_alternative<DialectError>(body)) return body;
  plan_.add("; };", f.pattern.to - 1);
  // A function's result is copied: std::max(acc, element) may name a temporary element.
  plan_.add(std::string("auto __circle_step") + n + " = [&](auto&& __circle_acc, int " + index + ") -> " +
                (f.function ? "auto" : "decltype(auto)") + " { return ",
            f.op.from);
  if (f.function) {
    plan_.keep(f.op.from, f.op.to);
    plan_.add("(__circle_acc, " + elem + "(" + index + "))", f.op.from);
  } else {
    plan_.add("__circle_acc", f.op.from);
    plan_.keep(f.op.from);
    plan_.add(elem + "(" + index + ")", f.op.from);
  }
  plan_.add("; };", f.op.from);
  std::string count = DynamicPackWriter::countName(f.id);
  if (f.init.empty()) {
    plan_.add("return ::__circle_fold_unary(" + count + ", " + elem + ", __circle_step" + n + ", ", f.op.from);
    if (!f.empty.empty()) {
      auto fallback = write(f.empty.from, f.empty.to);
      if (std::holds_alternative<DialectError>(fallback)) return fallback;
    } else {
      plan_.add(!f.function && isAnd(t_[f.op.from])  ? "true"
                : !f.function && isOr(t_[f.op.from]) ? "false"
                                                     : "::__circle_value_init{}",
                f.op.from);
    }
  } else {
    plan_.add("return ::__circle_fold_into(" + count + ", ", f.init.from);
    auto init = write(f.init.from, f.init.to);
    if (std::holds_alternative<DialectError>(init)) return init;
    plan_.add(", __circle_step" + n, f.op.from);
  }
  plan_.add("); }()", f.close);
  plan_.keep(f.close);
  return true;
}


} // namespace circle
