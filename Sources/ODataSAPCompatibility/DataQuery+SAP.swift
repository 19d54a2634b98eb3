import OData

// Query building as SAP's `DataQuery` spells it, beside this module's own names. README, "Porting from SAPOData".

extension DataQuery {
    /// SAP's `selectKey()`: selects the key properties of the addressed entity type (none when no entity set
    /// is known when the URL is written, which selects everything).
    public func selectKey() -> DataQuery {
        var copy = self
        copy.selectPaths.append(Self.keySelectMarker)
        return copy
    }

    /// SAP's `where(_:)`: the same as `filter(_:)` (a second call combines both with `and`).
    public func `where`(_ filter: QueryFilter) -> DataQuery { self.filter(filter) }

    /// SAP's `page(_:)`: asks for pages of at most `size` entities; in OData v2, which has no page-size
    /// preference, this is the first page through `$top` (`EntityPages` and `nextPage` continue).
    public func page(_ size: Int) -> DataQuery { top(size) }

    /// SAP's `search(_:)` with a `SearchTerm`: the `search` custom option SAP services read.
    public func search(_ term: SearchTerm) -> DataQuery { search(term.text) }

    /// SAP's `inlineCount(_:)`: asks for (`true`) or stops asking for (`false`) `$inlinecount=allpages`.
    public func inlineCount(_ include: Bool) -> DataQuery {
        var copy = self
        copy.includesInlineCount = include
        return copy
    }
}

/// SAP's `SearchTerm`: free-text search words, combined with `and`/`or` and written as SAP Gateway's
/// `search` option (`DataQuery().search(SearchTerm.word("Bike"))`).
public struct SearchTerm: Sendable, Hashable {
    /// The text sent in the `search` option.
    public let text: String

    /// A term from its text as typed (`SearchTerm.parse("red bike")`).
    public init(_ text: String) { self.text = text }

    /// SAP's `SearchTerm.word(_:)`: one word (or a phrase, which the service splits as it does).
    public static func word(_ word: String) -> SearchTerm { SearchTerm(word) }

    /// SAP's `SearchTerm.phrase(_:)`: an exact phrase, quoted.
    public static func phrase(_ phrase: String) -> SearchTerm { SearchTerm("\"" + phrase + "\"") }

    /// SAP's `SearchTerm.parse(_:)`: the text a user typed, passed on as is.
    public static func parse(_ text: String) -> SearchTerm { SearchTerm(text) }

    /// Both terms (`a AND b`).
    public func and(_ other: SearchTerm) -> SearchTerm { SearchTerm(text + " AND " + other.text) }

    /// Either term (`a OR b`).
    public func or(_ other: SearchTerm) -> SearchTerm { SearchTerm(text + " OR " + other.text) }

    /// Not this term (`NOT a`).
    public func not() -> SearchTerm { SearchTerm("NOT " + text) }
}

extension QueryFilter {
    /// SAP's `not()`: the negated filter (`not (…)`).
    public func not() -> QueryFilter { .not(self) }
}

extension EntitySetDescriptor {
    /// SAP's `EntitySet.localName`: the set's name as in URLs (`name`).
    public var localName: String { name }
}

extension EntityTypeDescriptor {
    /// SAP's `EntityType.localName`: the type's name without its namespace.
    public var localName: String { name }
}
