#error "litdnn-emu: half precision (cuda_fp16.h, __half) is not supported by the emulator"
