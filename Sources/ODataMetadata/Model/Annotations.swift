/// An attribute from a namespace other than CSDL's own (for example `sap:label`),
/// kept exactly as written on an element.
public struct ForeignAttribute: Sendable, Hashable {
    /// The namespace URI, prefix and local name, one object shared by every attribute of a parsed document
    /// with the same name (a document has a few dozen names and tens of thousands of attributes).
    package private(set) var qualifiedName: ForeignAttributeName
    /// The attribute value.
    public var value: String

    /// The namespace URI of the attribute.
    public var namespace: String {
        get { qualifiedName.namespace }
        set { qualifiedName = ForeignAttributeName(namespace: newValue, prefix: prefix, name: name) }
    }
    /// The prefix used in the document (`sap`, `m`, `p8`), informative only.
    public var prefix: String {
        get { qualifiedName.prefix }
        set { qualifiedName = ForeignAttributeName(namespace: namespace, prefix: newValue, name: name) }
    }
    /// The local name (`label`, `creatable`).
    public var name: String {
        get { qualifiedName.name }
        set { qualifiedName = ForeignAttributeName(namespace: namespace, prefix: prefix, name: newValue) }
    }

    /// Creates a `ForeignAttribute` from its parts.
    public init(namespace: String, prefix: String, name: String, value: String) {
        self.qualifiedName = ForeignAttributeName(namespace: namespace, prefix: prefix, name: name)
        self.value = value
    }

    /// An attribute of a shared name.
    package init(_ qualifiedName: ForeignAttributeName, value: String) {
        self.qualifiedName = qualifiedName
        self.value = value
    }

    /// Whether both have the same namespace, prefix, name and value.
    public static func == (lhs: ForeignAttribute, rhs: ForeignAttribute) -> Bool {
        lhs.value == rhs.value && (lhs.qualifiedName === rhs.qualifiedName || lhs.qualifiedName.hasSameParts(as: rhs.qualifiedName))
    }

    /// Hashes the namespace, prefix, name and value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(namespace)
        hasher.combine(prefix)
        hasher.combine(name)
        hasher.combine(value)
    }
}

/// The namespace URI, prefix and local name of a `ForeignAttribute`; immutable, so attributes share it.
package final class ForeignAttributeName: Sendable {
    /// The namespace URI.
    package let namespace: String
    /// The prefix used in the document.
    package let prefix: String
    /// The local name.
    package let name: String

    /// A name from its parts.
    package init(namespace: String, prefix: String, name: String) {
        self.namespace = namespace
        self.prefix = prefix
        self.name = name
    }

    /// Whether `other` has the same namespace, prefix and name.
    package func hasSameParts(as other: ForeignAttributeName) -> Bool {
        namespace == other.namespace && prefix == other.prefix && name == other.name
    }
}

/// Well-known XML namespaces of EDMX documents.
public enum XMLNamespaces {
    /// SAP's annotation namespace (`sap:`).
    public static let sap = "http://www.sap.com/Protocols/SAPData"
    /// The data-services metadata namespace (`m:`).
    public static let metadata = "http://schemas.microsoft.com/ado/2007/08/dataservices/metadata"
    /// EDMX 1.0 (OData v2).
    public static let edmx = "http://schemas.microsoft.com/ado/2007/06/edmx"
    /// EDMX 4.0 (OData v4 documents), which SAP also mixes into v2 documents for references.
    public static let edmxV4 = "http://docs.oasis-open.org/odata/ns/edmx"
    /// The CSDL namespaces of OData v1–v3.
    public static let csdl = [
        "http://schemas.microsoft.com/ado/2006/04/edm",
        "http://schemas.microsoft.com/ado/2007/05/edm",
        "http://schemas.microsoft.com/ado/2008/01/edm",
        "http://schemas.microsoft.com/ado/2008/09/edm",
        "http://schemas.microsoft.com/ado/2009/11/edm",
    ]
    /// The pre-release CSDL 3.0 namespace some services still send (Azure DataMarket); read like
    /// the CSDL namespaces with a warning.
    public static let csdlPreRelease = "http://schemas.microsoft.com/ado/2009/08/edm"
    /// The OData v4 CSDL namespace (CSDL XML 4.0 and 4.01), also used by SAP's vocabulary annotations in v2.
    public static let csdlV4 = "http://docs.oasis-open.org/odata/ns/edm"
}

/// Foreign attributes of a model element, with typed accessors for SAP's common ones.
public struct AnnotationSet: Sendable, Hashable {
    /// Every foreign attribute in document order.
    public var attributes: [ForeignAttribute]

    /// Creates a `AnnotationSet` from its parts.
    public init(_ attributes: [ForeignAttribute] = []) {
        self.attributes = attributes
    }

