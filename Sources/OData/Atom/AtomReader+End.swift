internal import CLibXML2
import Foundation

extension AtomReader {
    func endElement() {
        guard !hasFailed, !frames.isEmpty else { return }
        let frame = frames.pop()
        switch frame.kind {
        case .skip, .navigationLink, .content, .properties, .links, .mapped: break
        case .markupElement:
            endMarkupElement()
            capturing = true
        case .markup:
            capturing = false
            escapesText = false
            markupElements.removeAll()
            assign(.string(text.span.string), to: frame)
        case .feed:
            let finished = feeds.pop()
            base = finished.savedBase
            finishFeed(finished.list)
        case .entry:
            base = entries.top.savedBase
            guard let entity = entries.pop().entity() else { return fail("entry without an entity type") }
            guard entity.metadata.uri != nil || entity.metadata.typeName != nil || entity.hasAnyContent else {
                return fail("not an OData entry: an <entry> with no <id>, <category> or property of \(entity.entityType.qualifiedName)")
            }
            finishEntry(entity)
        case .inline:
            let link = links.pop()
            entries.top.setNavigation(link.value, at: link.navigation.index)
            if let feed = link.feed, feed.inlineCount != nil || feed.nextLink != nil {
                entries.top.metadata.inlineFeeds[link.navigation.name] = InlineFeedInfo(count: feed.inlineCount, nextLink: feed.nextLink)
            }
        case .primitive:
            capturing = false
            let value: EdmValue
            if frame.isNull {
                value = .null
            } else if frame.edmType == .string {
                value = .string(text.span.string)
            } else {
                do {
                    value =
                        frame.target == .mappedEntity
                        ? try mappedValue(text.span, as: frame.edmType) : try WireValueAdapter.fromAtomText(text.span, as: frame.edmType)
                } catch {
                    let property =
                        frame.target == .entity || frame.target == .mappedEntity
                        ? entries.top.table.properties[frame.index].name : nil
                    return fail(error.message, property: property)
                }
            }
            assign(value, to: frame)
        case .structured:
            let value = structures.pop().value
            assign(value, to: frame)
        case .text:
            capturing = false
            finishText(frame.textTarget)
        }
    }

    private func finishFeed(_ list: consuming EntityList) {
        switch frames.last?.kind {
        case nil: rootList = list
        case .inline?: links.top.feed = list
        default: break
        }
    }

    private func finishEntry(_ entity: __owned EntityValue) {
        switch frames.last?.kind {
        case nil: rootEntity = entity
        case .feed?: feeds.top.list.entities.append(entity)
        case .inline?: links.top.entity = entity
        default: break
        }
    }

    /// Stores a finished value where `frame` says it goes.
    private func assign(_ value: consuming EdmValue, to frame: AtomFrame) {
        switch frame.target {
        case .entity: entries.top.values[frame.index] = value
        case .mappedEntity: if entries.top.values[frame.index] == nil { entries.top.values[frame.index] = value }
        case .complex:
            structures.top.complex?.store(value, at: frame.index)
        case .element: structures.top.elements.append(value)
        case .root: rootValue = value
        }
    }

    private func finishText(_ target: AtomFrame.TextTarget) {
        switch target {
        case .entryID: entries.top.setURI(trimmedText().string)
        case .feedCount:
            guard let count = WireValueAdapter.count(trimmedText()) else { return fail("invalid m:count \"\(text.span.string)\"") }
            feeds.top.list.inlineCount = count
        case .linkURI:
            linkList.uris.append(trimmedText().string)
        case .linksCount:
            guard let count = WireValueAdapter.count(trimmedText()) else { return fail("invalid m:count \"\(text.span.string)\"") }
            linkList.count = count
        }
    }

    private func trimmedText() -> ByteSpan {
        var span = text.span
        var start = 0
        var end = span.count
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        while start < end, isSpace(span[start]) { start += 1 }
        while end > start, isSpace(span[end - 1]) { end -= 1 }
        span = ByteSpan(start: span.start + start, count: end - start)
        return span
    }
}
