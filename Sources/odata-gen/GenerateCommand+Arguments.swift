import ODataCodeGen

/// A usage error in the command line.
struct UsageError: Error, CustomStringConvertible {
    var description: String
}

extension GenerateCommand {
    /// Parses the arguments; nil when help was requested.
    static func parse(_ arguments: [String]) throws -> Options? {
        var options = Options()
        var index = 0
        func value(_ flag: String) throws -> String {
            index += 1
            guard index < arguments.count else { throw UsageError(description: "\(flag) needs a value") }
            return arguments[index]
        }
        func choice<Value: RawRepresentable & CaseIterable>(_ flag: String, _ raw: String) throws -> Value
        where Value.RawValue == String {
            guard let parsed = Value(rawValue: raw) else {
                let allowed = Value.allCases.map(\.rawValue).joined(separator: " | ")
                throw UsageError(description: "\(flag) must be one of \(allowed), not '\(raw)'")
            }
            return parsed
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "-h", "--help": return nil
            case "-o", "--output": options.outputPath = try value(argument)
            case "--config": options.configPath = try value(argument)
            case "--strict": options.strict = true
            case "--patches": options.patchPaths.append(try value(argument))
            case "--reference": options.referencePaths.append(try value(argument))
            case "--lock": options.lockPath = try value(argument)
            case "--lock-read-only": options.lockReadOnly = true
            case "--strict-query-capabilities": options.overrides.append { $0.strictQueryCapabilities = true }
            case "--sap-compatibility": options.overrides.append { $0.sapCompatibility = true }
            case "--quiet": options.quiet = true
            case "--service-name":
                let name = try value(argument)
                options.overrides.append { $0.serviceClassName = name }
            case "--container":
                let name = try value(argument)
                options.overrides.append { $0.container = name }
            case "--access-level":
                let level: GeneratedAccessLevel = try choice(argument, try value(argument))
                options.overrides.append { $0.accessLevel = level }
            case "--naming":
                let strategy: NamingStrategy = try choice(argument, try value(argument))
                options.overrides.append { $0.namingStrategy = strategy }
            case "--layout":
                let layout: FileLayout = try choice(argument, try value(argument))
                options.overrides.append { $0.fileLayout = layout }
            case "--shards":
                let text = try value(argument)
                guard let count = Int(text) else { throw UsageError(description: "--shards must be a number, not '\(text)'") }
                options.overrides.append { $0.shardCount = count }
            case "--rename":
                let pair = try value(argument)
                guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                    throw UsageError(description: "--rename expects <edm-name>=<swift-name>, not '\(pair)'")
                }
                let key = String(pair[..<equals])
                let swiftName = String(pair[pair.index(after: equals)...])
                options.overrides.append { $0.renames[key] = swiftName }
            case "--entity-set":
                let name = try value(argument)
                options.overrides.append { $0.entitySets.append(name) }
            case "--function-import":
                let name = try value(argument)
                options.overrides.append { $0.functionImports = ($0.functionImports ?? []) + [name] }
            default:
                if argument.hasPrefix("-") { throw UsageError(description: "unknown option \(argument)") }
                if options.metadataPath != nil {
                    throw UsageError(description: "expected one metadata file, got a second one: \(argument)")
                }
                options.metadataPath = argument
            }
            index += 1
        }
        return options
    }
}
