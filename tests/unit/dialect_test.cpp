#include "dialect/dependent_packs.h"
#include "dialect/device_throw.h"
#include "dialect/device_try.h"
#include "dialect/member_traits.h"
#include "dialect/meta_printf.h"
#include "dialect/pack_expansion.h"
#include "dialect/pattern_matching.h"
#include "dialect/user_attributes.h"
#include "dialect/range_for.h"

#include <catch2/catch.hpp>

using namespace circle;

namespace {

// The plan as text: kept tokens and new text, one space apart.
std::string render(const std::vector<RawToken>& t, const RewritePlan& plan) {
  std::string out;
  for (const PlanPiece& p : plan.pieces()) {
    if (!out.empty()) out += ' ';
    out += p.original >= 0 ? t[p.original].text.str() : p.text;
  }
  return out;
}

std::string expand(const std::string& statement) {
  std::vector<RawToken> t = rawTokens(statement);
  auto plan = planPackExpansion(t);
  if (auto* e = std::get_if<DialectError>(&plan)) return "error at " + t[e->token].text.str() + ": " + e->message;
  return render(t, std::get<RewritePlan>(plan));
}

// The slice's bound object, as the plan binds it.
std::string operand(const std::string& expr) {
  std::string out = expand("f(" + expr + ")...;");
  size_t from = out.find("= ("), to = out.find(");");
  return from == std::string::npos ? out : out.substr(from + 4, to - from - 5);
}

} // namespace

TEST_CASE("a slice binds the whole postfix expression before it") {
  CHECK(operand("v[:]") == "v");
  CHECK(operand("a.b->c[:]") == "a . b -> c");
  CHECK(operand("ns::v[:].x") == "ns :: v");
  CHECK(operand("::v[:]") == ":: v");
  CHECK(operand("f(x, y)[:]") == "f ( x , y )");
  CHECK(operand("m[k][:]") == "m [ k ]");
  CHECK(operand("std::get<0>(t)[:]") == "std :: get < 0 > ( t )");
  CHECK(operand("(a + b)[:]") == "( a + b )");
  CHECK(operand("*p[:]") == "p");         // the dereference applies to each element
  CHECK(operand("x < y[:]") == "y");      // a comparison, not template arguments
  CHECK(operand("g(1) + w[:]") == "w");
}

TEST_CASE("an expansion statement becomes one loop over the shortest pack") {
  CHECK(expand("printf(\"%d %d\", @range(), v[:]) ...;") ==
        "{ auto&& __circle_slice0 = ( v ); auto __circle_slice0_walk = ::__circle_walker(__circle_slice0); "
        "int const __circle_count = ::__circle_pack_count( "
        "::__circle_slice_size(__circle_slice0) ); for (int __circle_i = 0; __circle_i < __circle_count; "
        "++__circle_i) printf ( \"%d %d\" , __circle_i , __circle_slice0_walk[__circle_i] ) ; }");
  CHECK(expand("g(@range(n + 1)) ...;") ==
        "{ int const __circle_count = ::__circle_pack_count( ( n + 1 ) ); for (int __circle_i = 0; "
        "__circle_i < __circle_count; ++__circle_i) g ( __circle_i ) ; }");
  // Statement heads stay in front of the block.
  CHECK(expand("if (c) else_branch: g(v[:])...;").rfind("if ( c ) else_branch : {", 0) == 0);
  CHECK(expand("case 1 ? 2 : 3: g(v[:])...;").rfind("case 1 ? 2 : 3 : {", 0) == 0);
  CHECK(expand("for (int i : n) g(v[:])...;")
            .rfind("for ( int i : ::__circle_range_init<decltype(( n ))>::__get( n ) ) {", 0) == 0);
}

TEST_CASE("C++'s own packs become a comma fold") {
  CHECK(expand("printf(\"%d\", args) ...;") == "((void)( printf ( \"%d\" , args ) ), ... ) ;");
  CHECK(expand("g(args...);") == "g ( args ... ) ;"); // an ordinary expansion stays
}

TEST_CASE("misused packs are errors at the construct") {
  CHECK(expand("g(v[:]);") ==
        "error at [: a slice is a pack: expand the statement with '...' before its ';', or fold it: (... + x[:])");
  CHECK(expand("g(v[1:2])...;").find("__circle_slice_of") != std::string::npos);
  CHECK(expand("g(@range())...;").rfind("error at @: '@range' has no length of its own", 0) == 0);
  CHECK(expand("g([:])...;") == "error at [: a slice '[:]' needs an object before it");
  CHECK(expand("g(m[:][:])...;").rfind("error at [: circle does not slice a slice", 0) == 0);
}

