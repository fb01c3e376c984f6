"""Differential test of skgen/stable/structured.h against aten.

Usage: test_stable_runtime.py libprobes.so

Each probe op of probes.cpp runs one rule of the stable runtime; it is called
next to the aten op with the same rule over a grid of dtypes, shapes, dims,
devices and out= tensors, and both outcomes are compared: the result's shape,
dtype (and device, strides where the case is about them), or the exception
type and message, and the resize warnings. Prints "N cases, M mismatches"
and exits non-zero on any mismatch.

aten runs on CPU tensors: on meta tensors Python meta functions
(torch/_meta_registrations.py) replace its C++ rules and words. A case whose
CPU kernel has no code for the dtype (raised after the rules passed) takes
the shape and dtype from the meta run, or is skipped and listed.

Where aten's own text cannot be matched by an extension (docs/stable-abi.md,
"Runtime"), the case compares what can be (compare()'s message= / warned=):
  * cpu/meta mixes dispatch to Meta, where aten's Python meta functions
    word the device checks otherwise: those cases run last, against aten's
    C++ kernels (the Python ones unregistered).
  * resize warnings: the "(Triggered internally at FILE:LINE.)" suffix names
    aten's Resize.cpp or the runtime's header; compared without it.
  * comparisons with a non-bool out=: aten computes into out directly when
    it has the inputs' common dtype (else into a proxy, and warns twice on a
    resize); the meta has only the bool result dtype, so the runtime always
    uses a temporary and warns twice. Compared: the distinct warnings.
  * errors raised inside a libtorch call (call_out): the stable ABI appends
    " (originally from ...)"; compared as a prefix.
"""
import itertools
import os
import re
import sys
import tempfile
import warnings

# Warnings raised inside an op called through torch.ops (ours, and aten's
# own there) are not Python warnings but c10's log lines on stderr: log them
# (read before torch loads) and read them from there.
os.environ["GLOG_minloglevel"] = "0"
import torch  # noqa: E402

torch.ops.load_library(sys.argv[1])
ops = torch.ops.skgen_stable_rt

# Promotable dtypes, then the ones aten refuses to promote with others.
PROMOTABLE = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32,
              torch.int64, torch.float16, torch.bfloat16, torch.float32,
              torch.float64, torch.complex32, torch.complex64,
              torch.complex128]
REFUSED = [torch.uint16, torch.uint32, torch.uint64, torch.float8_e5m2,
           torch.float8_e4m3fn]
ALL = PROMOTABLE + REFUSED
# dtypes aten's CPU kernels run (out= cases compute on the CPU).
CPU_OUT = [d for d in PROMOTABLE if d != torch.complex32]
REAL = [d for d in PROMOTABLE if not d.is_complex]

cases = 0
mismatches = []
skipped = 0  # aten's kernel (not the rule) refused a dtype
refused = set()
kinds = {}

warnings.simplefilter("ignore")  # complex32 is "experimental"


STDERR = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 - process-long


def outcome(fn):
    """What a call did: ("ok", result, warnings) or ("err", type, message,
    warnings). Warnings without their source location: Python's "(Triggered
    internally at FILE:LINE.)", the log's "(function NAME)"."""
    saved = os.dup(2)
    STDERR.seek(0)
    STDERR.truncate()
    os.dup2(STDERR.fileno(), 2)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                result = fn()
                kind = ("ok", result)
            except Exception as e:  # noqa: BLE001 - any exception is one
                kind = ("err", type(e).__name__, str(e))
    finally:
        os.dup2(saved, 2)
        os.close(saved)
    said = [re.sub(r" \(Triggered internally at .*\)$", "", str(w.message))
            for w in caught]
    STDERR.seek(0)
    said += [re.sub(r" \(function \w+\)$", "", line.split("] Warning: ", 1)[1])
             for line in STDERR.read().splitlines() if "] Warning: " in line]
    return kind + ([w for w in said if "resized" in w],)


