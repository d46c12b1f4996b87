#!/usr/bin/env bash
# Training throughput, litdnn against PyTorch, on the GPU:
#   bench_training.sh LITDNN_TRAIN OUT.csv
# writes OUT.csv (one row per program and network) and, beside it,
# OUT-profile-lenet.csv and OUT-profile-vgg.csv (litdnn's per-layer split).
set -euo pipefail
train=$1
out=$2
here=$(dirname "$0")
steps=${STEPS:-100}
if ! command -v nvidia-smi >/dev/null || ! nvidia-smi -L >/dev/null 2>&1; then
  echo "bench_training: no GPU here, nothing measured"
  exit 0
fi
if ! python3 -c 'import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)' 2>/dev/null; then
  echo "bench_training: PyTorch with CUDA is not installed, nothing measured" >&2
  exit 1
fi
gpu=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)
versions=$(python3 -c 'import torch; print("PyTorch %s, CUDA %s, cuDNN %s" % (torch.__version__, torch.version.cuda, torch.backends.cudnn.version()))')
tmp=$(mktemp)
{
  echo "# $gpu; $versions; $(date -u +%Y-%m-%d)"
  echo "# FP32 without TF32 in both; cuDNN benchmark mode in PyTorch, Find in litdnn; random data on the device; $steps timed steps after 5 warm-up steps"
  echo "impl,net,backend,device,batch,steps,images_per_s,ms_per_step"
} > "$tmp"
for spec in lenet:64 vgg:128; do
  net=${spec%%:*}
  batch=${spec##*:}
  "$train" --bench "$net" --backend cuda --find --batch "$batch" --steps "$steps" --csv "$tmp" \
    --profile "${out%.csv}-profile-$net.csv"
  python3 "$here/train_pytorch.py" --net "$net" --batch "$batch" --steps "$steps" >> "$tmp"
done
mv "$tmp" "$out"
cat "$out"
