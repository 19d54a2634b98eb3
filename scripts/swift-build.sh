#!/usr/bin/env bash
# `swift build "$@"`, run once more when SwiftPM itself dies of a signal (exit status above 128).
# SwiftPM 6.3.1 on Linux was seen to die of SIGSEGV on a no-op build of Tests/PluginIntegration (once in CI, on
# 2026-12-07; not reproduced in 68 runs of the same steps since): a crash of the tool, not a failure of the build.
# A build that fails (exit status 1: a compile error, a plugin's error) is never run again, nor is a second crash.
# Each crash is reported on stderr and, when ODATA_TOOLCHAIN_CRASHES names a file, appended to it, so that
# scripts/test.sh lists it in its summary.
set -uo pipefail
swift build "$@"
status=$?
if [ "$status" -gt 128 ]; then
    notice="swift build $* (in $PWD) died of signal $((status - 128)); ran it once more"
    echo "swift-build.sh: $notice" >&2
    if [ -n "${ODATA_TOOLCHAIN_CRASHES:-}" ]; then echo "$notice" >>"$ODATA_TOOLCHAIN_CRASHES"; fi
    swift build "$@"
    status=$?
fi
exit "$status"
