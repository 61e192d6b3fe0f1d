#ifndef ARBOR_CLIBFUZZER_H
#define ARBOR_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

// libFuzzer's interface (compiler-rt's FuzzerInterface.h), declared here so
// that Swift calls it with the C calling convention. The symbols exist only
// in binaries linked with `-sanitize=fuzzer`: ArborFuzz refers to them only
// when compiled with `-D ARBOR_FUZZ` (scripts/fuzz.sh).

/// Runs libFuzzer with the command line `argc`/`argv` and the test function `callback`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

/// libFuzzer's own mutation of `data` (`size` bytes, at most `maxSize`); returns the new size.
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

#endif
