import Synchronization

extension OnlineODataProvider: ServiceAdopting {
    /// The service this provider calls: `ServiceDescriptor.v2` until it is told another (by a generated container
    /// made over it, by its `loadDataModel()` or by `adopt(_:)`). Its protocol version decides the JSON media type of
    /// every request (`JSONPayloadCodec.mediaType(for:)`); shared by copies of this provider.
    public var service: ServiceDescriptor { serviceBinding.service }

    /// Makes `service` the one this provider calls, for every request it builds from now on: call it with
    /// `model.service` when you build a `DataModel` yourself (`DataModel(metadata:)`) rather than with
    /// `loadDataModel()`. `ServiceDescriptor.v2`, what descriptors made without a service carry, leaves the provider
    /// as it is (see `ServiceAdopting.adopt(_:)`).
    public func adopt(_ service: ServiceDescriptor) { serviceBinding.adopt(service) }
}

/// The service an `OnlineODataProvider` calls and the request builder for it, shared by copies of the provider.
/// Until a service is adopted the provider's first builder is read without a lock (one atomic load per request).
final class ServiceBinding: Sendable {
    private let initial: ODataRequestBuilder
    private let adopted = Mutex<(service: ServiceDescriptor, builder: ODataRequestBuilder)?>(nil)
    private let hasAdopted = Atomic<Bool>(false)
    private let format: PayloadFormat
    private let typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?

    /// A binding to an OData 2.0 service (`ServiceDescriptor.v2`) whose requests `builder` builds; `format` and
    /// `typeResolver` make the codec of a service adopted later.
    init(builder: ODataRequestBuilder, format: PayloadFormat, typeResolver: (@Sendable (String) -> EntityTypeDescriptor?)?) {
        self.initial = builder
        self.format = format
        self.typeResolver = typeResolver
    }

    /// The service.
    var service: ServiceDescriptor {
        hasAdopted.load(ordering: .acquiring) ? adopted.withLock { $0?.service ?? .v2 } : .v2
    }

    /// The builder of every request to the service.
    var requestBuilder: ODataRequestBuilder {
        hasAdopted.load(ordering: .acquiring) ? adopted.withLock { $0?.builder ?? initial } : initial
    }

    /// The codec of the builder (without copying the whole builder).
    var codec: any ODataPayloadCodec {
        hasAdopted.load(ordering: .acquiring) ? adopted.withLock { $0?.builder.codec ?? initial.codec } : initial.codec
    }

    /// Makes `service` the one requests are built for (not `ServiceDescriptor.v2`, which names no service).
    func adopt(_ service: ServiceDescriptor) {
        guard service !== ServiceDescriptor.v2 else { return }
        let builder = ODataRequestBuilder(
            serviceRoot: initial.serviceRoot, codec: format.codec(typeResolver: typeResolver, service: service),
            sapClient: initial.sapClient, sapLanguage: initial.sapLanguage, allowsCrossOrigin: initial.allowsCrossOrigin)
        adopted.withLock { current in
            if current?.service !== service { current = (service, builder) }
        }
        hasAdopted.store(true, ordering: .releasing)
    }
}
