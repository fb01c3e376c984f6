"""Helpers the E2E scripts share: input tensors, call outcomes, comparisons.

The scripts run under torch 1.13, 2.13 and 2.14.1 (Python 3.8+), so this uses
only what all of them have. A script in a subfolder of Inputs/ imports it with
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

What scripts still define for themselves, and why: stable_runtime's
outcome() keeps whole messages and only resize warnings (outcome(...,
logged=True) here reads libtorch's logged warnings too, for breadth), and its
describe() compares metadata only (strides, devices);
aten-derivatives' make() (`positive=`, one generator for the whole run) and
noncontig() (1-d too) build the grid that docs/derivatives-vs-aten.md's
figures come from; presets' same_values() lets either side be a meta tensor."""

import ctypes
import os
import re
import tempfile
import warnings

import torch

# A test that compares many refused calls with aten's builds
# Inputs/quick_errors/quick_errors.cpp and names it here: under PyTorch 1.13
# each c10::Error then costs ~0.03 ms of CPU instead of ~5 ms (the backtrace
# it symbolizes and Python's message never shows). Nothing else changes.
if os.environ.get("SKGEN_QUICK_ERRORS"):
    ctypes.CDLL(os.environ["SKGEN_QUICK_ERRORS"])


def make(shape, dtype, seed, device="cpu", low=-4, high=4, scale=3):
    """A tensor of `shape` and `dtype` with values that depend only on `seed`:
    bool 0/1, uint8 0..min(high, 4), other integers low..high, floating and
    complex randn*scale."""
    g = torch.Generator().manual_seed(seed)
    if dtype == torch.bool:
        t = torch.randint(0, 2, shape, generator=g).bool()
    elif dtype == torch.uint8:
        t = torch.randint(0, min(high, 4) + 1, shape, generator=g).to(dtype)
    elif dtype.is_floating_point or dtype.is_complex:
        t = (torch.randn(shape, generator=g, dtype=torch.float64) * scale).to(dtype)
    else:
        t = torch.randint(low, high + 1, shape, generator=g).to(dtype)
    return t.to(device)


def noncontig(t):
    """The same values in a non-contiguous (transposed) tensor."""
    if t.dim() < 2:
        return t
    return t.transpose(0, 1).contiguous().transpose(0, 1)


def outcome(fn, stats=None, warned=False, logged=False):
    """("ok", value) or ("error", type name, first line of the message), so
    ours and aten's can be compared; counts the call in stats["calls"].
    With `warned`: (that, [first line of each warning the call raised]).
    With `logged` too, the warnings include those libtorch logs on stderr
    (file descriptor 2) instead of raising them, as it does for calls through
    torch.ops (the first line, without the log's "(function NAME)")."""
    if stats is not None:
        stats["calls"] += 1
    if warned and logged:
        saved = os.dup(2)
        with tempfile.TemporaryFile(mode="w+") as log:
            os.dup2(log.fileno(), 2)
            try:
                result, said = outcome(fn, warned=True)
            finally:
                os.dup2(saved, 2)
                os.close(saved)
            log.seek(0)
            said += [re.sub(r" \(function \w+\)$", "", line.split("] Warning: ", 1)[1])
                     for line in log.read().splitlines() if "] Warning: " in line]
        return result, said
    if warned:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            result = outcome(fn)
        return result, [str(w.message).split("\n")[0] for w in caught]
    try:
        return ("ok", fn())
    except Exception as e:  # noqa: BLE001 - compared with aten's
        return ("error", type(e).__name__, str(e).split("\n")[0])


def describe(t):
    return (t.device.type, tuple(t.shape), t.dtype)


# torch.testing.assert_close's default (rtol, atol) by dtype, written out so
# that a comparison's tolerance is visible here; other dtypes compare exactly.
TOLERANCES = {
    torch.float16: (1e-3, 1e-5),
    torch.bfloat16: (1.6e-2, 1e-5),
    torch.float32: (1.3e-6, 1e-5),
    torch.float64: (1e-7, 1e-7),
    torch.complex64: (1.3e-6, 1e-5),
    torch.complex128: (1e-7, 1e-7),
}


