#ifndef ATK_CLIBFUZZER_SHIM_H
#define ATK_CLIBFUZZER_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver, for a program with its own `main` (SwiftPM names an executable's entry
/// point itself, so libFuzzer's `main` cannot be used). Linked by `-sanitize=fuzzer` only: call
/// it only in builds with that flag (`ATK_LIBFUZZER`).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

/// libFuzzer's own mutations, for a custom mutator to fall back on.
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

#endif
