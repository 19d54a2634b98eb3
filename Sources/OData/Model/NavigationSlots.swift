/// The navigation states of one entity, by navigation index, stored so that the usual decoded case costs
/// no allocation: a deferred link that is exactly the entity's URI followed by `/` and the navigation
/// property's name is one bit, and the link is built again when read. Every other state is kept in
/// `explicit`, which stays empty (no allocation) while no state needs it.
///
/// Invariant: a bit is only set while the entity has a URI, and a set bit's `explicit` slot is nil.
struct NavigationSlots: Sendable, Hashable {
    /// Navigation indexes below this can be derived links; the others are always explicit.
    static let derivableCount = 64

    /// Bit `i` set: navigation `i` is deferred at `<entity uri>/<name>`.
    private(set) var derivedLinks: UInt64 = 0
    /// Explicit states, one slot per navigation property, or empty while none is explicit.
    private(set) var explicit: [NavigationValue?] = []

    /// No navigation state present.
    init() {}

    /// Whether navigation `index` is a derived link.
    @inline(__always)
    func isDerived(_ index: Int) -> Bool {
        index < Self.derivableCount && derivedLinks & (1 << UInt64(index)) != 0
    }

    /// The explicit state of navigation `index` (nil when absent or derived).
    @inline(__always)
    func explicitValue(_ index: Int) -> NavigationValue? {
        index < explicit.count ? explicit[index] : nil
    }

    /// Makes navigation `index` a derived link; the caller has checked that the link is `<entity uri>/<name>`.
    mutating func setDerived(_ index: Int) {
        precondition(index < Self.derivableCount)
        derivedLinks |= 1 << UInt64(index)
        if index < explicit.count { explicit[index] = nil }
    }

    /// Stores an explicit state (nil: absent) for navigation `index` of `count` navigation properties.
    mutating func setExplicit(_ value: NavigationValue?, at index: Int, count: Int) {
        if index < Self.derivableCount { derivedLinks &= ~(1 << UInt64(index)) }
        if explicit.isEmpty {
            guard value != nil else { return }
            explicit = Array(repeating: nil, count: count)
        }
        explicit[index] = value
    }

    /// Turns every derived link into an explicit one, `.deferred(uri: "<uri>/<name>")`: the one rule every
    /// reader and `EntityValue.metadata` apply before the entity URI `uri` the links derive from changes.
    /// Nothing happens when no link is derived or there was no URI. The readers check `derivedLinks != 0`
    /// before calling, so that no URI is built for an entity without derived links (the autoclosure form
    /// of that check cost more in the decode benchmark's instruction counts).
    mutating func materializeDerivedLinks(under uri: String?, navigations: [NavigationDescriptor]) {
        guard derivedLinks != 0, let uri else { return }
        let derived = derivedLinks
        derivedLinks = 0
        let count = navigations.count
        for index in 0..<min(count, Self.derivableCount) where derived & (1 << UInt64(index)) != 0 {
            setExplicit(.deferred(uri: uri + "/" + navigations[index].name), at: index, count: count)
        }
    }
}
