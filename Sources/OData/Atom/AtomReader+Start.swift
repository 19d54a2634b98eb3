import Foundation
internal import CLibXML2

extension AtomReader {
    func startElement(_ name: AtomXMLName, uri: UnsafePointer<xmlChar>?, attributes: AtomAttributes) {
        guard failure == nil else { return }
        capturing = false
        guard let current = frames.last else { return startRoot(name, uri: uri, attributes: attributes) }
        let frame: AtomFrame
        switch current {
        case .skip, .text: frame = .skip
        case .primitive(let target, let type, _):
            let elementName = String(cString: name)
            return fail("unexpected element <\(elementName)> inside \(describe(target)) of type \(type.rawValue)")
        case .feed(let feed): frame = startInFeed(feed, name, uri: uri, attributes: attributes)
        case .entry(let entry): frame = startInEntry(entry, name, uri: uri, attributes: attributes)
        case .navigationLink(let entry, let navigation):
            let isInline = name == names.inline && namespace(uri) == .metadata
            frame = isInline ? .inline(AtomLinkState(entry: entry, navigation: navigation)) : .skip
        case .inline(let link):
            frame = startInline(link, name, uri: uri, attributes: attributes)
        case .content(let entry), .properties(let entry):
            if case .content = current {
                frame = name == names.properties && namespace(uri) == .metadata ? .properties(entry) : .skip
            } else {
                frame = startProperty(in: entry, name, attributes: attributes)
            }
        case .structured(let state): frame = startInStructured(state, name, attributes: attributes)
        case .links:
            if name == names.uri {
                startCapture()
                frame = .text(.linkURI)
            } else if name == names.count && namespace(uri) == .metadata {
                startCapture()
                frame = .text(.linksCount)
            } else {
                frame = .skip
            }
        }
        frames.append(frame)
    }

    private func startRoot(_ name: AtomXMLName, uri: UnsafePointer<xmlChar>?, attributes: AtomAttributes) {
        sawRoot = true
        let space = namespace(uri)
        if name == names.error && space == .metadata {
            isErrorDocument = true
            xmlStopParser(context)
            return
        }
        switch expectation {
        case .entities(let table):
            if name == names.feed && space == .atom {
                frames.append(.feed(AtomFeedState(table: table, savedBase: enterBase(attributes))))
            } else if name == names.entry && space == .atom {
                frames.append(.entry(startEntry(table, attributes: attributes)))
            } else {
                fail("expected an Atom <feed> or <entry> root element")
            }
        case .value(let type):
            frames.append(startValue(type, target: .root, attributes: attributes))
        case .links:
            if name == names.links {
                frames.append(.links)
            } else if name == names.uri {
                startCapture()
                frames.append(.text(.linkURI))
            } else {
                fail("expected a <links> or <uri> root element")
            }
        }
    }

    private func startEntry(_ table: NameTable, attributes: AtomAttributes) -> AtomEntryState {
        let entry = AtomEntryState(table: table, savedBase: enterBase(attributes))
        if let etag = attributes.value(names.etag, namespaced: true) { entry.metadata.etag = etag.string }
        return entry
    }

    private func startInFeed(
        _ feed: AtomFeedState, _ name: AtomXMLName, uri: UnsafePointer<xmlChar>?, attributes: AtomAttributes
    ) -> AtomFrame {
        if name == names.entry && namespace(uri) == .atom { return .entry(startEntry(feed.table, attributes: attributes)) }
        if name == names.count && namespace(uri) == .metadata {
            startCapture()
            return .text(.feedCount(feed))
        }
        if name == names.link && namespace(uri) == .atom, let rel = attributes.value(names.rel),
            let href = attributes.value(names.href)
        {
            if rel.equals("next") {
                feed.list.nextLink = resolve(href)
            } else if rel.equals("delta") || rel.equals("http://schemas.microsoft.com/ado/2007/08/dataservices/delta") {
                feed.list.deltaLink = resolve(href)
            }
        }
        return .skip
    }

    private func startInEntry(
        _ entry: AtomEntryState, _ name: AtomXMLName, uri: UnsafePointer<xmlChar>?, attributes: AtomAttributes
    ) -> AtomFrame {
        let space = namespace(uri)
        if space == .metadata && name == names.properties { return .properties(entry) }
        guard space == .atom else { return .skip }
        if name == names.link { return startLink(in: entry, attributes: attributes) }
        if name == names.id {
            startCapture()
            return .text(.entryID(entry))
        }
        if name == names.category, let term = attributes.value(names.term) {
            if !entry.table.isTypeName(term) {
                let typeName = term.string
                if let resolver = typeResolver, let type = resolver(typeName), type != entry.table.entityType {
                    entry.switchTable(tables.table(for: type))
                }
            }
            entry.metadata.typeName = entry.table.isTypeName(term) ? entry.table.entityType?.qualifiedName : term.string
            return .skip
        }
        if name == names.content {
            if let source = attributes.value(names.src) {
                entry.metadata.mediaReadLink = resolve(source)
                entry.metadata.mediaContentType = attributes.value(names.type)?.string
            }
            return .content(entry)
        }
        return .skip
    }

