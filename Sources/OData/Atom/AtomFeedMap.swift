internal import CLibXML2
import Foundation

/// The customizable-feed mappings of one type's primitive properties as a tree of element names under
/// `<entry>` (`title`; `author` → `name`; a custom `rating` → `@stars`), for the Atom reader and writer.
final class AtomFeedMap {
    /// One element of a mapped path.
    struct Node {
        /// The namespace URI and local name.
        let namespaceURI: String
        let localName: String
        /// The same, NUL-terminated (compared with `strcmp` while reading, nothing allocated).
        let namespace: [CChar]
        let name: [CChar]
        /// The prefix a writer gives the element (`FC_NsPrefix`; none for Atom's own).
        var prefix: String?
        var children: [Int] = []
        /// The property whose value is the element's content.
        var property: Int?
        /// Whether that content is XHTML markup (`FC_ContentKind="xhtml"`).
        var isMarkup = false
        /// Properties whose value is an attribute of the element: local name and property index.
        var attributes: [(name: [CChar], text: String, property: Int)] = []

        init(namespaceURI: String, localName: String) {
            self.namespaceURI = namespaceURI
            self.localName = localName
            namespace = Array(namespaceURI.utf8CString)
            name = Array(localName.utf8CString)
        }
    }

    /// `nodes[0]` stands for `<entry>`.
    private(set) var nodes = [Node(namespaceURI: "", localName: "")]

    /// Whether no property is mapped.
    var isEmpty: Bool { nodes[0].children.isEmpty }

    init(properties: [PropertyDescriptor]) {
        for property in properties {
            guard let mapping = property.feedMapping, case .primitive = property.type, let location = mapping.location else { continue }
            var node = 0
            for step in location.elements {
                node = child(of: node, namespace: step.namespace, name: step.name)
                if step.namespace != AtomNamespace.atomURI, nodes[node].prefix == nil {
                    nodes[node].prefix = mapping.namespacePrefix.flatMap { $0.isEmpty ? nil : $0 } ?? "c"
                }
            }
            if let attribute = location.attribute {
                nodes[node].attributes.append((Array(attribute.utf8CString), attribute, property.index))
            } else if nodes[node].property == nil {
                nodes[node].property = property.index
                nodes[node].isMarkup = mapping.contentKind == .xhtml
            }
        }
    }

    private func child(of parent: Int, namespace: String, name: String) -> Int {
        if let found = nodes[parent].children.first(where: { nodes[$0].namespaceURI == namespace && nodes[$0].localName == name }) {
            return found
        }
        nodes.append(Node(namespaceURI: namespace, localName: name))
        nodes[parent].children.append(nodes.count - 1)
        return nodes.count - 1
    }

    /// The child of `parent` that stands for element `name` in namespace `uri`.
    func child(of parent: Int, uri: UnsafePointer<xmlChar>?, name: UnsafePointer<xmlChar>) -> Int? {
        guard let uri else { return nil }
        let namespace = UnsafeRawPointer(uri).assumingMemoryBound(to: CChar.self)
        let local = UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self)
        return nodes[parent].children.first { index in
            nodes[index].name.withUnsafeBufferPointer { strcmp($0.baseAddress!, local) == 0 }
                && nodes[index].namespace.withUnsafeBufferPointer { strcmp($0.baseAddress!, namespace) == 0 }
        }
    }
}

extension FeedMapping {
    /// Where the value is in an entry: elements from `<entry>` down, and the attribute of the last one
    /// when the path ends in `@name`. Nil for an unknown syndication keyword or a custom path without a
    /// namespace (nothing to read or write).
    var location: Location? {
        if targetPath.hasPrefix("Syndication") {
            guard let path = Self.syndicationPaths[targetPath] else { return nil }
            return Location(elements: path.map { (AtomNamespace.atomURI, $0) }, attribute: nil)
        }
        guard let namespace = namespaceURI, !namespace.isEmpty else { return nil }
        var steps = targetPath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var attribute: String?
        if let last = steps.last, last.hasPrefix("@") {
            attribute = String(last.dropFirst())
            steps.removeLast()
        }
        guard !steps.isEmpty, !steps.contains(where: \.isEmpty), attribute?.isEmpty != true else { return nil }
        return Location(elements: steps.map { (namespace, $0) }, attribute: attribute)
    }

    /// A mapped value's place in an entry.
    struct Location {
        /// (namespace URI, local name) of each element from the entry's child down.
        let elements: [(namespace: String, name: String)]
        /// The attribute of the last element that holds the value (in the elements' namespace, or in none).
        let attribute: String?
    }

    /// The Atom elements of the syndication keywords ([MS-ODATA] 2.2.3.7.2.1).
    static let syndicationPaths: [String: [String]] = [
        "SyndicationAuthorEmail": ["author", "email"], "SyndicationAuthorName": ["author", "name"],
        "SyndicationAuthorUri": ["author", "uri"], "SyndicationContributorEmail": ["contributor", "email"],
        "SyndicationContributorName": ["contributor", "name"], "SyndicationContributorUri": ["contributor", "uri"],
        "SyndicationPublished": ["published"], "SyndicationRights": ["rights"], "SyndicationSummary": ["summary"],
        "SyndicationTitle": ["title"], "SyndicationUpdated": ["updated"],
    ]
}