def difference(actual, expected, rtol=0.0, atol=0.0, meta_vs_cpu=False):
    """None if `actual` is `expected`, else why not. Tensors: the same shape,
    dtype, device and layout, and values equal within |a - e| <= atol +
    rtol * |e| (0, 0: exactly; None: TOLERANCES of the dtype), NaN where the
    other has NaN. Meta tensors have no values: only their metadata is
    compared; with `meta_vs_cpu`, a meta `actual` may stand for a CPU
    `expected`. Tuples and lists element by element; anything else by ==."""
    if isinstance(expected, (tuple, list)) or isinstance(actual, (tuple, list)):
        if not isinstance(actual, (tuple, list)) or not isinstance(expected, (tuple, list)):
            return f"{type(actual).__name__} != {type(expected).__name__}"
        if len(actual) != len(expected):
            return f"{len(actual)} elements != {len(expected)}"
        for i, (a, e) in enumerate(zip(actual, expected)):
            why = difference(a, e, rtol, atol, meta_vs_cpu)
            if why is not None:
                return f"[{i}] {why}"
        return None
    if not isinstance(actual, torch.Tensor) or not isinstance(expected, torch.Tensor):
        if isinstance(actual, torch.Tensor) or isinstance(expected, torch.Tensor):
            return f"{type(actual).__name__} != {type(expected).__name__}"
        return None if actual == expected else f"{actual!r} != {expected!r}"
    if actual.shape != expected.shape:
        return f"shape {tuple(actual.shape)} != {tuple(expected.shape)}"
    if actual.dtype != expected.dtype:
        return f"dtype {actual.dtype} != {expected.dtype}"
    if actual.layout != expected.layout:
        return f"layout {actual.layout} != {expected.layout}"
    meta = actual.device.type == "meta"
    if actual.device != expected.device and not (meta and meta_vs_cpu and
                                                 expected.device.type == "cpu"):
        return f"device {actual.device} != {expected.device}"
    if meta or expected.device.type == "meta":
        return None
    a, e = actual.detach().cpu(), expected.detach().cpu()
    if not (a.is_floating_point() or a.is_complex()):
        return None if torch.equal(a, e) else f"values differ:\n{a}\n{e}"
    if rtol is None or atol is None:
        rtol, atol = TOLERANCES.get(a.dtype, (0.0, 0.0))
    nan = a.isnan()
    if not torch.equal(nan, e.isnan()):
        return f"NaN at other places:\n{a}\n{e}"
    a, e = a[~nan], e[~nan]
    if rtol == 0 and atol == 0:
        ok = torch.equal(a, e)
    else:
        # Equal infinities are close (their difference is NaN).
        ok = bool((((a - e).abs() <= atol + rtol * e.abs()) | (a == e)).all())
    if ok:
        return None
    worst = (a - e).abs().max().item() if a.numel() else 0
    return f"values differ (rtol {rtol}, atol {atol}; max |diff| {worst}):\n{actual}\n{expected}"


def same(actual, expected, rtol=0.0, atol=0.0, meta_vs_cpu=False):
    """difference() is None."""
    return difference(actual, expected, rtol, atol, meta_vs_cpu) is None


def assert_same(actual, expected, msg="", rtol=0.0, atol=0.0, stats=None, key="comparisons"):
    """Raises AssertionError("msg: why") unless same(); exact by default.
    Counts the comparison in stats[key]."""
    if stats is not None:
        stats[key] += 1
    why = difference(actual, expected, rtol, atol)
    if why is not None:
        raise AssertionError(f"{msg}: {why}")


def assert_close(actual, expected, msg="", stats=None, key="comparisons"):
    """assert_same within the TOLERANCES of the dtype."""
    assert_same(actual, expected, msg, None, None, stats, key)
