#!/usr/bin/env bash
# Regenerates Sources/ODataCodeGen/Naming/RuntimeNames.swift, the runtime's public names the generator
# reserves, from the built OData module's symbol graph (RuntimeNamesTests does the work). Run it after
# adding public API to OData, then review `git diff` before committing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ODATA_UPDATE_RUNTIME_NAMES=1 swift test --filter RuntimeNamesTests/testRuntimeNamesMatchTheODataModulesPublicDeclarations || true
ODATA_UPDATE_RUNTIME_NAMES=1 swift test --filter RuntimeNamesTests
git status --short Sources/ODataCodeGen/Naming/RuntimeNames.swift
