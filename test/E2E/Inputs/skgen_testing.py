"""Helpers the E2E scripts share: input tensors, call outcomes, comparisons.

The scripts run under torch 1.13, 2.13 and 2.14.1 (Python 3.8+), so this uses
only what all of them have. A script in a subfolder of Inputs/ imports it with
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
"""

import torch


def make(shape, dtype, seed, device="cpu"):
    """A tensor of `shape` and `dtype` with values that depend only on `seed`:
    bool 0/1, uint8 0..4, other integers -4..4, floating and complex randn*3."""
    g = torch.Generator().manual_seed(seed)
    if dtype == torch.bool:
        t = torch.randint(0, 2, shape, generator=g).bool()
    elif dtype == torch.uint8:
        t = torch.randint(0, 5, shape, generator=g).to(dtype)
    elif dtype.is_floating_point or dtype.is_complex:
        t = (torch.randn(shape, generator=g, dtype=torch.float64) * 3).to(dtype)
    else:
        t = torch.randint(-4, 5, shape, generator=g).to(dtype)
    return t.to(device)


def noncontig(t):
    """The same values in a non-contiguous (transposed) tensor."""
    if t.dim() < 2:
        return t
    return t.transpose(0, 1).contiguous().transpose(0, 1)


def outcome(fn, stats=None):
    """("ok", value) or ("error", type name, first line of the message), so
    ours and aten's can be compared; counts the call in stats["calls"]."""
    if stats is not None:
        stats["calls"] += 1
    try:
        return ("ok", fn())
    except Exception as e:  # noqa: BLE001 - compared with aten's
        return ("error", type(e).__name__, str(e).split("\n")[0])


def describe(t):
    return (t.device.type, tuple(t.shape), t.dtype)
