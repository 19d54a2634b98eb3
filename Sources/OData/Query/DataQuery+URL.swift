import Foundation

extension EntityKey {
    /// The key predicate as in a URL, percent-encoded: `('a')` for one component, `(A=1,B='x')` for several.
    public var predicate: String {
        var text = "("
        if components.count == 1 {
            text += URLEncoding.literal(components[0].value)
        } else {
            for (i, component) in components.enumerated() {
                if i > 0 { text += "," }
                text += URLEncoding.encodeLiteral(component.name) + "=" + URLEncoding.literal(component.value)
            }
        }
        return text + ")"
    }
}

extension DataQuery {
    /// The resource path, percent-encoded: `Customers('1')/SalesOrders`, `Customers/$count`, `GetTopProducts`.
    /// Empty when the query addresses nothing.
    public var resourcePath: String {
        var path = ""
        if let invocation {
            path = URLEncoding.encodePath(invocation.function.name)
        } else if let entitySet {
            path = URLEncoding.encodePath(entitySet.name)
            if let key { path += key.predicate }
        }
        for segment in navigationSegments {
            path += "/" + URLEncoding.encodePath(segment.name)
            if let key = segment.key { path += key.predicate }
        }
        if isCountRequest { path += "/$count" }
        return path
    }

    /// The query options in their fixed order, names and values percent-encoded: function parameters,
    /// `$filter`, `$select`, `$expand`, `$orderby`, `$skip`, `$top`, `$inlinecount`, then custom options as added.
    public var queryOptions: [(name: String, value: String)] {
        var options: [(name: String, value: String)] = []
        if let invocation {
            for argument in invocation.arguments {
                guard let value = argument.value else { continue }
                options.append((URLEncoding.encodeLiteral(argument.name), URLEncoding.literal(value)))
            }
        }
        if let filterExpression { options.append(("$filter", filterExpression.urlEncodedString)) }
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
        queryOptions.map { $0.name + "=" + $0.value }.joined(separator: "&")
    }

    /// The URL relative to the service root: `Customers('1')/SalesOrders?$top=5`.
    public var relativeURLString: String {
        let query = queryString
        return query.isEmpty ? resourcePath : resourcePath + "?" + query
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
        var paths = selectPaths.isEmpty ? ["*"] : selectPaths
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
