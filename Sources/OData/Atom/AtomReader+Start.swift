internal import CLibXML2
import Foundation

extension AtomReader {
    func startElement(_ name: AtomXMLName, uri: UnsafePointer<xmlChar>?, attributes: AtomAttributes) {
        guard !hasFailed else { return }
        capturing = false
        guard let current = frames.last else { return startRoot(name, uri: uri, attributes: attributes) }
        if frames.count > depthLimit {
            return fail("malformed XML: elements nested deeper than \(depthLimit) levels")
        }
        let frame: AtomFrame
        switch current.kind {
        case .skip, .text: frame = .skip
        case .primitive where current.target == .mappedEntity:
            // A mapped element is read for its text; an element inside it (not an OData shape) is ignored.
            frame = .skip
        case .markup, .markupElement:
            startMarkupElement(name, uri: uri, attributes: attributes)
            capturing = true
            frame = AtomFrame(kind: .markupElement)
        case .primitive:
            let elementName = String(cString: name)
            return fail("unexpected element <\(elementName)> inside \(describe(current)) of type \(current.edmType.rawValue)")
        case .feed: frame = startInFeed(name, uri: uri, attributes: attributes)
        case .entry: frame = startInEntry(name, uri: uri, attributes: attributes)
        case .navigationLink:
            guard name == names.inline && namespace(uri) == .metadata else {
                frame = .skip
                break
            }
            links.push(AtomLinkState(navigation: entries.top.table.navigations[current.index]))
            frame = AtomFrame(kind: .inline)
        case .inline: frame = startInline(name, uri: uri, attributes: attributes)
        case .content:
            frame = name == names.properties && namespace(uri) == .metadata ? AtomFrame(kind: .properties) : .skip
        case .properties: frame = startProperty(name, attributes: attributes)
        case .mapped: frame = startMapped(name, uri: uri, parent: current.index, attributes: attributes) ?? .skip
        case .structured: frame = startInStructured(name, attributes: attributes)
        case .links:
            if name == names.uri {
                startCapture()
                frame = AtomFrame(kind: .text, textTarget: .linkURI)
            } else if name == names.count && namespace(uri) == .metadata {
                startCapture()
                frame = AtomFrame(kind: .text, textTarget: .linksCount)
            } else {
                frame = .skip
            }
        }
        frames.push(frame)
    }

    private func startRoot(_ name: AtomXMLName, uri: UnsafePointer<xmlChar>?, attributes: AtomAttributes) {
        sawRoot = true
        let space = namespace(uri)
        if name == names.error && space == .metadata {
            isErrorDocument = true
            if let context { xmlStopParser(context) }
            return
        }
        switch expectation {
        case .entities(let table):
            if name == names.feed && space == .atom {
                rootIsFeed = true
                frames.push(startFeed(table, attributes: attributes))
            } else if name == names.entry && space == .atom {
                frames.push(startEntry(table, attributes: attributes))
            } else {
                fail("expected an Atom <feed> or <entry> root element")
            }
        case .value(let type):
            frames.push(startValue(type, target: .root, index: 0, attributes: attributes))
        case .links:
            if name == names.links {
                frames.push(AtomFrame(kind: .links))
            } else if name == names.uri {
                startCapture()
                frames.push(AtomFrame(kind: .text, textTarget: .linkURI))
            } else {
                fail("expected a <links> or <uri> root element")
            }
        }
    }

    private func startFeed(_ table: NameTable, attributes: AtomAttributes) -> AtomFrame {
        feeds.push(AtomFeedState(table: table, savedBase: enterBase(attributes)))
        return AtomFrame(kind: .feed)
    }

    private func startEntry(_ table: NameTable, attributes: AtomAttributes) -> AtomFrame {
        entries.push(AtomEntryState(table: table, cache: propertyCache(for: table), savedBase: enterBase(attributes)))
        if let etag = attributes.value(names.etag, namespaced: true) { entries.top.metadata.etag = etag.string }
        return AtomFrame(kind: .entry)
    }

