import Foundation
import XCTest

@testable import ODataMetadata

/// The texts of file and fetch errors in messages, now that the library imports only FoundationEssentials.
final class ErrorTextTests: XCTestCase {
    func testAFileErrorIsDescribedByItsSystemCause() {
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/metadata.xml")
        XCTAssertThrowsError(try Data(contentsOf: missing)) { error in
            XCTAssertEqual(ErrorText.describing(error), "No such file or directory")
        }
        XCTAssertThrowsError(try Data(contentsOf: URL(fileURLWithPath: "/"))) { error in
            XCTAssertEqual(ErrorText.describing(error), "Is a directory")
        }
    }

    func testOtherErrorsKeepTheirCodeOrDescription() {
        XCTAssertEqual(ErrorText.describing(CocoaError(.fileReadUnknown)), "NSCocoaErrorDomain error 256")
        XCTAssertEqual(ErrorText.describing(POSIXError(.EACCES)), "Permission denied")
        struct Described: LocalizedError { var errorDescription: String? { "the server went away" } }
        XCTAssertEqual(ErrorText.describing(Described()), "the server went away")
    }
}