TEST_CASE("what is not Circle's pack syntax is not planned") {
  CHECK_FALSE(mayExpandPacks(rawTokens("auto f = [&](int x) { return x ? a : b; };")));
  CHECK_FALSE(mayExpandPacks(rawTokens("g(args...);")));
  CHECK(mayExpandPacks(rawTokens("g(x)...;")));
}

TEST_CASE("the range-for colon is the one a conditional does not own") {
  auto colon = [](const std::string& s) {
    std::vector<RawToken> t = rawTokens(s);
    auto c = rangeForColon(t, 1);
    return c ? (long)*c : -1L;
  };
  CHECK(colon("for (int i : n)") == 4);
  CHECK(colon("for (auto [a, b] : m)") == 8);
  CHECK(colon("for (int i = c ? 1 : 2; i < n; ++i)") == -1);
  CHECK(colon("for (auto v = f(); auto x : v)") == 11);
  CHECK(colon("for (int i = 0; i < (c ? 1 : 2); ++i)") == -1);
}

TEST_CASE("range-inits that cannot be an integer stay as written") {
  auto init = [](const std::string& s) {
    std::vector<RawToken> t = rawTokens(s);
    RewritePlan plan;
    planRangeInit(t, 0, t.size(), plan);
    return render(t, plan);
  };
  CHECK(init("n") == "::__circle_range_init<decltype(( n ))>::__get( n )");
  CHECK(init("{1, 2}") == "{ 1 , 2 }");
  CHECK(init("co_await make()") == "co_await make ( )");
  CHECK(init("v | filter([](int x) { return x; })") == "v | filter ( [ ] ( int x ) { return x ; } )");
}

TEST_CASE("enum definitions are read with their enumerators in order") {
  auto parsed = parseEnumDefinition(rawTokens("class [[nodiscard]] tuning : int { a = 35, b [[deprecated]] = f(1, 2), c };"));
  auto* e = std::get_if<EnumInfo>(&parsed);
  REQUIRE(e);
  CHECK(e->name == "tuning");
  CHECK(e->enumerators == std::vector<std::string>{"a", "b", "c"});
  CHECK(e->circleAttributeSpans.empty());
  CHECK(std::holds_alternative<std::monostate>(parseEnumDefinition(rawTokens("class opaque : int;"))));
  CHECK(std::holds_alternative<std::monostate>(parseEnumDefinition(rawTokens("{ anonymous };"))));
  CHECK(enumRegistration(*e) ==
        "static_assert(::__circle_enum_reg<tuning, ::__circle_chars<'t','u','n','i','n','g'>, ::__circle_en<tuning::a, ::__circle_chars<'a'>>, "
        "::__circle_en<tuning::b, ::__circle_chars<'b'>>, ::__circle_en<tuning::c, ::__circle_chars<'c'>>>::__ok, \"\");");
}

TEST_CASE("enumerators' Circle attributes are read and left out of the definition") {
  std::vector<RawToken> t = rawTokens("tuning_t { kepler [[ .nt=128, .vt=f(1, 2) ]] = 35, maxwell [[.persistent]], c };");
  auto parsed = parseEnumDefinition(t);
  auto* e = std::get_if<EnumInfo>(&parsed);
  REQUIRE(e);
  CHECK(e->enumerators == std::vector<std::string>{"kepler", "maxwell", "c"});
  REQUIRE(e->attributes.size() == 3);
  REQUIRE(e->attributes[0].size() == 2);
  CHECK(e->attributes[0][1].name == "vt");
  CHECK(e->attributes[0][1].value == "f ( 1 , 2 )");
  CHECK(e->attributes[1][0].name == "persistent");
  CHECK(e->attributes[1][0].value.empty());
  CHECK(e->circleAttributeSpans.size() == 2);
  CHECK(enumRegistration(*e).find("::__circle_av<__circle_attr_nt, decltype([] { return (__circle_attr_nt::type)(128); })>") !=
        std::string::npos);
  auto bad = parseEnumDefinition(rawTokens("e { a [[ .nt=1, .nt=2 ]] };"));
  REQUIRE(std::holds_alternative<DialectError>(bad));
  CHECK(std::get<DialectError>(bad).message == "attribute 'nt' is given twice");
}

