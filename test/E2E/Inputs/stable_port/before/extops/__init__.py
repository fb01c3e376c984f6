"""extops: the C++ operators (stable ABI) and their Python registrations."""
import os

import torch

torch.ops.load_library(os.path.join(os.path.dirname(__file__), "_C.so"))

from . import _ops  # noqa: E402,F401  (fakes and autograd)
