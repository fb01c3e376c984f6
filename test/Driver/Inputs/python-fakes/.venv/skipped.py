import torch


@torch.library.register_fake("pf::scale")
def _(self, factor):
    return torch.empty_like(self)


@torch.library.register_fake("pf::nms")
def _(dets, scores, iou):
    ctx = torch.library.get_ctx()
    return dets.new_empty(ctx.new_dynamic_size(), dtype=torch.long)


torch.library.impl_abstract('pf::scale.default')(lambda self, factor: self)
torch.library.register_fake("pf::pad")(lambda self, n: self)
