// The prelude's parts as real files. Tools that hash a compile's inputs by the files
// its -E output or dependency list names (ccache's direct mode, distcc's pump mode)
// give up on a name no file has. Each part is written once into circle's cache
// directory under a name made from its text (so one path always holds one text, and
// parallel compiles write the same bytes), and the parse reads the same text from
// memory under that path.
#pragma once
#include <string>

namespace circle {

// The path of the file holding `text` as `fileName` (kPreludeFile...), written if
// missing; `fallback` (an in-memory name) when there is no cache directory or it
// cannot be written.
std::string preludeFilePath(const std::string& fileName, const std::string& text, const std::string& fallback);

} // namespace circle
