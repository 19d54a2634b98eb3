#!/usr/bin/env bash
# Plugin integration test: builds this separate package (which depends on the repository by path and
# applies the ODataGenerator build plugin to ODataDemo.edmx with a configuration file), runs its test, and
# checks that the plugin regenerates when the configuration changes and only then.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
log() { echo "plugin-integration: $*" >&2; }
# SwiftPM itself has crashed here once (scripts/swift-build.sh): every build goes through that script.
swift_build() { bash ../../scripts/swift-build.sh "$@"; }

swift_build --build-tests 2>&1 | tee .build-log.txt | tail -3
if grep -E "warning:" .build-log.txt | grep -v "/PluginIntegration/.build/checkouts/" >/dev/null; then
    grep -E "warning:" .build-log.txt >&2
    log "FAILED: the build printed warnings"
    exit 1
fi
swift test --skip-build 2>&1 | tee .test-log.txt | grep -E "error|Executed" | tail -3
if ! grep -q "Executed [1-9][0-9]* tests\?, with 0 failures" .test-log.txt; then log "FAILED: the package's tests did not pass"; exit 1; fi

# The two ESPM tools against the ESPM service on pyslet, started (and stopped) by the repository's servers.sh.
expect_output() {  # expect_output TOOL LINE...: the tool ran and printed every line
    local tool="$1"
    shift
    bash ../../scripts/servers.sh run ".build/debug/$tool" >".$tool-output.txt" 2>".$tool-errors.txt" ||
        { cat ".$tool-output.txt" ".$tool-errors.txt" >&2; log "FAILED: $tool did not run to the end"; exit 1; }
    for line in "$@"; do
        grep -qxF "$line" ".$tool-output.txt" || { cat ".$tool-output.txt" >&2; log "FAILED: $tool printed no '$line'"; exit 1; }
    done
    log "$tool ran against pyslet: $(tr '\n' ';' <".$tool-output.txt")"
    rm -f ".$tool-output.txt" ".$tool-errors.txt"
}
expect_output TopLevelTool "customers: C000001,C000002,C000003" "updated: C000001 Top-level City" "count: 60" "products: 5" \
    "changeset: TL-1 at its own address, left: 0" "completion handler: C000001,C000002" \
    "paging: at most 10000 pages, next links under the service root: true" \
    "services: OData 2.0 service, OData 3.0 service, adopted OData 3.0 service, products: 4"
expect_output PortedTool "customers: C000001,C000002,C000003" "updated: C000002 Ported City" "count: 60" "products: 2"

log "no change: the generator must not run"
swift_build --build-tests >/dev/null   # settles anything the test run relinked
swift_build --build-tests 2>&1 | tee .build-log.txt >/dev/null
if grep -q "Generating OData sources" .build-log.txt; then log "FAILED: regenerated without a change"; exit 1; fi

log "config change: the generator must run"
touch Sources/DemoService/odata-generator-config.json
swift_build --build-tests 2>&1 | tee .build-log.txt >/dev/null
if ! grep -q "Generating OData sources for DemoService" .build-log.txt; then log "FAILED: no regeneration after a config change"; exit 1; fi

# Broken inputs must fail the build with a message that says what to fix; the trap restores the target.
CONFIG=Sources/DemoService/odata-generator-config.json
cp "$CONFIG" .config-backup
restore() {
    if [ -f .config-backup ]; then mv .config-backup "$CONFIG"; fi
    rm -f Sources/DemoService/Second.edmx
}
trap restore EXIT
expect_failure() {  # expect_failure WHAT MESSAGE
    if swift_build 2>&1 | tee .build-log.txt >/dev/null; then log "FAILED: the build succeeded with $1"; exit 1; fi
    if ! grep -qF "$2" .build-log.txt; then cat .build-log.txt >&2; log "FAILED: no message '$2' for $1"; exit 1; fi
    log "$1 fails the build with: $2"
}
printf '{"serviceName": "X"}' >"$CONFIG"
expect_failure "a bad configuration" 'unknown key "serviceName"'
restore
cp "$CONFIG" .config-backup
cp Sources/DemoService/ODataDemo.edmx Sources/DemoService/Second.edmx
expect_failure "two metadata documents" "contains 2 metadata documents (ODataDemo.edmx, Second.edmx)"
rm -f Sources/DemoService/Second.edmx
printf '<edmx:Edmx xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx"><broken>' >Sources/DemoService/Second.edmx
mv Sources/DemoService/ODataDemo.edmx .edmx-backup
trap 'mv .edmx-backup Sources/DemoService/ODataDemo.edmx 2>/dev/null || true; restore' EXIT
expect_failure "a broken metadata document" "cannot read the metadata document"
mv .edmx-backup Sources/DemoService/ODataDemo.edmx
restore
swift_build >/dev/null || { log "FAILED: the restored package does not build"; exit 1; }
rm -f .build-log.txt .test-log.txt
log "passed"
