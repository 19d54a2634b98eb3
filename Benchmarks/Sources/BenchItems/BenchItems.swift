// The typed proxies of the benchmark service (`Bench.Item`, 12 mixed properties, and `BenchContainer` with
// `fetchItems(matching:)`), generated at build time by the ODataGenerator build plugin from `Bench.xml`:
// the `$metadata` that `decode-bench generate` writes as `bench-metadata.xml` (transport-bench.sh checks that
// the two are the same bytes). SwiftPM needs at least one source file in a target before plugins run; this is it.
