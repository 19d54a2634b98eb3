#!/usr/bin/env bash
# The layers of the OData runtime, checked by the compiler: each layer's folders must type-check with
# only the layers below it, so a type used from a higher layer (a back-edge) fails this script.
#
#   bash scripts/check-layers.sh            run after `swift build` (uses the built ODataMetadata module)
#
# Bottom to top (folders of Sources/OData; a line is one layer, each folder its own layer where it can be):
#   Bytes                          byte spans, percent-encoding, XML text escaping (the libxml2 set-up is
#                                  ODataMetadata's HardenedXMLParser)
#   Errors                         ODataError (the one public error type) with its kinds, the server's error body
#                                  (and reading it from XML) and the headers it carries: every layer above throws it
#   Values Model                   EDM values (their literal and wire forms), descriptors, entities, keys,
#                                  results of reads (EntityList, FunctionResult); one layer: EdmValue holds ComplexValue
#   Query                          DataQuery, filters, URL rendering, the in-memory evaluator
#   Wire                           what the codecs share: their decoding error, name tables, fast paths, the
#                                  incremental feed reader
#   JSON                           the verbose-JSON codec, its feed reader, reading a JSON error body
#   Atom                           the Atom codec and its feed reader
#   Dynamic                        the model built from $metadata at run time
#   Transport                      HTTP requests, middleware, transports, errors of responses (any error body)
#   Batch                          $batch requests, parts and changesets
#   Capabilities                   typed entity sets and the capability checks requests make
#   Service                        providers, DataService (with its typed-set calls), the request builder
#   Generated                      generated-code support
#   Drift                          metadata drift
# Exit status 1 names the layer and the first errors when a back-edge exists.
# Exit status 1 names the layer and the first errors when a back-edge exists.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

layers=("Bytes" "Errors" "Values Model" "Query" "Wire" "JSON" "Atom" "Dynamic" "Transport" "Batch" "Capabilities" "Service" "Generated" "Drift")
source scripts/symbol-graph.sh
modules="$(odata_modules_dir)"
[ -e "$modules/ODataMetadata.swiftmodule" ] || { echo "check-layers: no ODataMetadata module in $modules; run swift build first" >&2; exit 2; }

listed=" "
for layer in "${layers[@]}"; do for folder in $layer; do listed+="$folder "; done; done
for folder in Sources/OData/*/; do
    name=$(basename "$folder")
    case "$name" in *.docc) continue ;; esac
    if [[ "$listed" != *" $name "* ]]; then echo "check-layers: Sources/OData/$name is in no layer; add it to scripts/check-layers.sh" >&2; exit 1; fi
done

# ODataMetadata shares `package` declarations (the hardened XML parser) with OData: type-check under the
# package name SwiftPM gave the build (the checkout folder's name, lowercased).
package_name=$(grep -oh -- '"-package-name","[^"]*"' .build/*.yaml 2>/dev/null | head -1 | cut -d'"' -f4 || true)
[ -n "$package_name" ] || package_name=$(basename "$PWD" | tr '[:upper:]' '[:lower:]')

files=()
for layer in "${layers[@]}"; do
    for folder in $layer; do
        while IFS= read -r file; do files+=("$file"); done < <(find "Sources/OData/$folder" -name '*.swift' | LC_ALL=C sort)
    done
    if ! output=$(swiftc -typecheck -swift-version 6 -module-name OData -package-name "$package_name" -parse-as-library -I "$modules" \
        "${odata_clang_flags[@]}" "${files[@]}" 2>&1); then
        echo "check-layers: layer '$layer' uses a type from a layer above it (or a layer below is broken):" >&2
        echo "$output" | grep -E "error:" | head -20 >&2
        exit 1
    fi
    echo "check-layers: $layer ok (${#files[@]} files with the layers below)"
done
echo "check-layers: every layer type-checks with only the layers below it"
