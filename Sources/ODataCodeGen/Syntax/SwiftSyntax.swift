/// A small structured description of the Swift declarations the generator emits.
///
/// The translator builds these values; `SwiftRenderer` is the only code that knows how Swift is spelled.
/// Identifiers are stored unescaped and the renderer escapes keywords.

/// An access level of a generated declaration.
enum AccessLevel: String, Sendable, Hashable {
    case open
    case `public`
    case package
    case `internal`
    case `private`
}

/// A Swift type as written in a declaration.
indirect enum SwiftType: Sendable, Hashable {
    /// A possibly qualified name (`OData.DataQuery`, `Customer`, `Provider`); each component is an identifier.
    case named([String])
    /// A generic instantiation (`OData.TypedProperty<Swift.String>`).
    case generic([String], [SwiftType])
    /// `T?`.
    case optional(SwiftType)
    /// `[T]`.
    case array(SwiftType)
    /// `any P`.
    case existential(SwiftType)
    /// A type with an attribute (`@unchecked Swift.Sendable`).
    case attributed(String, SwiftType)
    /// A function type with attributes such as `@escaping`, `@Sendable`.
    case function(attributes: [String], parameters: [SwiftType], result: SwiftType)

    /// A qualified name from a dotted path (`"OData.DataQuery"`).
    static func path(_ dotted: String) -> SwiftType { .named(dotted.split(separator: ".").map(String.init)) }
}

/// One argument of a call.
struct SwiftArgument: Sendable, Hashable {
    /// The label, nil for none.
    var label: String?
    /// The value.
    var value: SwiftExpr

    init(_ label: String?, _ value: SwiftExpr) {
        self.label = label
        self.value = value
    }
}

/// An expression.
indirect enum SwiftExpr: Sendable, Hashable {
    /// An identifier (escaped when it is a keyword).
    case identifier(String)
    /// A type used as an expression (`OData.DataQuery` in `OData.DataQuery()`).
    case type(SwiftType)
    /// `base.name`.
    case member(SwiftExpr, String)
    /// `base[index]`.
    case `subscript`(SwiftExpr, SwiftExpr)
    /// `base?.name`.
    case optionalMember(SwiftExpr, String)
    /// `callee(arguments) { trailing }`.
    case call(SwiftExpr, [SwiftArgument], trailingClosure: [SwiftStmt]?)
    /// A string literal, escaped by the renderer.
    case string(String)
    /// An integer literal.
    case int(Int)
    /// `true` / `false`.
    case bool(Bool)
    /// An array literal, one element per line when `multiline`.
    case array([SwiftExpr], multiline: Bool)
    /// A labelled tuple `(name: a, value: b)`.
    case tuple([SwiftArgument])
    /// `try await e`.
    case tryAwait(SwiftExpr)
    /// `try x` (a synchronous throwing call).
    case tryExpr(SwiftExpr)
    /// `a ?? b`.
    case coalesce(SwiftExpr, SwiftExpr)
    /// `self`.
    case `self`
    /// `Self`.
    case selfType
    /// `nil`.
    case `nil`
}

/// A statement.
enum SwiftStmt: Sendable, Hashable {
    /// An expression statement (the last one of a single-expression body is its value).
    case expr(SwiftExpr)
    /// `return e`.
    case `return`(SwiftExpr)
    /// `a = b`.
    case assign(SwiftExpr, SwiftExpr)
}

/// A parameter of a function or initializer.
struct SwiftParameter: Sendable, Hashable {
    /// The argument label; nil means the same as `name`; `"_"` means none.
    var label: String?
    /// The parameter name.
    var name: String
    /// The type.
    var type: SwiftType
    /// The default value, if any.
    var defaultValue: SwiftExpr?

    init(label: String? = nil, name: String, type: SwiftType, defaultValue: SwiftExpr? = nil) {
        self.label = label
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
    }
}

/// The kind of a nominal type.
enum NominalKind: String, Sendable, Hashable {
    case `struct`
    case `enum`
    case `class`
    case finalClass = "final class"
}

/// A declaration.
indirect enum SwiftDecl: Sendable, Hashable {
    /// `import Module` or `@_spi(Name) import Module`.
    case `import`(module: String, spi: String?)
    /// `access typealias name = type`.
    case `typealias`(doc: [String], access: AccessLevel, name: String, type: SwiftType)
    /// A struct, enum or class with its members.
    case nominal(SwiftNominal)
    /// `extension Type { members }`.
    case `extension`(doc: [String], extendedType: SwiftType, members: [SwiftDecl])
    /// `extension Type where requirements { members }` (`Entity == Person`).
    case constrainedExtension(doc: [String], extendedType: SwiftType, requirements: [String], members: [SwiftDecl])
    /// `case name = rawValue` of an enum.
    case enumCase(doc: [String], name: String, rawValue: SwiftExpr?)
    /// A stored or computed property.
    case property(SwiftProperty)
    /// A function.
    case function(SwiftFunction)
    /// An initializer.
    case initializer(doc: [String], access: AccessLevel, parameters: [SwiftParameter], body: [SwiftStmt])
}

/// A struct, enum or class.
struct SwiftNominal: Sendable, Hashable {
    var doc: [String]
    var access: AccessLevel
    var kind: NominalKind
    var name: String
    /// Generic parameters with their constraint (`Provider: OData.DataServiceProvider`).
    var genericParameters: [(name: String, constraint: SwiftType)]
    var inheritance: [SwiftType]
    var members: [SwiftDecl]

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.doc == rhs.doc && lhs.access == rhs.access && lhs.kind == rhs.kind && lhs.name == rhs.name
            && lhs.genericParameters.elementsEqual(rhs.genericParameters) { $0.name == $1.name && $0.constraint == $1.constraint }
            && lhs.inheritance == rhs.inheritance && lhs.members == rhs.members
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(members)
    }
}

/// A property: stored with an initializer, or computed with a getter and an optional setter.
struct SwiftProperty: Sendable, Hashable {
    var doc: [String]
    var access: AccessLevel
    var isStatic: Bool
    /// `let` for stored constants, otherwise `var`.
    var isLet: Bool
    var name: String
    var type: SwiftType
    var initializer: SwiftExpr?
    var getter: [SwiftStmt]?
    var setter: [SwiftStmt]?
    /// `override` (a container's member that replaces `DataService`'s).
    var isOverride = false
}

/// A generic parameter with its constraint.
struct SwiftGenericParameter: Sendable, Hashable {
    var name: String
    var constraint: SwiftType
}

/// A function.
struct SwiftFunction: Sendable, Hashable {
    var doc: [String]
    var attributes: [String] = []
    var access: AccessLevel
    var isStatic: Bool = false
    var name: String
    /// Generic parameters with their constraint (`Provider: OData.DataServiceProvider`).
    var genericParameters: [SwiftGenericParameter] = []
    var parameters: [SwiftParameter]
    var isAsync: Bool = false
    var isThrowing: Bool = false
    /// The one error type a throwing function throws (`throws(OData.ODataError)`); nil: `throws` any error.
    var thrownType: SwiftType?
    var result: SwiftType?
    var body: [SwiftStmt]
}

/// One generated source file: a name and its top-level declarations.
struct SwiftFile: Sendable, Hashable {
    /// The file name without directory (`Customer.swift`).
    var name: String
    /// The top-level declarations in order.
    var declarations: [SwiftDecl]
    /// Comment lines after the header (why a file has no declarations of its own).
    var notes: [String] = []
}
