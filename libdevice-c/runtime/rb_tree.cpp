// The red-black tree algorithms behind std::map, std::set and their multi forms,
// which libstdc++ keeps out of line. The header node's parent is the root, its left
// the leftmost node, its right the rightmost; end() is the header itself.
#include <bits/stl_tree.h>

namespace std {
namespace {

using Node = _Rb_tree_node_base;

Node* leftmostUnder(Node* x) {
  while (x->_M_left) x = x->_M_left;
  return x;
}
Node* rightmostUnder(Node* x) {
  while (x->_M_right) x = x->_M_right;
  return x;
}

//      x              y
//     / \            / \
//    a   y    ->    x   c
//       / \        / \
//      b   c      a   b
void rotateLeft(Node* x, Node*& root) {
  Node* y = x->_M_right;
  x->_M_right = y->_M_left;
  if (y->_M_left) y->_M_left->_M_parent = x;
  y->_M_parent = x->_M_parent;
  if (x == root) root = y;
  else if (x == x->_M_parent->_M_left) x->_M_parent->_M_left = y;
  else x->_M_parent->_M_right = y;
  y->_M_left = x;
  x->_M_parent = y;
}

void rotateRight(Node* x, Node*& root) {
  Node* y = x->_M_left;
  x->_M_left = y->_M_right;
  if (y->_M_right) y->_M_right->_M_parent = x;
  y->_M_parent = x->_M_parent;
  if (x == root) root = y;
  else if (x == x->_M_parent->_M_right) x->_M_parent->_M_right = y;
  else x->_M_parent->_M_left = y;
  y->_M_right = x;
  x->_M_parent = y;
}

bool isBlack(const Node* x) { return !x || x->_M_color == _S_black; }

Node* successor(Node* x) {
  if (x->_M_right) return leftmostUnder(x->_M_right);
  Node* up = x->_M_parent;
  while (x == up->_M_right) {
    x = up;
    up = up->_M_parent;
  }
  // With a single node, climbing from the root reaches the header, whose right is
  // that node: the header (end) is then the successor.
  return x->_M_right != up ? up : x;
}

Node* predecessor(Node* x) {
  // end()'s predecessor is the rightmost node. Only the header is red with its
  // grandparent being itself (root's parent is the header).
  if (x->_M_color == _S_red && x->_M_parent->_M_parent == x) return x->_M_right;
  if (x->_M_left) return rightmostUnder(x->_M_left);
  Node* up = x->_M_parent;
  while (x == up->_M_left) {
    x = up;
    up = up->_M_parent;
  }
  return up;
}

} // namespace

_Rb_tree_node_base* _Rb_tree_increment(_Rb_tree_node_base* x) throw() { return successor(x); }
const _Rb_tree_node_base* _Rb_tree_increment(const _Rb_tree_node_base* x) throw() {
  return successor(const_cast<Node*>(x));
}
_Rb_tree_node_base* _Rb_tree_decrement(_Rb_tree_node_base* x) throw() { return predecessor(x); }
const _Rb_tree_node_base* _Rb_tree_decrement(const _Rb_tree_node_base* x) throw() {
  return predecessor(const_cast<Node*>(x));
}

void _Rb_tree_insert_and_rebalance(const bool insertLeft, _Rb_tree_node_base* x, _Rb_tree_node_base* p,
                                   _Rb_tree_node_base& header) throw() {
  Node*& root = header._M_parent;
  x->_M_parent = p;
  x->_M_left = x->_M_right = nullptr;
  x->_M_color = _S_red;
  if (insertLeft) {
    p->_M_left = x; // also makes x the leftmost when p is the header of an empty tree
    if (p == &header) {
      root = x;
      header._M_right = x;
    } else if (p == header._M_left) {
      header._M_left = x;
    }
  } else {
    p->_M_right = x;
    if (p == header._M_right) header._M_right = x;
  }

  // A red node may not have a red parent: recolour upwards, rotate where the
  // uncle is black.
  while (x != root && x->_M_parent->_M_color == _S_red) {
    Node* parent = x->_M_parent;
    Node* grand = parent->_M_parent;
    bool parentIsLeft = parent == grand->_M_left;
    Node* uncle = parentIsLeft ? grand->_M_right : grand->_M_left;
    if (!isBlack(uncle)) {
      parent->_M_color = uncle->_M_color = _S_black;
      grand->_M_color = _S_red;
      x = grand;
      continue;
    }
    if (parentIsLeft) {
      if (x == parent->_M_right) {
        x = parent;
        rotateLeft(x, root);
      }
      x->_M_parent->_M_color = _S_black;
      grand->_M_color = _S_red;
      rotateRight(grand, root);
    } else {
      if (x == parent->_M_left) {
        x = parent;
        rotateRight(x, root);
      }
      x->_M_parent->_M_color = _S_black;
      grand->_M_color = _S_red;
      rotateLeft(grand, root);
    }
  }
  root->_M_color = _S_black;
}

_Rb_tree_node_base* _Rb_tree_rebalance_for_erase(_Rb_tree_node_base* const z, _Rb_tree_node_base& header) throw() {
  Node*& root = header._M_parent;
  Node*& leftmost = header._M_left;
  Node*& rightmost = header._M_right;

  // y: the node that leaves the tree's shape (z, or z's successor when z has two
  // children); x: the child that takes y's place; xParent: x's new parent.
  Node* y = z;
  Node* x;
  Node* xParent;
  if (!y->_M_left) x = y->_M_right;
  else if (!y->_M_right) x = y->_M_left;
  else {
    y = leftmostUnder(y->_M_right);
    x = y->_M_right;
  }

  if (y != z) {
    // The successor y takes z's place, colour included.
    z->_M_left->_M_parent = y;
    y->_M_left = z->_M_left;
    if (y != z->_M_right) {
      xParent = y->_M_parent;
      if (x) x->_M_parent = y->_M_parent;
      y->_M_parent->_M_left = x;
      y->_M_right = z->_M_right;
      z->_M_right->_M_parent = y;
    } else {
      xParent = y;
    }
    if (root == z) root = y;
    else if (z->_M_parent->_M_left == z) z->_M_parent->_M_left = y;
    else z->_M_parent->_M_right = y;
    y->_M_parent = z->_M_parent;
    _Rb_tree_color c = y->_M_color;
    y->_M_color = z->_M_color;
    z->_M_color = c;
    y = z; // the colour that left the tree is now z's
  } else {
    xParent = y->_M_parent;
    if (x) x->_M_parent = y->_M_parent;
    if (root == z) root = x;
    else if (z->_M_parent->_M_left == z) z->_M_parent->_M_left = x;
    else z->_M_parent->_M_right = x;
    if (leftmost == z) leftmost = z->_M_right ? leftmostUnder(x) : z->_M_parent;
    if (rightmost == z) rightmost = z->_M_left ? rightmostUnder(x) : z->_M_parent;
  }

  if (y->_M_color == _S_red) return y;
  // A black node left: x carries an extra black until it can be absorbed.
  while (x != root && isBlack(x)) {
    bool xIsLeft = x == xParent->_M_left;
    Node* w = xIsLeft ? xParent->_M_right : xParent->_M_left;
    if (w->_M_color == _S_red) {
      w->_M_color = _S_black;
      xParent->_M_color = _S_red;
      if (xIsLeft) rotateLeft(xParent, root);
      else rotateRight(xParent, root);
      w = xIsLeft ? xParent->_M_right : xParent->_M_left;
    }
    Node* near = xIsLeft ? w->_M_left : w->_M_right;
    Node* far = xIsLeft ? w->_M_right : w->_M_left;
    if (isBlack(near) && isBlack(far)) {
      w->_M_color = _S_red;
      x = xParent;
      xParent = xParent->_M_parent;
      continue;
    }
    if (isBlack(far)) {
      near->_M_color = _S_black;
      w->_M_color = _S_red;
      if (xIsLeft) rotateRight(w, root);
      else rotateLeft(w, root);
      w = xIsLeft ? xParent->_M_right : xParent->_M_left;
      far = xIsLeft ? w->_M_right : w->_M_left;
    }
    w->_M_color = xParent->_M_color;
    xParent->_M_color = _S_black;
    if (far) far->_M_color = _S_black;
    if (xIsLeft) rotateLeft(xParent, root);
    else rotateRight(xParent, root);
    break;
  }
  if (x) x->_M_color = _S_black;
  return y;
}

} // namespace std
