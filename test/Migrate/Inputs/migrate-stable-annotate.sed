# What the user writes by hand after the first `--migrate --abi=stable`
# (test/Driver/migrate-stable.test): the annotations its notes propose, with
# the meta functions skgen cannot guess.
s|^#include <torch/csrc/stable/library.h>|#include <skgen/annotations.h>\n&|
s|^Tensor square_out(|SKGEN_STRUCTURED("sops::square.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)\nSKGEN_META_PRESET(unary)\n&|
s|^Tensor scale_out(|SKGEN_STRUCTURED("sops::scale.out(Tensor self, float factor, *, Tensor(a!) out) -> Tensor(a!)", CPU)\nSKGEN_NO_INPLACE\nSKGEN_META_PRESET(unary)\n&|
s|^Tensor relu(|SKGEN_STRUCTURED("sops::relu(Tensor self) -> Tensor", CPU)\nSKGEN_META_PRESET(unary)\n&|