def describe(result, with_device, with_strides):
    if isinstance(result, (tuple, list)):
        return tuple(describe(r, with_device, with_strides) for r in result)
    d = (tuple(result.shape), result.dtype)
    if with_device:
        d += (str(result.device),)
    if with_strides:
        d += (result.stride(),)
    return d


def kernel_refused(o):
    # aten's CPU kernel has no code for the dtype: raised after the rules
    # (promotion, shapes) passed.
    return o[0] == "err" and (o[1] == "NotImplementedError" or
                              "not implemented for" in o[2])


def compare(kind, what, ours, aten, retry=None, device=False, strides=False,
            message="exact", warned="exact"):
    """Compares one case. \p aten runs on the CPU: on meta tensors aten's
    Python meta functions run instead of its C++ rules. \p retry: the same
    on meta tensors, for the result's shape and dtype when the CPU kernel
    refused the dtype. \p message: "exact", "prefix" (ours carries a
    suffix), or "devices" (same devices named). \p warned: "exact", or
    "distinct" (the same warnings, maybe not as often)."""
    global cases, skipped
    a = outcome(aten)
    if kernel_refused(a) and retry is not None:
        a = outcome(retry)
        if a[0] != "ok":
            a = ("err", "NotImplementedError", "")
    if kernel_refused(a):
        skipped += 1
        refused.add("%s %s" % (kind, what))
        return
    o = outcome(ours)
    cases += 1
    kinds[kind] = kinds.get(kind, 0) + 1
    if a[0] != o[0]:
        same = False
    elif a[0] == "ok":
        same = describe(a[1], device, strides) == describe(
            o[1], device, strides)
        same = same and (a[2] == o[2] if warned == "exact" else
                         set(a[2]) == set(o[2]))
    else:
        same = a[1] == o[1] and a[3] == o[3]
        if message == "exact":
            same = same and a[2] == o[2]
        elif message == "prefix":
            same = same and o[2].startswith(a[2])
        elif message == "devices":
            named = lambda m: sorted(re.findall(r"\b(cpu|meta|cuda:\d+)\b", m))
            same = same and named(a[2]) == named(o[2])
    if not same:
        def show(x):
            if x[0] == "ok":
                return ("ok", describe(x[1], True, True), x[2])
            return x
        mismatches.append((kind, what, show(a), show(o)))


def t(shape, dtype, device="meta"):
    return torch.ones(shape, dtype=dtype, device=device)


SHAPES = [((2, 3), (2, 3)), ((2, 3), ()), ((), (2, 3)), ((), ())]

# Element-wise promotion over all dtype pairs, n-dim and 0-dim.
for da, db in itertools.product(ALL, ALL):
    for sa, sb in SHAPES:
        x, y = t(sa, da), t(sb, db)
        xc, yc = t(sa, da, "cpu"), t(sb, db, "cpu")
        what = (str(da), str(db), sa, sb)
        compare("binary/add", what, lambda: ops.binary(x, y),
                lambda: torch.add(xc, yc), lambda: torch.add(x, y))
        if sa == (2, 3):
            compare("binary_float/div", what, lambda: ops.binary_float(x, y),
                    lambda: torch.div(xc, yc), lambda: torch.div(x, y))
            compare("comparison/eq", what, lambda: ops.comparison(x, y),
                    lambda: torch.eq(xc, yc), lambda: torch.eq(x, y))

# Broadcasting.
for sa, sb in [((3, 1), (1, 4)), ((3,), (4,)), ((2, 3), (3,)),
               ((2, 1, 3), (4, 1)), ((0, 3), (1, 3)), ((5,), (0,)),
               ((2, 3), (3, 2)), ((1,), ())]:
    # float8 and int64: which error comes first, the shape's or the dtype's.
    for da, db in ((torch.float32, torch.float64),
                   (torch.float8_e5m2, torch.int64)):
        x, y = t(sa, da, "cpu"), t(sb, db, "cpu")
        compare("broadcast/add", (sa, sb, str(da), str(db)),
                lambda: ops.binary(x, y), lambda: torch.add(x, y))

