// A hand-written op library on PyTorch's stable ABI only (torch/csrc/stable,
// torch/headeronly; built with -DTORCH_STABLE_ONLY): the evidence for what
// skgen's stable-ABI target can rely on (see run_probe.py, which builds it
// once against torch 2.13's headers and loads it into 2.13 and 2.14.1).
//
//   probe::scale.out(Tensor self, float s, *, Tensor(a!) out) -> Tensor(a!)
//   probe::scale(Tensor self, float s) -> Tensor
//   probe::scale_(Tensor(a!) self, float s) -> Tensor(a!)
//
// Build variants (-D):
//   PROBE_DEF_IN_CPP     the schemas are defined here, without tags (else
//                        Python defines them, with tags: run_probe.py)
//   PROBE_COMPOSITE      scale and scale_ are CompositeExplicitAutograd
//                        kernels calling probe::scale.out through the
//                        dispatcher (else CPU kernels of their own)
//   PROBE_RESIZE_OUTPUT_OP  out= resizes through aten::_resize_output_ (else
//                        through aten::resize_, warning like aten)
//   PROBE_LEAK_HANDLE    (with PROBE_COMPOSITE) never release the handle
//                        the dispatcher returns: the leak run_probe.py detects
//   PROBE_NO_META        no Meta kernels (Python's register_fake instead)
//   PROBE_DEF_RAW_TAG=n  the same with the bare int n through the C shim
//   PROBE_DEF_TAG=name   define probe::tagged(Tensor x) -> Tensor with
//                        {at::Tag::name} at load time
#include <torch/csrc/stable/library.h>
#include <torch/csrc/stable/ops.h>
#include <torch/csrc/stable/tensor.h>
#include <torch/headeronly/util/Exception.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

using torch::headeronly::ScalarType;
using torch::stable::Tensor;

namespace {

#ifdef PROBE_RESIZE_OUTPUT_OP
// aten::_resize_output_(Tensor(a!) self, SymInt[] size, Device device): aten
// registers it for Meta only, so this fails on CPU tensors (run_probe.py).
void resizeOutput(const Tensor &Out, torch::headeronly::IntHeaderOnlyArrayRef Sizes) {
  std::array<StableIValue, 3> Stack{torch::stable::detail::from(Out),
                                    torch::stable::detail::from(Sizes),
                                    torch::stable::detail::from(Out.device())};
  STABLE_TORCH_ERROR_CODE_CHECK(
      torch_call_dispatcher("aten::_resize_output_", "", Stack.data(), TORCH_ABI_VERSION));
  // The returned alias of Out is a new handle: released here.
  (void)torch::stable::detail::to<Tensor>(Stack[0]);
}
#else
std::string formatSizes(torch::headeronly::IntHeaderOnlyArrayRef Sizes) {
  std::string S = "[";
  for (size_t I = 0; I < Sizes.size(); ++I)
    S += (I ? ", " : "") + std::to_string(Sizes[I]);
  return S + "]";
}

// at::native::resize_output on the stable ABI: aten's deprecation warning
// (through the shim's TORCH_WARN) when a non-empty Out changes shape, then
// aten::resize_(Tensor(a!) self, SymInt[] size, *, MemoryFormat? memory_format=None).
void resizeOutput(const Tensor &Out, torch::headeronly::IntHeaderOnlyArrayRef Sizes) {
  torch::headeronly::IntHeaderOnlyArrayRef Current = Out.sizes();
  if (Current.size() == Sizes.size() &&
      std::equal(Current.begin(), Current.end(), Sizes.begin()))
    return;
  if (Out.numel() != 0) {
    std::string Msg = "An output with one or more elements was resized since it had shape " +
                      formatSizes(Current) +
                      ", which does not match the required output shape " + formatSizes(Sizes) +
                      ". This behavior is deprecated, and in a future PyTorch release outputs "
                      "will not be resized unless they have zero elements. You can explicitly "
                      "reuse an out tensor t by resizing it, inplace, to zero elements with "
                      "t.resize_(0).";
    aoti_torch_warn(__func__, __FILE__, __LINE__, Msg.c_str());
  }
  std::array<StableIValue, 3> Stack{torch::stable::detail::from(Out),
                                    torch::stable::detail::from(Sizes),
                                    torch::stable::detail::from(std::nullopt)};
  STABLE_TORCH_ERROR_CODE_CHECK(
      torch_call_dispatcher("aten::resize_", "", Stack.data(), TORCH_ABI_VERSION));
  // The returned alias of Out is a new handle: released here.
  (void)torch::stable::detail::to<Tensor>(Stack[0]);
}
#endif

void scaleInto(const Tensor &Self, double S, const Tensor &Out) {
  STD_TORCH_CHECK(Self.scalar_type() == ScalarType::Float,
                  "probe::scale: expected a float32 tensor, got ", Self.scalar_type());
  STD_TORCH_CHECK(Out.scalar_type() == ScalarType::Float,
                  "probe::scale: expected a float32 out, got ", Out.scalar_type());
  Tensor In = torch::stable::contiguous(Self);
  resizeOutput(Out, Self.sizes());
  STD_TORCH_CHECK(Out.is_contiguous(), "probe::scale: out must be contiguous");
  const float *Src = In.const_data_ptr<float>();
  float *Dst = Out.mutable_data_ptr<float>();
  for (int64_t I = 0, N = In.numel(); I < N; ++I)
    Dst[I] = static_cast<float>(Src[I] * S);
}

Tensor scaleOutCpu(Tensor Self, double S, Tensor Out) {
  scaleInto(Self, S, Out);
  return Out;
}

#ifndef PROBE_NO_META
Tensor scaleOutMeta(Tensor Self, double S, Tensor Out) {
  (void)S;
  resizeOutput(Out, Self.sizes());
  return Out;
}

Tensor scaleMeta(Tensor Self, double S) {
  (void)S;
  return torch::stable::new_empty(Self, Self.sizes());
}

Tensor scaleInplaceMeta(Tensor Self, double S) {
  (void)S;
  return Self;
}
#endif

#ifdef PROBE_COMPOSITE
// probe::scale.out through the dispatcher; the returned handle (an alias of
// Out) is owned by the Tensor made from it.
Tensor callScaleOut(const Tensor &Self, double S, const Tensor &Out) {
  std::array<StableIValue, 3> Stack{torch::stable::detail::from(Self),
                                    torch::stable::detail::from(S),
                                    torch::stable::detail::from(Out)};
  STABLE_TORCH_ERROR_CODE_CHECK(
      torch_call_dispatcher("probe::scale", "out", Stack.data(), TORCH_ABI_VERSION));
#ifdef PROBE_LEAK_HANDLE
  // The mistake run_probe.py shows it can see: the returned handle is never
  // released, so Out keeps one reference more per call.
  return Out;
#else
  return torch::stable::detail::to<Tensor>(Stack[0]);
#endif
}

Tensor scaleComposite(Tensor Self, double S) {
  return callScaleOut(Self, S, torch::stable::new_empty(Self, {0}));
}

Tensor scaleInplaceComposite(Tensor Self, double S) {
  return callScaleOut(Self, S, Self);
}
#else
Tensor scaleCpu(Tensor Self, double S) {
  Tensor Out = torch::stable::new_empty(Self, {0});
  scaleInto(Self, S, Out);
  return Out;
}

Tensor scaleInplaceCpu(Tensor Self, double S) {
  scaleInto(Self, S, Self);
  return Self;
}
#endif

} // namespace