TEST_CASE("attribute declarations and @ forms are respelled") {
  std::vector<RawToken> t = rawTokens("using vt [[attribute(1)]] = int;");
  auto d = planAttributeDeclaration(t);
  REQUIRE(d);
  auto* decl = std::get_if<AttributeDeclaration>(&*d);
  REQUIRE(decl);
  CHECK(render(t, decl->plan) == "using vt = int ; struct __circle_attr_vt { using type = int ; static constexpr bool "
                                 "__has_default = true; static constexpr type __default = ( 1 ); };");
  std::vector<RawToken> flag = rawTokens("using strided [[attribute(0)]] = void;");
  REQUIRE(planAttributeDeclaration(flag));
  CHECK(std::holds_alternative<DialectError>(*planAttributeDeclaration(flag)));
  CHECK_FALSE(planAttributeDeclaration(rawTokens("using x [[deprecated]] = int;")));
  auto at = [](const std::string& s) {
    std::vector<RawToken> t = rawTokens(s);
    RewritePlan plan;
    auto done = planAtExpression(t, 0, plan, {"nt", "occ"});
    if (!done) return std::string("none");
    if (auto* e = std::get_if<DialectError>(&*done)) return "error: " + e->message;
    return render(t, plan);
  };
  CHECK(at("@attribute(tuning, ::nt)") == "::__circle_attribute< :: __circle_attr_nt>( ( tuning ) )");
  CHECK(at("@enum_attribute(tuning_t, i, nt)") ==
        "::__circle_attribute< __circle_attr_nt>( ::__circle_enum_value< tuning_t >( i ) )");
  CHECK(at("@has_attribute(x, occ)") == "::__circle_has_attribute< __circle_attr_occ>( ( x ) )");
  CHECK(at("@enum_value(E, ub - 1)") == "::__circle_enum_value< E >( ub - 1 )");
  CHECK(at("@range(3)") == "none");
  CHECK(at("@enum_value(E)") == "error: '@enum_value' takes an enumeration and an index");
  CHECK(at("@has_attribute(x, flag)").starts_with("error: 'flag' is not an attribute: declare it first"));
}

TEST_CASE("enum packs expand once per enumerator, as statements or list items") {
  EnumRegistry enums;
  enums.note({"arch", {"sm_75", "sm_90"}});
  auto expandEnums = [&](const std::string& s) {
    std::vector<RawToken> t = rawTokens(s);
    auto plan = planPackExpansion(t, &enums);
    if (auto* e = std::get_if<DialectError>(&plan)) return "error: " + e->message;
    return render(t, std::get<RewritePlan>(plan));
  };
  CHECK(expandEnums("f(arch.enum_names, (int)arch.enum_values) ...;") ==
        "f ( \"sm_75\" , ( int ) arch::sm_75 ) ; f ( \"sm_90\" , ( int ) arch::sm_90 ) ;");
  CHECK(expandEnums("if (c) f(arch.enum_names) ...;") ==
        "if ( c ) { f ( \"sm_75\" ) ; f ( \"sm_90\" ) ; } ;");
  CHECK(expandEnums("const int v[] { 1, (int)arch.enum_values ... };") ==
        "const int v [ ] { 1 , ( int ) arch::sm_75 , ( int ) arch::sm_90 } ;");
  enums.note({"pair", {"a", "b", "c"}});
  CHECK(expandEnums("f(arch.enum_names, pair.enum_names) ...;") ==
        "error: the packs of this expansion differ in length ('arch' and 'pair')");
  enums.note({"arch", {"other"}});
  CHECK(expandEnums("f(arch.enum_names) ...;").rfind("error: two enumerations are named 'arch'", 0) == 0);
}

TEST_CASE("member traits apply only to names declared as enums, enum variables or arrays") {
  EnumRegistry enums;
  enums.note({"color", {"red", "green"}});
  TraitNames names{enums, {{"c", "color"}}, {"arr"}};
  auto spell = [&](const std::string& s) -> std::string {
    auto trait = memberTrait(rawTokens(s), 0, names);
    if (!trait) return "none";
    if (auto* e = std::get_if<DialectError>(&*trait)) return "error: " + e->message;
    return std::get<TraitSpelling>(*trait).replacement;
  };
  CHECK(spell("color.enum_count") == "2");
  CHECK(spell("color.string") == "\"color\"");
  CHECK(spell("c.string") == "::__circle_enum_name_of(c)");
  CHECK(spell("arr.length") == "(arr ->* ::__circle_length_tag{})");
  CHECK(spell("other.length") == "none");  // a struct's member keeps its meaning
  CHECK(spell("c.length") == "none");
  CHECK(spell("arr.length()") == "none");  // a call is C++'s
  CHECK(spell("color.enum_names") == "error: 'color.enum_names' is a pack: expand it with '...'");
}