# Wrapped numbers (Python scalars), with both default float dtypes.
for default in (torch.float32, torch.float64):
    torch.set_default_dtype(default)
    for da in ALL:
        for shape in ((2, 3), ()):
            x, xc = t(shape, da), t(shape, da, "cpu")
            what = (str(default), str(da), shape)
            for number, op in ((2.5, ops.binary_float_number),
                               (2, ops.binary_int_number),
                               (True, ops.binary_bool_number)):
                compare("number/add", what + (number,),
                        lambda: op(x, number), lambda: torch.add(xc, number),
                        lambda: torch.add(x, number))
            compare("unary_float/sqrt", what, lambda: ops.unary_float(x),
                    lambda: torch.sqrt(xc), lambda: torch.sqrt(x))
torch.set_default_dtype(torch.float32)

# Three operands (addcmul: broadcast + promotion over all).
TRIPLE = [torch.bool, torch.uint8, torch.int32, torch.float16, torch.float32,
          torch.complex64]
for da, db, dc in itertools.product(TRIPLE, repeat=3):
    x, y, z = t((2, 1, 3), da), t((4, 1), db), t((), dc)
    xc, yc, zc = t((2, 1, 3), da, "cpu"), t((4, 1), db, "cpu"), t((), dc, "cpu")
    compare("elementwise/addcmul", (str(da), str(db), str(dc)),
            lambda: ops.elementwise3(x, y, z),
            lambda: torch.addcmul(xc, yc, zc), lambda: torch.addcmul(x, y, z))

# An absent optional operand.
for da in PROMOTABLE:
    x, xc = t((2, 3), da), t((2, 3), da, "cpu")
    compare("optional/add", str(da), lambda: ops.binary_optional(x, None),
            lambda: torch.add(xc, torch.zeros((), dtype=da)),
            lambda: torch.add(x, torch.zeros((), dtype=da, device="meta")))

# Unary with the input's dtype.
for da in REAL:
    if da == torch.bool:
        continue  # aten's abs refuses bool itself
    for shape in ((2, 3), ()):
        x, xc = t(shape, da), t(shape, da, "cpu")
        compare("unary/abs", (str(da), shape), lambda: ops.unary(x),
                lambda: torch.abs(xc), lambda: torch.abs(x))

# Reductions.
DIMS = [None, [], [0], [-1], [0, 1], [1, -1], [2], [-3], [0, 0]]
for da in ALL:
    for shape in ((2, 3), (), (0, 3)):
        x, xc = t(shape, da), t(shape, da, "cpu")
        for dim, keepdim, dtype in itertools.product(
                DIMS, (False, True), (None, torch.float64, torch.int32)):
            compare("reduction/sum", (str(da), shape, dim, keepdim, dtype),
                    lambda: ops.reduction(x, dim, keepdim, dtype),
                    lambda: torch.sum(xc, dim, keepdim, dtype=dtype),
                    lambda: torch.sum(x, dim, keepdim, dtype=dtype))
        if da.is_complex:
            continue  # aten's max and argmax refuse complex themselves
        for dim, keepdim in itertools.product((0, 1, -1, 2, -3), (False, True)):
            compare("index_reduction/max", (str(da), shape, dim, keepdim),
                    lambda: ops.index_reduction(x, dim, keepdim),
                    lambda: tuple(torch.max(xc, dim, keepdim)),
                    lambda: tuple(torch.max(x, dim, keepdim)))
        if da == torch.bool:
            continue  # and argmax bool ("argmax(): does not support bool")
        for dim, keepdim in itertools.product((None, 0, -1, 1, 2),
                                              (False, True)):
            compare("arg_reduction/argmax", (str(da), shape, dim, keepdim),
                    lambda: ops.arg_reduction(x, dim, keepdim),
                    lambda: torch.argmax(xc, dim, keepdim),
                    lambda: torch.argmax(x, dim, keepdim))

