/// A provider that can be told which service it calls, so that every request it builds (reads, next pages, writes,
/// `$links`, `$batch` parts) speaks that service's protocol version. A provider that builds HTTP requests conforms
/// (`OnlineODataProvider` does); one that answers in process has nothing to adapt and need not.
///
/// You rarely call `adopt(_:)` yourself: a generated container made over the provider tells it the service of its
/// entity sets (`DataService.init(provider:)`), and `OnlineODataProvider.loadDataModel()` adopts the service it read.
/// Call it when you build a `DataModel` from a document you hold:
///
/// ```swift
/// import ODataMetadata   // MetadataParser
/// let model = try DataModel(metadata: MetadataParser.parse(document))
/// provider.adopt(model.service)    // an OData 3.0 service: its requests ask for verbose JSON from now on
/// ```
public protocol ServiceAdopting: Sendable {
    /// Makes `service` the one this provider calls. `ServiceDescriptor.v2` is what descriptors made without a service
    /// carry, so adopting it changes nothing: a v2 container made over a provider that already calls another service
    /// does not undo that.
    func adopt(_ service: ServiceDescriptor)
}
