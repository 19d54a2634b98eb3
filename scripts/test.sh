#!/usr/bin/env bash
# The project's test command (README: `bash scripts/test.sh`): builds everything, then runs every
# test with the real OData test servers running on 127.0.0.1 (scripts/servers.sh installs them into
# .build/test-venv on first use, starts them, exports their URLs, and stops them however the tests end).
# `swift build` comes first because some tests run the built `odata-gen` and `espm-demo` executables.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build
bash scripts/servers.sh run swift test
bash Tests/PluginIntegration/run.sh   # a separate package that uses the ODataGenerator build plugin