# out= and in-place: dtypes of out, sizes (same, empty: silent resize,
# other: deprecation warning), on the CPU so that Output copies.
OUT_SIZES = [(2, 3), (0,), (3,), ()]
IN = [torch.bool, torch.int32, torch.int64, torch.float32, torch.float64]


def fresh(shape, dtype):
    return torch.zeros(shape, dtype=dtype)


for da, db in itertools.product(IN, IN):
    x, y = t((2, 3), da, "cpu"), t((3,), db, "cpu")
    for dout, sout in itertools.product(CPU_OUT, OUT_SIZES):
        what = (str(da), str(db), str(dout), sout)
        compare("binary_out/add", what,
                lambda: ops.binary_out(x, y, fresh(sout, dout)),
                lambda: torch.add(x, y, out=fresh(sout, dout)), strides=True)
        compare("comparison_out/eq", what,
                lambda: ops.comparison_out(x, y, fresh(sout, dout)),
                lambda: torch.eq(x, y, out=fresh(sout, dout)),
                warned="distinct")
    for sself, sother in (((2, 3), (3,)), ((3,), (2, 3)), ((), (3,))):
        compare("inplace/add_", (str(da), str(db), sself, sother),
                lambda: ops.binary_(fresh(sself, da), fresh(sother, db)),
                lambda: fresh(sself, da).add_(fresh(sother, db)))
for da in IN:
    x = t((2, 3), da, "cpu")
    for dout, sout in itertools.product(CPU_OUT, OUT_SIZES):
        what = (str(da), str(dout), sout)
        compare("unary_float_out/sqrt", what,
                lambda: ops.unary_float_out(x, fresh(sout, dout)),
                lambda: torch.sqrt(x, out=fresh(sout, dout)))
        if da != torch.bool:
            compare("unary_out/abs", what,
                    lambda: ops.unary_out(x, fresh(sout, dout)),
                    lambda: torch.abs(x, out=fresh(sout, dout)))
        for dim, dtype in (([1], None), ([1], torch.float64), (None, None)):
            compare("reduction_out/sum", what + (dim, dtype),
                    lambda: ops.reduction_out(x, dim, False, dtype,
                                              fresh(sout, dout)),
                    lambda: torch.sum(x, dim, False, dtype=dtype,
                                      out=fresh(sout, dout)))
        if da != torch.bool:
            compare("arg_reduction_out/argmax", what,
                    lambda: ops.arg_reduction_out(x, 1, False,
                                                  fresh(sout, dout)),
                    lambda: torch.argmax(x, 1, False, out=fresh(sout, dout)))
        compare("index_reduction_out/max", what + ("values",),
                lambda: ops.index_reduction_out(
                    x, 1, False, fresh(sout, dout), fresh((2,), torch.int64)),
                lambda: tuple(torch.max(x, 1, False, out=(
                    fresh(sout, dout), fresh((2,), torch.int64)))))
        compare("index_reduction_out/max", what + ("indices",),
                lambda: ops.index_reduction_out(
                    x, 1, False, fresh((2,), da), fresh(sout, dout)),
                lambda: tuple(torch.max(x, 1, False, out=(
                    fresh((2,), da), fresh(sout, dout)))))
    compare("inplace/sqrt_", str(da), lambda: ops.unary_float_(fresh((3,), da)),
            lambda: fresh((3,), da).sqrt_())
    for dtype in IN:
        compare("inplace_exact/cumsum_", (str(da), str(dtype)),
                lambda: ops.exact_inplace(fresh((3,), da), dtype),
                lambda: fresh((3,), da).cumsum_(0, dtype=dtype))

c, m, c0, m0 = (t((3,), torch.float32, "cpu"), t((3,), torch.float32),
                t((), torch.float32, "cpu"), t((), torch.float32))

