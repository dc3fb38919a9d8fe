// The node operations of std::list, which libstdc++ keeps out of line. A list is a
// ring through its header node; an empty list's header points at itself.
#include <list>

namespace std::__detail {

void _List_node_base::_M_hook(_List_node_base* const position) noexcept {
  _M_next = position;
  _M_prev = position->_M_prev;
  position->_M_prev->_M_next = this;
  position->_M_prev = this;
}

void _List_node_base::_M_unhook() noexcept {
  _M_prev->_M_next = _M_next;
  _M_next->_M_prev = _M_prev;
}

// Moves [first, last) to just before this node.
void _List_node_base::_M_transfer(_List_node_base* const first, _List_node_base* const last) noexcept {
  if (this == last) return;
  _List_node_base* beforeFirst = first->_M_prev;
  _List_node_base* lastKept = last->_M_prev;
  _List_node_base* beforeThis = _M_prev;
  // Close the gap the range leaves, then splice it in before this.
  beforeFirst->_M_next = last;
  last->_M_prev = beforeFirst;
  beforeThis->_M_next = first;
  first->_M_prev = beforeThis;
  lastKept->_M_next = this;
  _M_prev = lastKept;
}

void _List_node_base::_M_reverse() noexcept {
  _List_node_base* node = this;
  do {
    _List_node_base* next = node->_M_next;
    node->_M_next = node->_M_prev;
    node->_M_prev = next;
    node = next;
  } while (node != this);
}

void _List_node_base::swap(_List_node_base& x, _List_node_base& y) noexcept {
  auto adopt = [](_List_node_base& header, _List_node_base* next, _List_node_base* prev) {
    if (next == nullptr) { // empty: the header points at itself
      header._M_next = header._M_prev = &header;
      return;
    }
    header._M_next = next;
    header._M_prev = prev;
    next->_M_prev = prev->_M_next = &header;
  };
  _List_node_base* xNext = x._M_next != &x ? x._M_next : nullptr;
  _List_node_base* xPrev = x._M_prev;
  _List_node_base* yNext = y._M_next != &y ? y._M_next : nullptr;
  _List_node_base* yPrev = y._M_prev;
  adopt(x, yNext, yPrev);
  adopt(y, xNext, xPrev);
}

} // namespace std::__detail
