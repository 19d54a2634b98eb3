import Foundation

extension DataQuery {
    /// The resource path, percent-encoded: `Customers('1')/SalesOrders`, `Customers/$count`, `GetTopProducts`.
    /// Empty when the query addresses nothing.
    public var resourcePath: String {
        var writer = URLTextWriter(encoded: true, capacity: 64)
        writeResourcePath(into: &writer)
        return writer.text
    }

    func writeResourcePath(into writer: inout URLTextWriter) {
        // The type each key belongs to, for enum-typed key properties (nil once a segment does not resolve).
        var type: EntityTypeDescriptor?
        if let invocation {
            writer.pathText(invocation.function.name)
        } else if let entitySet {
            type = entitySet.entityType
            writer.pathText(entitySet.name)
            if let key { key.write(into: &writer, type: type) }
        }
        for segment in navigationSegments {
            type = type?.navigationProperty(named: segment.name)?.targetType
            writer.raw(UInt8(ascii: "/"))
            writer.pathText(segment.name)
            if let key = segment.key { key.write(into: &writer, type: type) }
        }
        if isCountRequest { writer.raw("/$count") }
    }

    /// The query options in their fixed order, names and values percent-encoded: function parameters (unless the
    /// body carries them, `OperationParameterLocation.body`),
    /// `$filter`, `$select`, `$expand`, `$orderby`, `$skip`, `$top`, `$inlinecount`, then custom options as added.
    public var queryOptions: [(name: String, value: String)] {
        var options: [(name: String, value: String)] = []
        if let invocation {
            for argument in invocation.urlArguments {
                guard let value = argument.value else { continue }
                var writer = URLTextWriter(encoded: true, capacity: 32)
                invocation.writeArgument(argument.name, value, into: &writer)
                options.append((URLEncoding.encodeLiteral(argument.name), writer.text))
            }
        }
        if let filterExpression {
            var writer = URLTextWriter(encoded: true)
            filterExpression.render(into: &writer, type: try? resultEntityType())
            options.append(("$filter", writer.text))
        }
        let select = renderedSelectPaths
        if !select.isEmpty { options.append(("$select", select.map(URLEncoding.encodePath).joined(separator: ","))) }
        let expand = renderedExpandPaths
        if !expand.isEmpty { options.append(("$expand", expand.map(URLEncoding.encodePath).joined(separator: ","))) }
        if !sortItems.isEmpty {
            let items = sortItems.map { URLEncoding.encodePath($0.path) + ($0.isDescending ? "%20desc" : "") }
            options.append(("$orderby", items.joined(separator: ",")))
        }
        if let skipCount { options.append(("$skip", String(skipCount))) }
        if let topCount { options.append(("$top", String(topCount))) }
        if includesInlineCount { options.append(("$inlinecount", "allpages")) }
        for option in customOptions {
            options.append((URLEncoding.encodeLiteral(option.name), URLEncoding.encodeLiteral(option.value)))
        }
        return options
    }

    /// The query string without `?`: `$filter=Age%20gt%2030&$top=5`.
    public var queryString: String {
        var writer = URLTextWriter(encoded: true, capacity: 128)
        writeQueryString(into: &writer)
        return writer.text
    }

    /// The URL relative to the service root: `Customers('1')/SalesOrders?$top=5`.
    public var relativeURLString: String {
        var writer = URLTextWriter(encoded: true, capacity: 160)
        writeResourcePath(into: &writer)
        let pathEnd = writer.bytes.count
        writer.raw(UInt8(ascii: "?"))
        writeQueryString(into: &writer)
        if writer.bytes.count == pathEnd + 1 { writer.bytes.removeLast() }
        return writer.text
    }