#ifdef PROBE_DEF_IN_CPP
STABLE_TORCH_LIBRARY_FRAGMENT(probe, m) {
  m.def("scale.out(Tensor self, float s, *, Tensor(a!) out) -> Tensor(a!)");
  m.def("scale(Tensor self, float s) -> Tensor");
  m.def("scale_(Tensor(a!) self, float s) -> Tensor(a!)");
}
#endif

#ifdef PROBE_DEF_RAW_TAG
// The shim's tag argument as a bare int, bypassing the header's conversion
// (which rejects out and inplace): libtorch's own at::Tag numbering, not
// part of the stable ABI.
STABLE_TORCH_LIBRARY_FRAGMENT(probe, m) {
  (void)m;
}
namespace {
struct DefineRawTag {
  DefineRawTag() {
    TorchLibraryHandle Lib;
    aoti_torch_library_init_fragment("probe", __FILE__, __LINE__, &Lib);
    int32_t Tags[] = {PROBE_DEF_RAW_TAG};
    STABLE_TORCH_ERROR_CODE_CHECK(
        torch_library_def_with_tags(Lib, "tagged(Tensor x) -> Tensor", Tags, 1));
    // Kept: deleting the library object would remove the definition.
  }
} DefineRawTagAtLoad;
} // namespace
#endif

#ifdef PROBE_DEF_TAG
STABLE_TORCH_LIBRARY_FRAGMENT(probe, m) {
  m.def("tagged(Tensor x) -> Tensor", {at::Tag::PROBE_DEF_TAG});
}
#endif

STABLE_TORCH_LIBRARY_IMPL(probe, CPU, m) {
  m.impl("scale.out", TORCH_BOX(&scaleOutCpu));
#ifndef PROBE_COMPOSITE
  m.impl("scale", TORCH_BOX(&scaleCpu));
  m.impl("scale_", TORCH_BOX(&scaleInplaceCpu));
#endif
}

#ifdef PROBE_COMPOSITE
STABLE_TORCH_LIBRARY_IMPL(probe, CompositeExplicitAutograd, m) {
  m.impl("scale", TORCH_BOX(&scaleComposite));
  m.impl("scale_", TORCH_BOX(&scaleInplaceComposite));
}
#endif

#ifndef PROBE_NO_META
STABLE_TORCH_LIBRARY_IMPL(probe, Meta, m) {
  m.impl("scale.out", TORCH_BOX(&scaleOutMeta));
#ifndef PROBE_COMPOSITE
  m.impl("scale", TORCH_BOX(&scaleMeta));
  m.impl("scale_", TORCH_BOX(&scaleInplaceMeta));
#endif
}
#endif
