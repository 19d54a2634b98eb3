#!/usr/bin/env bash
# The project's test command (README: `bash scripts/test.sh`): builds everything, then runs every test.
# `swift build` comes first because some tests run the built `odata-gen` executable.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build
swift test
