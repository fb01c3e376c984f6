//===- OptionRules.cpp - Which family options combine ---------------------===//
#include "Facts/OptionRules.h"
#include "Facts/Facts.h"
#include "Schema/MetaPresets.h"

namespace skgen {

namespace {
constexpr size_t NumAnnotations = 0
#define SKGEN_ANNOTATION(Id, Macro, Name, NumArgs, Placement, FactsKey,        \
                         Example)                                              \
  +1
#include "Basic/Annotations.def"
    ;
static_assert(NumAnnotations <= 64, "GivenOptions holds 64 annotations");
} // namespace

GivenOptions givenOptions(const KernelFact &K) {
  const FamilyOptions &O = K.Options;
  GivenOptions G;
  auto Add = [&](bool Given, Annotation A) {
    if (Given)
      G.add(A);
  };
  Add(O.FunctionalOverload.has_value(), Annotation::FunctionalName);
  Add(O.InplaceOverload.has_value(), Annotation::InplaceName);
  Add(O.InplaceArg.has_value(), Annotation::InplaceArg);
  Add(O.NoFunctional, Annotation::NoFunctional);
  Add(O.NoInplace, Annotation::NoInplace);
  Add(!O.AllocFunction.empty(), Annotation::Alloc);
  Add(!O.MetaFunction.empty(), Annotation::Meta);
  Add(!O.MetaPreset.empty(), Annotation::MetaPreset);
  Add(O.NoMetaKernel, Annotation::NoMetaKernel);
  Add(O.KernelCasts, Annotation::KernelCasts);
  Add(O.KernelIterator, Annotation::KernelIterator);
  Add(O.KernelAllocates, Annotation::KernelAllocates);
  Add(K.FunctionalKernel, Annotation::FunctionalKernel);
  Add(O.NotDifferentiable, Annotation::NotDifferentiable);
  Add(O.NoAutograd, Annotation::NoAutograd);
  Add(!O.VmapFunction.empty(), Annotation::Vmap);
  Add(O.NoVmap, Annotation::NoVmap);
  return G;
}

std::vector<OptionConflict> optionConflicts(const GivenOptions &Given,
                                            const schema::MetaPreset *Preset) {
  using A = Annotation;
  std::vector<OptionConflict> Out;
  auto Refuse = [&](A At, std::optional<A> Other, std::string Message) {
    Out.push_back({At, Other, false, std::move(Message)});
  };
  // Macro names from the vocabulary: `M(A::Meta)` is SKGEN_META, `Q` quotes.
  auto M = [](A X) { return std::string(annotationMacro(X)); };
  auto Q = [&](A X) { return "'" + M(X) + "'"; };
  if (Given.has(A::Vmap) && Given.has(A::NoVmap))
    Refuse(A::NoVmap, A::Vmap,
           Q(A::NoVmap) + " turns off the batching rule that " + Q(A::Vmap) +
               " gives; keep one");
  if (Given.has(A::NoAutograd) && Given.has(A::NotDifferentiable))
    Refuse(A::NotDifferentiable, std::nullopt,
           Q(A::NotDifferentiable) +
               " needs the generated Autograd registrations, which " +
               Q(A::NoAutograd) + " turns off; keep one");

  // One description of the outputs: a meta function given with a preset
  // wins (the rules below see only the meta function).
  bool HasMeta = Given.has(A::Meta),
       HasPreset = Given.has(A::MetaPreset) && !HasMeta;
  if (HasMeta && Given.has(A::MetaPreset))
    Refuse(A::MetaPreset, A::Meta,
           Q(A::MetaPreset) + " and " + Q(A::Meta) +
               " both give the family's meta function; keep one (a meta "
               "function can call the preset, skgen::preset::NAME(...), and "
               "adjust its result)");
  std::optional<A> Meta;
  if (HasMeta || HasPreset)
    Meta = HasMeta ? A::Meta : A::MetaPreset;
  const std::string NoMeta =
      " has no effect without " + M(A::Meta) + " or " + M(A::MetaPreset);
  if (Given.has(A::Alloc) && Meta)
    Refuse(A::Alloc, Meta,
           Q(A::Alloc) + " cannot be combined with " + Q(*Meta) +
               ": the meta function gives the outputs' sizes and dtypes, "
               "and skgen allocates them; remove " +
               M(A::Alloc));
  if (Given.has(A::NoMetaKernel) && !Meta)
    Refuse(A::NoMetaKernel, std::nullopt,
           Q(A::NoMetaKernel) + NoMeta +
               " (Meta kernels are generated from the meta function)");
  if (Given.has(A::KernelCasts) && !Meta)
    Refuse(A::KernelCasts, std::nullopt,
           Q(A::KernelCasts) + NoMeta +
               " (without a meta function the kernel always receives the "
               "caller's tensors)");
  bool Iterator = Given.has(A::KernelIterator);
  if (Iterator && !Meta)
    Refuse(A::KernelIterator, std::nullopt,
           Q(A::KernelIterator) + NoMeta +
               " (without a meta function the wrappers check nothing "
               "before the kernel)");
  if (Iterator && HasMeta)
    Refuse(A::KernelIterator, std::nullopt,
           Q(A::KernelIterator) + " needs " + M(A::MetaPreset) +
               " with a TensorIterator preset: the kernel's TensorIterator "
               "makes the preset's checks, not those of a meta function of "
               "your own");
  if (Iterator && Given.has(A::KernelCasts))
    Refuse(A::KernelCasts, A::KernelIterator,
           Q(A::KernelCasts) + " is implied by " + Q(A::KernelIterator) +
               "; remove it");
  // The promise is about the TensorIterator SKGEN_KERNEL_ITERATOR promises.
  if (Given.has(A::KernelAllocates) && !Iterator)
    Refuse(A::KernelAllocates, std::nullopt,
           Q(A::KernelAllocates) + " needs " + Q(A::KernelIterator) +
               " (the kernel's TensorIterator allocates the undefined out "
               "tensors it is given)");
  for (A Shapes : {A::InplaceName, A::InplaceArg})
    if (Given.has(A::NoInplace) && Given.has(Shapes))
      Refuse(Shapes, A::NoInplace,
             Q(Shapes) + " shapes the in-place variant, but " +
                 Q(A::NoInplace) + " disables it");
  if (Given.has(A::NoFunctional) && Given.has(A::FunctionalKernel))
    Refuse(A::FunctionalKernel, A::NoFunctional,
           Q(A::FunctionalKernel) +
               " makes this function the functional kernel, but " +
               Q(A::NoFunctional) + " disables the functional variant");
  if (Given.has(A::NoFunctional) && Given.has(A::FunctionalName))
    Refuse(A::FunctionalName, A::NoFunctional,
           Q(A::FunctionalName) + " names the functional variant, but " +
               Q(A::NoFunctional) + " disables it");
  // aten's in-place and out= checks of its own-meta shapes are torchgen's
  // structured ones, which an out= kernel's TensorIterator does not make.
  if (Iterator && HasPreset && Preset && !Preset->TensorIterator) {
    std::string Presets;
    for (const schema::MetaPreset &P : schema::metaPresets())
      if (P.TensorIterator)
        Presets += (Presets.empty() ? "" : ", ") + std::string(P.Name);
    Refuse(A::MetaPreset, std::nullopt,
           Q(A::KernelIterator) + " needs a TensorIterator preset (" + Presets +
               "); aten's in-place and out= checks of '" + Preset->Name +
               "' are torchgen's structured ones, which no out= kernel "
               "makes");
    Out.back().AtArgument = true;
  }
  return Out;
}

} // namespace skgen
