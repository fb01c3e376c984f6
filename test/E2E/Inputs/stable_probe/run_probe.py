#!/usr/bin/env python3
"""Evidence for skgen's stable-ABI target: builds probe.cpp and types.cpp ONCE
with g++ against torch 2.13's headers (-DTORCH_STABLE_ONLY) and loads the
libraries, unchanged, into torch 2.13 and 2.14.1, each check in a fresh
process. Prints one line per finding, "Qn <label>: <result>" (the questions
are the stable-ABI brief's; docs/ has the answers).

  run_probe.py [--torch213 PY] [--torch214 PY] [--build DIR] [--only Q3,Q8]

Defaults: <repo>/.venv/bin/python and the venv of utils/setup_torch.sh
(test/torch_leg.py). Not a lit test (yet): a record that can be re-run.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", "..", ".."))
TARGET_2_13 = "0x020D000000000000"  # (2 << 56) | (13 << 48)
ALL_TAGS = ["core", "cudagraph_unsafe", "data_dependent_output", "dynamic_output_shape",
            "flexible_layout", "generated", "inplace", "inplace_view",
            "maybe_aliasing_or_mutating", "needs_contiguous_strides", "needs_exact_strides",
            "needs_fixed_stride_order", "nondeterministic_bitwise", "nondeterministic_seeded",
            "out", "out_variant", "pointwise", "pt2_compliant_tag", "reduction", "view_copy"]
TYPES = ["double", "int64_t", "bool", "optional_int", "optional_double", "HeaderOnlyArrayRef",
         "vector_int", "vector_int_return", "optional_HeaderOnlyArrayRef", "ScalarType",
         "string_view", "TensorList", "optional_Tensor", "tuple", "Tensor_ref_return",
         "Tensor_ref_param", "const_Tensor_ref_param", "void", "Device", "Scalar_as_double",
         "SymInt_as_int", "SymIntList_as_ArrayRef"]

# ---------------------------------------------------------------------------
# Worker side: runs inside a torch venv (run_probe.py --worker CHECK ...).
# ---------------------------------------------------------------------------

# The schemas, defined from Python with the tags aten's variants carry
# (torch.ops.aten.add.out: out, pointwise, pt2_compliant_tag; add_.Tensor:
# inplace, pointwise, pt2_compliant_tag; add.Tensor: core, pointwise,
# pt2_compliant_tag); the C++ side only registers kernels.
SCHEMAS = [
    ("scale.out(Tensor self, float s, *, Tensor(a!) out) -> Tensor(a!)", ("out", "pt2_compliant_tag")),
    ("scale(Tensor self, float s) -> Tensor", ("pt2_compliant_tag",)),
    ("scale_(Tensor(a!) self, float s) -> Tensor(a!)", ("inplace", "pt2_compliant_tag")),
]


def define_from_python(torch, tags=True):
    # PROBE_TAGS=a,b: only those of each schema's tags (which ones matter).
    keep = os.environ.get("PROBE_TAGS")
    lib = torch.library.Library("probe", "FRAGMENT")
    for schema, names in SCHEMAS:
        names = [n for n in names if keep is None or n in keep.split(",")]
        lib.define(schema, tags=tuple(getattr(torch.Tag, n) for n in names) if tags else ())
    return lib


def first_line(e):
    lines = [l for l in str(e).strip().splitlines() if l.strip()]
    # BackendCompilerFailed and the like: "backend='x' raised:" then the cause.
    inner = [l for l in lines[1:] if re.match(r"^\w+(Error|Exception): ", l)]
    return "%s: %s" % (type(e).__name__, (inner or lines or [""])[0])


def ops(torch):
    x = torch.arange(4.0)
    out = torch.empty(0)
    y = x.clone()
    return (torch.ops.probe.scale(x, 2.0).tolist(), torch.ops.probe.scale.out(x, 3.0, out=out).tolist(),
            torch.ops.probe.scale_(y, 0.5).tolist())


def opcheck_all(torch, utils):
    from torch.library import opcheck
    x = torch.randn(3, 4)
    cases = {"scale.out": (torch.ops.probe.scale.out, (x, 2.0), {"out": torch.empty(0)}),
             "scale.out(out of the right size)": (torch.ops.probe.scale.out, (x, 2.0), {"out": torch.empty(3, 4)}),
             "aten.mul.out, for comparison": (torch.ops.aten.mul.out, (x, x), {"out": torch.empty(0)}),
             "scale": (torch.ops.probe.scale.default, (x, 2.0), {}),
             "scale_": (torch.ops.probe.scale_.default, (x.clone(), 2.0), {})}
    res = []
    for name, (op, args, kwargs) in cases.items():
        failed = []
        for u in utils:
            try:
                opcheck(op, args, kwargs, test_utils=(u,))
            except Exception as e:
                failed.append("%s FAILS (%s)" % (u, first_line(e)[:160]))
        res.append("%s: %s" % (name, "; ".join(failed) if failed else "all %d pass" % len(utils)))
    return res


def compiled(torch, backend, sizes, name):
    P = torch.ops.probe

    def mixed(x):  # functional, in-place, out= reading the mutated tensor
        y = P.scale(x, 2.0)
        P.scale_(y, 0.5)
        o = torch.empty_like(x)
        P.scale.out(y, 3.0, out=o)
        return o + y

    def functional_then_out(x):
        y = P.scale(x, 2.0)
        o = torch.empty_like(x)
        P.scale.out(y, 3.0, out=o)
        return o + y

    def inplace_then_aten(x):
        y = x * 2
        P.scale_(y, 0.5)
        return y * 3 + y

    f = locals()[name]
    torch._dynamo.reset()
    cf = torch.compile(f, backend=backend, fullgraph=True)
    res = []
    for n in sizes:
        x = torch.randn(n)
        try:
            ok = torch.allclose(cf(x), f(x))
            res.append("n=%d %s" % (n, "equal" if ok else "WRONG VALUES"))
        except Exception as e:
            res.append("n=%d FAIL(%s)" % (n, first_line(e)[:200]))
    from torch._dynamo.utils import counters
    graphs = counters["stats"]["unique_graphs"]
    # Automatic dynamic shapes: the second size recompiles with a symbolic
    # size, the third reuses that graph; one graph per size = specialized.
    res.append("graphs=%d%s" % (graphs, " (one per size: the size was specialized)" if graphs == len(sizes) else ""))
    return res


COMPILED = ("mixed", "functional_then_out", "inplace_then_aten")


def register_fake(torch):
    @torch.library.register_fake("probe::scale")
    def _(self, s):
        return torch.empty_like(self)

    @torch.library.register_fake("probe::scale_")
    def _(self, s):
        return self

    @torch.library.register_fake("probe::scale.out")
    def _(self, s, *, out):
        if out.shape != self.shape:
            out.resize_(self.shape)
        return out


def worker(check, libdir, args):
    import warnings
    import torch
    lib = lambda name: os.path.join(libdir, name + ".so")
    v = torch.__version__.split("+")[0]
    P = lambda label, text: print("%s [%s]: %s" % (label, v, text), flush=True)

    if check == "load":  # Q1
        torch.ops.load_library(lib("probe"))
        keep = define_from_python(torch)
        P("Q1 target %s, loaded" % TARGET_2_13, "scale, scale.out, scale_ = %s" % (ops(torch),))
    elif check == "tag":  # Q2, one tag per process: a rejected tag aborts
        torch.ops.load_library(lib("probe_tag_" + args[0]))
        P("Q2 tag " + args[0], "accepted, tags=%s" % [t.name for t in torch.ops.probe.tagged.default.tags])
    elif check == "order":  # Q3
        if args[0] == "define-first":
            keep = define_from_python(torch)
            torch.ops.load_library(lib("probe"))
        else:
            torch.ops.load_library(lib("probe"))
            keep = define_from_python(torch)
        P("Q3 order " + args[0], "%s; tags out=%s inplace=%s" % (
            ops(torch), [t.name for t in torch.ops.probe.scale.out.tags],
            [t.name for t in torch.ops.probe.scale_.default.tags]))
    elif check == "opcheck":  # Q3: lib, tags|cpp
        torch.ops.load_library(lib(args[0]))
        keep = define_from_python(torch) if args[1] == "tags" else None
        if len(args) > 2 and args[2] == "fake":
            register_fake(torch)
        utils = ("test_schema", "test_autograd_registration", "test_faketensor", "test_aot_dispatch_dynamic")
        P("Q3 opcheck %s %s" % (args[0], " ".join(args[1:])), ", ".join(opcheck_all(torch, utils)))
    elif check == "compile":  # Q3: lib, tags|cpp, [fake], backend
        torch.ops.load_library(lib(args[0]))
        keep = define_from_python(torch) if args[1] == "tags" else None
        if "fake" in args[2:]:
            try:
                register_fake(torch)
            except Exception as e:
                P("Q3 register_fake with %s" % args[0], first_line(e)[:300])
                return
        backend, fn = args[-2:]
        P("Q3 compile %s" % " ".join(args), ", ".join(compiled(torch, backend, [4, 6, 8], fn)))
    elif check == "refcount":  # Q4
        torch.ops.load_library(lib(args[0]))
        keep = define_from_python(torch)
        x = torch.arange(4.0)
        r = torch.ops.probe.scale(x, 2.0)
        before = (sys.getrefcount(x), x._use_count())
        for _ in range(100):
            torch.ops.probe.scale_(x, 1.0)
        o = torch.empty(4)
        for _ in range(100):
            torch.ops.probe.scale.out(x, 1.0, out=o)
        P("Q4 %s" % args[0], "scale=%s; result use_count=%d; x (refcount, use_count) "
          "before=%s after 100 scale_=%s; out use_count after 100 scale.out=%d" % (
              r.tolist(), r._use_count(), before, (sys.getrefcount(x), x._use_count()), o._use_count()))
    elif check == "resize":  # Q5: lib
        for label, call in (("torch.add(out=)", lambda o: torch.add(torch.ones(3), 1, out=o)),
                            ("torch.ops.aten.add.out", lambda o: torch.ops.aten.add.out(torch.ones(3), torch.ones(3), out=o))):
            with warnings.catch_warnings(record=True) as w:
                warnings.simplefilter("always")
                call(torch.ones(2))
            P("Q5 aten, for comparison: " + label, "Python warnings=%s" % [x.category.__name__ for x in w])
            sys.stdout.flush()
            sys.stderr.flush()
        torch.ops.load_library(lib(args[0]))
        keep = define_from_python(torch)
        for dev in ("cpu", "meta"):
            o = torch.ones(2, device=dev)
            with warnings.catch_warnings(record=True) as w:
                warnings.simplefilter("always")
                try:
                    torch.ops.probe.scale.out(torch.ones(3, device=dev), 2.0, out=o)
                    r = "ok, out shape %s" % list(o.shape)
                except Exception as e:
                    r = first_line(e)[:200]
            P("Q5 %s %s" % (args[0], dev), "%s; Python warnings=%s" % (r, [
                "%s: %s" % (x.category.__name__, str(x.message)[:60]) for x in w]))
            sys.stderr.flush()
    elif check == "exception":  # Q6: lib (probe_composite: the check fails in a nested dispatcher call)
        torch.ops.load_library(lib(args[0]))
        keep = define_from_python(torch)
        try:
            torch.ops.probe.scale(torch.ones(2, dtype=torch.int64), 2.0)
            P("Q6 %s STD_TORCH_CHECK" % args[0], "no exception")
        except Exception as e:
            P("Q6 %s STD_TORCH_CHECK" % args[0], "%s, %r" % (type(e).__module__ + "." + type(e).__qualname__, str(e)))
    elif check == "autograd":  # Q9: lib
        torch.ops.load_library(lib(args[0]))
        keep = define_from_python(torch)
        x = torch.randn(3, requires_grad=True)
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            try:
                y = torch.ops.probe.scale(x, 2.0)
                fwd = "forward ok, requires_grad=%s grad_fn=%s" % (y.requires_grad, type(y.grad_fn).__name__)
                try:
                    y.sum().backward()
                    fwd += "; backward ok, x.grad=%s" % (x.grad.tolist() if x.grad is not None else None)
                except Exception as e:
                    fwd += "; backward %s" % first_line(e)
            except Exception as e:
                fwd = "forward " + first_line(e)
        P("Q9 autograd %s" % args[0], "%s; warnings=%s" % (fwd, ["%s: %s" % (x.category.__name__, x.message) for x in w]))
    elif check == "types":  # Q8: the ops of probe_types that compiled
        torch.ops.load_library(lib("probe_types"))
        t = torch.ones(2)
        calls = {
            "double": lambda o: o(1.5), "int64_t": lambda o: o(41), "bool": lambda o: o(True),
            "optional_int": lambda o: (o(5), o(None)), "optional_double": lambda o: (o(0.5), o(None)),
            "HeaderOnlyArrayRef": lambda o: o([1, 2, 3]), "vector_int": lambda o: o([1, 2, 3]),
            "vector_int_return": lambda o: o(3), "optional_HeaderOnlyArrayRef": lambda o: (o([1, 2]), o(None)),
            "ScalarType": lambda o: o(torch.float16), "string_view": lambda o: o("hello"),
            "TensorList": lambda o: o([t, t, t]), "optional_Tensor": lambda o: (o(t), o(None)),
            "tuple": lambda o: [x.tolist() for x in o(t)], "Tensor_ref_return": lambda o: o(t).tolist(),
            "Tensor_ref_param": lambda o: o(t).tolist(), "const_Tensor_ref_param": lambda o: o(t).tolist(),
            "void": lambda o: o(t), "Device": lambda o: o(torch.device("cpu")),
            "Scalar_as_double": lambda o: (o(2.5), o(3)), "SymInt_as_int": lambda o: o(7),
            "SymIntList_as_ArrayRef": lambda o: o([1, 2]),
        }
        for name in args:
            try:
                r = calls[name](getattr(torch.ops.probe_types, "t_" + name))
            except Exception as e:
                r = "FAIL " + first_line(e)[:200]
            P("Q8 runtime " + name, r)
    else:
        raise SystemExit("unknown check " + check)


# ---------------------------------------------------------------------------
# Driver side.
# ---------------------------------------------------------------------------

def sh(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def torch_dirs(python):
    out = sh([python, "-c", "import os, torch; r = os.path.dirname(torch.__file__); "
              "print(os.path.join(r, 'include')); print(os.path.join(r, 'lib'))"])
    inc, lib = out.stdout.split()
    return inc, lib


def compile_lib(src, out, inc, lib, defines=(), ldflags=None, syntax_only=False, hidden=True):
    # -fvisibility=hidden: the inline functions of the headers (c10::toString
    # of ScalarType) would otherwise be exported (Q7).
    cmd = ["g++", "-std=c++17", "-O1", "-fPIC", "-Wall", "-DTORCH_STABLE_ONLY"] + (
        ["-fvisibility=hidden"] if hidden else []) + [
           "-DTORCH_TARGET_VERSION=" + TARGET_2_13, "-isystem", inc]
    cmd += ["-D" + d for d in defines] + [os.path.join(HERE, src)]
    if syntax_only:
        cmd += ["-fsyntax-only"]
    else:
        cmd += ["-shared", "-o", out] + (ldflags if ldflags is not None else ["-L" + lib, "-ltorch_cpu"])
    return sh(cmd)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--worker", nargs="+")
    ap.add_argument("--torch213", default=os.path.join(REPO, ".venv", "bin", "python"))
    ap.add_argument("--torch214")
    ap.add_argument("--build", default=os.path.join(REPO, "build", "stable_probe"))
    ap.add_argument("--only", default="")
    a = ap.parse_args()
    if a.worker:
        return worker(a.worker[0], a.worker[1], a.worker[2:])
    if a.torch214 is None:
        sys.path.insert(0, os.path.join(REPO, "test"))
        import torch_leg
        a.torch214 = torch_leg.newer_venv_python("2.14.1")
        if a.torch214 is None:
            sys.exit("no torch 2.14.1 venv (utils/setup_torch.sh)")
    only = set(a.only.split(",")) if a.only else None
    want = lambda q: only is None or q in only
    os.makedirs(a.build, exist_ok=True)
    inc, lib = torch_dirs(a.torch213)
    pythons = [a.torch213, a.torch214]
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", TORCHINDUCTOR_FX_GRAPH_CACHE="0",
               TORCHINDUCTOR_AUTOGRAD_CACHE="0")
    env.pop("GLOG_minloglevel", None)  # the resize warning is a c10 warning on stderr

    def build(name, src="probe.cpp", defines=(), ldflags=None, hidden=True):
        r = compile_lib(src, os.path.join(a.build, name + ".so"), inc, lib, defines, ldflags, hidden=hidden)
        if r.returncode != 0:
            print("build %s FAILED:\n%s" % (name, r.stderr))
        return r.returncode == 0

    def run(python, *args, show_stderr=None, extra_env={}):
        # A fresh inductor cache each time: a cached graph of one variant
        # would otherwise serve another (same graph, other library).
        with tempfile.TemporaryDirectory(dir=a.build) as cache:
            e = dict(env, TORCHINDUCTOR_CACHE_DIR=cache, **extra_env)
            if extra_env:
                print("with %s:" % extra_env)
            r = sh([python, os.path.abspath(__file__), "--worker", args[0], a.build] + list(args[1:]), env=e)
        sys.stdout.write(r.stdout)
        if r.returncode != 0:
            tail = [l for l in r.stderr.splitlines() if l.strip()]
            what = [l.strip() for l in tail if "what():" in l or l.startswith(("RuntimeError", "OSError"))]
            print("%s [%s]: exit %d: %s" % (" ".join(args), python, r.returncode, (what or tail[-1:])))
        elif show_stderr:
            for l in r.stderr.splitlines():
                if re.search(show_stderr, l):
                    print("  stderr: " + l.strip())
        return r

    variants = {"probe": [], "probe_composite": ["PROBE_COMPOSITE"],
                "probe_composite_leak": ["PROBE_COMPOSITE", "PROBE_LEAK_HANDLE"], "probe_cppdef": ["PROBE_DEF_IN_CPP"],
                "probe_resize_op": ["PROBE_RESIZE_OUTPUT_OP"], "probe_nometa": ["PROBE_NO_META"]}
    for name, defs in variants.items():
        build(name, defines=defs)
    print("built with: g++ -std=c++17 -fPIC -shared -fvisibility=hidden -DTORCH_STABLE_ONLY -DTORCH_TARGET_VERSION=%s "
          "-isystem %s probe.cpp -L%s -ltorch_cpu   (no rpath)" % (TARGET_2_13, inc, lib))

    if want("Q1"):
        for py in pythons:
            run(py, "load")
    if want("Q2"):
        for t in ALL_TAGS:
            build("probe_tag_" + t, defines=["PROBE_DEF_TAG=" + t])
        for py in pythons:
            for t in ALL_TAGS:
                run(py, "tag", t)
        # The bare ints of libtorch's at::Tag (torch.Tag.out = 14, inplace = 6
        # in 2.13 and 2.14.1) through torch_library_def_with_tags.
        for t, n in (("out", 14), ("inplace", 6)):
            build("probe_tag_raw" + t, defines=["PROBE_DEF_RAW_TAG=%d" % n])
            for py in pythons:
                run(py, "tag", "raw" + t)
    if want("Q3"):
        for py in pythons:
            run(py, "order", "load-first")
            run(py, "order", "define-first")
            run(py, "opcheck", "probe", "tags")
            run(py, "opcheck", "probe_cppdef", "cpp")
            run(py, "opcheck", "probe_nometa", "tags", "fake")
            for fn in COMPILED:
                run(py, "compile", "probe", "tags", "aot_eager", fn)
                run(py, "compile", "probe", "tags", "fake", "aot_eager", fn)
                run(py, "compile", "probe_nometa", "tags", "fake", "aot_eager", fn)
                run(py, "compile", "probe", "tags", "inductor", fn)
                run(py, "compile", "probe_nometa", "tags", "fake", "inductor", fn)
            run(py, "compile", "probe_cppdef", "cpp", "aot_eager", "functional_then_out")
            run(py, "compile", "probe_cppdef", "cpp", "aot_eager", "inplace_then_aten")
            # Which tags functionalization needs: none, pt2_compliant_tag only, out/inplace only.
            for keep in ("none", "pt2_compliant_tag", "out,inplace"):
                run(py, "compile", "probe", "tags", "aot_eager", "mixed", extra_env={"PROBE_TAGS": keep})
    if want("Q4"):
        for py in pythons:
            run(py, "refcount", "probe_composite")
            run(py, "refcount", "probe_composite_leak")
    if want("Q5"):
        for py in pythons:
            run(py, "resize", "probe", show_stderr="resized")
            run(py, "resize", "probe_resize_op")
    if want("Q6"):
        for py in pythons:
            run(py, "exception", "probe")
            run(py, "exception", "probe_composite", show_stderr="C API boundary")
    if want("Q7"):
        build("probe_visible", hidden=False)
        for name in ("probe_visible", "probe"):
            so = os.path.join(a.build, name + ".so")
            syms = sh(["bash", "-c", "nm -DC %s | grep -E 'c10::|at::|torch::'" % so]).stdout.strip()
            print("Q7 nm -DC %s.so | grep -E 'c10::|at::|torch::'%s: %s" % (
                name, "" if name == "probe" else " (without -fvisibility=hidden)", syms or "(empty)"))
        undef = sh(["bash", "-c", "nm -D --undefined-only %s | awk '{print $2}' | grep -v -E '@|^_'" % so]).stdout.split()
        print("Q7 undefined non-libstdc++ symbols of probe.so: %d, all C: %s" % (
            len(undef), sorted({re.match(r"(aoti_torch_|torch_|[^_]+)", u).group(1) for u in undef})))
        needed = sh(["bash", "-c", "readelf -d %s | grep -E 'NEEDED|RPATH|RUNPATH'" % so]).stdout
        print("Q7 readelf -d probe.so: %s" % " ".join(re.findall(r"\[(.*?)\]", needed)))
        for label, flags in (("no torch library", []), ("-lc10", ["-L" + lib, "-lc10"]),
                             ("-ltorch", ["-L" + lib, "-ltorch"]), ("-ltorch_cpu", ["-L" + lib, "-ltorch_cpu"])):
            name = "probe_link_" + re.sub(r"\W", "", label)
            if build(name, ldflags=flags):
                for py in pythons:
                    r = sh([py, "-c", "import torch; torch.ops.load_library(%r); print('loads')" %
                            os.path.join(a.build, name + ".so")], env=env)
                    err = [l for l in r.stderr.splitlines() if "undefined symbol" in l][:1]
                    print("Q7 link %s [%s]: %s" % (label, py, r.stdout.strip() or err or r.stderr[-200:]))
    if want("Q8"):
        compiled_ok = []
        for t in TYPES:
            r = compile_lib("types.cpp", None, inc, lib, ["PROBE_T_" + t], syntax_only=True)
            if r.returncode == 0:
                compiled_ok.append(t)
                print("Q8 compile %s: ok" % t)
            else:
                errs = [l for l in r.stderr.splitlines() if "error" in l][:2]
                print("Q8 compile %s: FAILS %s" % (t, " | ".join(e.split(HERE + "/")[-1] for e in errs)))
        if build("probe_types", "types.cpp", ["PROBE_T_" + t for t in compiled_ok]):
            for py in pythons:
                run(py, "types", *compiled_ok)
    if want("Q9"):
        for py in pythons:
            run(py, "autograd", "probe")
            run(py, "autograd", "probe_composite")


if __name__ == "__main__":
    main()
