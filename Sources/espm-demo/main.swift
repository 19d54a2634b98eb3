import Foundation
import OData

/// espm-demo [--offline | --sync <service-root-url> | <service-root-url>] [overview | detail <customer-id> | search <terms>]
///
/// Runs the seed apps' data code against an ESPM service (for example the pyslet ESPM server that
/// scripts/servers.sh starts on 127.0.0.1), or offline from the offline store (no argument or `--offline`;
/// created from the shipped snapshot on first use), or offline after syncing the store (`--sync <url>`).
let usage =
    "usage: espm-demo [--offline | --sync <service-root-url> | <service-root-url>] [overview | detail <customer-id> | search <terms>]"
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments[0] == "--offline" || ["overview", "detail", "search"].contains(arguments[0]) {
    let rest = arguments.first == "--offline" ? Array(arguments.dropFirst()) : arguments
    exit(await DemoRunner.runOffline(syncWith: nil, rest.first ?? "overview", Array(rest.dropFirst())))
}
if arguments[0] == "--sync" {
    guard arguments.count > 1, let url = URL(string: arguments[1]), url.scheme != nil else {
        FileHandle.standardError.write(Data((usage + "\n").utf8))
        exit(64)
    }
    exit(await DemoRunner.runOffline(syncWith: url, arguments.count > 2 ? arguments[2] : "overview", Array(arguments.dropFirst(3))))
}
guard let root = arguments.first, let serviceRoot = URL(string: root), serviceRoot.scheme != nil else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(64)
}
let command = arguments.count > 1 ? arguments[1] : "overview"
let exitCode = await DemoRunner(serviceRoot: serviceRoot).run(command, Array(arguments.dropFirst(2)))
exit(exitCode)