    /// The value of the attribute with this namespace and local name.
    public func value(namespace: String, name: String) -> String? {
        attributes.first { $0.namespace == namespace && $0.name == name }?.value
    }

    /// The value of the SAP annotation `sap:<name>`.
    public func sap(_ name: String) -> String? { value(namespace: XMLNamespaces.sap, name: name) }

    /// `sap:label`.
    public var label: String? { sap("label") }
    /// `sap:quickinfo`.
    public var quickInfo: String? { sap("quickinfo") }
    /// `sap:heading`.
    public var heading: String? { sap("heading") }
    /// `sap:unit`: the name of the property holding this one's unit.
    public var unit: String? { sap("unit") }
    /// `sap:display-format`.
    public var displayFormat: String? { sap("display-format") }
    /// `sap:semantics`.
    public var semantics: String? { sap("semantics") }
    /// `sap:creatable`, `true` when absent.
    public var isCreatable: Bool { flag("creatable") }
    /// `sap:updatable`, `true` when absent.
    public var isUpdatable: Bool { flag("updatable") }
    /// `sap:deletable`, `true` when absent.
    public var isDeletable: Bool { flag("deletable") }
    /// `sap:filterable`, `true` when absent.
    public var isFilterable: Bool { flag("filterable") }
    /// `sap:sortable`, `true` when absent.
    public var isSortable: Bool { flag("sortable") }
    /// `sap:searchable`, `false` when absent (SAP's default).
    public var isSearchable: Bool { sap("searchable") == "true" }
    /// `sap:pageable`, `true` when absent.
    public var isPageable: Bool { flag("pageable") }
    /// `sap:addressable`, `true` when absent.
    public var isAddressable: Bool { flag("addressable") }

    private func flag(_ name: String) -> Bool { sap(name).map { $0 != "false" } ?? true }

    /// The attributes as a dictionary keyed `prefix:name` (for JSON output), sorted when encoded.
    public var byQualifiedName: [String: String] {
        var result: [String: String] = [:]
        for attribute in attributes { result["\(attribute.prefix):\(attribute.name)"] = attribute.value }
        return result
    }
}

/// A `Documentation` element.
public struct Documentation: Sendable, Hashable {
    /// The `Summary` text.
    public var summary: String?
    /// The `LongDescription` text.
    public var longDescription: String?

    /// Creates a `Documentation` from its parts.
    public init(summary: String? = nil, longDescription: String? = nil) {
        self.summary = summary
        self.longDescription = longDescription
    }
}

/// An `<Annotations Target=…>` block, or the inline annotations of one model element (v4).
public struct AnnotationsBlock: Sendable, Hashable {
    /// The target path as written, aliases resolved where the prefix is an alias.
    public var target: String {
        get { path.text }
        set { path = .text(newValue) }
    }
    /// The qualifier of the block, if any.
    public var qualifier: String?
    /// The annotations inside.
    public var annotations: VocabularyAnnotations
    /// The target as kept: a member's is joined only when read (see `AnnotationTargetPath`).
    package var path: AnnotationTargetPath

    /// Whether both have the same target, qualifier and annotations.
    public static func == (lhs: AnnotationsBlock, rhs: AnnotationsBlock) -> Bool {
        lhs.qualifier == rhs.qualifier && lhs.path.hasSameText(as: rhs.path) && lhs.annotations == rhs.annotations
    }

    /// Hashes the target, qualifier and annotations.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(target)
        hasher.combine(qualifier)
        hasher.combine(annotations)
    }
}

// Through the implicit memberwise initialiser (see `VocabularyAnnotations`).
extension AnnotationsBlock {
    /// Creates a `AnnotationsBlock` from its parts.
    public init(target: String, qualifier: String? = nil, annotations: some Sequence<VocabularyAnnotation>) {
        self.init(qualifier: qualifier, annotations: VocabularyAnnotations(annotations), path: .text(target))
    }

    /// A block of the inline `annotation` on the element at `path` (and of those that follow it there).
    package init(path: AnnotationTargetPath, annotation: consuming VocabularyAnnotation) {
        self.init(qualifier: nil, annotations: VocabularyAnnotations(annotation), path: path)
    }
}

/// An element from a foreign namespace inside a schema (for example `atom:link`).
public struct ForeignElement: Sendable, Hashable {
    /// The namespace URI.
    public var namespace: String
    /// The local name.
    public var name: String
    /// The element's attributes as `(name, value)` in document order.
    public var attributes: [ForeignAttribute]

    /// Creates a `ForeignElement` from its parts.
    public init(namespace: String, name: String, attributes: [ForeignAttribute]) {
        self.namespace = namespace
        self.name = name
        self.attributes = attributes
    }
}
