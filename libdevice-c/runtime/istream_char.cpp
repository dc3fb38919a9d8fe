// What libstdc++'s headers declare as explicit specializations for char input (its
// library defines them, tuned to its streambufs): written here from the standard's
// description, over the public streambuf interface.
#include <istream>
#include <limits>
#include <locale>
#include <string>

namespace {

// What both getlines do: characters up to `delim` (taken, not stored) or the end of
// input (eofbit), each handed to `store`, which says false when there is no room
// (failbit, the character left in the stream). Returns how many were taken.
template <class Store>
std::streamsize takeLine(std::streambuf* buf, char delim, std::ios_base::iostate& state, Store store) {
  std::streamsize taken = 0;
  for (int c = buf->sgetc();; c = buf->snextc()) {
    if (c == std::char_traits<char>::eof()) {
      state |= std::ios_base::eofbit;
      return taken;
    }
    if (c == (unsigned char)delim) {
      buf->sbumpc();
      return taken + 1;
    }
    if (!store(char(c))) {
      state |= std::ios_base::failbit;
      return taken;
    }
    ++taken;
  }
}

} // namespace

namespace std {

template <> istream& operator>>(istream& in, string& s) {
  ios_base::iostate state = ios_base::goodbit;
  size_t extracted = 0;
  istream::sentry ok(in, false); // skips leading white space
  if (ok) {
    s.erase();
    const streamsize width = in.width();
    const size_t most = width > 0 ? size_t(width) : s.max_size();
    const ctype<char>& classes = use_facet<ctype<char>>(in.getloc());
    streambuf* buf = in.rdbuf();
    int c = buf->sgetc();
    while (extracted < most && c != char_traits<char>::eof() && !classes.is(ctype_base::space, char(c))) {
      s += char(c);
      ++extracted;
      c = buf->snextc();
    }
    if (c == char_traits<char>::eof()) state |= ios_base::eofbit;
    in.width(0);
  }
  if (!extracted) state |= ios_base::failbit;
  if (state) in.setstate(state);
  return in;
}

template <> istream& getline(istream& in, string& s, char delim) {
  ios_base::iostate state = ios_base::goodbit;
  size_t extracted = 0;
  istream::sentry ok(in, true);
  if (ok) {
    s.erase();
    extracted = takeLine(in.rdbuf(), delim, state, [&](char c) {
      if (s.size() == s.max_size()) return false;
      s += c;
      return true;
    });
  }
  if (!extracted) state |= ios_base::failbit;
  if (state) in.setstate(state);
  return in;
}

template <> istream& istream::getline(char* s, streamsize n, char delim) {
  _M_gcount = 0;
  ios_base::iostate state = ios_base::goodbit;
  sentry ok(*this, true);
  if (ok) {
    streamsize stored = 0;
    _M_gcount = takeLine(rdbuf(), delim, state, [&](char c) {
      if (stored + 1 >= n) return false; // n - 1 characters stored and the line goes on
      *s++ = c;
      ++stored;
      return true;
    });
  }
  if (n > 0) *s = 0;
  if (!_M_gcount) state |= ios_base::failbit;
  if (state) setstate(state);
  return *this;
}

template <> istream& istream::ignore(streamsize n, int_type delim) {
  _M_gcount = 0;
  ios_base::iostate state = ios_base::goodbit;
  sentry ok(*this, true);
  if (ok && n > 0) {
    const bool unbounded = n == numeric_limits<streamsize>::max();
    streambuf* buf = rdbuf();
    while (unbounded || _M_gcount < n) {
      int c = buf->sbumpc();
      if (c == traits_type::eof()) {
        state |= ios_base::eofbit;
        break;
      }
      ++_M_gcount;
      if (delim != traits_type::eof() && c == delim) break;
    }
  }
  if (state) setstate(state);
  return *this;
}

template <> istream& istream::ignore(streamsize n) { return ignore(n, traits_type::eof()); }

template <> streamsize __copy_streambufs_eof(streambuf* in, streambuf* out, bool& inAtEnd) {
  streamsize copied = 0;
  inAtEnd = true;
  for (int c = in->sgetc(); c != char_traits<char>::eof(); c = in->snextc()) {
    if (out->sputc(char(c)) == char_traits<char>::eof()) {
      inAtEnd = false;
      break;
    }
    ++copied;
  }
  return copied;
}

} // namespace std
