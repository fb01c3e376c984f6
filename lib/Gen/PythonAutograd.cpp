//===- PythonAutograd.cpp - Autograd from Python (stable ABI) -------------===//
//
// The stable ABI has no autograd API in C++, so on the stable target the
// Python companion registers each family's autograd (docs/stable-abi.md,
// "Derivatives"): an Autograd kernel per functional and in-place variant
// around an autograd.Function whose backward calls the family's backward
// operator (Facts/StableBackward.h, its kernel compiled from the formulas:
// StableAutograd.cpp) -- what torch.library.register_autograd builds, which
// skgen does not call because its kernel lets a forward-AD tangent drop
// silently and takes no in-place op; out= refuses inputs that require grad;
// a family marked not differentiable gets fallthroughs.
//
//===----------------------------------------------------------------------===//
#include "Gen/PythonAutograd.h"

#include "Facts/StableBackward.h"
#include "Gen/Autograd.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace skgen {
namespace gen {
namespace {

using derivatives::BackwardArgument;

/// `torch.ops.ns.name.overload`.
std::string opOverload(const schema::OperatorName &Op) {
  return "torch.ops." + Op.Namespace + "." + Op.Name + "." +
         (Op.Overload.empty() ? "default" : Op.Overload);
}

/// `name.overload`, as Library.impl takes it.
std::string implName(const schema::OperatorName &Op) {
  return Op.Name + (Op.Overload.empty() ? "" : "." + Op.Overload);
}

std::string tuple(const std::vector<std::string> &Items) {
  return Items.size() == 1 ? "(" + Items.front() + ",)"
                           : "(" + llvm::join(Items, ", ") + ")";
}

} // namespace

const char *pythonAutogradHelpers() {
  return R"(

def _skgen_mask(ctx, inputs):
    """Bit e of a backward operator's output_mask: the gradient of the e-th
    differentiated input (inputs[e]) is needed."""
    return sum(1 << e for e, i in enumerate(inputs) if ctx.needs_input_grad[i])


def _skgen_check_no_requires_grad(t, name, op):
    if t is not None and t.requires_grad:
        raise RuntimeError(
            f"The function '{op}' is not differentiable with respect to "
            f"argument '{name}'. This input cannot have requires_grad True.")


def _skgen_check_no_forward_grad(name, args):
    # No forward formulas on the stable target: aten's error for an op
    # without one, rather than a result without a tangent.
    if torch.autograd.forward_ad._current_level >= 0 and any(
            isinstance(a, torch.Tensor) and
            torch.autograd.forward_ad.unpack_dual(a).tangent is not None
            for a in args):
        raise NotImplementedError(
            f"Trying to use forward AD with {name} that does not support it "
            "because it has not been implemented yet.")


def _skgen_check_inplace(self):
    # aten's check_inplace, before the call writes self.
    if self.requires_grad and self._is_view() and self._base.is_leaf:
        raise RuntimeError("a view of a leaf Variable that requires grad is "
                           "being used in an in-place operation.")
    if self.requires_grad and self.is_leaf:
        raise RuntimeError("a leaf Variable that requires grad is being used "
                           "in an in-place operation.")


def _skgen_with_defaults(op, args, kwargs):
    """The arguments the dispatcher left out for their defaults, back (as
    torch.library.register_autograd gives its setup_context)."""
    args, kwargs = list(args), dict(kwargs)
    for a in op._schema.arguments[len(args):]:
        if a.kwarg_only:
            if a.name not in kwargs and a.has_default_value():
                kwargs[a.name] = a.default_value
        elif a.name in kwargs:
            args.append(kwargs.pop(a.name))
        elif a.has_default_value():
            args.append(a.default_value)
    return tuple(args), kwargs


def _skgen_requires_grad(args):
    return any(isinstance(a, torch.Tensor) and a.requires_grad for a in args)


def _skgen_call(op, keyset, args, kwargs):
    # Below autograd and ADInplaceOrView, as aten's kernels run: the
    # kernel's own aten calls (full dispatches) record no history and move
    # no version on; the caller moves the written tensors' on, once.
    with torch._C._AutoDispatchBelowADInplaceOrView():
        return op.redispatch(keyset & torch._C._after_autograd_keyset, *args,
                             **kwargs)


def _skgen_aliases(t, self):
    try:
        p = t.untyped_storage().data_ptr()
        return p != 0 and p == self.untyped_storage().data_ptr()
    except Exception:  # no storage to compare (fake tensors)
        return t is self


def _skgen_before_write(args, clone_self):
    """What the formulas read of the inputs as they were before an in-place
    call writes self: copies (made with history, for double backward) of self
    when they read it and of the inputs that share its memory."""
    self = args[0]
    return (self.clone() if clone_self else self,) + tuple(
        a.clone() if isinstance(a, torch.Tensor) and _skgen_aliases(a, self)
        else a for a in args[1:])


def _skgen_autograd(op, name, setup_context, backward, check=None,
                    inplace=False, clone_self=False):
    """The Autograd kernel of a functional or in-place variant, as aten's
    generated ones: the refusals, then the call below autograd and, when an
    input requires grad, the history through an autograd.Function named
    `name` (in place: aten's leaf checks first, self's version moved on, its
    history rebased)."""

    def forward(keyset, kwargs, before, *args):
        result = _skgen_call(op, keyset, args, kwargs)
        # In place: self itself, whatever the call returned (mark_dirty
        # moves its version on).
        return args[0] if inplace else result

    def setup(ctx, inputs, output):
        _, kwargs, before, *args = inputs
        if inplace:
            ctx.mark_dirty(args[0])
        setup_context(ctx, before, output, kwargs)

    def backward_inputs(ctx, *grads):
        # The family's backward sees the op's inputs only.
        needs = ctx.needs_input_grad
        ctx.needs_input_grad = needs[3:]
        try:
            return (None, None, None) + tuple(backward(ctx, *grads))
        finally:
            ctx.needs_input_grad = needs

    function = type(name, (torch.autograd.Function,), {
        "forward": staticmethod(forward),
        "setup_context": staticmethod(setup),
        "backward": staticmethod(backward_inputs)})
    op_name = op._schema.name
    without_history = _skgen_not_differentiable(op, inplace)

    def kernel(keyset, *args, **kwargs):
        args, kwargs = _skgen_with_defaults(op, args, kwargs)
        if check is not None:
            check(args, kwargs)
        _skgen_check_no_forward_grad(op_name, args)
        if torch.is_grad_enabled() and _skgen_requires_grad(args):
            before = args
            if inplace:
                _skgen_check_inplace(args[0])
                before = _skgen_before_write(args, clone_self)
            return function.apply(keyset, kwargs, before, *args)
        return without_history(keyset, *args, **kwargs)

    return kernel


def _skgen_not_differentiable(op, inplace=False):
    """The call without history (SKGEN_NOT_DIFFERENTIABLE, or no input that
    requires grad); in place, self's version moved on."""

    def kernel(keyset, *args, **kwargs):
        result = _skgen_call(op, keyset, args, kwargs)
        if inplace:
            result = args[0]
            torch.autograd.graph.increment_version(result)
        return result

    return kernel


def _skgen_out(op, differentiable):
    """An out= op's Autograd kernel, as aten's: with grad mode on, an
    argument that requires grad is refused (unless the family is not
    differentiable); the call below autograd; the out tensors' versions
    moved on."""
    name = op._schema.name
    outs = [a.name for a in op._schema.arguments
            if a.alias_info is not None and a.alias_info.is_write]

    def kernel(keyset, *args, **kwargs):
        if differentiable and torch.is_grad_enabled() and \
                _skgen_requires_grad((*args, *kwargs.values())):
            raise RuntimeError(
                f"{name}(): functions with out=... arguments don't support "
                "automatic differentiation, but one of the arguments "
                "requires grad.")
        result = _skgen_call(op, keyset, args, kwargs)
        torch.autograd.graph.increment_version(
            [kwargs[n] for n in outs if n in kwargs])
        return result

    return kernel
)";
}

