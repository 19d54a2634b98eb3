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

/// A short text for an error of reading or writing a file or fetching a URL, for messages that already
/// name the file or URL. The package's modules import only FoundationEssentials where it exists (the
/// tool's start-up does not load Foundation and ICU), which has no `localizedDescription`.
package enum ErrorText {
    /// The system's text for the error's cause (`No such file or directory`, `Permission denied`), the
    /// description a fetch error carries, or the error as it prints.
    package static func describing(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError {
            if let underlying = cocoa.underlying { return describing(underlying) }
            // What Foundation's text said of it too ("… (NSCocoaErrorDomain error 256.)"), without its user info.
            return "NSCocoaErrorDomain error \(cocoa.code.rawValue)"
        }
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if let localized = error as? LocalizedError, let text = localized.errorDescription { return text }
        let printed = "\(error)"
        // An NSError of Foundation (loaded only to fetch URLs) prints its user info, the description among it.
        let key = "NSLocalizedDescription="
        if let start = printed.firstRange(of: key)?.upperBound {
            let rest = printed[start...]
            return String(rest.prefix { $0 != "," && $0 != "}" })
        }
        return printed
    }
}
