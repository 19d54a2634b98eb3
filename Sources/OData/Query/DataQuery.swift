/// One `$orderby` item.
public struct SortItem: Sendable, Hashable {
    /// The property path.
    public let path: String
    /// Whether descending.
    public let isDescending: Bool

    /// Creates a sort item.
    public init(path: String, isDescending: Bool = false) {
        self.path = path
        self.isDescending = isDescending
    }
}

/// One `$expand` item with an optional sub-query that selects and expands within it.
public struct ExpandItem: Sendable, Hashable {
    /// The navigation path.
    public let path: String
    /// Properties to select inside the expansion (rendered as `Path/Prop` in `$select`).
    public let select: [String]
    /// Nested expansions.
    public let expand: [ExpandItem]

    /// Creates an expand item.
    public init(path: String, select: [String] = [], expand: [ExpandItem] = []) {
        self.path = path
        self.select = select
        self.expand = expand
    }
}

/// A function-import invocation: the import and its arguments in parameter order.
public struct FunctionInvocation: Sendable {
    /// The function import.
    public let function: FunctionImportDescriptor
    /// Arguments by parameter name, in parameter order; nil values are omitted from the URL.
    public let arguments: [(name: String, value: EdmValue?)]
    /// What a bound operation is called on; nil for an operation at the service root.
    public var binding: OperationBinding? { bound?.binding }
    /// The binding in a box of its own, so that an invocation (and every `DataQuery`, which holds an optional one)
    /// tells "none" by one null pointer: held inline, the binding's enum gave the optional its extra inhabitants,
    /// and each `query.invocation == nil` on the request path decoded them.
    private let bound: BoundOperation?

    /// Creates an invocation.
    public init(
        function: FunctionImportDescriptor, arguments: [(name: String, value: EdmValue?)], binding: OperationBinding? = nil
    ) {
        self.function = function
        self.arguments = arguments
        self.bound = binding.map(BoundOperation.init)
    }
}

/// The box of `FunctionInvocation.binding`.
private final class BoundOperation: Sendable {
    let binding: OperationBinding

    init(_ binding: OperationBinding) { self.binding = binding }
}

/// What a bound action or function is called on: one entity, or an entity set.
public enum OperationBinding: Sendable {
    /// The entity (its read link, or its set and key, address it).
    case entity(EntityValue)
    /// The entity set.
    case entitySet(EntitySetDescriptor)
}

/// A query against an OData service: the resource (entity set, key, navigation, function)
/// and the system and custom query options. Builder methods return a modified copy:
/// `DataQuery().from(ESPMContainerMetadata.EntitySets.customers).expand(Customer.salesOrders).top(5)`.
public struct DataQuery: Sendable {
    /// The entity set addressed, if any.
    public var entitySet: EntitySetDescriptor?
    /// The key addressed within the set, if any.
    public var key: EntityKey?
    /// Navigation segments after the key (`SalesOrders`, optionally with their own key), in order.
    public var navigationSegments: [NavigationSegment]
    /// The function import invoked, if any.
    public var invocation: FunctionInvocation?
    /// `$select` paths.
    public var selectPaths: [String]
    /// `$expand` items.
    public var expandItems: [ExpandItem]
    /// `$filter`.
    public var filterExpression: QueryFilter?
    /// `$orderby`.
    public var sortItems: [SortItem]
    /// `$top`.
    public var topCount: Int?
    /// `$skip`.
    public var skipCount: Int?
    /// `$inlinecount=allpages`.
    public var includesInlineCount: Bool
    /// The `/$count` path.
    public var isCountRequest: Bool
    /// Custom query options in order (`sap-client`, `search`, …).
    public var customOptions: [(name: String, value: String)]

    /// An empty query.
    public init() {
        entitySet = nil
        key = nil
        navigationSegments = []
        invocation = nil
        selectPaths = []
        expandItems = []
        filterExpression = nil
        sortItems = []
        topCount = nil
        skipCount = nil
        includesInlineCount = false
        isCountRequest = false
        customOptions = []
    }

