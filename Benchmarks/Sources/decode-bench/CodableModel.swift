import Foundation

/// The benchmark feed as plain Codable structs, for Foundation's `JSONDecoder` as a reference point
/// (values stay in their wire form: Decimal, Int64, dates and the GUID as strings).
struct CodableFeed: Decodable {
    struct Body: Decodable {
        let results: [CodableItem]
    }
    let d: Body
}

// Property names are the payload's keys (no CodingKeys, as a plain Codable reader would be written).
// swift-format-ignore: AlwaysUseLowerCamelCase
struct CodableItem: Decodable {
    struct Metadata: Decodable {
        let id: String
        let uri: String
        let type: String
        let etag: String
    }
    struct Deferred: Decodable {
        struct Link: Decodable {
            let uri: String
        }
        let __deferred: Link
    }
    let __metadata: Metadata
    let ID: Int32
    let Name: String
    let Description: String?
    let Price: String
    let Quantity: String
    let CreatedAt: String
    let ModifiedAt: String
    let IsActive: Bool
    let Rating: Double
    let Count: Int32
    let Code: String
    let Discount: String?
    let Category: Deferred
}
