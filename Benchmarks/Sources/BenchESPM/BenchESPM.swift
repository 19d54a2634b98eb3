// The typed ESPM proxies for the benchmarks, generated at build time by the ODataGenerator build plugin
// from `ESPM.xml`, a symbolic link to `Metadata/ESPM.xml` (the same declarations as the root package's
// `ESPM` module). SwiftPM needs at least one source file in a target before plugins run; this is it.
