// Lowercase like the versions they mark (`v3`), which generated files spell out.
// swift-format-ignore: TypeNamesShouldBeCapitalized
/// The version of the runtime API that generated code is written against.
///
/// Every generated file names its version (`OData.RuntimeVersion.v4`). When the runtime's generated-code
/// API changes incompatibly, the marker moves to the next version and the old one is removed, so code
/// generated for another runtime fails with one clear error ("type 'RuntimeVersion' has no member 'v2'")
/// instead of a wall of mismatches. A version stays while code generated for it still compiles.
public enum RuntimeVersion {
    /// Version 4: generated containers emit each operation in its `async` and completion-handler forms; SAP's
    /// synchronous twins are generated only under the `sapCompatibility` option and call the `ODataSAPCompatibility`
    /// product (code generated for version 3 declared them unconditionally against this module, so it no longer
    /// compiles and versions 1 to 3 are gone).
    public enum v4 {}
}
