#include "Schema/MetaPresets.h"
#include "Schema/Parser.h"

#include <gtest/gtest.h>

using namespace skgen::schema;

namespace {

FunctionSchema parse(const std::string &S) {
  FunctionSchema F;
  ParseError E;
  EXPECT_TRUE(parseFunctionSchema(S, F, E)) << S << ": " << E.Message;
  return F;
}

std::string same(const std::string &S) { return S; }

std::vector<std::string> bind(const char *Preset, const char *Schema,
                              std::vector<std::string> Given = {}) {
  std::vector<std::string> Bound;
  PresetError E;
  EXPECT_TRUE(
      bindMetaPreset(*findMetaPreset(Preset), parse(Schema), Given, Bound, E))
      << E.Message;
  return Bound;
}

TEST(MetaPresets, Lookup) {
  EXPECT_NE(findMetaPreset("binary"), nullptr);
  EXPECT_EQ(findMetaPreset("Binary"), nullptr);
  EXPECT_EQ(closestMetaPreset("reduce"), "");
  EXPECT_EQ(closestMetaPreset("reductoin"), "reduction");
  EXPECT_EQ(metaPresets().size(), 27u);
}

TEST(MetaPresets, DefaultRolesFromTheSchema) {
  EXPECT_EQ(bind("binary", "a::add.out(Tensor self, Tensor other, *, Scalar "
                           "alpha=1, Tensor(a!) out) -> Tensor(a!)"),
            (std::vector<std::string>{"self", "other", "alpha"}));
  // Operands in schema order: a Scalar operand, not the int.
  EXPECT_EQ(bind("comparison", "a::lt.out(int n, Tensor x, Scalar y, *, "
                               "Tensor(a!) out) -> Tensor(a!)"),
            (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(bind("reduction", "a::s.out(Tensor self, int[1]? dim, *, "
                              "Tensor(a!) out) -> Tensor(a!)"),
            (std::vector<std::string>{"self", "dim", "", ""}));
  EXPECT_EQ(bind("elementwise", "a::w.out(Tensor c, Tensor? x, Scalar? y, int "
                                "k, *, Tensor(a!) out) -> Tensor(a!)"),
            (std::vector<std::string>{"c", "x", "y"}));
}

TEST(MetaPresets, NamedRolesAndUnbound) {
  EXPECT_EQ(bind("reduction",
                 "a::s.out(Tensor x, int[1] axes, bool keepdim=False, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 {"x", "axes", "_"}),
            (std::vector<std::string>{"x", "axes", "", ""}));
}

TEST(MetaPresets, Errors) {
  auto Fails = [](const char *Preset, const char *Schema,
                  std::vector<std::string> Given, int Index) {
    std::vector<std::string> Bound;
    PresetError E;
    EXPECT_FALSE(bindMetaPreset(*findMetaPreset(Preset), parse(Schema), Given,
                                Bound, E));
    EXPECT_EQ(E.GivenIndex, Index) << E.Message;
    return E.Message;
  };
  const char *Add = "a::add.out(Tensor self, Tensor other, *, Tensor(a!) out) "
                    "-> Tensor(a!)";
  EXPECT_EQ(Fails("binary", Add, {"self", "self"}, 1), "'self' is named twice");
  EXPECT_EQ(Fails("binary", Add, {"self", "other", "x", "y"}, 3),
            "preset 'binary' takes at most 3 argument(s)");
  EXPECT_EQ(Fails("unary", Add, {"_"}, 0),
            "role 'self' of preset 'unary' cannot be left unbound ('_')");
  EXPECT_EQ(Fails("index_reduction", Add, {}, -1).substr(0, 37),
            "preset 'index_reduction' needs an int");
}

TEST(MetaPresets, Calls) {
  const MetaPreset &R = *findMetaPreset("reduction");
  OperatorName Op{"a", "sum", "out"};
  EXPECT_EQ(metaPresetCall(R, {"self", "dim", "", ""}, same, Op),
            "::skgen::preset::reduction(self, dim, false, c10::nullopt)");
  EXPECT_EQ(metaPresetCall(*findMetaPreset("index_reduction"),
                           {"self", "dim", "keepdim"}, same, {"a", "max", ""}),
            "::skgen::preset::index_reduction(self, dim, keepdim, \"max()\")");
  EXPECT_EQ(
      metaPresetCall(*findMetaPreset("elementwise"), {"a", "b"}, same, Op),
      "::skgen::preset::elementwise({a, b})");
  // The TensorIterator presets: unbound Scalar? bounds, the op's bare name.
  EXPECT_EQ(metaPresetCall(*findMetaPreset("clamp"), {"self", "", "max"}, same,
                           {"a", "clamp_max", "out"}),
            "::skgen::preset::clamp(self, c10::nullopt, max)");
  EXPECT_EQ(metaPresetCall(*findMetaPreset("unary_bool"), {"self"}, same,
                           {"a", "isposinf", "out"}),
            "::skgen::preset::unary_bool(self, \"isposinf\")");
  EXPECT_EQ(metaPresetCall(*findMetaPreset("halving"), {"self", "dim"}, same,
                           {"a", "glu", "out"}),
            "::skgen::preset::halving(self, dim, \"glu\")");
}

TEST(MetaPresets, TensorIteratorRoles) {
  EXPECT_EQ(bind("clamp", "a::clamp_min.out(Tensor self, Scalar min, *, "
                          "Tensor(a!) out) -> Tensor(a!)"),
            (std::vector<std::string>{"self", "min", ""}));
  EXPECT_EQ(bind("binary_float", "a::div.out_mode(Tensor self, Tensor other, "
                                 "*, str? rounding_mode, Tensor(a!) out) -> "
                                 "Tensor(a!)"),
            (std::vector<std::string>{"self", "other", "rounding_mode"}));
  EXPECT_EQ(bind("binary_float", "a::div.out(Tensor self, Tensor other, *, "
                                 "Tensor(a!) out) -> Tensor(a!)"),
            (std::vector<std::string>{"self", "other", ""}));
  EXPECT_EQ(bind("loss", "a::l.out(Tensor self, Tensor target, int "
                         "reduction=1, float beta=1.0, *, Tensor(a!) out) -> "
                         "Tensor(a!)"),
            (std::vector<std::string>{"self", "target", "reduction"}));
  // lerp's weight is an operand: a Scalar (lerp.Scalar) or a Tensor.
  EXPECT_EQ(bind("lerp", "a::lerp.Scalar_out(Tensor self, Tensor end, Scalar "
                         "weight, *, Tensor(a!) out) -> Tensor(a!)"),
            (std::vector<std::string>{"self", "end", "weight"}));
  EXPECT_EQ(bind("lerp", "a::lerp.Tensor_out(Tensor self, Tensor end, Tensor "
                         "weight, *, Tensor(a!) out) -> Tensor(a!)"),
            (std::vector<std::string>{"self", "end", "weight"}));
  EXPECT_EQ(bind("heaviside", "a::heaviside.out(Tensor self, Tensor values, "
                              "*, Tensor(a!) out) -> Tensor(a!)"),
            (std::vector<std::string>{"self", "values"}));
}

// index: a Tensor?[] role binds by kind (not a Tensor[]); named, it must be
// a Tensor?[].
TEST(MetaPresets, OptionalTensorListRole) {
  EXPECT_EQ(bind("index", "a::index.Tensor_out(Tensor self, Tensor?[] "
                          "indices, *, Tensor(a!) out) -> Tensor(a!)"),
            (std::vector<std::string>{"self", "indices"}));
  EXPECT_EQ(bind("index", "a::i.out(Tensor[] xs, Tensor x, Tensor?[] ix, *, "
                          "Tensor(a!) out) -> Tensor(a!)"),
            (std::vector<std::string>{"x", "ix"}));
  const char *Cat = "a::i.out(Tensor self, Tensor[] indices, *, Tensor(a!) "
                    "out) -> Tensor(a!)";
  std::vector<std::string> Bound;
  PresetError E;
  EXPECT_FALSE(
      bindMetaPreset(*findMetaPreset("index"), parse(Cat), {}, Bound, E));
  EXPECT_EQ(E.Message, "preset 'index' needs a Tensor?[] argument for its "
                       "role 'indices'; 'a::i.out' has none left");
  EXPECT_FALSE(bindMetaPreset(*findMetaPreset("index"), parse(Cat),
                              {"self", "indices"}, Bound, E));
  EXPECT_EQ(E.GivenIndex, 1);
  EXPECT_EQ(E.Message, "role 'indices' of preset 'index' takes a Tensor?[]; "
                       "'indices' is 'Tensor[]'");
}

// skgen/presets/shapes.h: a Tensor[] role (by kind, as Tensor roles), an
// optional bool and an optional dtype by name.
TEST(MetaPresets, ShapeRoles) {
  EXPECT_EQ(bind("cat", "a::cat.out(Tensor[] tensors, int dim=0, *, "
                        "Tensor(a!) out) -> Tensor(a!)"),
            (std::vector<std::string>{"tensors", "dim"}));
  EXPECT_EQ(bind("cat", "a::c.out(Tensor x, Tensor[] xs, int dim, *, "
                        "Tensor(a!) out) -> Tensor(a!)"),
            (std::vector<std::string>{"xs", "dim"}));
  std::vector<std::string> Bound;
  PresetError E;
  EXPECT_FALSE(bindMetaPreset(
      *findMetaPreset("cat"),
      parse("a::c.out(Tensor x, int dim, *, Tensor(a!) out) -> Tensor(a!)"), {},
      Bound, E));
  EXPECT_EQ(E.Message, "preset 'cat' needs a Tensor[] argument for its role "
                       "'tensors'; 'a::c.out' has none left");
  EXPECT_EQ(bind("mm", "a::mm.out(Tensor self, Tensor mat2, *, Tensor(a!) "
                       "out) -> Tensor(a!)"),
            (std::vector<std::string>{"self", "mat2"}));
  EXPECT_EQ(bind("addmm", "a::addmm.out(Tensor self, Tensor mat1, Tensor "
                          "mat2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) "
                          "out) -> Tensor(a!)"),
            (std::vector<std::string>{"self", "mat1", "mat2"}));
  EXPECT_EQ(bind("softmax", "a::s.out(Tensor self, int dim, bool "
                            "half_to_float, *, Tensor(a!) out) -> Tensor(a!)"),
            (std::vector<std::string>{"self", "dim", "half_to_float"}));
  EXPECT_EQ(bind("softmax", "a::s.out(Tensor self, int dim, *, Tensor(a!) "
                            "out) -> Tensor(a!)"),
            (std::vector<std::string>{"self", "dim", ""}));
  EXPECT_EQ(bind("cumulative", "a::cumsum.out(Tensor self, int dim, *, "
                               "ScalarType? dtype=None, Tensor(a!) out) -> "
                               "Tensor(a!)"),
            (std::vector<std::string>{"self", "dim", "dtype"}));
  EXPECT_EQ(bind("upsample2d", "a::up.out(Tensor self, SymInt[2] "
                               "output_size, float? scales_h=None, *, "
                               "Tensor(a!) out) -> Tensor(a!)"),
            (std::vector<std::string>{"self", "output_size"}));
  // A ScalarType role that is not optional, bound by name.
  EXPECT_EQ(bind("softmax_backward",
                 "a::_softmax_backward_data.out(Tensor grad_output, Tensor "
                 "output, int dim, ScalarType input_dtype, *, Tensor(a!) "
                 "grad_input) -> Tensor(a!)"),
            (std::vector<std::string>{"grad_output", "output", "dim",
                                      "input_dtype"}));
  EXPECT_EQ(bind("addmv", "a::addmv.out(Tensor self, Tensor mat, Tensor vec, "
                          "*, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) "
                          "-> Tensor(a!)"),
            (std::vector<std::string>{"self", "mat", "vec"}));
  EXPECT_EQ(metaPresetCall(*findMetaPreset("softmax"), {"self", "dim", ""},
                           same, {"a", "_softmax", "out"}),
            "::skgen::preset::softmax(self, dim, false)");
  EXPECT_EQ(metaPresetCall(*findMetaPreset("cat"), {"tensors", "dim"}, same,
                           {"a", "cat", "out"}),
            "::skgen::preset::cat(tensors, dim)");
}

} // namespace
