#!/usr/bin/env bash
# The project's test command (README: `bash scripts/test.sh`): builds everything, then runs every
# test with the real OData test servers running on 127.0.0.1 (scripts/servers.sh installs them into
# .build/test-venv on first use, starts them, exports their URLs, and stops them however the tests end).
# `swift build --build-tests` comes first because some tests run the built `odata-gen` and `espm-demo` executables,
# and so that every build goes through scripts/swift-build.sh (SwiftPM itself has crashed once, see there).
# It first installs what a fresh Debian/Ubuntu machine lacks (scripts/install-deps.sh: the libxml2, libcurl and
# SQLCipher 4 headers, the sqlcipher shell, python3-venv, openssl; a quick check when they are there).
# Then `swift format` lint (scripts/format.sh; a finding fails the run after the tests).
# The last line is a plain total, 'tests: N passed, N failed', over the XCTest runs of both packages
# (the integration tests count twice: over URLSessionTransport and over CurlTransport; the offline tests twice:
# plain and encrypted stores)
# (Swift Testing's own closing line reports 0 tests, since every test here is an XCTest).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
mkdir -p .build
# The run's temporary files go to a folder of its own, removed at the end: the Swift driver leaves an empty
# TemporaryDirectory.* behind in TMPDIR for every compiler invocation (each module SwiftPM builds, each type
# check of generated code), well over a thousand a run; SwiftPM keeps its lock files and generated sources there. Anything
# else left there (a test's own folder) is listed at the end.
run_tmp="$(mktemp -d "${TMPDIR:-/tmp}/odata-test-run.XXXXXX")"
export TMPDIR="$run_tmp"
# Crashes of SwiftPM itself that scripts/swift-build.sh ran again; listed in the summary.
export ODATA_TOOLCHAIN_CRASHES="$run_tmp/toolchain-crashes.txt"
trap 'rm -rf "$run_tmp"' EXIT
main_log=.build/test-main.log
plugin_log=.build/test-plugin-integration.log
curl_log=.build/test-integration-curl.log
encrypted_log=.build/test-offline-encrypted.log

lint_status=0
bash scripts/format.sh || lint_status=$?   # swift format lint of the hand-written sources (.swift-format)
bash scripts/swift-build.sh --build-tests   # every target and test target; `swift test` below only runs them
layers_status=0
bash scripts/check-layers.sh || layers_status=$?   # the runtime's layers, each type-checked with only those below
docs_status=0
bash scripts/build-docs.sh || docs_status=$?       # DocC catalogs of OData, ODataMetadata, ODataCodeGen; warnings are errors
bash scripts/servers.sh run swift test --skip-build 2>&1 | tee "$main_log"
# the integration suite again over ODataCurl's CurlTransport (TestServers.provider reads the variable)
ODATA_TEST_TRANSPORT=curl bash scripts/servers.sh run swift test --skip-build --filter IntegrationTests 2>&1 | tee "$curl_log"
# the offline suite again with its sync and espm-demo stores encrypted (SQLCipher; Support.swift reads the variable)
ODATA_TEST_STORE_KEY="offline suite key" bash scripts/servers.sh run swift test --skip-build --filter ODataOfflineTests 2>&1 | tee "$encrypted_log"
bash Tests/PluginIntegration/run.sh 2>&1 | tee "$plugin_log"   # a separate package that uses the ODataGenerator build plugin

# "Executed N tests, with F failures" of the outermost XCTest suite is the last such line of each run.
summary() {  # summary LOG FIELD (1: executed, 2: failures); 0 when the log has no such line
    local line
    line=$(grep -E 'Executed [0-9]+ tests?, with [0-9]+ failures?' "$1" | tail -n 1 || true)
    if [ -z "$line" ]; then echo 0; return; fi
    echo "$line" | sed -E "s/.*Executed ([0-9]+) tests?, with ([0-9]+) failures?.*/\\$2/"
}
executed=$(( $(summary "$main_log" 1) + $(summary "$curl_log" 1) + $(summary "$encrypted_log" 1) + $(summary "$plugin_log" 1) ))
failed=$(( $(summary "$main_log" 2) + $(summary "$curl_log" 2) + $(summary "$encrypted_log" 2) + $(summary "$plugin_log" 2) ))
passed=$(( executed - failed ))
left=$(find "$run_tmp" -mindepth 1 -maxdepth 1 ! -name 'TemporaryDirectory.*' ! -name '*.lock' ! -name 'swift-generated-sources' ! -name 'toolchain-crashes.txt' \
    -printf '%f\n' | sort | head -n 20)
if [ -s "$ODATA_TOOLCHAIN_CRASHES" ]; then echo "SwiftPM crashes, each run once more:"; sed 's/^/  /' "$ODATA_TOOLCHAIN_CRASHES"; fi
if [ -n "$left" ]; then echo "left in the run's TMPDIR (removed now):"; echo "$left" | sed 's/^/  /'; fi
echo "tests: $passed passed, $failed failed"
if [ "$docs_status" -ne 0 ]; then
    echo "documentation build failed (see above): scripts/build-docs.sh" >&2
    exit 1
fi
if [ "$layers_status" -ne 0 ]; then
    echo "layer check failed (see above): a type is used from a layer above its own (scripts/check-layers.sh)" >&2
    exit 1
fi
if [ "$lint_status" -ne 0 ]; then
    echo "swift format lint failed (see above): run 'bash scripts/format.sh --fix'" >&2
    exit 1
fi
