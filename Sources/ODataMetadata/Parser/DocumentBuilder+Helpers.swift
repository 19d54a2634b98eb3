internal import CLibXML2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The builder's helpers: diagnostics, skipping, namespaces, foreign attributes, strings from libxml2's buffers and
/// source locations.
extension DocumentBuilder {
    /// Records a fatal error and stops libxml2.
    mutating func fail(_ kind: MetadataError.Kind, _ message: String, at location: SourceLocation?) {
        guard failure == nil else { return }
        failure = MetadataError(kind: kind, message: message, location: location, diagnostics: diagnostics)
        xmlStopParser(context)
    }

    /// Records a diagnostic.
    mutating func report(_ severity: DiagnosticSeverity, _ code: String, _ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(severity: severity, code: code, message: message, location: location))
    }

    /// Skips the element just opened and everything inside it.
    mutating func skip() { skipDepth = 1 }

    /// Skips an element the parser does not know, with a note.
    mutating func skipUnknown(_ name: XMLName, prefix: XMLName?, uri: XMLName?, in parent: String) {
        report(
            .note, "unknown-element", "skipped unknown element <\(qualifiedName(name, prefix: prefix, uri: uri))> in \(parent)",
            at: location())
        skip()
    }

    /// Classifies a namespace pointer (cached per pointer: libxml2 interns URIs). The last answer is kept, as most
    /// elements of a document are in one namespace: looking it up copied a `KnownNamespace` out for every element.
    mutating func namespace(_ uri: XMLName?) -> NamespaceKind {
        guard let uri else { return .none }
        if uri == lastNamespace.pointer { return lastNamespace.kind }
        let found = knownNamespace(uri)?.kind ?? .none
        lastNamespace = (uri, found)
        return found
    }

    mutating func knownNamespace(_ uri: XMLName?) -> KnownNamespace? {
        guard let uri else { return nil }
        for known in knownNamespaces where known.pointer == uri { return known }
        let text = XMLAttributes.string(uri)
        let known = KnownNamespace(pointer: uri, kind: NamespaceKind(uri: text), uri: XMLNamespaces.literal(text) ?? text)
        if knownNamespaces.count < 64 { knownNamespaces.append(known) }
        return known
    }

    /// `prefix:name`, or `name` when the element has no prefix.
    func qualifiedName(_ name: XMLName, prefix: XMLName?, uri: XMLName?) -> String {
        guard let prefix else { return XMLAttributes.string(name) }
        return XMLAttributes.string(prefix) + ":" + XMLAttributes.string(name)
    }

    /// The foreign (namespaced) attributes of an element, in document order.
    mutating func foreignAttributes(_ attributes: XMLAttributes) -> AnnotationSet {
        guard let base = attributes.base else { return AnnotationSet() }
        var result: [ForeignAttribute] = []
        for index in 0..<attributes.count {
            let entry = base + index * 5
            guard let name = entry[0], let uri = entry[2] else { continue }
            let prefix = entry[1]
            let value = XMLAttributes.text(entry[3], entry[4])
            if result.isEmpty { result.reserveCapacity(attributes.count - index) }
            result.append(ForeignAttribute(foreignName(name, prefix: prefix, uri: uri), value: value))
        }
        return AnnotationSet(result)
    }

    /// The shared name of a foreign attribute, by libxml2's interned pointers: looked up in a small table
    /// indexed by the name pointer's bits, then among every name seen so far.
    mutating func foreignName(_ name: XMLName, prefix: XMLName?, uri: XMLName) -> ForeignAttributeName {
        let slot = Int(truncatingIfNeeded: UInt(bitPattern: name) >> 3 ^ UInt(bitPattern: uri) >> 5) & (foreignNameSlots.count - 1)
        let hint = Int(foreignNameSlots[slot])
        if hint < foreignNames.count, foreignNames[hint].matches(name, prefix: prefix, uri: uri) {
            return foreignNames[hint].shared
        }
        if let index = foreignNames.firstIndex(where: { $0.matches(name, prefix: prefix, uri: uri) }) {
            foreignNameSlots[slot] = UInt8(index)
            return foreignNames[index].shared
        }
        let shared = ForeignAttributeName(
            namespace: knownNamespace(uri)?.uri ?? "", prefix: string(prefix), name: string(name))
        if foreignNames.count < 255 {
            foreignNameSlots[slot] = UInt8(foreignNames.count)
            foreignNames.append(ForeignName(name: name, prefix: prefix, uri: uri, shared: shared))
        }
        return shared
    }

    /// A dictionary-interned libxml2 name as a string, cached by pointer.
    mutating func string(_ pointer: XMLName?) -> String {
        guard let pointer else { return "" }
        if let cached = nameStrings[UnsafeRawPointer(pointer)] { return cached }
        let text = XMLAttributes.string(pointer)
        if nameStrings.count < 4096 { nameStrings[UnsafeRawPointer(pointer)] = text }
        return text
    }

    /// The value of an `m:` attribute.
    mutating func metadataAttribute(_ name: XMLName?, in attributes: XMLAttributes) -> String? {
        var found: String?
        attributes.forEachNamespaced { local, _, uri, value in
            if found == nil, local == name, namespace(uri) == .metadata { found = value }
        }
        return found
    }

    /// The text collected since `text` was armed, trimmed.
    mutating func takeText() -> String? {
        guard let bytes = text else { return nil }
        text = nil
        updateTextDelivery()
        let string = String(decoding: bytes, as: UTF8.self).trimmingUnicodeWhitespace()
        return string
    }

    /// Where the element whose start tag was just read begins (1-based line and column).
    ///
    /// `mutating` although it changes nothing: a non-mutating method received the builder by value, and the callers
    /// (mutating methods, one per start tag) copied all of it (2.9 KB) onto the stack to make that value.
    mutating func location() -> SourceLocation {
        guard let input = context.pointee.input else { return SourceLocation(line: 0, column: 0) }
        let line = Int(input.pointee.line)
        let column = Int(input.pointee.col)
        guard let cur = input.pointee.cur, let base = input.pointee.base, cur > base else {
            return SourceLocation(line: line, column: column)
        }
        // The start tag cannot contain a raw "<", so the last one before the cursor opens it.
        guard let found = odata_memrchr(base, Int32(UInt8(ascii: "<")), cur - base) else {
            return SourceLocation(line: line, column: column)
        }
        let start = found.assumingMemoryBound(to: UInt8.self)
        // libxml2 counts `col` from 1 after the last newline, a character (one byte or more) at a time: when it is
        // past the tag's length in bytes, no newline is in the tag, and it need not be scanned for one.
        if column > cur - start { return SourceLocation(line: line, column: column - (cur - start)) }
        var newlines = 0
        var scan = UnsafeRawPointer(start)
        while let newline = memchr(scan, Int32(UInt8(ascii: "\n")), UnsafeRawPointer(cur) - scan) {
            newlines += 1
            scan = UnsafeRawPointer(newline) + 1
        }
        if newlines == 0 { return SourceLocation(line: line, column: max(1, column - (cur - start))) }
        var lineStart = start
        var steps = 0
        while lineStart > base, lineStart[-1] != UInt8(ascii: "\n"), steps < 4096 {
            lineStart -= 1
            steps += 1
        }
        return SourceLocation(line: max(1, line - newlines), column: steps < 4096 ? steps + 1 : 0)
    }
}

/// A foreign attribute name with its shared strings, cached by libxml2's interned pointers.
struct ForeignName {
    let name: XMLName
    let prefix: XMLName?
    let uri: XMLName
    let shared: ForeignAttributeName

    func matches(_ name: XMLName, prefix: XMLName?, uri: XMLName) -> Bool {
        self.name == name && self.uri == uri && self.prefix == prefix
    }
}
