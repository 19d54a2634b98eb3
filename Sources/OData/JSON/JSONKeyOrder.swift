import Foundation

/// The order in which a payload writes the keys of one type's objects, learned while reading: for each key,
/// the key that followed it last time. A server writes every entry of a feed in the same order, so from the
/// second entry on the next key is known before it is read, and `JSONScanner.consumeKey` matches it with one
/// comparison instead of scanning the key and looking it up. A wrong guess only costs that comparison.
///
/// Slots: the name table's entries `0..<entryCount`, then `metadata` (the `__metadata` key), `other` (a key of
/// no entry) and `start` (before the first key). A prediction is a slot, or -1 for none.
final class JSONKeyOrder {
    let metadata: Int
    let other: Int
    let start: Int
    /// Whether a `__metadata` key is the metadata object (false when the type has a property of that name,
    /// which a key matches first).
    let metadataKeyIsFree: Bool
    private let next: UnsafeMutablePointer<Int>

    /// Before anything is read, the guess is `__metadata` first, then the entries in declaration order.
    convenience init(table: NameTable) {
        let metadataKey: StaticString = "__metadata"
        self.init(
            entryCount: table.entryCount,
            metadataKeyIsFree: table.lookup(ByteSpan(start: metadataKey.utf8Start, count: 10), hint: 0) == nil)
    }

    /// An order of `entryCount` keys (for `metadataKeyIsFree`, see there).
    init(entryCount: Int, metadataKeyIsFree: Bool = false) {
        self.metadataKeyIsFree = metadataKeyIsFree
        metadata = entryCount
        other = entryCount + 1
        start = entryCount + 2
        next = UnsafeMutablePointer<Int>.allocate(capacity: entryCount + 3)
        for entry in 0..<entryCount { next[entry] = entry + 1 < entryCount ? entry + 1 : -1 }
        next[metadata] = entryCount > 0 ? 0 : -1
        next[other] = -1
        next[start] = metadata
    }

    deinit { next.deallocate() }

    /// The slot expected after `slot`, or -1.
    @inline(__always)
    func predicted(after slot: Int) -> Int { next[slot] }

    /// Records that `slot` followed `previous`.
    @inline(__always)
    func record(_ slot: Int, after previous: Int) { next[previous] = slot }
}

/// The key orders of one decoding run, by name table (the last one used is found without a look-up). The
/// tables are held, so that an identity stays theirs for the run.
final class JSONKeyOrders {
    private var lastTable: NameTable?
    private var last: JSONKeyOrder?
    private var others: [ObjectIdentifier: (NameTable, JSONKeyOrder)] = [:]
    /// The order of the keys of `__metadata` objects (slots `JSONEntityReader.MetadataKey`).
    let metadataOrder = JSONKeyOrder(entryCount: JSONEntityReader.MetadataKey.count)

    /// The order for `table`'s objects, made on first use.
    @inline(__always)
    func order(for table: NameTable) -> JSONKeyOrder {
        if table === lastTable, let last { return last }
        return switchOrder(to: table)
    }

    private func switchOrder(to table: NameTable) -> JSONKeyOrder {
        if let lastTable, let last { others[ObjectIdentifier(lastTable)] = (lastTable, last) }
        let order = others[ObjectIdentifier(table)]?.1 ?? JSONKeyOrder(table: table)
        lastTable = table
        last = order
        return order
    }
}