    /// Writes the options in the order `queryOptions` lists them, joined by `&`.
    func writeQueryString(into writer: inout URLTextWriter) {
        let start = writer.bytes.count
        func separate(_ writer: inout URLTextWriter) {
            if writer.bytes.count > start { writer.raw(UInt8(ascii: "&")) }
        }
        if let invocation {
            for argument in invocation.urlArguments {
                guard let value = argument.value else { continue }
                separate(&writer)
                writer.literalText(argument.name)
                writer.raw(UInt8(ascii: "="))
                invocation.writeArgument(argument.name, value, into: &writer)
            }
        }
        if let filterExpression {
            separate(&writer)
            writer.raw("$filter=")
            filterExpression.render(into: &writer, type: try? resultEntityType())
        }
        if !selectPaths.isEmpty || !expandItems.isEmpty {
            let select = renderedSelectPaths
            if !select.isEmpty {
                separate(&writer)
                writer.raw("$select=")
                writePaths(select, into: &writer)
            }
            let expand = renderedExpandPaths
            if !expand.isEmpty {
                separate(&writer)
                writer.raw("$expand=")
                writePaths(expand, into: &writer)
            }
        }
        if !sortItems.isEmpty {
            separate(&writer)
            writer.raw("$orderby=")
            for (i, item) in sortItems.enumerated() {
                if i > 0 { writer.raw(UInt8(ascii: ",")) }
                writer.pathText(item.path)
                if item.isDescending { writer.raw("%20desc") }
            }
        }
        if let skipCount {
            separate(&writer)
            writer.raw("$skip=")
            writer.integer(Int64(skipCount))
        }
        if let topCount {
            separate(&writer)
            writer.raw("$top=")
            writer.integer(Int64(topCount))
        }
        if includesInlineCount {
            separate(&writer)
            writer.raw("$inlinecount=allpages")
        }
        for option in customOptions {
            separate(&writer)
            writer.literalText(option.name)
            writer.raw(UInt8(ascii: "="))
            writer.literalText(option.value)
        }
    }

    private func writePaths(_ paths: [String], into writer: inout URLTextWriter) {
        for (i, path) in paths.enumerated() {
            if i > 0 { writer.raw(UInt8(ascii: ",")) }
            writer.pathText(path)
        }
    }

    /// The absolute URL under a service root (with or without a trailing slash); nil only if Foundation rejects it.
    public func url(relativeTo serviceRoot: URL) -> URL? {
        var root = serviceRoot.absoluteString
        while root.hasSuffix("/") { root.removeLast() }
        return URL(string: root + "/" + relativeURLString)
    }

    /// `$select` paths including those implied by expansions with sub-selects: when anything is selected
    /// anywhere, the top level selects its own paths (or `*`) and each expansion selects `Path/Property`
    /// (or the whole `Path` when its sub-query selects nothing).
    var renderedSelectPaths: [String] {
        let anyNested = expandItems.contains { $0.containsSelect }
        guard anyNested || !selectPaths.isEmpty else { return [] }
        var paths =
            selectPaths.isEmpty
            ? ["*"]
            : selectPaths.flatMap { path in
                path == DataQuery.keySelectMarker ? ((try? resultEntityType())?.keyProperties.map(\.name) ?? []) : [path]
            }
        if paths.isEmpty { paths = ["*"] }
        func visit(_ item: ExpandItem, prefix: String) {
            let path = prefix.isEmpty ? item.path : prefix + "/" + item.path
            if item.select.isEmpty {
                paths.append(path)
                return
            }
            paths += item.select.map { path + "/" + $0 }
            for child in item.expand { visit(child, prefix: path) }
        }
        for item in expandItems { visit(item, prefix: "") }
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }

    /// `$expand` paths: the leaves of the expansion tree (`SalesOrders/Items` implies `SalesOrders`).
    var renderedExpandPaths: [String] {
        var paths: [String] = []
        func visit(_ item: ExpandItem, prefix: String) {
            let path = prefix.isEmpty ? item.path : prefix + "/" + item.path
            if item.expand.isEmpty {
                paths.append(path)
            } else {
                for child in item.expand { visit(child, prefix: path) }
            }
        }
        for item in expandItems { visit(item, prefix: "") }
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }
}

extension ExpandItem {
    /// Whether this expansion or one inside it selects properties.
    var containsSelect: Bool { !select.isEmpty || expand.contains { $0.containsSelect } }
}

extension DataQuery {
    /// The `selectPaths` entry that SAP's `selectKey()` (`ODataSAPCompatibility`) adds: replaced by the key
    /// property names of the entity type the query addresses when the URL is written (known only once
    /// `from`/`fromDefault` has named the set).
    package static let keySelectMarker = "$key"
}
