#!/usr/bin/env bash
# Plugin integration test: builds this separate package (which depends on the repository by path and
# applies the ODataGenerator build plugin to ODataDemo.edmx with a configuration file), runs its test, and
# checks that the plugin regenerates when the configuration changes and only then.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
log() { echo "plugin-integration: $*" >&2; }

swift build --build-tests 2>&1 | tee .build-log.txt | tail -3
if grep -E "warning:" .build-log.txt | grep -v "/PluginIntegration/.build/checkouts/" >/dev/null; then
    grep -E "warning:" .build-log.txt >&2
    log "FAILED: the build printed warnings"
    exit 1
fi
swift test --skip-build 2>&1 | tee .test-log.txt | grep -E "error|Executed" | tail -3
if ! grep -q "Executed [1-9][0-9]* tests\?, with 0 failures" .test-log.txt; then log "FAILED: the package's tests did not pass"; exit 1; fi

log "no change: the generator must not run"
swift build --build-tests >/dev/null 2>&1   # settles anything the test run relinked
swift build --build-tests 2>&1 | tee .build-log.txt >/dev/null
if grep -q "Generating OData sources" .build-log.txt; then log "FAILED: regenerated without a change"; exit 1; fi

log "config change: the generator must run"
touch Sources/DemoService/odata-generator-config.json
swift build --build-tests 2>&1 | tee .build-log.txt >/dev/null
if ! grep -q "Generating OData sources for DemoService" .build-log.txt; then log "FAILED: no regeneration after a config change"; exit 1; fi
rm -f .build-log.txt .test-log.txt
log "passed"
