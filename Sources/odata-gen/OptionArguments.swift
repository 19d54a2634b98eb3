/// The arguments of a subcommand: options that take one value (`--config <file>`, repeatable ones collected
/// in order), flags (`--json`), and paths; shared by `inspect`, `check` and `diff`.
struct OptionArguments {
    /// The arguments that are not options, in order.
    var paths: [String] = []
    /// Each option's values, in the order given.
    var values: [String: [String]] = [:]
    /// The flags given.
    var flags: Set<String> = []

    /// The options every command that reads metadata takes (`CommandSetup`).
    static let setupOptions: Set<String> = ["--config", "--patches", "--reference"]

    /// The last value of an option, if given.
    func last(_ option: String) -> String? { values[option]?.last }

    /// Parses `arguments`; `nil` with `exitCode` set when the command must stop (0 after `--help`, 64 on a
    /// usage error, with the message printed).
    static func parse(
        _ arguments: [String], command: String, usage: String, valueOptions: Set<String>, flags: Set<String> = [],
        exitCode: inout Int32
    ) -> OptionArguments? {
        var parsed = OptionArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "-h" || argument == "--help" {
                print(usage)
                exitCode = 0
                return nil
            }
            if valueOptions.contains(argument) {
                index += 1
                guard index < arguments.count else {
                    CLI.printError("odata-gen \(command): \(argument) needs a value\n\n\(usage)")
                    exitCode = 64
                    return nil
                }
                parsed.values[argument, default: []].append(arguments[index])
            } else if flags.contains(argument) {
                parsed.flags.insert(argument)
            } else if argument.hasPrefix("-") {
                CLI.printError("odata-gen \(command): unknown option \(argument)\n\n\(usage)")
                exitCode = 64
                return nil
            } else {
                parsed.paths.append(argument)
            }
            index += 1
        }
        return parsed
    }
}
