import ODataMetadata

/// The primitive types of the Entity Data Model, as the runtime and generated code name them
/// (`OData.EdmType.string`).
///
/// The same enum as the metadata model's `ODataMetadata.EDMPrimitiveType`: one list of primitive kinds for the
/// parser, the generator and the runtime, so a kind added to one is there in all three.
public typealias EdmType = EDMPrimitiveType
