import ODataMetadata

/// Builds doc-comment lines from `sap:label`, `sap:quickinfo` and `Documentation`, made safe for `///`.
enum DocComment {
    /// The lines for an element: its label, quick info and documentation (each once), else `fallback`.
    static func lines(_ fallback: String, annotations: AnnotationSet, documentation: Documentation?) -> [String] {
        var paragraphs: [String] = []
        for text in [annotations.label, annotations.quickInfo, documentation?.summary, documentation?.longDescription] {
            guard let text else { continue }
            let clean = sanitize(text)
            if !clean.isEmpty && !paragraphs.contains(clean) { paragraphs.append(clean) }
        }
        if paragraphs.isEmpty { return [fallback] }
        var result: [String] = []
        for (i, paragraph) in paragraphs.enumerated() {
            if i > 0 { result.append("") }
            result += paragraph.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        result += ["", fallback]
        return result
    }

    /// Text safe inside `///` lines: line breaks normalised, other control and bidi-format characters
    /// removed, surrounding whitespace trimmed, blank lines collapsed.
    static func sanitize(_ text: String) -> String {
        // Fast path: printable ASCII on one line needs only trimming.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.trimmed(" ") }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" {
                scalars.append("\n")
            } else if scalar == "\t" {
                scalars.append(" ")
            } else if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                || scalar.properties.generalCategory == .format
            {
                continue
            } else {
                scalars.append(scalar)
            }
        }
        let lines = String(scalars).split(separator: "\n", omittingEmptySubsequences: true)
            .map { String($0).trimmed(" ") }
            .filter { !$0.isEmpty }
        return lines.joined(separator: "\n")
    }

    /// `` `text` `` with backticks in the text removed, for code spans in comments.
    static func code(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in sanitize(text).unicodeScalars {
            scalars.append(scalar == "`" ? "'" : scalar == "\n" ? " " : scalar)
        }
        return "`" + String(scalars) + "`"
    }

    /// Notes for an entity set that is not creatable, updatable or deletable.
    static func restrictions(_ set: EntitySet) -> [String] {
        var missing: [String] = []
        if !set.annotations.isCreatable { missing.append("creatable") }
        if !set.annotations.isUpdatable { missing.append("updatable") }
        if !set.annotations.isDeletable { missing.append("deletable") }
        guard !missing.isEmpty else { return [] }
        let list = missing.map { "`sap:\($0)=\"false\"`" }.joined(separator: ", ")
        return ["", "- Note: The service declares this set not \(missing.joined(separator: "/")) (\(list))."]
    }
}

extension String {
    /// The string without leading and trailing `character`s.
    func trimmed(_ character: Character) -> String {
        var slice = Substring(self)
        while slice.first == character { slice = slice.dropFirst() }
        while slice.last == character { slice = slice.dropLast() }
        return String(slice)
    }
}