# Layouts: strides and memory format, fresh and resized, vs aten's
# allocation with the same request.
for shape in ((2, 3), (2, 3, 4), ()):
    x = t(shape, torch.float32, "cpu")
    col = [1] * len(shape)
    for d in range(1, len(shape)):
        col[d] = col[d - 1] * shape[d - 1]
    compare("layout/strided", shape, lambda: ops.strided(x),
            lambda: torch.empty_strided(shape, col), strides=True)
    for sout in ((0,), shape):
        compare("layout/strided_out", (shape, sout),
                lambda: ops.strided_out(x, fresh(sout, torch.float32)),
                lambda: fresh(sout, torch.float32).resize_(shape).as_strided_(
                    shape, col) if sout != shape else fresh(sout,
                                                            torch.float32),
                strides=True)
x4 = t((2, 3, 4, 5), torch.float32, "cpu")
compare("layout/channels_last", (2, 3, 4, 5), lambda: ops.channels_last(x4),
        lambda: torch.empty((2, 3, 4, 5),
                            memory_format=torch.channels_last), strides=True)
for sout in ((0,), (2, 3, 4, 5)):
    compare("layout/channels_last_out", sout,
            lambda: ops.channels_last_out(x4, fresh(sout, torch.float32)),
            lambda: (fresh(sout, torch.float32).resize_(
                (2, 3, 4, 5), memory_format=torch.channels_last)
                if sout == (0,) else fresh(sout, torch.float32)), strides=True)
compare("allocate/no_tensor", (2, 3), lambda: ops.no_tensor([2, 3]),
        lambda: torch.empty((2, 3), dtype=torch.int16), device=True)

# call_out: the boxed out= call (aten's own checks run; their messages get
# the stable ABI's suffix).
for dout, sout in itertools.product((torch.float32, torch.int32, torch.float64),
                                    ((3,), (0,), (4,))):
    compare("call_out/mul", (str(dout), sout),
            lambda: ops.mul_out(c, c, fresh(sout, dout)),
            lambda: torch.mul(c, c, out=fresh(sout, dout)), message="prefix")

# What only skgen says (structured.h's texts; no aten op to compare with).
own = 0


def expect(what, fn, text):
    global own
    own += 1
    o = outcome(fn)
    if o[0] != "err" or o[2] != text:
        mismatches.append(("skgen", what, text, o))


expect("Meta::at", lambda: ops.meta_at(c),
       "skgen: the meta function returned 1 output(s), but the op has at "
       "least 2 out argument(s)")
expect("check_result", lambda: ops.result_check(c, t((2, 3), torch.float32,
                                                     "cpu")),
       "skgen: the functional kernel of probe::result returned a result of "
       "shape [3], but the meta function computed [2, 3]")
# Output: the kernel's 1s reach out through the temporary and copy_.
out = fresh((2, 3), torch.float64)
ops.binary_out(t((2, 3), torch.int32, "cpu"), t((3,), torch.float32, "cpu"),
               out)
own += 1
if not bool((out == 1).all()):
    mismatches.append(("skgen", "Output::finish", "ones", out))
out = fresh((3,), torch.int64)
ops.result_meta_out(torch.arange(3, dtype=torch.int32), out)
own += 1
if out.tolist() != [0, 1, 2]:
    mismatches.append(("skgen", "result_meta", [0, 1, 2], out))

# An output's allocation goes through the dispatcher, on CPU too (the
# shim's aoti_torch_aten_new_empty, not aoti_torch_empty_strided, which
# skips it): fake and Python modes and the deterministic fill see it.
own += 1
alloc_in = t((3,), torch.float32, "cpu")
with torch.profiler.profile() as prof:
    ops.unary_float(alloc_in)
seen = [e.name for e in prof.events()
        if e.name in ("aten::new_empty", "aten::empty")]
if seen[:2] != ["aten::new_empty", "aten::empty"]:
    mismatches.append(("skgen", "allocation through the dispatcher",
                       ["aten::new_empty", "aten::empty"], seen))

