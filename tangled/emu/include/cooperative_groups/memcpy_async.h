#error "litdnn-emu: cooperative_groups::memcpy_async is not supported by the emulator"
