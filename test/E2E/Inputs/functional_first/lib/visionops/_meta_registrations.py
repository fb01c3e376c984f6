"""Fake (meta) implementations of visionops' operators, for torch.compile,
torch.export and FakeTensor (torchvision's _meta_registrations.py)."""
import torch


@torch.library.register_fake("visionops::roi_align")
def _(input, rois, spatial_scale, pooled_height, pooled_width, sampling_ratio, aligned):
    torch._check(rois.size(1) == 5, lambda: "rois must have shape [K, 5]")
    torch._check(input.dtype == rois.dtype,
                 lambda: f"input and rois must have the same dtype, got {input.dtype} and {rois.dtype}")
    num_rois = rois.size(0)
    channels = input.size(1)
    return input.new_empty((num_rois, channels, pooled_height, pooled_width))


@torch.library.register_fake("visionops::_roi_align_backward")
def _(grad, rois, spatial_scale, pooled_height, pooled_width, batch_size, channels,
      height, width, sampling_ratio, aligned):
    torch._check(grad.dtype == rois.dtype,
                 lambda: f"grad and rois must have the same dtype, got {grad.dtype} and {rois.dtype}")
    return grad.new_empty((batch_size, channels, height, width))


@torch.library.register_fake("visionops::roi_pool")
def _(input, rois, spatial_scale, pooled_height, pooled_width):
    torch._check(rois.size(1) == 5, lambda: "rois must have shape [K, 5]")
    torch._check(input.dtype == rois.dtype,
                 lambda: f"input and rois must have the same dtype, got {input.dtype} and {rois.dtype}")
    num_rois = rois.size(0)
    channels = input.size(1)
    out_size = (num_rois, channels, pooled_height, pooled_width)
    return input.new_empty(out_size), torch.empty(out_size, dtype=torch.int32, device=input.device)


@torch.library.register_fake("visionops::_roi_pool_backward")
def _(grad, rois, argmax, spatial_scale, pooled_height, pooled_width, batch_size,
      channels, height, width):
    torch._check(grad.dtype == rois.dtype,
                 lambda: f"grad and rois must have the same dtype, got {grad.dtype} and {rois.dtype}")
    return grad.new_empty((batch_size, channels, height, width))


@torch.library.register_fake("visionops::nms")
def _(dets, scores, iou_threshold):
    torch._check(dets.dim() == 2, lambda: f"boxes should be a 2d tensor, got {dets.dim()}D")
    torch._check(dets.size(1) == 4, lambda: f"boxes should have 4 elements in dimension 1, got {dets.size(1)}")
    torch._check(scores.dim() == 1, lambda: f"scores should be a 1d tensor, got {scores.dim()}")
    torch._check(dets.size(0) == scores.size(0),
                 lambda: f"boxes and scores should have same number of elements in dimension 0, got {dets.size(0)} and {scores.size(0)}")
    ctx = torch.library.get_ctx()
    num_to_keep = ctx.new_dynamic_size()
    return dets.new_empty(num_to_keep, dtype=torch.long)