    private func startInFeed(_ name: AtomXMLName, uri: UnsafePointer<xmlChar>?, attributes: AtomAttributes) -> AtomFrame {
        if name == names.entry && namespace(uri) == .atom { return startEntry(feeds.top.table, attributes: attributes) }
        if name == names.count && namespace(uri) == .metadata {
            startCapture()
            return AtomFrame(kind: .text, textTarget: .feedCount)
        }
        if name == names.deletedEntry && namespace(uri) == .tombstones {
            // RFC 6721 `<at:deleted-entry ref="…" when="…">`: the id of an entry deleted since the delta
            // link was issued, kept as JSON deleted entries are.
            if let ref = attributes.value(names.ref) {
                feeds.top.list.deletedEntryIDs.append(ref.string)
            } else {
                fail("<at:deleted-entry> has no ref attribute")
            }
            return .skip
        }
        if name == names.link && namespace(uri) == .atom, let rel = attributes.value(names.rel),
            let href = attributes.value(names.href)
        {
            if rel.equals("next") {
                feeds.top.list.nextLink = resolve(href)
            } else if rel.equals("delta") || rel.equals("http://schemas.microsoft.com/ado/2007/08/dataservices/delta") {
                feeds.top.list.deltaLink = resolve(href)
            }
        }
        return .skip
    }

    private func startInEntry(_ name: AtomXMLName, uri: UnsafePointer<xmlChar>?, attributes: AtomAttributes) -> AtomFrame {
        let space = namespace(uri)
        if space == .metadata && name == names.properties { return AtomFrame(kind: .properties) }
        guard space == .atom else { return startMapped(name, uri: uri, parent: 0, attributes: attributes) ?? .skip }
        if name == names.link { return startLink(attributes: attributes) }
        if name == names.id {
            startCapture()
            return AtomFrame(kind: .text, textTarget: .entryID)
        }
        if name == names.category, let term = attributes.value(names.term) {
            entries.top.typeNamed = true
            if !entries.top.table.isTypeName(term), let expected = entries.top.table.entityType {
                switch expected.payloadType(named: term.string, resolver: typeResolver) {
                case .keep: break
                case .derived(let type):
                    let derived = tables.table(for: type)
                    if let lost = entries.top.switchTable(derived, cache: propertyCache(for: derived)) {
                        fail(
                            "category term \"\(type.qualifiedName)\" comes after <\(lost)>, a property only that type has; "
                                + "Atom is read forward only, so <category> must come before the entry's properties")
                        return .skip
                    }
                case .unrelated(let message):
                    fail("category term \(message)")
                    return .skip
                }
            }
            entries.top.metadata.typeName = entries.top.table.isTypeName(term) ? entries.top.table.entityType?.qualifiedName : term.string
            return .skip
        }
        if name != names.content, let frame = startMapped(name, uri: uri, parent: 0, attributes: attributes) { return frame }
        if name == names.content {
            if let source = attributes.value(names.src) {
                entries.top.metadata.mediaReadLink = resolve(source)
                entries.top.metadata.mediaContentType = attributes.value(names.type)?.string
            }
            return AtomFrame(kind: .content)
        }
        return .skip
    }

    private func startLink(attributes: AtomAttributes) -> AtomFrame {
        guard let rel = attributes.value(names.rel) else { return .skip }
        let href = attributes.value(names.href)
        if rel.equals("edit") {
            let uri = entries.top.metadata.uri
            entries.top.metadata.editLink = href.map { resolve($0, sharing: uri) }
        } else if rel.equals("edit-media") {
            entries.top.metadata.mediaEditLink = href.map(resolve)
            if let etag = attributes.value(names.etag, namespaced: true) { entries.top.metadata.mediaETag = etag.string }
        } else if rel.count > Self.relatedPrefix.count,
            memcmp(rel.start, Self.relatedPrefix, Self.relatedPrefix.count) == 0
        {
            let name = ByteSpan(start: rel.start + Self.relatedPrefix.count, count: rel.count - Self.relatedPrefix.count)
            let table = entries.top.table
            guard let index = table.lookup(name, hint: table.propertyCount), index >= table.propertyCount else {
                entries.top.skipLink(named: name.string, href: href.map(resolve))
                return .skip
            }
            let navigation = table.navigations[index - table.propertyCount]
            if let href {
                entries.top.setDeferredLink(resolvedBytes(href), at: navigation.index) { $0.string }
            } else {
                entries.top.setNavigation(.deferred(uri: nil), at: navigation.index)
            }
            return AtomFrame(kind: .navigationLink, index: index - table.propertyCount)
        }
        return .skip
    }

