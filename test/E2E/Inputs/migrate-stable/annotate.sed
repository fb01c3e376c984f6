# What the user writes after the first `--migrate --abi=stable`
# (test/E2E/migrate-stable.test): the proposed annotations, with the meta
# functions (the kernels keep self's sizes and dtype: preset unary).
s|^#include <torch/csrc/stable/library.h>|#include <skgen/annotations.h>\n&|
s|^Tensor square_out(|SKGEN_STRUCTURED("smig::square.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)\nSKGEN_META_PRESET(unary)\n&|
s|^Tensor scale_out(|SKGEN_STRUCTURED("smig::scale.out(Tensor self, float factor, *, Tensor(a!) out) -> Tensor(a!)", CPU)\nSKGEN_META_PRESET(unary)\n&|
