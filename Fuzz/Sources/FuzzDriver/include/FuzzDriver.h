#ifndef ODATA_FUZZ_DRIVER_H
#define ODATA_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// The per-input callback of a fuzz target: returns 0 (libFuzzer's convention).
typedef int (*odata_fuzz_callback)(const uint8_t *data, size_t size);

/// Runs libFuzzer's driver with the process arguments and the target's callback.
int odata_fuzz_main(int argc, char **argv, odata_fuzz_callback callback);

#endif
