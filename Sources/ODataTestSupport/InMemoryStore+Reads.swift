import Foundation
import OData

/// What a query selects in the store.
struct Selection {
    /// The entities after filter, order, skip and top.
    var entities: [EntityValue]
    /// The number of entities before skip and top (`$inlinecount`, `$count`).
    var total: Int
    /// Whether the query addresses one entity (a key, or a to-one navigation).
    var isSingle: Bool
    /// The entity type of the result.
    var type: EntityTypeDescriptor
}

/// Query evaluation over the store: resource path (set, key, navigation segments) resolved here, then
/// `$filter`, `$orderby`, `$skip` and `$top` by `DataQuery.evaluate(on:)`, then `$expand`.
extension InMemoryStore {
    func select(_ query: DataQuery) throws -> Selection {
        guard let set = query.entitySet else { throw ODataError(.invalidRequest, "the query addresses no entity set") }
        var type = set.entityType
        var current = entities[set.name] ?? []
        var isSingle = query.key != nil
        var rest = query
        if !query.navigationSegments.isEmpty {
            guard let key = query.key, let source = current.first(where: { $0.key == key }) else {
                throw Self.notFound("\(query.resourcePath): the entity does not exist")
            }
            var sources = [source]
            for segment in query.navigationSegments {
                guard sources.count == 1, let from = sources.first else {
                    throw ODataError(.invalidRequest, "\(query.resourcePath): navigation from a collection")
                }
                guard let navigation = type.navigationProperty(named: segment.name) else {
                    throw ODataError(.invalidRequest, "\(type.qualifiedName) has no navigation property \(segment.name)")
                }
                sources = try targets(of: try ref(of: from, in: nil), navigation)
                if let key = segment.key { sources = sources.filter { $0.key == key } }
                isSingle = segment.key != nil || !navigation.isCollection
                type = navigation.targetType
            }
            current = sources
            rest.key = nil
            rest.navigationSegments = []
        }
        var unpaged = rest
        unpaged.topCount = nil
        unpaged.skipCount = nil
        do {
            let total = try unpaged.evaluate(on: current).count
            let selected = try rest.evaluate(on: current).map { try expanded($0, query.expandItems) }
            if isSingle && selected.isEmpty { throw Self.notFound("\(query.resourcePath) does not exist") }
            return Selection(entities: selected, total: total, isSingle: isSingle, type: type)
        } catch let error as QueryEvaluationError {
            throw ODataError(.invalidRequest, "\(query.relativeURLString): \(error)", underlyingError: error)
        }
    }

    /// The entity with the expand items' navigation properties loaded (paths like `A/B` nest).
    func expanded(_ entity: EntityValue, _ items: [ExpandItem]) throws -> EntityValue {
        var result = entity
        for item in items {
            try expand(&result, path: item.path.split(separator: "/").map(String.init)[...], nested: item.expand)
        }
        return result
    }

    private func expand(_ entity: inout EntityValue, path: ArraySlice<String>, nested: [ExpandItem]) throws {
        guard let name = path.first else { return }
        guard let navigation = entity.entityType.navigationProperty(named: name) else {
            throw ODataError(.invalidRequest, "\(entity.entityType.qualifiedName) has no navigation property \(name)")
        }
        var related =
            entity.isLoaded(navigation) ? entity.relatedEntities(navigation) : try targets(of: try ref(of: entity, in: nil), navigation)
        for index in related.indices {
            if path.count > 1 {
                try expand(&related[index], path: path.dropFirst(), nested: nested)
            } else {
                related[index] = try expanded(related[index], nested)
            }
        }
        entity[navigation] = navigation.isCollection ? .entities(related) : .entity(related.first)
    }
}
