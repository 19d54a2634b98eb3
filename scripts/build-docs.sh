#!/usr/bin/env bash
# Builds the DocC catalogs of OData, ODataMetadata and ODataCodeGen with the toolchain's `docc`, from
# symbol graphs of the built modules, with warnings as errors (a broken symbol link or a bad topic
# fails). Run after `swift build`; the archives land in .build/docs. Part of the test command.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

source scripts/symbol-graph.sh
work=".build/docs"
rm -rf "$work"
mkdir -p "$work"

for module in OData ODataMetadata ODataCodeGen; do
    catalog="Sources/$module/$module.docc"
    [ -d "$catalog" ] || { echo "build-docs: no catalog $catalog" >&2; exit 1; }
    mkdir -p "$work/symbols-$module"
    odata_symbol_graph "$module" "$work/symbols-$module"
    docc convert "$catalog" --additional-symbol-graph-dir "$work/symbols-$module" --warnings-as-errors \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.swift-odata.$module" \
        --output-path "$work/$module.doccarchive" >"$work/$module.log" 2>&1 ||
        { cat "$work/$module.log" >&2; echo "build-docs: $module's documentation has errors or warnings" >&2; exit 1; }
    echo "build-docs: $module ok ($work/$module.doccarchive)"
done
