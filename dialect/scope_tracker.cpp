#include "dialect/scope_tracker.h"

#include "clang/Basic/IdentifierTable.h"

namespace circle {

ScopeTracker::Scope ScopeTracker::classify() const {
  namespace tok = clang::tok;
  // CUDA's __global__ reaches the parser as __attribute__((global)).
  bool global = false;
  for (size_t k = 3; k < recent_.size(); ++k) {
    // An annotation token's pointer is not an identifier (Clang only asserts that).
    const clang::IdentifierInfo* ii = recent_[k].isAnnotation() ? nullptr : recent_[k].getIdentifierInfo();
    const clang::IdentifierInfo* attr = recent_[k - 3].isAnnotation() ? nullptr : recent_[k - 3].getIdentifierInfo();
    if (!ii || !attr || attr->getName() != "__attribute__" || !recent_[k - 1].is(tok::l_paren)) continue;
    global |= ii->getName() == "global";
  }
  bool inKernel = !scopes_.empty() && scopes_.back().kernel;
  Kind kind = classifyKind();
  return {kind, inKernel || (kind == Kind::Block && global)};
}

ScopeTracker::Kind ScopeTracker::classifyKind() const {
  namespace tok = clang::tok;
  size_t i = 0;
  if (i < recent_.size() && recent_[i].is(tok::kw_template)) { // template <...>
    int angles = 0;
    for (++i; i < recent_.size(); ++i) {
      if (recent_[i].is(tok::less)) ++angles;
      else if (recent_[i].is(tok::greater) && --angles <= 0) { ++i; break; }
    }
  }
  if (i < recent_.size() && recent_[i].is(tok::kw_inline)) ++i;
  if (i < recent_.size() && recent_[i].is(tok::kw_namespace)) return Kind::Namespace;
  if (i + 1 < recent_.size() && recent_[i].is(tok::kw_extern) && recent_[i + 1].is(tok::string_literal))
    return Kind::Namespace;
  bool inBlock = false;
  for (const Scope& s : scopes_) inBlock |= s.kind == Kind::Block;
  for (; i < recent_.size(); ++i) {
    if (recent_[i].isOneOf(tok::l_paren, tok::equal, tok::kw_enum)) break;
    if (recent_[i].isOneOf(tok::kw_struct, tok::kw_class, tok::kw_union)) return inBlock ? Kind::Block : Kind::Class;
  }
  return Kind::Block;
}

void ScopeTracker::onToken(const clang::Token& tok) {
  if (tok.is(clang::tok::l_brace)) scopes_.push_back(classify());
  else if (tok.is(clang::tok::r_brace) && !scopes_.empty()) scopes_.pop_back();
  if (tok.isOneOf(clang::tok::semi, clang::tok::l_brace, clang::tok::r_brace)) recent_.clear();
  else if (recent_.size() < 48) recent_.push_back(tok);
}

} // namespace circle
