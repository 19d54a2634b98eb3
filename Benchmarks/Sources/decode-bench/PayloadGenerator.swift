import Foundation

/// Generates the benchmark payloads deterministically (a fixed-seed SplitMix64), as verbose JSON and as Atom.
struct PayloadGenerator {
    static let root = "https://bench.example.com/sap/opu/odata/sap/BENCH_SRV/"
    private var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// One row of raw values, shared by both formats.
    struct Row {
        var id: Int
        var name: String
        var description: String?
        var price: String
        var quantity: String
        var created: Int64
        var modified: Int64
        var offset: Int
        var active: Bool
        var rating: String
        var count: Int
        var code: String
        var discount: String?
    }

    private static let words = ["alpha", "Bravo", "charlie", "DELTA", "echo", "foxtrot", "Golf", "hotel", "India", "juliett"]

    mutating func row(_ index: Int) -> Row {
        var name = "\(Self.words[below(10)]) \(Self.words[below(10)]) #\(index)"
        switch index % 4 {
        case 0: name += " \"quoted\" \\ back"
        case 1: name += " line\nbreak\ttab"
        case 2: name += " Müller café ☕ 😀"
        default: name += " plain"
        }
        let description: String? =
            index % 7 == 0 ? nil : "Item \(index): \(Self.words[below(10)]) and \(Self.words[below(10)]) for sale / <good> & cheap"
        let price = "\(below(100_000)).\(String(format: "%03d", below(1000)))"
        let quantity = String(Int64(below(1_000_000_000)) * 1000 + Int64(below(1000)))
        let created = 946_684_800_000 + Int64(below(900_000_000)) * 1000
        let modified = created + Int64(below(86_400_000))
        let offset = [0, 60, 120, -300, 330][below(5)]
        let rating = String(Double(below(1_000_000)) / 1000.0)
        let code = String(
            format: "%08x-%04x-%04x-%04x-%012llx", below(1 << 30), below(65536), below(65536), below(65536),
            next() & 0xFFFF_FFFF_FFFF)
        let discount: String? = index % 5 == 0 ? nil : "\(below(100)).\(String(format: "%02d", below(100)))"
        return Row(
            id: index, name: name, description: description, price: price, quantity: quantity, created: created,
            modified: modified, offset: offset, active: index % 3 != 0, rating: rating, count: below(2_000_000_000) - 1_000_000_000,
            code: code, discount: discount)
    }
}