    private func startLink(in entry: AtomEntryState, attributes: AtomAttributes) -> AtomFrame {
        guard let rel = attributes.value(names.rel) else { return .skip }
        let href = attributes.value(names.href)
        if rel.equals("edit") {
            entry.metadata.editLink = href.map { resolve($0, sharing: entry.metadata.uri) }
        } else if rel.equals("edit-media") {
            entry.metadata.mediaEditLink = href.map(resolve)
            if let etag = attributes.value(names.etag, namespaced: true) { entry.metadata.mediaETag = etag.string }
        } else if rel.count > Self.relatedPrefix.count,
            memcmp(rel.start, Self.relatedPrefix, Self.relatedPrefix.count) == 0
        {
            let name = ByteSpan(start: rel.start + Self.relatedPrefix.count, count: rel.count - Self.relatedPrefix.count)
            let table = entry.table
            guard let index = table.lookup(name, hint: table.propertyCount), index >= table.propertyCount else { return .skip }
            let navigation = table.navigations[index - table.propertyCount]
            entry.navigations[navigation.index] = .deferred(uri: href.map(resolve))
            return .navigationLink(entry, navigation)
        }
        return .skip
    }

    static let relatedPrefix: [UInt8] = Array(AtomNamespace.relatedPrefix.utf8)

    private func startInline(
        _ link: AtomLinkState, _ name: AtomXMLName, uri: UnsafePointer<xmlChar>?, attributes: AtomAttributes
    ) -> AtomFrame {
        guard namespace(uri) == .atom, frames.count < 200 else {
            if frames.count >= 200 { fail("inline expansions nested too deeply") }
            return .skip
        }
        let table = tables.table(for: link.navigation.targetType)
        if name == names.feed { return .feed(AtomFeedState(table: table, savedBase: enterBase(attributes))) }
        if name == names.entry { return .entry(startEntry(table, attributes: attributes)) }
        return .skip
    }

    private func startProperty(in entry: AtomEntryState, _ name: AtomXMLName, attributes: AtomAttributes) -> AtomFrame {
        let table = entry.table
        let key = ByteSpan(start: name, count: strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self)))
        guard let index = table.lookup(key, hint: entry.nextHint), index < table.propertyCount else { return .skip }
        entry.nextHint = index + 1
        return startValue(table.properties[index].type, target: .entity(entry, index), attributes: attributes)
    }

    private func startInStructured(_ state: AtomStructuredState, _ name: AtomXMLName, attributes: AtomAttributes) -> AtomFrame {
        guard frames.count < 200 else {
            fail("values nested too deeply")
            return .skip
        }
        switch state.type {
        case .complex:
            guard let table = state.table else { return .skip }
            let key = ByteSpan(start: name, count: strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self)))
            guard let index = table.lookup(key, hint: 0), index < table.propertyCount else { return .skip }
            let property = table.properties[index]
            return startValue(property.type, target: .complex(state, property), attributes: attributes)
        case .primitiveCollection(let type): return startValue(.primitive(type), target: .element(state), attributes: attributes)
        case .complexCollection(let type): return startValue(.complex(type), target: .element(state), attributes: attributes)
        case .primitive: return .skip
        }
    }

    /// The property a value target stands for, for messages.
    func describe(_ target: AtomValueTarget) -> String {
        switch target {
        case .entity(let entry, let index): return "property \(entry.table.properties[index].name)"
        case .complex(_, let property): return "property \(property.name)"
        case .element: return "a collection element"
        case .root: return "the value"
        }
    }

    /// A property or element of `type`: `m:null="true"` makes it null.
    func startValue(_ type: PropertyType, target: AtomValueTarget, attributes: AtomAttributes) -> AtomFrame {
        let isNull = attributes.value(names.null, namespaced: true).map { $0.equals("true") || $0.equals("1") } ?? false
        if case .primitive(let edmType) = type {
            startCapture()
            return .primitive(target, edmType, isNull: isNull)
        }
        return .structured(AtomStructuredState(type: type, target: target, isNull: isNull, tables: tables))
    }
}
