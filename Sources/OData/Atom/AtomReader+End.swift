import Foundation
internal import CLibXML2

extension AtomReader {
    func endElement() {
        guard failure == nil, let frame = frames.popLast() else { return }
        switch frame {
        case .skip, .navigationLink, .content, .properties, .links: break
        case .feed(let feed):
            base = feed.savedBase
            finishFeed(feed)
        case .entry(let entry):
            base = entry.savedBase
            guard let entity = entry.entity() else { return fail("entry without an entity type") }
            finishEntry(entity)
        case .inline(let link):
            link.entry.navigations[link.navigation.index] = link.value
            if let feed = link.feed, feed.inlineCount != nil || feed.nextLink != nil {
                link.entry.metadata.inlineFeeds[link.navigation.name] = InlineFeedInfo(
                    count: feed.inlineCount, nextLink: feed.nextLink)
            }
        case .primitive(let target, let type, let isNull):
            capturing = false
            let value: EdmValue
            if isNull {
                value = .null
            } else if type == .string {
                value = .string(text.span.string)
            } else {
                do {
                    value = try WireValueAdapter.fromAtomText(text.span, as: type)
                } catch {
                    return fail(error.message)
                }
            }
            assign(value, to: target)
        case .structured(let state):
            assign(state.value, to: state.target)
        case .text(let target):
            capturing = false
            finishText(target)
        }
    }

    private func finishFeed(_ feed: AtomFeedState) {
        switch frames.last {
        case nil: rootList = feed.list
        case .inline(let link)?: link.feed = feed.list
        default: break
        }
    }

    private func finishEntry(_ entity: EntityValue) {
        switch frames.last {
        case nil: rootEntity = entity
        case .feed(let feed)?: feed.list.entities.append(entity)
        case .inline(let link)?: link.entity = entity
        default: break
        }
    }

    private func assign(_ value: EdmValue, to target: AtomValueTarget) {
        switch target {
        case .entity(let entry, let index): entry.values[index] = value
        case .complex(let state, let property): state.complex?[property] = value
        case .element(let state): state.elements.append(value)
        case .root: rootValue = value
        }
    }

    private func finishText(_ target: AtomTextTarget) {
        switch target {
        case .entryID(let entry): entry.metadata.uri = trimmedText().string
        case .feedCount(let feed):
            guard let count = WireValueAdapter.count(trimmedText()) else { return fail("invalid m:count \"\(text.span.string)\"") }
            feed.list.inlineCount = count
        case .linkURI:
            links.uris.append(trimmedText().string)
        case .linksCount:
            guard let count = WireValueAdapter.count(trimmedText()) else { return fail("invalid m:count \"\(text.span.string)\"") }
            links.count = count
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
