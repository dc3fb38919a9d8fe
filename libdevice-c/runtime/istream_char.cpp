// What libstdc++'s headers declare as explicit specializations for char input (its
// library defines them, tuned to its streambufs): written here from the standard's
// description, over the public streambuf interface.
#include <istream>
#include <limits>
#include <locale>
#include <string>

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
    streambuf* buf = in.rdbuf();
    for (int c = buf->sgetc();; c = buf->snextc()) {
      if (c == char_traits<char>::eof()) {
        state |= ios_base::eofbit;
        break;
      }
      if (c == (unsigned char)delim) {
        ++extracted;
        buf->sbumpc();
        break;
      }
      if (s.size() == s.max_size()) {
        state |= ios_base::failbit;
        break;
      }
      s += char(c);
      ++extracted;
    }
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
    streambuf* buf = rdbuf();
    for (int c = buf->sgetc();; c = buf->snextc()) {
      if (c == traits_type::eof()) {
        state |= ios_base::eofbit;
        break;
      }
      if (c == (unsigned char)delim) {
        ++_M_gcount;
        buf->sbumpc();
        break;
      }
      if (_M_gcount + 1 >= n) { // n - 1 characters stored and the line goes on
        state |= ios_base::failbit;
        break;
      }
      *s++ = char(c);
      ++_M_gcount;
    }
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
