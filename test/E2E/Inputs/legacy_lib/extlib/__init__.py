import torch  # noqa: F401

from . import _C, ops  # noqa: F401
