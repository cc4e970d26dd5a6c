"""Small models for torch.compile benchmarks and checks (bench/torch_compile.py).

Written here (no model hub): a GPT-2-style decoder (pre-norm blocks of causal self-attention
and a GELU MLP, tied embeddings) and a ResNet-style CNN (BasicBlocks with batch norm). Sizes
are parameters, so the CPU runs keep them small and the GPU runs use GPT-2's own width.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalSelfAttention(nn.Module):
    def __init__(self, width, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(width, 3 * width)
        self.proj = nn.Linear(width, width)

    def forward(self, x):
        batch, length, width = x.shape
        q, k, v = self.qkv(x).split(width, dim=2)
        q, k, v = (t.view(batch, length, self.heads, width // self.heads).transpose(1, 2)
                   for t in (q, k, v))
        scores = (q @ k.transpose(-2, -1)) / math.sqrt(width // self.heads)
        causal = torch.ones(length, length, dtype=torch.bool, device=x.device).tril()
        scores = scores.masked_fill(~causal, float("-inf"))
        y = torch.softmax(scores, dim=-1) @ v
        return self.proj(y.transpose(1, 2).reshape(batch, length, width))


class DecoderBlock(nn.Module):
    def __init__(self, width, heads):
        super().__init__()
        self.norm1 = nn.LayerNorm(width)
        self.attention = CausalSelfAttention(width, heads)
        self.norm2 = nn.LayerNorm(width)
        self.mlp = nn.Sequential(nn.Linear(width, 4 * width), nn.GELU(approximate="tanh"),
                                 nn.Linear(4 * width, width))

    def forward(self, x):
        x = x + self.attention(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class GPTStyle(nn.Module):
    def __init__(self, vocab=1000, width=128, heads=4, layers=2, context=128):
        super().__init__()
        self.tokens = nn.Embedding(vocab, width)
        self.positions = nn.Embedding(context, width)
        self.blocks = nn.ModuleList(DecoderBlock(width, heads) for _ in range(layers))
        self.norm = nn.LayerNorm(width)

    def forward(self, ids):
        positions = torch.arange(ids.shape[1], device=ids.device)
        x = self.tokens(ids) + self.positions(positions)
        for block in self.blocks:
            x = block(x)
        return self.norm(x) @ self.tokens.weight.t()


class BasicBlock(nn.Module):
    def __init__(self, inputs, outputs, stride):
        super().__init__()
        self.conv1 = nn.Conv2d(inputs, outputs, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(outputs)
        self.conv2 = nn.Conv2d(outputs, outputs, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(outputs)
        self.shortcut = nn.Sequential()
        if stride != 1 or inputs != outputs:
            self.shortcut = nn.Sequential(nn.Conv2d(inputs, outputs, 1, stride, bias=False),
                                          nn.BatchNorm2d(outputs))

    def forward(self, x):
        y = F.relu(self.bn1(self.conv1(x)))
        return F.relu(self.bn2(self.conv2(y)) + self.shortcut(x))


class ResNetStyle(nn.Module):
    def __init__(self, widths=(16, 32, 64), classes=10):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, widths[0], 3, 1, 1, bias=False),
                                  nn.BatchNorm2d(widths[0]), nn.ReLU())
        stages, inputs = [], widths[0]
        for i, width in enumerate(widths):
            stages += [BasicBlock(inputs, width, 1 if i == 0 else 2), BasicBlock(width, width, 1)]
            inputs = width
        self.stages = nn.Sequential(*stages)
        self.head = nn.Linear(inputs, classes)

    def forward(self, x):
        x = self.stages(self.stem(x))
        return self.head(F.adaptive_avg_pool2d(x, 1).flatten(1))


def randomize_batch_norms(model, generator):
    """Running statistics away from (0, 1), so eval-mode batch norm is not an identity."""
    with torch.no_grad():
        for module in model.modules():
            if isinstance(module, nn.BatchNorm2d):
                module.running_mean.uniform_(-0.2, 0.2, generator=generator)
                module.running_var.uniform_(0.5, 2.0, generator=generator)
    return model


def workloads(size, device):
    """{name: (model, make inputs, training)} at `size` "small" (lavapipe) or "gpt2" (a GPU)."""
    generator = torch.Generator().manual_seed(0)
    torch.manual_seed(0)
    if size == "small":
        gpt = dict(vocab=1000, width=128, heads=4, layers=2, context=128)
        batch, length, image, resnet_batch = 4, 64, 32, 8
    else:
        gpt = dict(vocab=50257, width=768, heads=12, layers=6, context=1024)
        batch, length, image, resnet_batch = 8, 256, 32, 128
    gpt_model = GPTStyle(**gpt).to(device)
    resnet = randomize_batch_norms(ResNetStyle(), generator).to(device).eval()

    def ids():
        return (torch.randint(0, gpt["vocab"], (batch, length), generator=generator).to(device),)

    def images():
        return (torch.randn(resnet_batch, 3, image, image, generator=generator).to(device),)

    return {
        "gpt inference": (gpt_model, ids, False),
        "gpt training step": (gpt_model, ids, True),
        "resnet inference": (resnet, images, False),
    }


def run_step(model, inputs, training):
    """One inference (no grad) or training step (forward, loss, backward)."""
    if not training:
        with torch.no_grad():
            return model(*inputs)
    logits = model(*inputs)
    ids = inputs[0]
    loss = F.cross_entropy(logits[:, :-1].reshape(-1, logits.shape[-1]), ids[:, 1:].reshape(-1))
    loss.backward()
    return loss.detach()
