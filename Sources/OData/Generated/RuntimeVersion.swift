// Lowercase like the versions they mark (`v3`), which generated files spell out.
// swift-format-ignore: TypeNamesShouldBeCapitalized
/// The version of the runtime API that generated code is written against.
///
/// Every generated file names its version (`OData.RuntimeVersion.v3`). When the runtime's generated-code
/// API changes incompatibly, the marker moves to the next version and the old one is removed, so code
/// generated for another runtime fails with one clear error ("type 'RuntimeVersion' has no member 'v2'")
/// instead of a wall of mismatches. A version stays while code generated for it still compiles.
public enum RuntimeVersion {
    /// Version 1 of the generated-code API (the first one). Code generated for it still compiles.
    public enum v1 {}
    /// Version 2: compact property tables (`PropertyDescriptor.table`) and index-based typed descriptors
    /// (`TypedProperty(entity:index:)`), which make generated code cheaper to compile.
    public enum v2 {}
    /// Version 3: structural properties are reached through `EntityProtocol`'s and `ComplexTypeProtocol`'s
    /// dynamic member lookup on the static descriptors; generated types no longer declare instance
    /// accessors for them (a third of the debug build time of a large service).
    public enum v3 {}
}
