import Foundation

extension PayloadGenerator {
    /// `count` entities as a verbose-JSON feed (`{"d":{"results":[…]}}`), as SAP Gateway writes it.
    mutating func json(count: Int) -> Data {
        var out = "{\"d\":{\"results\":["
        out.reserveCapacity(count * 700)
        for index in 1...count {
            let row = row(index)
            let uri = "\(Self.root)Items(\(index))"
            if index > 1 { out += "," }
            out += "{\"__metadata\":{\"id\":\"\(uri)\",\"uri\":\"\(uri)\",\"type\":\"Bench.Item\",\"etag\":\"W/\\\"\(index)\\\"\"},"
            out += "\"ID\":\(row.id),\"Name\":\(Self.jsonString(row.name)),"
            out += "\"Description\":\(row.description.map(Self.jsonString) ?? "null"),"
            out += "\"Price\":\"\(row.price)\",\"Quantity\":\"\(row.quantity)\","
            out += "\"CreatedAt\":\"\\/Date(\(row.created))\\/\","
            out += "\"ModifiedAt\":\"\\/Date(\(row.modified)\(row.offset < 0 ? "-" : "+")\(String(format: "%04d", abs(row.offset))))\\/\","
            out += "\"IsActive\":\(row.active),\"Rating\":\(row.rating),\"Count\":\(row.count),"
            out += "\"Code\":\"\(row.code)\",\"Discount\":\(row.discount.map { "\"\($0)\"" } ?? "null"),"
            out += "\"Category\":{\"__deferred\":{\"uri\":\"\(uri)/Category\"}}}"
        }
        out += "]}}"
        return Data(out.utf8)
    }

    /// The same entities as an Atom feed.
    mutating func atom(count: Int) -> Data {
        var out = """
            <?xml version="1.0" encoding="utf-8"?><feed xml:base="\(Self.root)" xmlns="http://www.w3.org/2005/Atom" \
            xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" \
            xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices"><id>\(Self.root)Items</id>\
            <title type="text">Items</title><updated>2024-01-01T00:00:00Z</updated><author><name/></author>\
            <link href="Items" rel="self" title="Items"/>
            """
        out.reserveCapacity(count * 1400)
        for index in 1...count {
            let row = row(index)
            let uri = "\(Self.root)Items(\(index))"
            out += "<entry m:etag=\"W/&quot;\(index)&quot;\"><id>\(uri)</id><title type=\"text\"/>"
            out += "<updated>2024-01-01T00:00:00Z</updated><category term=\"Bench.Item\" "
            out += "scheme=\"http://schemas.microsoft.com/ado/2007/08/dataservices/scheme\"/>"
            out += "<link href=\"Items(\(index))\" rel=\"edit\" title=\"Item\"/>"
            out += "<link href=\"Items(\(index))/Category\" rel=\"http://schemas.microsoft.com/ado/2007/08/dataservices/related/Category\" "
            out += "type=\"application/atom+xml;type=entry\" title=\"Category\"/>"
            out += "<content type=\"application/xml\"><m:properties>"
            out += "<d:ID m:type=\"Edm.Int32\">\(row.id)</d:ID><d:Name>\(Self.xmlText(row.name))</d:Name>"
            out += row.description.map { "<d:Description>\(Self.xmlText($0))</d:Description>" } ?? "<d:Description m:null=\"true\"/>"
            out += "<d:Price m:type=\"Edm.Decimal\">\(row.price)</d:Price><d:Quantity m:type=\"Edm.Int64\">\(row.quantity)</d:Quantity>"
            out += "<d:CreatedAt m:type=\"Edm.DateTime\">\(Self.iso(row.created, offset: 0, zone: false))</d:CreatedAt>"
            out += "<d:ModifiedAt m:type=\"Edm.DateTimeOffset\">\(Self.iso(row.modified, offset: row.offset, zone: true))</d:ModifiedAt>"
            out += "<d:IsActive m:type=\"Edm.Boolean\">\(row.active)</d:IsActive><d:Rating m:type=\"Edm.Double\">\(row.rating)</d:Rating>"
            out += "<d:Count m:type=\"Edm.Int32\">\(row.count)</d:Count><d:Code m:type=\"Edm.Guid\">\(row.code)</d:Code>"
            out +=
                row.discount.map { "<d:Discount m:type=\"Edm.Decimal\">\($0)</d:Discount>" }
                ?? "<d:Discount m:type=\"Edm.Decimal\" m:null=\"true\"/>"
            out += "</m:properties></content></entry>"
        }
        out += "</feed>"
        return Data(out.utf8)
    }

    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "é": out += "\\u00e9"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func xmlText(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// ISO-8601 text of a UTC instant in milliseconds, shown at `offset` minutes.
    static func iso(_ milliseconds: Int64, offset: Int, zone: Bool) -> String {
        let local = milliseconds + Int64(offset) * 60_000
        let days = Int(local / 86_400_000)
        let within = Int(local % 86_400_000)
        let z = days + 719_468
        let era = z / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        var text = String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03d", year, month, day, within / 3_600_000, within / 60_000 % 60,
            within / 1000 % 60, within % 1000)
        if zone {
            text += offset == 0 ? "Z" : (offset < 0 ? "-" : "+") + String(format: "%02d:%02d", abs(offset) / 60, abs(offset) % 60)
        }
        return text
    }
}
