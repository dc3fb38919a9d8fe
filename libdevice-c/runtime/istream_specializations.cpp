// What libstdc++'s headers declare as explicit specializations for char and wchar_t
// input (its library defines them, tuned to its streambufs): written here once from
// the standard's description, over the public streambuf interface, and specialized
// for both.
#include <istream>
#include <limits>
#include <locale>
#include <string>

namespace {

// What both getlines do: characters up to `delim` (taken, not stored) or the end of
// input (eofbit), each handed to `store`, which says false when there is no room
// (failbit, the character left in the stream). Returns how many were taken.
template <class C, class Store>
std::streamsize takeLine(std::basic_streambuf<C>* buf, C delim, std::ios_base::iostate& state, Store store) {
  using traits = std::char_traits<C>;
  std::streamsize taken = 0;
  for (auto c = buf->sgetc();; c = buf->snextc()) {
    if (traits::eq_int_type(c, traits::eof())) {
      state |= std::ios_base::eofbit;
      return taken;
    }
    if (traits::eq_int_type(c, traits::to_int_type(delim))) {
      buf->sbumpc();
      return taken + 1;
    }
    if (!store(traits::to_char_type(c))) {
      state |= std::ios_base::failbit;
      return taken;
    }
    ++taken;
  }
}

template <class C> std::basic_istream<C>& extractWord(std::basic_istream<C>& in, std::basic_string<C>& s) {
  using traits = std::char_traits<C>;
  std::ios_base::iostate state = std::ios_base::goodbit;
  size_t extracted = 0;
  typename std::basic_istream<C>::sentry ok(in, false); // skips leading white space
  if (ok) {
    s.erase();
    const std::streamsize width = in.width();
    const size_t most = width > 0 ? size_t(width) : s.max_size();
    const std::ctype<C>& classes = std::use_facet<std::ctype<C>>(in.getloc());
    std::basic_streambuf<C>* buf = in.rdbuf();
    auto c = buf->sgetc();
    while (extracted < most && !traits::eq_int_type(c, traits::eof()) &&
           !classes.is(std::ctype_base::space, traits::to_char_type(c))) {
      s += traits::to_char_type(c);
      ++extracted;
      c = buf->snextc();
    }
    if (traits::eq_int_type(c, traits::eof())) state |= std::ios_base::eofbit;
    in.width(0);
  }
  if (!extracted) state |= std::ios_base::failbit;
  if (state) in.setstate(state);
  return in;
}

template <class C> std::basic_istream<C>& lineInto(std::basic_istream<C>& in, std::basic_string<C>& s, C delim) {
  std::ios_base::iostate state = std::ios_base::goodbit;
  size_t extracted = 0;
  typename std::basic_istream<C>::sentry ok(in, true);
  if (ok) {
    s.erase();
    extracted = takeLine(in.rdbuf(), delim, state, [&](C c) {
      if (s.size() == s.max_size()) return false;
      s += c;
      return true;
    });
  }
  if (!extracted) state |= std::ios_base::failbit;
  if (state) in.setstate(state);
  return in;
}

// basic_istream's getline into an array and ignore; `count` is the stream's gcount
// (a protected member the specializations pass in).
template <class C>
std::basic_istream<C>& lineIntoArray(std::basic_istream<C>& in, std::streamsize& count, C* s, std::streamsize n,
                                     C delim) {
  count = 0;
  std::ios_base::iostate state = std::ios_base::goodbit;
  typename std::basic_istream<C>::sentry ok(in, true);
  if (ok) {
    std::streamsize stored = 0;
    count = takeLine(in.rdbuf(), delim, state, [&](C c) {
      if (stored + 1 >= n) return false; // n - 1 characters stored and the line goes on
      *s++ = c;
      ++stored;
      return true;
    });
  }
  if (n > 0) *s = C();
  if (!count) state |= std::ios_base::failbit;
  if (state) in.setstate(state);
  return in;
}

template <class C>
std::basic_istream<C>& skip(std::basic_istream<C>& in, std::streamsize& count, std::streamsize n,
                            typename std::char_traits<C>::int_type delim) {
  using traits = std::char_traits<C>;
  count = 0;
  std::ios_base::iostate state = std::ios_base::goodbit;
  typename std::basic_istream<C>::sentry ok(in, true);
  if (ok && n > 0) {
    const bool unbounded = n == std::numeric_limits<std::streamsize>::max();
    std::basic_streambuf<C>* buf = in.rdbuf();
    while (unbounded || count < n) {
      auto c = buf->sbumpc();
      if (traits::eq_int_type(c, traits::eof())) {
        state |= std::ios_base::eofbit;
        break;
      }
      ++count;
      if (!traits::eq_int_type(delim, traits::eof()) && traits::eq_int_type(c, delim)) break;
    }
  }
  if (state) in.setstate(state);
  return in;
}

template <class C> std::streamsize copyUntilEnd(std::basic_streambuf<C>* in, std::basic_streambuf<C>* out, bool& inAtEnd) {
  using traits = std::char_traits<C>;
  std::streamsize copied = 0;
  inAtEnd = true;
  for (auto c = in->sgetc(); !traits::eq_int_type(c, traits::eof()); c = in->snextc()) {
    if (traits::eq_int_type(out->sputc(traits::to_char_type(c)), traits::eof())) {
      inAtEnd = false;
      break;
    }
    ++copied;
  }
  return copied;
}

} // namespace

namespace std {

template <> istream& operator>>(istream& in, string& s) { return extractWord(in, s); }

template <> istream& getline(istream& in, string& s, char delim) { return lineInto(in, s, delim); }
template <> wistream& getline(wistream& in, wstring& s, wchar_t delim) { return lineInto(in, s, delim); }

template <> istream& istream::getline(char* s, streamsize n, char delim) {
  return lineIntoArray(*this, _M_gcount, s, n, delim);
}
template <> wistream& wistream::getline(wchar_t* s, streamsize n, wchar_t delim) {
  return lineIntoArray(*this, _M_gcount, s, n, delim);
}

template <> istream& istream::ignore(streamsize n, int_type delim) { return skip(*this, _M_gcount, n, delim); }
template <> wistream& wistream::ignore(streamsize n, int_type delim) { return skip(*this, _M_gcount, n, delim); }
template <> istream& istream::ignore(streamsize n) { return ignore(n, traits_type::eof()); }
template <> wistream& wistream::ignore(streamsize n) { return ignore(n, traits_type::eof()); }

template <> streamsize __copy_streambufs_eof(streambuf* in, streambuf* out, bool& inAtEnd) {
  return copyUntilEnd(in, out, inAtEnd);
}
template <> streamsize __copy_streambufs_eof(wstreambuf* in, wstreambuf* out, bool& inAtEnd) {
  return copyUntilEnd(in, out, inAtEnd);
}

} // namespace std
