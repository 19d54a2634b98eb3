#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The subcommands of `odata-gen`; each takes the arguments after its name and returns an exit code.
let subcommands: [(name: String, summary: String, run: ([String]) -> Int32)] = [
    ("inspect", "parse a $metadata document and print a summary or JSON", InspectCommand.run),
    ("generate", "generate typed Swift sources from a $metadata document", GenerateCommand.run),
    ("diff", "print the generated API's changes between two metadata versions", DiffCommand.run),
    ("check", "report what served metadata changed that can break generated code", CheckCommand.run),
]

/// The tool's help. A function, not a top-level constant: top-level code in main.swift runs on every start,
/// and commands that do not print the help should not build it.
@MainActor func usage() -> String {
    let rows = subcommands.map { "  " + $0.name + String(repeating: " ", count: max(0, 10 - $0.name.count)) + " " + $0.summary }
    return """
        usage: odata-gen <subcommand> [options]

        subcommands:
        \(rows.joined(separator: "\n"))

        Run `odata-gen <subcommand> --help` for a subcommand's options.
        """
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let first = arguments.first else {
    CLI.printError(usage())
    exit(64)
}
if first == "--help" || first == "-h" || first == "help" {
    print(usage())
    exit(0)
}
guard let command = subcommands.first(where: { $0.name == first }) else {
    CLI.printError("odata-gen: unknown subcommand '\(first)'\n\n\(usage())")
    exit(64)
}
exit(command.run(Array(arguments.dropFirst())))
