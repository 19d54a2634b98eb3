internal import CLibXML2
import Foundation

/// Start and end tags, attributes and namespace bindings.
extension AtomDirectScanner {
    /// A start tag at `position` (at its `<`), with its attributes; an empty element also ends here.
    func startTag() -> Bool {
        let nameStart = position + 1
        position = nameStart
        guard elements.count < Self.maximumDepth, let name = qualifiedName() else { return false }
        let nameCount = position - nameStart
        let bindingsBefore = namespaces.count
        attributeCount = 0
        valueScratch.count = 0
        var empty = false
        while true {
            let spaced = skipSpace() > 0
            guard position < count else { return false }
            let byte = bytes[position]
            if byte == UInt8(ascii: ">") {
                position += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                guard position + 1 < count, bytes[position + 1] == UInt8(ascii: ">") else { return false }
                position += 2
                empty = true
                break
            }
            guard spaced, attribute(bindingsBefore: bindingsBefore) else { return false }
        }
        guard let uri = namespaceURI(name.prefix), resolveAttributes() else { return false }
        reader.startElement(name.local, uri: uri, attributes: AtomAttributes(base: attributeArray, count: attributeCount))
        guard !readerStopped else { return false }
        if empty {
            reader.endElement()
            namespaces.removeSubrange(bindingsBefore...)
            return !readerStopped
        }
        elements.push(OpenElement(nameStart: nameStart, nameCount: nameCount, bindings: namespaces.count - bindingsBefore))
        return true
    }

    /// One `name="value"` of a start tag; namespace declarations are bound, others kept in `attributes`.
    func attribute(bindingsBefore: Int) -> Bool {
        guard let name = qualifiedName() else { return false }
        skipSpace()
        guard position < count, bytes[position] == UInt8(ascii: "=") else { return false }
        position += 1
        skipSpace()
        guard let value = attributeValue() else { return false }
        if name.prefix == nil, name.local == xmlnsName {
            return bind(prefix: nil, value: value, bindingsBefore: bindingsBefore)
        }
        if name.prefix == xmlnsName {
            // `xmlns:xml` and `xmlns:xmlns` are libxml2's to judge.
            guard name.local != xmlPrefix, name.local != xmlnsName, value.end > value.start else { return false }
            return bind(prefix: name.local, value: value, bindingsBefore: bindingsBefore)
        }
        if attributeCount == attributeCapacity { growAttributes() }
        attributes[attributeCount] = PendingAttribute(
            name: name.local, prefix: name.prefix, start: value.start, end: value.end, inScratch: value.inScratch)
        attributeCount += 1
        return true
    }

    /// Binds `prefix` to the URI `value` for this element, as libxml2 does (a URI it cannot parse, a
    /// reserved URI or a second binding of the prefix in one tag: given up).
    func bind(prefix: UnsafePointer<UInt8>?, value: AttributeValue, bindingsBefore: Int) -> Bool {
        let start = value.inScratch ? UnsafePointer(valueScratch.pointer) + value.start : bytes + value.start
        let length = value.end - value.start
        guard let uri = xmlDictLookup(dictionary, start, Int32(length)) else { return false }
        for index in bindingsBefore..<namespaces.count where namespaces[index].prefix == prefix { return false }
        if length == 0 {
            namespaces.append((prefix, nil))
            return true
        }
        guard uri != xmlNamespace, strcmp(UnsafeRawPointer(uri).assumingMemoryBound(to: CChar.self), "http://www.w3.org/2000/xmlns/") != 0,
            let parsed = xmlParseURI(UnsafeRawPointer(uri).assumingMemoryBound(to: CChar.self))
        else { return false }
        xmlFreeURI(parsed)
        namespaces.append((prefix, uri))
        return true
    }

    func growAttributes() {
        let newCapacity = attributeCapacity * 2
        let newAttributes = UnsafeMutablePointer<PendingAttribute>.allocate(capacity: newCapacity)
        newAttributes.moveInitialize(from: attributes, count: attributeCount)
        attributes.deallocate()
        attributes = newAttributes
        attributeArray.deallocate()
        attributeArray = .allocate(capacity: newCapacity * 5)
        attributeCapacity = newCapacity
    }

    /// Resolves the attributes' namespaces, refuses duplicates, and lays them out for the reader.
    func resolveAttributes() -> Bool {
        let total = attributeCount
        guard total > 0 else { return true }
        let scratch = UnsafePointer(valueScratch.pointer)
        for index in 0..<total {
            let attribute = attributes[index]
            var uri: UnsafePointer<UInt8>?
            if let prefix = attribute.prefix {
                guard let bound = namespaceURI(prefix), let bound else { return false }
                uri = bound
            }
            for earlier in 0..<index where attributes[earlier].name == attribute.name {
                if attributes[earlier].prefix == attribute.prefix { return false }
                if uri != nil, attributeArray[earlier * 5 + 2] == uri { return false }
            }
            let base = attribute.inScratch ? scratch : bytes
            let entry = attributeArray + index * 5
            entry[0] = attribute.name
            entry[1] = attribute.prefix
            entry[2] = uri
            entry[3] = base + attribute.start
            entry[4] = base + attribute.end
        }
        return true
    }

    /// An end tag at `position` (at its `</`) that closes the innermost open element.
    func endTag() -> Bool {
        guard !elements.isEmpty else { return false }
        let open = elements.top
        let start = position + 2
        guard start + open.nameCount < count, Self.equal(bytes + start, bytes + open.nameStart, open.nameCount) else { return false }
        position = start + open.nameCount
        skipSpace()
        guard position < count, bytes[position] == UInt8(ascii: ">") else { return false }
        position += 1
        _ = elements.pop()
        reader.endElement()
        if open.bindings > 0 { namespaces.removeLast(open.bindings) }
        return !readerStopped
    }
}
