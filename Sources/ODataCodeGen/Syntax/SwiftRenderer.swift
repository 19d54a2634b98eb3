/// Prints the structured declarations as Swift source: the one place that knows Swift's syntax.
///
/// Output is deterministic: four-space indentation, `\n` line ends, one blank line between members,
/// parameters broken onto separate lines when a signature would exceed `lineWidth`.
struct SwiftRenderer {
    /// Signatures longer than this are broken, one parameter per line.
    var lineWidth = 120

    /// Renders a whole file: the header comment lines, then the declarations.
    func render(_ file: SwiftFile, header: [String]) -> String {
        var out = Output()
        for line in header + file.notes { out.line(0, line.isEmpty ? "//" : "// \(line)") }
        out.blank()
        var previousWasImport = false
        for (i, decl) in file.declarations.enumerated() {
            let isImport: Bool
            if case .import = decl { isImport = true } else { isImport = false }
            if i > 0 && !(isImport && previousWasImport) { out.blank() }
            declaration(decl, depth: 0, into: &out)
            previousWasImport = isImport
        }
        return out.text
    }

    // MARK: Declarations

    private func declaration(_ decl: SwiftDecl, depth: Int, into out: inout Output) {
        switch decl {
        case .import(let module, let spi):
            out.line(depth, (spi.map { "@_spi(\($0)) " } ?? "") + "import \(module)")
        case .typealias(let doc, let access, let name, let type):
            docLines(doc, depth, &out)
            out.line(depth, "\(modifier(access))typealias \(id(name)) = \(typeText(type))")
        case .nominal(let nominal):
            docLines(nominal.doc, depth, &out)
            var head = "\(modifier(nominal.access))\(nominal.kind.rawValue) \(id(nominal.name))"
            if !nominal.genericParameters.isEmpty {
                head +=
                    "<"
                    + nominal.genericParameters.map { "\(id($0.name)): \(typeText($0.constraint))" }
                    .joined(separator: ", ") + ">"
            }
            if !nominal.inheritance.isEmpty { head += ": " + nominal.inheritance.map(typeText).joined(separator: ", ") }
            members(head, nominal.members, depth, &out)
        case .extension(let doc, let extendedType, let memberList):
            docLines(doc, depth, &out)
            members("extension \(typeText(extendedType))", memberList, depth, &out)
        case .constrainedExtension(let doc, let extendedType, let requirements, let memberList):
            docLines(doc, depth, &out)
            members("extension \(typeText(extendedType)) where \(requirements.joined(separator: ", "))", memberList, depth, &out)
        case .enumCase(let doc, let name, let rawValue):
            docLines(doc, depth, &out)
            out.line(depth, "case \(id(name))" + (rawValue.map { " = \(expr($0, depth))" } ?? ""))
        case .property(let property):
            self.property(property, depth, &out)
        case .function(let function):
            self.function(function, depth, &out)
        case .initializer(let doc, let access, let parameters, let body):
            docLines(doc, depth, &out)
            let head = "\(modifier(access))init"
            signature(head, parameters, suffix: "", depth, &out)
            block(body, depth, &out)
        }
    }

    private func members(_ head: String, _ list: [SwiftDecl], _ depth: Int, _ out: inout Output) {
        if list.isEmpty {
            out.line(depth, head + " {}")
            return
        }
        out.line(depth, head + " {")
        for (i, member) in list.enumerated() {
            if i > 0 { out.blank() }
            declaration(member, depth: depth + 1, into: &out)
        }
        out.line(depth, "}")
    }

    private func property(_ p: SwiftProperty, _ depth: Int, _ out: inout Output) {
        docLines(p.doc, depth, &out)
        let head =
            "\(p.isOverride ? "override " : "")\(modifier(p.access))\(p.isStatic ? "static " : "")\(p.isLet ? "let" : "var") \(id(p.name)): \(typeText(p.type))"
        if let initializer = p.initializer {
            let value = expr(initializer, depth)
            out.line(depth, "\(head) = \(value)")
        } else if let getter = p.getter {
            out.line(depth, head + " {")
            if let setter = p.setter {
                accessor("get", getter, depth + 1, &out)
                accessor("set", setter, depth + 1, &out)
            } else {
                for statement in getter { out.line(depth + 1, stmt(statement, depth + 1)) }
            }
            out.line(depth, "}")
        } else {
            out.line(depth, head)
        }
    }

    private func accessor(_ name: String, _ body: [SwiftStmt], _ depth: Int, _ out: inout Output) {
        if body.count == 1 {
            out.line(depth, "\(name) { \(stmt(body[0], depth)) }")
        } else {
            out.line(depth, "\(name) {")
            for statement in body { out.line(depth + 1, stmt(statement, depth + 1)) }
            out.line(depth, "}")
        }
    }

    private func function(_ f: SwiftFunction, _ depth: Int, _ out: inout Output) {
        docLines(f.doc, depth, &out)
        for attribute in f.attributes { out.line(depth, attribute) }
        var head = "\(modifier(f.access))\(f.isStatic ? "static " : "")func \(id(f.name))"
        if !f.genericParameters.isEmpty {
            head += "<" + f.genericParameters.map { "\(id($0.name)): \(typeText($0.constraint))" }.joined(separator: ", ") + ">"
        }
        var suffix = ""
        if f.isAsync { suffix += " async" }
        if f.isThrowing { suffix += f.thrownType.map { " throws(\(typeText($0)))" } ?? " throws" }
        if let result = f.result { suffix += " -> \(typeText(result))" }
        signature(head, f.parameters, suffix: suffix, depth, &out)
        block(f.body, depth, &out)
    }

    /// Prints `head(params)suffix {` on one line, or one parameter per line when too long.
    private func signature(_ head: String, _ parameters: [SwiftParameter], suffix: String, _ depth: Int, _ out: inout Output) {
        let rendered = parameters.map { parameter($0, depth + 1) }
        let oneLine = "\(head)(\(rendered.joined(separator: ", ")))\(suffix) {"
        if depth * 4 + oneLine.count <= lineWidth || rendered.isEmpty {
            out.line(depth, oneLine)
            return
        }
        out.line(depth, "\(head)(")
        for (i, text) in rendered.enumerated() {
            out.line(depth + 1, text + (i + 1 < rendered.count ? "," : ""))
        }
        out.line(depth, ")\(suffix) {")
    }

    private func block(_ body: [SwiftStmt], _ depth: Int, _ out: inout Output) {
        for statement in body { out.line(depth + 1, stmt(statement, depth + 1)) }
        out.line(depth, "}")
    }

    private func parameter(_ p: SwiftParameter, _ depth: Int) -> String {
        var text: String
        if let label = p.label, label != p.name {
            text = "\(label == "_" ? "_" : id(label)) \(id(p.name))"
        } else {
            text = id(p.name)
        }
        text += ": \(typeText(p.type))"
        if let value = p.defaultValue { text += " = \(expr(value, depth))" }
        return text
    }

    private func docLines(_ doc: [String], _ depth: Int, _ out: inout Output) {
        for line in doc { out.line(depth, line.isEmpty ? "///" : "/// \(line)") }
    }

    private func modifier(_ access: AccessLevel) -> String {
        access == .internal ? "" : "\(access.rawValue) "
    }

    private func id(_ name: String) -> String { SwiftIdentifier.escaped(name) }
}