TEST_CASE("a throw in device-only code is respelled as a call whose value converts to any type") {
  auto respell = [](const std::string& s) {
    std::vector<RawToken> t = rawTokens(s);
    return render(t, planDeviceThrows(t));
  };
  CHECK(respell("throw std::out_of_range(\"x\");") ==
        "(::__circle_throw( std :: out_of_range ( \"x\" ) ), ::__circle_thrown{}) ;");
  CHECK(respell("return c ? a : throw e;") == "return c ? a : (::__circle_throw( e ), ::__circle_thrown{}) ;");
  CHECK(respell("f(c ? throw x : 1, 2);") == "f ( c ? (::__circle_throw( x ), ::__circle_thrown{}) : 1 , 2 ) ;");
  CHECK(respell("throw;") == "(::__circle_rethrow(), ::__circle_thrown{}) ;");
  CHECK_FALSE(holdsThrow(rawTokens("int thrower = 1;")));
}

TEST_CASE("a kernel's try statement is respelled as a lambda called at once, unless control leaves it") {
  auto respell = [](const std::string& s) {
    std::vector<RawToken> t = rawTokens(s);
    std::optional<RewritePlan> plan = planDeviceTry(t);
    return plan ? render(t, *plan) : std::string("none");
  };
  CHECK(respell("try { f(); } catch (const E& e) { g(e); } catch (...) { }") ==
        "[&]() -> void { try { f ( ) ; } catch ( const E & e ) { g ( e ) ; } catch ( ... ) { } }();");
  CHECK(respell("try { if (x) return; } catch (...) { }") == "none");
  CHECK(respell("try { for (;;) break; } catch (...) { }") == "none"); // conservative: any break
  CHECK(respell("try { f(); }") == "none");                           // no handler: Clang's error
  CHECK(respell("try { f(); } catch (...) { } g();") == "none");       // more than the statement
  CHECK(respell("try { f(); } catch { }") == "none");
}

TEST_CASE("ranges: int... and begin:end:step") {
  CHECK(expand("f(@range(2:7:2)) ...;") ==
        "{ int const __circle_count = ::__circle_pack_count( ::__circle_range_count( ( 2 ) , ( 7 ) , ( 2 ) ) ); "
        "for (int __circle_i = 0; __circle_i < __circle_count; ++__circle_i) f ( ::__circle_range_value( ( 2 ) , "
        "__circle_i, ( 2 ) ) ) ; }");
  // begin:end: the step is 1 (a range without a step once read past its colons).
  CHECK(expand("f(int...(1:3)) ...;").find("::__circle_range_count( ( 1 ) , ( 3 ) , 1 )") != std::string::npos);
  CHECK(expand("f(int..., 1) ...;").rfind("error at int: 'int...' has no length of its own", 0) == 0);
  CHECK(expand("f(int...) ...;") == "((void)( f ( int ... ) ), ... ) ;"); // an unnamed pack parameter: C++
  CHECK(expand("f(int...(1:2:3:4)) ...;") == "error at :: a range is begin:end:step, with two ':' at most");
  CHECK(expand("f(@range(1:)) ...;").rfind("error at @: '@range' has no length of its own", 0) == 0);
  CHECK(expand("f(@range(c ? 1 : 2)) ...;").find("( c ? 1 : 2 )") != std::string::npos); // a conditional's ':'
  CHECK(expand("f(m[@range(2)][:]) ...;") == "error at [: circle does not slice an object chosen by a range pack");
}

