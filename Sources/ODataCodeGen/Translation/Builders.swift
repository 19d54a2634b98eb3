/// Small constructors for common syntax, so translators read as declarations.
enum Build {
    static func type(_ dotted: String) -> SwiftType { .path(dotted) }

    static func call(_ callee: SwiftExpr, _ arguments: [(String?, SwiftExpr)], trailing: [SwiftStmt]? = nil) -> SwiftExpr {
        .call(callee, arguments.map { SwiftArgument($0.0, $0.1) }, trailingClosure: trailing)
    }

    /// `Type(arguments)` for a dotted type name.
    static func new(_ dotted: String, _ arguments: [(String?, SwiftExpr)], trailing: [SwiftStmt]? = nil) -> SwiftExpr {
        call(.type(.path(dotted)), arguments, trailing: trailing)
    }

    /// `Type<Generic>(arguments)`.
    static func new(_ type: SwiftType, _ arguments: [(String?, SwiftExpr)]) -> SwiftExpr {
        call(.type(type), arguments)
    }

    static func member(_ base: SwiftExpr, _ names: String...) -> SwiftExpr {
        names.reduce(base) { .member($0, $1) }
    }

    static func id(_ name: String) -> SwiftExpr { .identifier(name) }

    /// A `static let name: type = value` constant.
    static func constant(_ doc: [String], _ access: AccessLevel, _ name: String, _ type: SwiftType, _ value: SwiftExpr) -> SwiftDecl {
        .property(
            SwiftProperty(
                doc: doc, access: access, isStatic: true, isLet: true, name: name, type: type,
                initializer: value, getter: nil, setter: nil))
    }

    /// A get-only computed `static var name: type { value }`. Generated typed descriptors use it instead
    /// of a stored `static let`: a computed static is one getter (no lazy global, once-token and
    /// addressor) and its body is skipped when the module interface is emitted, which makes debug
    /// builds of large services markedly cheaper (see README, Benchmark).
    static func computedStatic(_ doc: [String], _ access: AccessLevel, _ name: String, _ type: SwiftType, _ value: SwiftExpr) -> SwiftDecl {
        .property(
            SwiftProperty(
                doc: doc, access: access, isStatic: true, isLet: false, name: name, type: type,
                initializer: nil, getter: [.expr(value)], setter: nil))
    }

    /// A computed `var` with a getter and a setter.
    static func computed(
        _ doc: [String], _ access: AccessLevel, _ name: String, _ type: SwiftType,
        get: SwiftExpr, set: SwiftExpr
    ) -> SwiftDecl {
        .property(
            SwiftProperty(
                doc: doc, access: access, isStatic: false, isLet: false, name: name, type: type,
                initializer: nil, getter: [.expr(get)], setter: [.expr(set)]))
    }
}

extension GeneratedAccessLevel {
    /// The access of declarations.
    var declarationAccess: AccessLevel {
        switch self {
        case .public: return .public
        case .package: return .package
        case .internal: return .internal
        }
    }

    /// The access of overridable service members (`open` when public).
    var overridableAccess: AccessLevel { self == .public ? .open : declarationAccess }
}
