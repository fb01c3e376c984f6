"""visionops: RoIAlign, RoIPool and NMS (torchvision's shape): the C++
library's operators, their fake implementations and Python wrappers."""
import os

import torch

torch.ops.load_library(os.path.join(os.path.dirname(__file__), "_C.so"))

from . import _meta_registrations  # noqa: E402,F401
from .ops import nms, roi_align, roi_pool  # noqa: E402,F401
