#!/usr/bin/env bash
# The compiler settings that reading this package's built modules from outside SwiftPM needs (the
# CLibXML2 module map, libxml2's headers, the target triple), in one place.
#
#   source scripts/symbol-graph.sh                  defines odata_clang_flags, odata_triple, odata_modules_dir
#                                                   and odata_symbol_graph (build-docs.sh, check-layers.sh)
#   bash scripts/symbol-graph.sh MODULE DIR [ARG…]  writes MODULE's public symbol graph into DIR, extra
#                                                   arguments passed on (RuntimeSymbolGraph.swift)
#
# The built modules are in $ODATA_MODULES_DIR, else in `swift build --show-bin-path`/Modules.
set -euo pipefail
odata_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

odata_clang_flags=(-Xcc "-fmodule-map-file=$odata_root/Sources/CLibXML2/module.modulemap")
for flag in $(pkg-config --cflags-only-I libxml-2.0); do odata_clang_flags+=(-Xcc "$flag"); done

case "$(uname -m)" in
    x86_64) odata_triple=x86_64-unknown-linux-gnu ;;
    aarch64 | arm64) odata_triple=aarch64-unknown-linux-gnu ;;
    *) echo "symbol-graph: unknown machine $(uname -m)" >&2; exit 2 ;;
esac

odata_modules_dir() { echo "${ODATA_MODULES_DIR:-$(cd "$odata_root" && swift build --show-bin-path)/Modules}"; }

# odata_symbol_graph MODULE DIR [ARG…]: MODULE's public symbol graph in DIR.
odata_symbol_graph() {
    local module="$1" output="$2"
    shift 2
    swift-symbolgraph-extract -module-name "$module" -I "$(odata_modules_dir)" -target "$odata_triple" \
        -minimum-access-level public -output-dir "$output" "${odata_clang_flags[@]}" "$@"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    [ $# -ge 2 ] || { echo "usage: bash scripts/symbol-graph.sh MODULE OUTPUT-DIR [ARG…]" >&2; exit 2; }
    odata_symbol_graph "$@"
fi
