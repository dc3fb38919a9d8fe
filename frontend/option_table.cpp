#include "frontend/option_table.h"

#include "llvm/Option/Option.h"

namespace circle::opt {
namespace {

using llvm::opt::DefaultVis;
using llvm::opt::HelpHidden;

#define OPTTABLE_STR_TABLE_CODE
#include "CircleOptions.inc"
#undef OPTTABLE_STR_TABLE_CODE

#define OPTTABLE_PREFIXES_TABLE_CODE
#include "CircleOptions.inc"
#undef OPTTABLE_PREFIXES_TABLE_CODE

constexpr llvm::opt::OptTable::Info kInfo[] = {
#define OPTION(...) LLVM_CONSTRUCT_OPT_INFO(__VA_ARGS__),
#include "CircleOptions.inc"
#undef OPTION
};

class CircleOptTable : public llvm::opt::GenericOptTable {
public:
  CircleOptTable() : GenericOptTable(OptionStrTable, OptionPrefixesTable, kInfo) {}
};

} // namespace

const llvm::opt::OptTable& table() {
  static const CircleOptTable t;
  return t;
}

} // namespace circle::opt
