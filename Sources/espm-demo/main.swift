import Foundation
import OData

/// espm-demo <service-root-url> [overview | detail <customer-id> | search <terms>]
///
/// Runs the seed apps' data code against an ESPM service (for example the pyslet ESPM server that
/// scripts/servers.sh starts on 127.0.0.1).
let usage = "usage: espm-demo <service-root-url> [overview | detail <customer-id> | search <terms>]"
let arguments = Array(CommandLine.arguments.dropFirst())
guard let root = arguments.first, let serviceRoot = URL(string: root), serviceRoot.scheme != nil else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(64)
}
let command = arguments.count > 1 ? arguments[1] : "overview"
let exitCode = await DemoRunner(serviceRoot: serviceRoot).run(command, Array(arguments.dropFirst(2)))
exit(exitCode)
