import Foundation

/// A stack in storage of its own, for the Atom reader's per-element state: the top is reached in place,
/// so reading or changing it neither copies it (with the reference counting a copy brings) nor checks
/// for uniqueness as an array element would.
struct AtomStack<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The number of elements.
    private(set) var count = 0

    init() {
        capacity = 16
        base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Whether the stack is empty.
    var isEmpty: Bool { count == 0 }

    /// Pushes an element.
    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Removes and returns the top element; the stack must not be empty.
    @inline(__always)
    mutating func pop() -> Element {
        precondition(count > 0, "AtomStack.pop on an empty stack")
        count -= 1
        return (base + count).move()
    }

    /// The top element, in place; the stack must not be empty.
    var top: Element {
        @inline(__always) unsafeAddress {
            precondition(count > 0, "AtomStack.top of an empty stack")
            return UnsafePointer(base + (count - 1))
        }
        @inline(__always) unsafeMutableAddress {
            precondition(count > 0, "AtomStack.top of an empty stack")
            return base + (count - 1)
        }
    }

    /// The bottom element, in place; the stack must not be empty.
    var bottom: Element {
        unsafeAddress {
            precondition(count > 0, "AtomStack.bottom of an empty stack")
            return UnsafePointer(base)
        }
        unsafeMutableAddress {
            precondition(count > 0, "AtomStack.bottom of an empty stack")
            return base
        }
    }

    /// The top element, or nil when the stack is empty (a copy).
    var last: Element? { count > 0 ? top : nil }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
