"""visionops' Python API (torchvision.ops' shape): the operators called
through the overload packet, as torchvision's wrappers call them."""
import torch


def _pair(size):
    return (size, size) if isinstance(size, int) else tuple(size)


def roi_align(input, boxes, output_size, spatial_scale=1.0, sampling_ratio=-1, aligned=False):
    """RoIAlign over `boxes` ([K, 5]: batch index, x1, y1, x2, y2)."""
    h, w = _pair(output_size)
    return torch.ops.visionops.roi_align(input, boxes, spatial_scale, h, w, sampling_ratio, aligned)


def roi_pool(input, boxes, output_size, spatial_scale=1.0):
    """RoIPool (max pooling per bin) over `boxes` ([K, 5])."""
    h, w = _pair(output_size)
    output, _ = torch.ops.visionops.roi_pool(input, boxes, spatial_scale, h, w)
    return output


def nms(boxes, scores, iou_threshold):
    """The indices of the boxes kept by non-maximum suppression, by score."""
    return torch.ops.visionops.nms(boxes, scores, iou_threshold)