std::string pythonAutograd(const graph::Family &F, const std::string &Lib) {
  const derivatives::Derivatives &D = F.Derivs;
  const schema::DerivedVariants &V = F.Variants;
  std::string S;
  if (!D.differentiable()) {
    S += "\n# " + F.name().str() +
         ": not differentiable (SKGEN_NOT_DIFFERENTIABLE), no history\n";
    if (V.Functional)
      S += Lib + ".impl(\"" + implName(V.Functional->Op) +
           "\", _skgen_not_differentiable(" + opOverload(V.Functional->Op) +
           "), \"Autograd\", with_keyset=True)\n";
    if (V.Inplace)
      S += Lib + ".impl(\"" + implName(V.Inplace->Op) +
           "\", _skgen_not_differentiable(" + opOverload(V.Inplace->Op) +
           ", inplace=True), \"Autograd\", with_keyset=True)\n";
    // out= accepts inputs that require grad (aten's eq.out does).
    if (V.OutDefined)
      S += Lib + ".impl(\"" + implName(F.Out.Op) + "\", _skgen_out(" +
           opOverload(F.Out.Op) + ", differentiable=False), \"Autograd\", " +
           "with_keyset=True)\n";
    return S;
  }
  const schema::OperatorName &Fn = V.Functional->Op;
  const derivatives::BackwardOperator B = derivatives::backwardOperator(D);
  const std::string Prefix = "_" + Fn.Namespace + "_" + Fn.Name +
                             (Fn.Overload.empty() ? "" : "_") + Fn.Overload;
  const std::string Setup = Prefix + "_setup_context",
                    Backward = Prefix + "_backward";
  // Keyword-only arguments come apart (keyword_only_inputs, as
  // register_autograd's setup_context gets them), after the positional ones.
  auto KwargOnly = [&](unsigned I) {
    return F.Out.Arguments[D.Inputs[I].SchemaIndex].KwargOnly;
  };
  auto Input = [&](unsigned I) {
    return KwargOnly(I) ? "keyword_only_inputs[\"" + D.Inputs[I].Name + "\"]"
                        : "inputs[" + std::to_string(I) + "]";
  };
  auto Output = [&](unsigned O) {
    return D.Outputs.size() == 1 ? std::string("output")
                                 : "output[" + std::to_string(O) + "]";
  };

  // aten's refusals, before the call.
  std::string Check;
  for (unsigned I : D.refusedInputs())
    Check += "    _skgen_check_no_requires_grad(" + Input(I) + ", \"" +
             D.Inputs[I].Name + "\", \"" + Fn.str() + "\")\n";
  // setup_context: the outputs it does not differentiate, then what the
  // backward operator reads.
  std::string Body;
  std::vector<unsigned> DiffOuts = D.differentiableOutputs();
  for (unsigned O = 0; O < D.Outputs.size(); ++O)
    if (!llvm::is_contained(DiffOuts, O))
      Body += "    ctx.mark_non_differentiable(" + Output(O) + ")\n";
  std::vector<std::string> Saved, Values, CallArgs;
  for (const BackwardArgument &A : B.Arguments) {
    auto In = [&] { return Input(A.Index); }; // Tensor, Property, Value.
    switch (A.K) {
    case BackwardArgument::Kind::Grad:
      CallArgs.push_back("grads[" + std::to_string(DiffOuts[A.Index]) + "]");
      break;
    case BackwardArgument::Kind::Grads: {
      std::vector<std::string> G;
      for (unsigned O : DiffOuts)
        G.push_back("grads[" + std::to_string(O) + "]");
      CallArgs.push_back("[" + llvm::join(G, ", ") + "]");
      break;
    }
    case BackwardArgument::Kind::Tensor:
    case BackwardArgument::Kind::Output:
      CallArgs.push_back("saved[" + std::to_string(Saved.size()) + "]");
      Saved.push_back(A.K == BackwardArgument::Kind::Tensor ? In()
                                                            : Output(A.Index));
      break;
    case BackwardArgument::Kind::Property:
      CallArgs.push_back("ctx.skgen_values[" + std::to_string(Values.size()) +
                         "]");
      Values.push_back(llvm::StringRef(A.Property->Python).str());
      Values.back().replace(Values.back().find("{0}"), 3, In());
      break;
    case BackwardArgument::Kind::Value:
      CallArgs.push_back("ctx.skgen_values[" + std::to_string(Values.size()) +
                         "]");
      Values.push_back(In());
      break;
    case BackwardArgument::Kind::Mask: {
      std::vector<std::string> Edges;
      for (unsigned I : B.Edges)
        Edges.push_back(std::to_string(I));
      CallArgs.push_back("_skgen_mask(ctx, " + tuple(Edges) + ")");
      break;
    }
    }
  }
  if (!Saved.empty())
    Body += "    ctx.save_for_backward(" + llvm::join(Saved, ", ") + ")\n";
  if (!Values.empty())
    Body += "    ctx.skgen_values = " + tuple(Values) + "\n";
  if (Body.empty())
    Body = "    pass\n";

  // backward: one gradient per input, from the backward operator's.
  std::vector<std::string> Returns;
  for (unsigned I = 0; I < D.Inputs.size(); ++I)
    if (!KwargOnly(I))
      Returns.push_back("None");
  for (size_t E = 0; E < B.Edges.size(); ++E)
    Returns[B.Edges[E]] =
        B.Edges.size() == 1 ? "g" : "g[" + std::to_string(E) + "]";
  const schema::OperatorName BackwardOp = derivatives::backwardOperatorName(Fn);

  S += "\n\n# " + F.name().str() +
       "'s derivatives (SKGEN_DERIVATIVE): its backward operator " +
       BackwardOp.str() + "\n";
  if (!Check.empty())
    S += "def " + Prefix + "_check(inputs, keyword_only_inputs):\n" + Check +
         "\n\n";
  S += "def " + Setup + "(ctx, inputs, output, keyword_only_inputs=None):\n" +
       Body + "\n\n";
  S += "def " + Backward + "(ctx, *grads):\n";
  if (!Saved.empty())
    S += "    saved = ctx.saved_tensors\n";
  S += "    g = " + opOverload(BackwardOp) + "(\n        " +
       llvm::join(CallArgs, ", ") + ")\n";
  // A tuple, one per input, as the in-place Function's backward extends it.
  S += "    return " + llvm::join(Returns, ", ") +
       (Returns.size() == 1 ? "," : "") + "\n\n\n";
  // The autograd.Function's name: grad_fn's is the libtorch target's node's.
  const std::string NodeName = autogradNodeName(F);
  llvm::StringRef Node(NodeName);
  Node.consume_back("Backward");
  const std::string Args =
      ", \"" + Node.str() + "\", " + Setup + ", " + Backward +
      (Check.empty() ? "" : ", check=" + Prefix + "_check");
  S += Lib + ".impl(\n    \"" + implName(Fn) + "\",\n    _skgen_autograd(" +
       opOverload(Fn) + Args + "),\n    \"Autograd\", with_keyset=True)\n";
  if (V.OutDefined)
    S += Lib + ".impl(\"" + implName(F.Out.Op) + "\", _skgen_out(" +
         opOverload(F.Out.Op) + ", differentiable=True), \"Autograd\", " +
         "with_keyset=True)\n";
  if (V.Inplace) {
    // The formulas read self as it was: a copy, as aten's in-place kernels.
    bool ReadsSelf = llvm::any_of(B.Arguments, [&](const BackwardArgument &A) {
      return A.K == BackwardArgument::Kind::Tensor && A.Index == 0;
    });
    S += Lib + ".impl(\n    \"" + implName(V.Inplace->Op) +
         "\",\n    _skgen_autograd(" + opOverload(V.Inplace->Op) + Args +
         ", inplace=True, clone_self=" + (ReadsSelf ? "True" : "False") +
         "),\n    \"Autograd\", with_keyset=True)\n";
  }
  return S;
}

} // namespace gen
} // namespace skgen