# The default float dtype costs a dispatcher call (aten::empty before the
# output's aten::new_empty): asked only when the result depends on it.
def asks_default(fn):
    with torch.profiler.profile() as prof:
        fn()
    names = [e.name for e in prof.events() if e.name.startswith("aten::")]
    return names.index("aten::empty") < names.index("aten::new_empty")


fm, im = t((3,), torch.float32), t((3,), torch.int32)
f0, i0 = t((), torch.float16), t((), torch.int64)
for what, fn, expected in (
        ("float + 2.5", lambda: ops.binary_float_number(fm, 2.5), False),
        ("int + 2.5", lambda: ops.binary_float_number(im, 2.5), True),
        ("int + 2", lambda: ops.binary_int_number(im, 2), False),
        ("0-dim float + 2.5", lambda: ops.binary_float_number(f0, 2.5),
         False),
        ("0-dim int + 2.5", lambda: ops.binary_float_number(i0, 2.5),
         True),
        ("sqrt(float)", lambda: ops.unary_float(fm), False),
        ("sqrt(int)", lambda: ops.unary_float(im), True),
        ("int / int", lambda: ops.binary_float(im, im), True)):
    own += 1
    if asks_default(fn) != expected:
        mismatches.append(("skgen", "default dtype asked: " + what, expected,
                           not expected))

# Devices: cpu/meta mixes (0-dim CPU tensors may join a non-CPU device, one
# at most), and out= on another device: TensorIterator's checks (add,
# addcmul) and torchgen's (argmax, max). Such calls dispatch to Meta, where
# Python meta functions answer for many aten ops: they run last, compared
# with aten's own C++ kernels once those Python functions are unregistered.
def devices():
    import torch._meta_registrations as python_meta
    python_meta._meta_lib_dont_use_me_use_register_meta._destroy()
    for x, y in itertools.product((c, m, c0, m0), repeat=2):
        what = (str(x.device), x.dim(), str(y.device), y.dim())
        compare("device/add", what, lambda: ops.binary(x, y),
                lambda: torch.add(x, y), device=True)
    for x, y, z in itertools.product((c, m, c0), repeat=3):
        what = tuple((str(v.device), v.dim()) for v in (x, y, z))
        compare("device/addcmul", what, lambda: ops.elementwise3(x, y, z),
                lambda: torch.addcmul(x, y, z), device=True)
    for x, dout in ((c, "meta"), (m, "cpu"), (c0, "meta")):
        for dtype in (torch.float32, torch.int32):
            def out(d=dtype):
                return torch.empty((3,), dtype=d, device=dout)
            what = (str(x.device), x.dim(), dout, str(dtype))
            compare("out_device/argmax", what,
                    lambda: ops.arg_reduction_out(x, 0, True, out(torch.int64)),
                    lambda: torch.argmax(x, 0, True, out=out(torch.int64)))
            compare("out_device/max", what,
                    lambda: ops.index_reduction_out(x, 0, True, out(),
                                                    out(torch.int64)),
                    lambda: tuple(torch.max(x, 0, True, out=(
                        out(), out(torch.int64)))))
            compare("out_device/add", what, lambda: ops.binary_out(x, x, out()),
                    lambda: torch.add(x, x, out=out()))
            compare("out_device/sqrt", what,
                    lambda: ops.unary_float_out(x, out()),
                    lambda: torch.sqrt(x, out=out()))


devices()
for kind, what, a, o in mismatches:
    print("MISMATCH %s %s\n  aten:  %s\n  skgen: %s" % (kind, what, a, o))
print("; ".join("%s %d" % kv for kv in sorted(kinds.items())))
for r in sorted(refused):
    print("aten's kernel refused: %s" % r)
print("%d cases, %d mismatches; %d skipped where aten's kernel refused a "
      "dtype; %d skgen-only checks" % (cases, len(mismatches), skipped, own))
sys.exit(1 if mismatches else 0)
