/// How EDM names become Swift names.
public enum NamingStrategy: String, Sendable, Hashable, Codable, CaseIterable {
    /// SAP's proxy-generator rules: types keep their names with underscores dropped (`Order_Detail` →
    /// `OrderDetail`), members are lowerCamel with underscores dropped and camel-cased
    /// (`Alphabetical_list_of_products` → `alphabeticalListOfProducts`), a trailing `Id` becomes `ID`
    /// (`CustomerId` → `customerID`).
    case sap
    /// EDM names kept as written (only characters Swift does not allow are replaced by `_`); the
    /// defensive choice when SAP's rules would make names hard to recognise.
    case preserve
}

/// The name transformations of one strategy. Every function returns a valid identifier (possibly a keyword,
/// which the renderer escapes); uniqueness is `NameScope`'s job.
struct NameTransformer: Sendable {
    var strategy: NamingStrategy

    /// A type name (`Customer`, `OrderDetail`).
    func typeName(_ edmName: String) -> String {
        switch strategy {
        case .sap: return Self.fixLeadingDigit(Self.words(edmName).map(Self.capitalizeFirst).joined())
        case .preserve: return Self.preserved(edmName)
        }
    }

    /// The service class name from the container name (underscores dropped: `EPM_REF_APPS_PO_APV_SRV_Entities`
    /// → `EPMREFAPPSPOAPVSRVEntities`).
    func serviceName(_ containerName: String) -> String {
        switch strategy {
        case .sap: return Self.fixLeadingDigit(Self.words(containerName).map(Self.capitalizeFirst).joined())
        case .preserve: return Self.preserved(containerName)
        }
    }

    /// A member name: property, parameter, metadata handle (`customerID`, `salesOrders`).
    func memberName(_ edmName: String) -> String {
        switch strategy {
        case .sap:
            let words = Self.words(edmName)
            var name = Self.lowerFirstWord(Self.capitalizeFirst(words[0])) + words.dropFirst().map(Self.capitalizeFirst).joined()
            if name.count > 2, name.hasSuffix("Id") {
                let before = name.unicodeScalars[name.unicodeScalars.index(name.unicodeScalars.endIndex, offsetBy: -3)]
                if before.properties.isLowercase || SwiftIdentifier.isDigit(before) {
                    name = String(name.dropLast(2)) + "ID"
                }
            }
            return Self.fixLeadingDigit(name)
        case .preserve: return Self.preserved(edmName)
        }
    }

    /// The part of a method name after `fetch` (`Customers`, `Stock`, `ASalesOrder`).
    func methodStem(_ edmName: String) -> String {
        switch strategy {
        case .sap: return Self.words(edmName).map(Self.capitalizeFirst).joined()
        case .preserve: return Self.capitalizeFirst(Self.preserved(edmName))
        }
    }

    /// The method-name stem for a Swift type name (already a valid identifier).
    func methodStem(forSwiftName name: String) -> String {
        strategy == .sap ? Self.capitalizeFirst(name) : Self.capitalizeFirst(name)
    }

    // MARK: Pieces

    /// Splits on `_` and on any character Swift does not allow in identifiers; empty parts dropped.
    static func words(_ name: String) -> [String] {
        var parts: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            if scalar == "_" || !SwiftIdentifier.isBody(scalar) {
                if !current.isEmpty { parts.append(String(current)) }
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        if !current.isEmpty { parts.append(String(current)) }
        return parts.isEmpty ? ["unnamed"] : parts
    }

    /// The name with every disallowed character replaced by `_`.
    static func preserved(_ name: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            result.append(SwiftIdentifier.isBody(scalar) ? scalar : "_")
        }
        let text = String(result)
        if text.isEmpty || text.allSatisfy({ $0 == "_" }) { return "unnamed" + text }
        return fixLeadingDigit(text)
    }

    /// Uppercases the first character (Unicode rules, no locale).
    static func capitalizeFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// Lowercases the leading run of uppercase letters, keeping the last one of a run that is followed by a
    /// lowercase letter (`ESPMContainer` → `espmContainer`, `ID` → `id`, `Customer` → `customer`).
    static func lowerFirstWord(_ name: String) -> String {
        let characters = Array(name)
        var run = 0
        while run < characters.count, characters[run].isUppercase { run += 1 }
        if run == 0 { return name }
        var keep = run
        if run > 1, run < characters.count, characters[run].isLowercase { keep = run - 1 }
        if run == 1 { keep = 1 }
        let lowered = characters[..<keep].map { $0.lowercased() }.joined()
        return lowered + String(characters[keep...])
    }

    /// Prefixes `_` when the name starts with a character that cannot start an identifier (a digit).
    static func fixLeadingDigit(_ name: String) -> String {
        guard let first = name.unicodeScalars.first else { return "unnamed" }
        return SwiftIdentifier.isHead(first) ? name : "_" + name
    }
}