    static let relatedPrefix: [UInt8] = Array(AtomNamespace.relatedPrefix.utf8)

    private func startInline(_ name: AtomXMLName, uri: UnsafePointer<xmlChar>?, attributes: AtomAttributes) -> AtomFrame {
        guard namespace(uri) == .atom, frames.count < 200 else {
            if frames.count >= 200 { fail("inline expansions nested too deeply") }
            return .skip
        }
        let table = tables.table(for: links.top.navigation.targetType)
        if name == names.feed { return startFeed(table, attributes: attributes) }
        if name == names.entry { return startEntry(table, attributes: attributes) }
        return .skip
    }

    private func startProperty(_ name: AtomXMLName, attributes: AtomAttributes) -> AtomFrame {
        guard let index = entries.top.propertyIndex(name) else {
            entries.top.skipProperty(name)
            return .skip
        }
        if let edmType = entries.top.cache.primitiveTypes[index] {
            startCapture()
            return AtomFrame(kind: .primitive, target: .entity, isNull: isNull(attributes), edmType: edmType, index: index)
        }
        return startValue(entries.top.table.properties[index].type, target: .entity, index: index, attributes: attributes)
    }

    private func startInStructured(_ name: AtomXMLName, attributes: AtomAttributes) -> AtomFrame {
        guard frames.count < 200 else {
            fail("values nested too deeply")
            return .skip
        }
        switch structures.top.type {
        case .complex:
            guard let table = structures.top.table else { return .skip }
            let key = ByteSpan(start: name, count: strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self)))
            guard let index = table.lookup(key, hint: 0), index < table.propertyCount else { return .skip }
            return startValue(table.properties[index].type, target: .complex, index: index, attributes: attributes)
        case .primitiveCollection(let type): return startValue(.primitive(type), target: .element, index: 0, attributes: attributes)
        case .complexCollection(let type): return startValue(.complex(type), target: .element, index: 0, attributes: attributes)
        case .primitive: return .skip
        }
    }

    /// The property a value frame stands for, for messages.
    func describe(_ frame: AtomFrame) -> String {
        switch frame.target {
        case .entity, .mappedEntity: return "property \(entries.top.table.properties[frame.index].name)"
        case .complex: return "property \(structures.top.table?.properties[frame.index].name ?? "?")"
        case .element: return "a collection element"
        case .root: return "the value"
        }
    }

    /// Whether the element is `m:null="true"` (or `"1"`).
    @inline(__always)
    func isNull(_ attributes: AtomAttributes) -> Bool {
        attributes.value(names.null, namespaced: true).map { $0.equals("true") || $0.equals("1") } ?? false
    }

    /// A property or element of `type` going to `target`: `m:null="true"` makes it null.
    func startValue(_ type: PropertyType, target: AtomFrame.Target, index: Int, attributes: AtomAttributes) -> AtomFrame {
        let isNull = isNull(attributes)
        if case .primitive(let edmType) = type {
            startCapture()
            return AtomFrame(kind: .primitive, target: target, isNull: isNull, edmType: edmType, index: index)
        }
        structures.push(AtomStructuredState(type: type, isNull: isNull, tables: tables))
        return AtomFrame(kind: .structured, target: target, index: index)
    }
}
