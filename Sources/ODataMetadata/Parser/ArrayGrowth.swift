extension Array {
    /// Appends `element`, making room for four at the first append. A set's bindings, a type's navigation properties
    /// and key, and an association's ends mostly come two to four at a time; grown from empty one by one, they were
    /// allocated at the first append and again at the second (≈ 250 instructions each time).
    mutating func appendMakingRoomForFew(_ element: consuming Element) {
        if isEmpty, capacity < 4 { reserveCapacity(4) }
        append(element)
    }
}
