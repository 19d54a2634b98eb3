import ODataCurl
import XCTest

/// The rule that keeps `CurlTransport`'s engine thread awake between a sequential client's transfers
/// (times are nanoseconds, passed in).
final class EngineWakefulnessTests: XCTestCase {
    private let window: UInt64 = 250_000
    private let hold: UInt64 = 20_000_000

    func testAsleepUntilATransferStartsOrFinishes() {
        let rule = EngineWakefulness()
        XCTAssertEqual(rule.window, window)
        XCTAssertEqual(rule.overlapHold, hold)
        XCTAssertFalse(rule.staysAwake(now: 0))
        XCTAssertFalse(rule.staysAwake(now: 1_000_000_000))
    }

    func testASequentialTransferKeepsTheThreadAwakeForTheWindowOnly() {
        var rule = EngineWakefulness()
        let start: UInt64 = 5_000_000_000
        rule.transfersChanged(running: 1, now: start)  // started
        XCTAssertTrue(rule.staysAwake(now: start))
        XCTAssertTrue(rule.staysAwake(now: start + window - 1))
        XCTAssertFalse(rule.staysAwake(now: start + window), "the window expires")
        rule.transfersChanged(running: 0, now: start + 400_000)  // finished
        XCTAssertTrue(rule.staysAwake(now: start + 400_000 + window - 1), "a finish opens the window again")
        XCTAssertFalse(rule.staysAwake(now: start + 400_000 + window))
    }

    func testEachEventPushesTheWindowBack() {
        var rule = EngineWakefulness()
        rule.transfersChanged(running: 1, now: 1_000)
        rule.transfersChanged(running: 0, now: 1_000 + 200_000)
        rule.transfersChanged(running: 1, now: 1_000 + 400_000)
        XCTAssertTrue(rule.staysAwake(now: 1_000 + 400_000 + window - 1))
        XCTAssertFalse(rule.staysAwake(now: 1_000 + 400_000 + window))
    }

    func testOverlapShutsTheWindowAtOnceAndForTheHold() {
        var rule = EngineWakefulness()
        let start: UInt64 = 7_000_000_000
        rule.transfersChanged(running: 1, now: start)
        XCTAssertTrue(rule.staysAwake(now: start + 1))
        rule.transfersChanged(running: 2, now: start + 10)
        XCTAssertFalse(rule.staysAwake(now: start + 11), "overlapping transfers: the thread sleeps")
        rule.transfersChanged(running: 1, now: start + 1_000)
        rule.transfersChanged(running: 0, now: start + hold)
        XCTAssertFalse(rule.staysAwake(now: start + hold + 1), "no window while overlap was seen lately")
        rule.transfersChanged(running: 1, now: start + 10 + hold)
        XCTAssertTrue(rule.staysAwake(now: start + 10 + hold + 1), "the hold is over")
    }

    func testRepeatedOverlapKeepsTheWindowShut() {
        var rule = EngineWakefulness()
        var now: UInt64 = 1_000_000
        for running in [3, 8, 2, 5, 2] {
            now += hold / 2
            rule.transfersChanged(running: running, now: now)
        }
        rule.transfersChanged(running: 1, now: now + hold - 1)
        XCTAssertFalse(rule.staysAwake(now: now + hold - 1), "the hold counts from the last overlap")
        rule.transfersChanged(running: 0, now: now + hold)
        XCTAssertTrue(rule.staysAwake(now: now + hold))
    }

    func testCustomWindowAndHold() {
        var rule = EngineWakefulness(window: 10, overlapHold: 100)
        rule.transfersChanged(running: 2, now: 0)
        rule.transfersChanged(running: 1, now: 99)
        XCTAssertFalse(rule.staysAwake(now: 99))
        rule.transfersChanged(running: 1, now: 100)
        XCTAssertTrue(rule.staysAwake(now: 109))
        XCTAssertFalse(rule.staysAwake(now: 110))
    }
}
