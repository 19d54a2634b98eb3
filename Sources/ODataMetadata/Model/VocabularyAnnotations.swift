/// The annotations of an `AnnotationsBlock`, in document order: a collection that is used as an array is (append,
/// insert, remove, subscript, iterate, compare, an array literal), kept with its first annotation in place and the
/// rest in an array. Most blocks hold one annotation — a document with inline annotations has a block for nearly every
/// annotated member — and an array of their own cost each of them an allocation while parsing (with the copies it
/// brought, ≈ 1.6 % of the instructions of parsing the v4 benchmark document; see Benchmarks/README.md).
public struct VocabularyAnnotations: Sendable, Hashable, RandomAccessCollection, MutableCollection,
    RangeReplaceableCollection, ExpressibleByArrayLiteral, CustomStringConvertible
{
    /// The first annotation; nil only when there is none (and then `rest` is empty too).
    private var head: VocabularyAnnotation?
    /// The annotations after the first.
    private var rest: [VocabularyAnnotation]

    /// 0.
    public var startIndex: Int { 0 }

    /// The number of annotations.
    public var endIndex: Int { head == nil ? 0 : rest.count + 1 }

    /// The annotation at `position`, which must be at least 0 and below `endIndex`.
    public subscript(position: Int) -> VocabularyAnnotation {
        get {
            if position == 0, let head { return head }
            precondition(position > 0 && position <= rest.count, "VocabularyAnnotations: index \(position) out of range")
            return rest[position - 1]
        }
        set {
            if position == 0, head != nil {
                head = newValue
                return
            }
            precondition(position > 0 && position <= rest.count, "VocabularyAnnotations: index \(position) out of range")
            rest[position - 1] = newValue
        }
    }

    /// Adds `annotation` at the end.
    public mutating func append(_ annotation: consuming VocabularyAnnotation) {
        if head == nil {
            head = consume annotation
        } else {
            rest.append(annotation)
        }
    }

    /// Replaces the annotations in `subrange` with `newElements`.
    public mutating func replaceSubrange(_ subrange: Range<Int>, with newElements: some Collection<VocabularyAnnotation>) {
        var all = Array(self)
        all.replaceSubrange(subrange, with: newElements)
        self = Self(all)
    }

    /// The annotations as an array of them prints.
    public var description: String { Array(self).description }
}

// Through the implicit memberwise initialiser: one that assigns each property copied the annotation it was given and
// destroyed the original (see `VocabularyAnnotation`).
extension VocabularyAnnotations {
    /// No annotations.
    public init() {
        self.init(head: nil, rest: [])
    }

    /// One annotation, kept in place.
    package init(_ annotation: consuming VocabularyAnnotation) {
        self.init(head: annotation, rest: [])
    }

    /// The annotations of `elements`, in order.
    public init(_ elements: some Sequence<VocabularyAnnotation>) {
        var all = Array(elements)
        let head = all.isEmpty ? nil : all.removeFirst()
        self.init(head: head, rest: all)
    }

    /// The annotations listed.
    public init(arrayLiteral elements: VocabularyAnnotation...) {
        self.init(elements)
    }
}
