/// The value of a vocabulary annotation, read as an expression tree. Only `other` is boxed: constants and paths, by
/// far the most common values, are stored in place (records and collections hold their parts in arrays).
public enum AnnotationExpression: Sendable, Hashable {
    /// A constant expression (`String="…"`, `<Bool>true</Bool>`, `EnumMember="UI.Importance/High"`), its text as written.
    case constant(ConstantKind, String)
    /// A path expression (`Path`, `PropertyPath`, `NavigationPropertyPath`, `AnnotationPath`, `ModelElementPath`).
    case path(PathKind, String)
    /// A `Record`, with its `Type` (as written) and property values in order.
    case record(type: String?, properties: [PropertyValue])
    /// A `Collection` of expressions.
    case collection([AnnotationExpression])
    /// `<Null/>`.
    case null
    /// Any other dynamic expression (`Apply`, `If`, `UrlRef`, `LabeledElement`, `Cast`, `And`, …): its element
    /// name and canonical XML.
    indirect case other(name: String, rawXML: String)

    /// The kinds of constant expressions.
    public enum ConstantKind: String, Sendable, Hashable, CaseIterable {
        /// `String`.
        case string = "String"
        /// `Bool`.
        case bool = "Bool"
        /// `Int`.
        case int = "Int"
        /// `Decimal`.
        case decimal = "Decimal"
        /// `Float`.
        case float = "Float"
        /// `Date`.
        case date = "Date"
        /// `DateTimeOffset`.
        case dateTimeOffset = "DateTimeOffset"
        /// `TimeOfDay`.
        case timeOfDay = "TimeOfDay"
        /// `Duration`.
        case duration = "Duration"
        /// `Guid`.
        case guid = "Guid"
        /// `Binary` (base64url).
        case binary = "Binary"
        /// `EnumMember` (`Namespace.Type/Member`, space-separated for flags).
        case enumMember = "EnumMember"
    }

    /// The kinds of path expressions.
    public enum PathKind: String, Sendable, Hashable, CaseIterable {
        /// `Path`: a value path.
        case path = "Path"
        /// `PropertyPath`.
        case propertyPath = "PropertyPath"
        /// `NavigationPropertyPath`.
        case navigationPropertyPath = "NavigationPropertyPath"
        /// `AnnotationPath`.
        case annotationPath = "AnnotationPath"
        /// `ModelElementPath`.
        case modelElementPath = "ModelElementPath"
    }

    /// The text of a constant or path expression; nil for structured values.
    public var text: String? {
        switch self {
        case .constant(_, let text), .path(_, let text): return text
        case .record, .collection, .null, .other: return nil
        }
    }
}

/// A `PropertyValue` of a record expression.
public struct PropertyValue: Sendable, Hashable {
    /// `Property`: the name of the term's record property.
    public var property: String
    /// The value.
    public var value: AnnotationExpression

    /// Creates a `PropertyValue` from its parts.
    public init(property: String, value: AnnotationExpression) {
        self.property = property
        self.value = value
    }
}
