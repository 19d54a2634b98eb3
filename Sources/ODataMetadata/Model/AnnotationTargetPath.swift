/// The target path of an `AnnotationsBlock` as the model keeps it. An inline annotation on a member (a property,
/// navigation property, entity set…) targets `Namespace.Owner/Member`: the parser keeps the owner's part, shared by
/// every member of the owner, and the member's name, shared with the member, and joins them only when the target is
/// read, so that filing the annotation allocates no string.
package enum AnnotationTargetPath: Sendable {
    /// A path as written (an `Annotations` block's `Target`) or built whole.
    case text(String)
    /// `owner` + `member`, where `owner` is `Namespace.Owner/` (ending in its slash) and `member` a name.
    case member(owner: String, member: String)

    /// The whole path.
    package var text: String {
        switch self {
        case .text(let text): return text
        case .member(let owner, let member): return owner + member
        }
    }

    /// Whether the path is a member's, kept in its two parts.
    package var isMember: Bool {
        if case .member = self { return true }
        return false
    }

    /// Whether both paths are the same string (`==` of their texts), joining a member's parts only where the parts
    /// cannot tell.
    package func hasSameText(as other: AnnotationTargetPath) -> Bool {
        switch (self, other) {
        case (.text(let lhs), .text(let rhs)):
            return lhs == rhs
        case (.member(let lhsOwner, let lhsMember), .member(let rhsOwner, let rhsMember)):
            if lhsOwner == rhsOwner { return lhsMember == rhsMember }
            // Both owners end in a slash and neither member has one: the texts differ as their owners do ("/"
            // neither composes with nor reorders around another character, so string equality splits there too).
            if !lhsMember.containsUTF8(Self.slash), !rhsMember.containsUTF8(Self.slash) { return false }
            return text == other.text
        default:
            return text == other.text
        }
    }

    private static let slash = UInt8(ascii: "/")
}

extension String {
    /// Whether the UTF-8 form contains `byte`, scanned in the string's contiguous storage (`utf8.contains` went
    /// through the view's generic iterator: ≈ 600 instructions for a short name).
    func containsUTF8(_ byte: UInt8) -> Bool {
        if let found = utf8.withContiguousStorageIfAvailable({ $0.contains(byte) }) { return found }
        return utf8.contains(byte)
    }
}
