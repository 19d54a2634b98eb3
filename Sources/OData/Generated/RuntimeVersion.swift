/// The version of the runtime API that generated code is written against.
///
/// Every generated file names `OData.RuntimeVersion.v1`. When the runtime's generated-code API changes
/// incompatibly, the marker moves to `v2` and `v1` is removed, so code generated for another runtime fails
/// with one clear error ("type 'RuntimeVersion' has no member 'v1'") instead of a wall of mismatches.
public enum RuntimeVersion {
    /// Version 1 of the generated-code API (the first one).
    public enum v1 {}
}
