import OData

/// SAP's `Property` (the metadata of a structural property: `name`, `isOptional`, `defaultValue`), for code that
/// declares `Property`-typed parameters, such as change handlers.
///
/// It lives in the opt-in module because `ODataMetadata` has a `Property` of its own (the CSDL model's): a file
/// that imports `ODataMetadata` as well must write `ODataSynchronous.Property`. The runtime's name for it is
/// `PropertyDescriptor`.
public typealias Property = PropertyDescriptor
