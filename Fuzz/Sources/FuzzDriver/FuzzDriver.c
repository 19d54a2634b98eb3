#include "FuzzDriver.h"

// Provided by libFuzzer (linked through -sanitize=fuzzer).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

int odata_fuzz_main(int argc, char **argv, odata_fuzz_callback callback) {
    return LLVMFuzzerRunDriver(&argc, &argv, callback);
}
