#!/usr/bin/env python3
"""Training steps per second of LeNet-5 and of the small VGG in PyTorch,
the networks of litdnn-train --bench, on random data on the GPU. Prints one
CSV row: impl,net,backend,device,batch,steps,images_per_s,ms_per_step."""
import argparse
import time

import torch
from torch import nn


def lenet(dropout):
    return nn.Sequential(
        nn.Conv2d(1, 6, 5, padding=2), nn.ReLU(), nn.MaxPool2d(2),
        nn.Conv2d(6, 16, 5, bias=False), nn.BatchNorm2d(16, eps=1e-5, momentum=0.1),
        nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(),
        nn.Linear(400, 120), nn.ReLU(), nn.Dropout(dropout),
        nn.Linear(120, 84), nn.ReLU(), nn.Linear(84, 10), nn.LogSoftmax(dim=1))


def vgg_small(dropout):
    layers, channels = [], 3
    for width in (64, 128, 256):
        for _ in range(2):
            layers += [nn.Conv2d(channels, width, 3, padding=1, bias=False),
                       nn.BatchNorm2d(width, eps=1e-5, momentum=0.1), nn.ReLU()]
            channels = width
        layers.append(nn.MaxPool2d(2))
    layers += [nn.Flatten(), nn.Linear(256 * 4 * 4, 256), nn.ReLU(), nn.Dropout(dropout),
               nn.Linear(256, 10), nn.LogSoftmax(dim=1)]
    return nn.Sequential(*layers)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--net", choices=("lenet", "vgg"), default="lenet")
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--steps", type=int, default=100)
    ap.add_argument("--lr", type=float, default=0.02)
    ap.add_argument("--dropout", type=float, default=0.25)
    args = ap.parse_args()

    torch.backends.cudnn.benchmark = True
    torch.backends.cudnn.allow_tf32 = False
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.manual_seed(1)
    dev = torch.device("cuda")
    model = (lenet if args.net == "lenet" else vgg_small)(args.dropout).to(dev)
    shape = (args.batch, 1, 28, 28) if args.net == "lenet" else (args.batch, 3, 32, 32)
    x = torch.rand(shape, device=dev) * 2 - 1
    y = torch.arange(args.batch, device=dev) % 10
    opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, weight_decay=5e-4)
    loss_fn = nn.NLLLoss()

    def step():
        opt.zero_grad(set_to_none=True)
        loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()

    for _ in range(5):
        step()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(args.steps):
        step()
    torch.cuda.synchronize()
    t = time.perf_counter() - t0
    rate = args.steps * args.batch / t
    name = torch.cuda.get_device_name(dev)
    print(f"pytorch,{args.net},cuda,{name},{args.batch},{args.steps},{rate:.2f},"
          f"{1e3 * t / args.steps:.4f}")


if __name__ == "__main__":
    main()