    /// Addresses an entity set.
    public func from(_ entitySet: EntitySetDescriptor) -> DataQuery {
        var copy = self
        copy.entitySet = entitySet
        return copy
    }

    /// Addresses an entity set unless the query already addresses one.
    public func fromDefault(_ defaultSet: EntitySetDescriptor) -> DataQuery {
        entitySet == nil ? from(defaultSet) : self
    }

    /// Addresses one entity by key: of the entity set, or of the last navigation segment when there is one
    /// (`Customers('1')/SalesOrders('5')`).
    public func withKey(_ key: EntityKey) -> DataQuery {
        var copy = self
        if copy.navigationSegments.isEmpty {
            copy.key = key
        } else {
            copy.navigationSegments[copy.navigationSegments.count - 1].key = key
        }
        return copy
    }

    /// Selects properties.
    public func select(_ items: any PropertyPathConvertible...) -> DataQuery {
        var copy = self
        copy.selectPaths += items.map(\.propertyPath)
        return copy
    }

    /// Expands navigation properties.
    public func expand(_ items: any PropertyPathConvertible...) -> DataQuery {
        var copy = self
        copy.expandItems += items.map { ExpandItem(path: $0.propertyPath) }
        return copy
    }

    /// Sets `$filter` (combined with `and` when called again).
    public func filter(_ filter: QueryFilter) -> DataQuery {
        var copy = self
        copy.filterExpression = filterExpression.map { .binary(.and, $0, filter) } ?? filter
        return copy
    }

    /// Adds an ascending (default) or descending sort key.
    public func orderBy(_ item: any PropertyPathConvertible, _ order: SortOrder = .ascending) -> DataQuery {
        var copy = self
        copy.sortItems.append(SortItem(path: item.propertyPath, isDescending: order == .descending))
        return copy
    }

    /// `$top`.
    public func top(_ count: Int) -> DataQuery {
        var copy = self
        copy.topCount = count
        return copy
    }

    /// `$skip`.
    public func skip(_ count: Int) -> DataQuery {
        var copy = self
        copy.skipCount = count
        return copy
    }

    /// `$inlinecount=allpages`.
    public func inlineCount() -> DataQuery {
        var copy = self
        copy.includesInlineCount = true
        return copy
    }

    /// Requests the `/$count` of the addressed collection.
    public func count() -> DataQuery {
        var copy = self
        copy.isCountRequest = true
        return copy
    }

    /// Invokes a function import with its arguments in parameter order.
    public func invoke(_ function: FunctionImportDescriptor, _ arguments: [(name: String, value: EdmValue?)] = []) -> DataQuery {
        var copy = self
        copy.invocation = FunctionInvocation(function: function, arguments: arguments)
        return copy
    }

    /// Invokes a bound action or function on an entity or an entity set.
    public func invoke(
        _ function: FunctionImportDescriptor, _ arguments: [(name: String, value: EdmValue?)], boundTo binding: OperationBinding
    ) -> DataQuery {
        var copy = self
        copy.invocation = FunctionInvocation(function: function, arguments: arguments, binding: binding)
        return copy
    }

    /// Adds a custom query option.
    public func custom(_ name: String, _ value: String) -> DataQuery {
        var copy = self
        copy.customOptions.append((name: name, value: value))
        return copy
    }
}

/// One navigation step in a resource path: `SalesOrders` or `SalesOrders('5')`.
public struct NavigationSegment: Sendable, Hashable {
    /// The navigation property name.
    public var name: String
    /// The key addressed in the navigation's target collection, if any.
    public var key: EntityKey?

    /// Creates a segment.
    public init(name: String, key: EntityKey? = nil) {
        self.name = name
        self.key = key
    }
}

/// Sort direction for `orderBy`.
public enum SortOrder: Sendable, Hashable {
    case ascending
    case descending
}
