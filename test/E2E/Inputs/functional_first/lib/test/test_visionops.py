"""visionops' own tests: values against a reference written in Python,
gradcheck (float64), opcheck (torch.library.opcheck's default tests),
torch.compile and torch.export; one line per check, and the count of
failures last.

  test_visionops.py          run the tests
  test_visionops.py --api    print the public operators: every overload of
                             the visionops namespace with its schema
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import torch  # noqa: E402
from torch.library import opcheck  # noqa: E402

import visionops  # noqa: E402

ops = torch.ops.visionops


def api():
    names = sorted({n.split("::", 1)[1].split(".")[0]
                    for n in torch._C._dispatch_get_all_op_names()
                    if n.startswith("visionops::")})
    for name in names:
        packet = getattr(ops, name)
        for overload in sorted(packet.overloads()):
            print(f"visionops::{name}.{overload}: {getattr(packet, overload)._schema}")


if "--api" in sys.argv[1:]:
    api()
    sys.exit(0)

failures = 0


def check(name, ok, detail=""):
    """One line: ok, or FAILED (with the exception when `ok`, a callable,
    raised one: a failure does not stop the other checks)."""
    global failures
    if callable(ok):
        try:
            ok = ok()
        except Exception as e:  # noqa: BLE001
            ok, detail = False, f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
    failures += 0 if ok else 1
    print(f"{name}: {'ok' if ok else 'FAILED'}{' ' + detail if detail else ''}")


# References, written from the algorithms' definitions with Python floats.
def bilinear(plane, y, x):
    height, width = plane.shape
    if y < -1.0 or y > height or x < -1.0 or x > width:
        return 0.0
    y, x = max(y, 0.0), max(x, 0.0)
    y_low, x_low = int(y), int(x)
    if y_low >= height - 1:
        y_high = y_low = height - 1
        y = float(y_low)
    else:
        y_high = y_low + 1
    if x_low >= width - 1:
        x_high = x_low = width - 1
        x = float(x_low)
    else:
        x_high = x_low + 1
    ly, lx = y - y_low, x - x_low
    hy, hx = 1 - ly, 1 - lx
    p = plane.tolist()
    return (hy * hx * p[y_low][x_low] + hy * lx * p[y_low][x_high]
            + ly * hx * p[y_high][x_low] + ly * lx * p[y_high][x_high])


def roi_align_ref(input, rois, scale, ph_n, pw_n, sampling_ratio, aligned):
    out = torch.zeros(rois.size(0), input.size(1), ph_n, pw_n, dtype=torch.float64)
    offset = 0.5 if aligned else 0.0
    for n, roi in enumerate(rois.tolist()):
        b = int(roi[0])
        x1, y1, x2, y2 = (v * scale - offset for v in roi[1:])
        rw, rh = x2 - x1, y2 - y1
        if not aligned:
            rw, rh = max(rw, 1.0), max(rh, 1.0)
        bh, bw = rh / ph_n, rw / pw_n
        gh = sampling_ratio if sampling_ratio > 0 else math.ceil(rh / ph_n)
        gw = sampling_ratio if sampling_ratio > 0 else math.ceil(rw / pw_n)
        count = max(gh * gw, 1)
        for c in range(input.size(1)):
            plane = input[b, c].double()
            for ph in range(ph_n):
                for pw in range(pw_n):
                    s = 0.0
                    for iy in range(gh):
                        y = y1 + ph * bh + (iy + 0.5) * bh / gh
                        for ix in range(gw):
                            x = x1 + pw * bw + (ix + 0.5) * bw / gw
                            s += bilinear(plane, y, x)
                    out[n, c, ph, pw] = s / count
    return out


def roi_pool_ref(input, rois, scale, ph_n, pw_n):
    out = torch.zeros(rois.size(0), input.size(1), ph_n, pw_n, dtype=torch.float64)
    height, width = input.shape[2:]
    for n, roi in enumerate(rois.tolist()):
        b = int(roi[0])
        x1, y1, x2, y2 = (int(math.floor(v * scale + 0.5)) for v in roi[1:])
        rw, rh = max(x2 - x1 + 1, 1), max(y2 - y1 + 1, 1)
        bh, bw = rh / ph_n, rw / pw_n
        for ph in range(ph_n):
            for pw in range(pw_n):
                h0 = min(max(math.floor(ph * bh) + y1, 0), height)
                h1 = min(max(math.ceil((ph + 1) * bh) + y1, 0), height)
                w0 = min(max(math.floor(pw * bw) + x1, 0), width)
                w1 = min(max(math.ceil((pw + 1) * bw) + x1, 0), width)
                for c in range(input.size(1)):
                    region = input[b, c, h0:h1, w0:w1]
                    out[n, c, ph, pw] = region.max() if region.numel() else 0.0
    return out


def nms_ref(boxes, scores, threshold):
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    b = boxes.tolist()

    def iou(i, j):
        w = max(0.0, min(b[i][2], b[j][2]) - max(b[i][0], b[j][0]))
        h = max(0.0, min(b[i][3], b[j][3]) - max(b[i][1], b[j][1]))
        inter = w * h
        area = lambda k: (b[k][2] - b[k][0]) * (b[k][3] - b[k][1])  # noqa: E731
        return inter / (area(i) + area(j) - inter)

    keep = []
    for i in order:
        if all(iou(i, k) <= threshold for k in keep):
            keep.append(i)
    return keep


def make_rois(n_rois, batch, size, dtype=torch.float64):
    g = torch.Generator().manual_seed(n_rois * 7 + batch)
    xy = torch.rand(n_rois, 2, generator=g, dtype=dtype) * (size - 2)
    wh = torch.rand(n_rois, 2, generator=g, dtype=dtype) * (size / 2) + 0.5
    idx = torch.randint(0, batch, (n_rois, 1), generator=g).to(dtype)
    return torch.cat([idx, xy, xy + wh], dim=1)


def make_boxes(n, dtype=torch.float32):
    g = torch.Generator().manual_seed(n)
    xy = torch.rand(n, 2, generator=g) * 20
    wh = torch.rand(n, 2, generator=g) * 10 + 1
    scores = torch.randperm(n, generator=g).to(dtype) / n
    return torch.cat([xy, xy + wh], dim=1).to(dtype), scores


torch.manual_seed(0)
x = torch.randn(2, 3, 8, 9, dtype=torch.float64)
rois = make_rois(5, 2, 8)

# Values.
for scale, ph, pw, sr, aligned in [(1.0, 3, 3, 2, False), (0.5, 2, 4, -1, True),
                                   (1.0, 4, 2, 0, True), (2.0, 3, 2, 1, False)]:
    got = ops.roi_align(x, rois, scale, ph, pw, sr, aligned)
    want = roi_align_ref(x, rois, scale, ph, pw, sr, aligned)
    check(f"roi_align values scale={scale} {ph}x{pw} sampling_ratio={sr} aligned={aligned}",
          torch.allclose(got, want, atol=1e-10))
got = ops.roi_align(x.float(), rois.float(), 1.0, 3, 3, 2, False)
check("roi_align float32", got.dtype == torch.float32
      and torch.allclose(got.double(), roi_align_ref(x.float(), rois.float(), 1.0, 3, 3, 2, False), atol=1e-5))
for scale, ph, pw in [(1.0, 2, 2), (0.5, 3, 2), (1.0, 4, 4)]:
    out, argmax = ops.roi_pool(x, rois, scale, ph, pw)
    check(f"roi_pool values scale={scale} {ph}x{pw}",
          torch.equal(out, roi_pool_ref(x, rois, scale, ph, pw)) and argmax.dtype == torch.int32)
for n, threshold in [(12, 0.3), (30, 0.5), (1, 0.5)]:
    boxes, scores = make_boxes(n)
    check(f"nms values n={n} iou_threshold={threshold}",
          ops.nms(boxes, scores, threshold).tolist() == nms_ref(boxes, scores, threshold))
check("nms empty", ops.nms(torch.empty(0, 4), torch.empty(0), 0.5).shape == (0,))
# The Python wrappers.
check("wrappers", torch.equal(visionops.roi_align(x, rois, (3, 3), 1.0, 2), ops.roi_align(x, rois, 1.0, 3, 3, 2, False))
      and torch.equal(visionops.roi_pool(x, rois, 2), ops.roi_pool(x, rois, 1.0, 2, 2)[0]))
# Errors (the kernels').
for name, call, message in [
        ("roi_align bad rois", lambda: ops.roi_align(x, rois[:, :4], 1.0, 2, 2, 2, False), "rois must have shape"),
        ("roi_align dtype", lambda: ops.roi_align(x.float(), rois, 1.0, 2, 2, 2, False), "same dtype"),
        ("nms bad boxes", lambda: ops.nms(torch.rand(3, 5), torch.rand(3), 0.5), "boxes should be"),
]:
    try:
        call()
        check(name, False, "no error")
    except RuntimeError as e:
        check(name, message in str(e))

# Gradients: the autograd registrations against numerical differences.
xg = x.clone().requires_grad_()
for sr, aligned in [(2, False), (-1, True)]:
    check(f"gradcheck roi_align sampling_ratio={sr} aligned={aligned}",
          lambda: torch.autograd.gradcheck(lambda t: ops.roi_align(t, rois, 0.5, 3, 2, sr, aligned), (xg,)))
check("gradcheck roi_pool",
      lambda: torch.autograd.gradcheck(lambda t: ops.roi_pool(t, rois, 1.0, 2, 2)[0], (xg,)))


def argmax_not_differentiable():
    out, argmax = ops.roi_pool(xg, rois, 1.0, 2, 2)
    return out.requires_grad and not argmax.requires_grad


check("roi_pool argmax not differentiable", argmax_not_differentiable)


# The backward ops, called directly, equal the gradients.
def backward_op():
    g = torch.randn(5, 3, 3, 2, dtype=torch.float64)
    (grad_x,) = torch.autograd.grad(ops.roi_align(xg, rois, 0.5, 3, 2, 2, True), xg, g)
    return torch.equal(grad_x, ops._roi_align_backward(g, rois, 0.5, 3, 2, 2, 3, 8, 9, 2, True))


check("_roi_align_backward", backward_op)


# No double backward.
def double_backward_refused():
    try:
        (gx,) = torch.autograd.grad(ops.roi_align(xg, rois, 0.5, 3, 2, 2, True).sum(), xg,
                                    create_graph=True)
        gx.sum().backward()
    except RuntimeError:
        return True
    return False


check("roi_align double backward refused", double_backward_refused)


# opcheck: schema, autograd registration, fake tensors, AOT dispatch.
def opcheck_all(name, op, argsets):
    n = 0
    for args in argsets:
        try:
            opcheck(op, args)
            n += 1
        except Exception as e:  # noqa: BLE001
            check(f"opcheck {name}", False, f"{type(e).__name__}: {str(e).splitlines()[0]}")
            return
    check(f"opcheck {name}", n == len(argsets), f"{n} samples")


xf = torch.randn(2, 3, 6, 5)
rf = make_rois(4, 2, 5, torch.float32)
opcheck_all("roi_align", ops.roi_align.default,
            [(xf, rf, 1.0, 2, 2, 2, False), (xf.requires_grad_(), rf, 0.5, 3, 2, -1, True),
             (x, rois, 1.0, 1, 3, 0, False)])
opcheck_all("_roi_align_backward", ops._roi_align_backward.default,
            [(torch.randn(4, 3, 2, 2), rf, 1.0, 2, 2, 2, 3, 6, 5, 2, False)])
opcheck_all("roi_pool", ops.roi_pool.default,
            [(torch.randn(2, 3, 6, 5), rf, 1.0, 2, 2), (torch.randn(2, 3, 6, 5, requires_grad=True), rf, 0.5, 3, 3)])
_, am = ops.roi_pool(xf.detach(), rf, 1.0, 2, 2)
opcheck_all("_roi_pool_backward", ops._roi_pool_backward.default,
            [(torch.randn(4, 3, 2, 2), rf, am, 1.0, 2, 2, 2, 3, 6, 5)])
opcheck_all("nms", ops.nms.default, [make_boxes(10) + (0.5,), make_boxes(25) + (0.3,)])


# torch.compile: one graph (fullgraph) through the fakes and the autograd.
def detect(features, rois, boxes, scores):
    pooled = torch.ops.visionops.roi_align(features, rois, 0.5, 3, 3, 2, True)
    maxed, _ = torch.ops.visionops.roi_pool(features, rois, 0.5, 2, 2)
    keep = torch.ops.visionops.nms(boxes, scores, 0.5)
    return pooled.relu().sum() + maxed.sum(), keep


def compiled_equal():
    compiled = torch.compile(detect, backend="aot_eager", fullgraph=True)
    boxes, scores = make_boxes(20)
    feats = torch.randn(2, 3, 8, 9, requires_grad=True)
    r = make_rois(5, 2, 8, torch.float32)
    loss, keep = compiled(feats, r, boxes, scores)
    loss.backward()
    got_grad, feats.grad = feats.grad.clone(), None
    want_loss, want_keep = detect(feats, r, boxes, scores)
    want_loss.backward()
    return (torch.allclose(loss, want_loss) and torch.equal(keep, want_keep)
            and torch.allclose(got_grad, feats.grad))


check("torch.compile fullgraph (aot_eager)", compiled_equal)


def dynamic_equal():
    dyn = torch.compile(detect, backend="aot_eager", fullgraph=True, dynamic=True)
    feats = torch.randn(2, 3, 8, 9)
    r7 = make_rois(7, 2, 8, torch.float32)
    return torch.allclose(dyn(feats, r7, *make_boxes(9))[0], detect(feats, r7, *make_boxes(9))[0])


check("torch.compile dynamic shapes", dynamic_equal)


class Align(torch.nn.Module):
    def forward(self, features, rois):
        return torch.ops.visionops.roi_align(features, rois, 1.0, 2, 2, 2, False)


def exported_equal():
    feats, r = torch.randn(2, 3, 8, 9), make_rois(5, 2, 8, torch.float32)
    ep = torch.export.export(Align(), (feats, r))
    return torch.equal(ep.module()(feats, r), Align()(feats, r))


check("torch.export", exported_equal)

print(f"torch {torch.__version__.split('+')[0]}: {failures} failed")
sys.exit(1 if failures else 0)
