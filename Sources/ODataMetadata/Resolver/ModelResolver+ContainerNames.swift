/// The rules on a container's names that span its kinds of children, and on what it extends.
extension ModelResolver {
    /// Reports an `Extends` that names none of the `declared` entity containers (the document's and the supplied
    /// referenced documents': CSDL 4 names one in a referenced document, [MC-CSDL] one in scope), or the container
    /// itself.
    mutating func checkExtends(of container: EntityContainer, written: String, declared: Set<String>) {
        guard let extended = container.extends else { return }
        let owner = "EntityContainer \(container.qualifiedName)"
        if extended == container.qualifiedName {
            report(.error, "invalid-extends", "\(owner) extends itself; Extends is ignored", at: container.location)
            return
        }
        guard !declared.contains(extended), !reportedReferenceNotGiven("\(owner) has Extends", extended, at: container.location) else {
            return
        }
        report(
            .error, "unresolved-container",
            "\(owner) has Extends \(written), which is not a declared entity container; what it would add is left out",
            at: container.location)
    }

    /// Reports a function or action import that has the name of an entity set or singleton of its container: a
    /// container's children share one set of names (CSDL 4.01 §13; [MC-CSDL] 2.1.14), and these share the service
    /// root's URL space. Same-kind repeats, and a singleton named like an entity set, are reported where each kind is
    /// read. (An association set named like an entity set breaks the rule too, but never stands in a URL: checking
    /// the hundreds of an SAP document cost 0.4 % of its parse.)
    mutating func checkNamesAcrossKinds(_ container: EntityContainer, setNames: Set<String>) {
        guard !container.functionImports.isEmpty || !container.actionImports.isEmpty else { return }
        let singletonNames = Set(container.singletons.map(\.name))
        func check(_ name: String, _ kind: String, at location: SourceLocation) {
            let earlier = setNames.contains(name) ? "an EntitySet" : singletonNames.contains(name) ? "a Singleton" : nil
            guard let earlier else { return }
            report(
                .error, "duplicate-name", "EntityContainer \(container.name) has \(earlier) and \(kind) both named \(name)",
                at: location)
        }
        for function in container.functionImports { check(function.name, "a FunctionImport", at: function.location) }
        for action in container.actionImports { check(action.name, "an ActionImport", at: action.location) }
    }
}
