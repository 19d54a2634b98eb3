import Foundation
import OData

extension InMemoryProvider {
    /// Carries out an operation in memory: each case runs this provider's implementation of it (function imports
    /// and `$metadata` only when the provider was given a handler or a document).
    public func perform(_ operation: DataServiceOperation, headers: HTTPHeaders) async throws(ODataError) -> DataServiceResult {
        switch operation {
        case .fetchEntities(let query, let options): return .entities(try await fetchEntities(query, headers: headers, options: options))
        case .fetchPage(let nextLink, let query): return .entities(try await fetchPage(nextLink: nextLink, for: query, headers: headers))
        case .fetchEntity(let query, let options): return .entity(try await fetchEntity(query, headers: headers, options: options))
        case .fetchCount(let query): return .count(try await fetchCount(query, headers: headers))
        case .fetchProperty(let property, let query): return .value(try await fetchProperty(property, of: query, headers: headers))
        case .fetchPropertyValue(let property, let query):
            return .data(try await fetchPropertyValue(property, of: query, headers: headers), contentType: nil)
        case .loadProperty(let navigation, var entity, let query):
            try await loadProperty(navigation, into: &entity, query: query, headers: headers)
            return .entity(entity)
        case .invokeFunction(let query, let options): return .function(try await invokeFunction(query, headers: headers, options: options))
        case .fetchMetadataDocument: return .data(try await fetchMetadataDocument(headers: headers), contentType: nil)
        case .createEntity(let entity, let set): return .entity(try await createEntity(entity, in: set, headers: headers))
        case .createRelatedEntity(let entity, let parent, let property, let parentSet):
            return .entity(try await createRelatedEntity(entity, in: parent, property: property, parentSet: parentSet, headers: headers))
        case .updateEntity(let entity, let set, let options):
            return .entity(try await updateEntity(entity, in: set, headers: headers, options: options))
        case .deleteEntity(let entity, let set, let options): try await deleteEntity(entity, in: set, headers: headers, options: options)
        case .fetchLinks(let entity, let property, let set):
            return .links(try await fetchLinks(from: entity, property: property, entitySet: set, headers: headers))
        case .addLink(let entity, let property, let target, let set, let targetSet):
            try await addLink(from: entity, property: property, to: target, entitySet: set, targetSet: targetSet, headers: headers)
        case .setLink(let entity, let property, let target, let set, let targetSet):
            try await setLink(from: entity, property: property, to: target, entitySet: set, targetSet: targetSet, headers: headers)
        case .removeLink(let entity, let property, let target, let set):
            try await removeLink(from: entity, property: property, to: target, entitySet: set, headers: headers)
        case .fetchMedia(let entity, let set):
            let media = try await fetchMedia(of: entity, entitySet: set, headers: headers)
            return .data(media.data, contentType: media.contentType)
        case .downloadMedia(let entity, let file, let set):
            return .contentType(try await downloadMedia(of: entity, to: file, entitySet: set, headers: headers))
        case .uploadMedia(let entity, let body, let contentType, let set):
            return .etag(try await uploadMedia(of: entity, body: body, contentType: contentType, entitySet: set, headers: headers))
        case .createMedia(let set, let body, let contentType, let slug):
            return .entity(try await createMedia(in: set, body: body, contentType: contentType, slug: slug, headers: headers))
        case .processBatch(let batch): try await processBatch(batch, headers: headers)
        }
        return DataServiceResult.none
    }
}