TEST_CASE("a template enum's packs expand through an index lambda") {
  EnumRegistry enums;
  enums.note({"noted", {"a"}});
  auto dependent = [&](const std::string& s, bool inBlock) {
    std::vector<RawToken> t = rawTokens(s);
    auto plan = planDependentPacks(t, enums, inBlock);
    if (!plan) return std::string("none");
    if (auto* e = std::get_if<DialectError>(&*plan)) return "error: " + e->message;
    return render(t, std::get<RewritePlan>(*plan));
  };
  CHECK(dependent("template <class T> constexpr bool v = (... || (T.enum_values == 1));", false) ==
        "template < class T > constexpr bool v = ::__circle_enum_apply<T>([]<int... __circle_i>() { return ( ... || ( "
        "::__circle_enum_value_at<T, __circle_i> == 1 ) ) ; }) ;");
  CHECK(dependent("f(T.enum_names) ...;", true) ==
        "::__circle_enum_for_each<T>([&]<int __circle_i>() { f ( ::__circle_enum_name_at<T, __circle_i> ) ; }) ;");
  CHECK(dependent("int n = T.enum_count;", true) == "int n = ::__circle_enum_count<T> ;");
  CHECK(dependent("constexpr int u = x < y ...?? int... : sizeof...y;", false) ==
        "constexpr int u = []() { int __circle_k = 0; bool __circle_d = false; __remove_cvref(decltype( sizeof ... ( y "
        ") )) __circle_r{}; (void)((__circle_d || (( x < y ) ? (__circle_r = ( __circle_k ), __circle_d = true) : "
        "(++__circle_k, false))) || ...); if (!__circle_d) __circle_r = ( sizeof ... ( y ) ); return __circle_r; }() ;");
  CHECK(dependent("f(T.enum_values);", true) == "error: 'T.enum_values' is a pack: expand it with '...'");
  CHECK(dependent("f(noted.enum_values) ...;", true) == "none"); // a noted enum's: enum_reflection.h
  CHECK(dependent("f(s.enum_values);", true).rfind("error", 0) == 0);
  CHECK(dependent("f(x.y.enum_values) ...;", true) == "none"); // a member
  CHECK(dependent("f(T.enum_values, U.enum_values) ...;", true) ==
        "error: circle expands the packs of one template enum at a time ('T' and 'U')");
}

TEST_CASE("@meta printf becomes an annotated constant") {
  std::vector<RawToken> t = rawTokens("@meta printf(\"%d\\n\", n);");
  auto plan = planMetaPrintf(t);
  REQUIRE(plan);
  REQUIRE(std::holds_alternative<RewritePlan>(*plan));
  CHECK(render(t, std::get<RewritePlan>(*plan)) ==
        "[[clang::annotate(\"circle.meta_printf\", \"%d\\n\" , n ), maybe_unused]] constexpr int "
        "__circle_meta_printf_0 = 0 ;");
  CHECK_FALSE(planMetaPrintf(rawTokens("@meta for (int i : 3) {}")));
  std::vector<RawToken> bad = rawTokens("@meta printf();");
  REQUIRE(planMetaPrintf(bad));
  CHECK(std::get<DialectError>(*planMetaPrintf(bad)).message == "'@meta printf' needs a format");
}

TEST_CASE("P2392's is, as and inspect") {
  auto isType = [](llvm::StringRef n) { return n == "T" || n == "Ts"; };
  auto spell = [&](const std::string& s) -> std::string {
    std::vector<RawToken> t = rawTokens(s);
    auto r = respellIsAs(t, 0, isType);
    return r ? r->text + " / " + std::to_string(r->length) : "none";
  };
  CHECK(spell("operator is (") == "__circle_operator_is / 2");
  CHECK(spell("operator as <") == "__circle_operator_as / 2");
  CHECK(spell("T is Ts") == "__is_same(T, Ts) / 3");
  CHECK(spell("x is int") == "__circle_operator_is<int>(x) / 3");
  CHECK(spell("T.is_reference)") == "__is_reference(T) / 3");
  CHECK(spell("T.remove_reference*") == "__remove_reference_t(T) / 3");
  CHECK(spell("T.string +") == "::__circle_type_name<T> / 3");
  CHECK(spell("x.is_reference") == "none"); // not a type
  CHECK(spell("T.size()") == "none");

  auto inspect = [](const std::string& s) {
    std::vector<RawToken> t = rawTokens(s);
    auto plan = planInspect(t);
    if (!plan) return std::string("none");
    if (auto* e = std::get_if<DialectError>(&*plan)) return "error: " + e->message;
    return render(t, std::get<RewritePlan>(*plan));
  };
  CHECK(inspect("inspect(x) { i as int => f(i); is _ => g(); }") ==
        "{ auto&& __circle_inspected = ( x ); if (__circle_operator_is< int >(__circle_inspected)) { auto&& i = "
        "__circle_operator_as< int >(__circle_inspected); f ( i ) ; } else { g ( ) ; } }");
  CHECK(inspect("inspect(x) { is const char* => { f(); } }") ==
        "{ auto&& __circle_inspected = ( x ); if (__circle_operator_is< const char * >(__circle_inspected)) { { f ( ) ; "
        "} } }");
  CHECK(inspect("inspect(x) { i as => f(); }") == "error: expected a type after 'as'");
  CHECK(inspect("switch(x) { }") == "none");
}
