#error "litdnn-emu: bfloat16 (cuda_bf16.h) is not supported by the emulator"
