#!/usr/bin/env bash
# Regenerates the checked-in golden sources (Tests/ODataCodeGenTests/Resources/golden/ESPM) from
# Tests/Corpus/metadata/ESPM.xml (a link to Metadata/ESPM.xml). Goldens never update themselves: run this
# on purpose after a deliberate generator change, then review `git diff` before committing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ODATA_UPDATE_GOLDENS=1 swift test --filter 'GoldenTests/test(ESPM|TripPin)MatchesGoldens'
git status --short Tests/ODataCodeGenTests/Resources/golden
