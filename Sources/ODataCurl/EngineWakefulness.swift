/// Whether the engine's thread stays awake (polls without blocking) or sleeps in `curl_multi_poll`.
///
/// A sequential client sends its next request shortly after the previous one finished (it decodes the
/// response in between); an engine thread asleep in `curl_multi_poll` then has to be woken by
/// `curl_multi_wakeup`, and a response arriving while it sleeps by the kernel: each a futex wake-up and
/// scheduler latency that the request waits for. So for `window` nanoseconds after a transfer started or
/// finished while at most one transfer runs, the thread polls with a zero timeout and yields instead, and
/// picks up the next request (and the response) without being woken.
///
/// Transfers that overlap (a concurrent client) have no such latency to hide: the thread is kept busy by
/// their events anyway. So once more than one transfer runs, the window stays shut for `overlapHold`
/// nanoseconds after the last time it was seen, and polling does not burn CPU under concurrent load.
///
/// The rule only: times are `DispatchTime` nanoseconds passed in by the engine (and by tests).
package struct EngineWakefulness: Sendable {
    /// How long the thread stays awake after a transfer started or finished (250 µs: longer than a
    /// sequential client's turn from one 100-entity page's response to its next request).
    package let window: UInt64
    /// How long the window stays shut after transfers were seen overlapping (20 ms).
    package let overlapHold: UInt64
    /// Until when the thread stays awake.
    private var awakeUntil: UInt64 = 0
    /// Until when no window opens (transfers overlapped lately).
    private var shutUntil: UInt64 = 0

    /// Creates the rule with its window and overlap hold, in nanoseconds.
    package init(window: UInt64 = 250_000, overlapHold: UInt64 = 20_000_000) {
        self.window = window
        self.overlapHold = overlapHold
    }

    /// A transfer started or finished at `now`; `running` transfers are active after it.
    package mutating func transfersChanged(running: Int, now: UInt64) {
        if running > 1 {
            shutUntil = now &+ overlapHold
            awakeUntil = 0
        } else if now >= shutUntil {
            awakeUntil = now &+ window
        }
    }

    /// Whether the thread polls without blocking at `now` rather than sleeping.
    package func staysAwake(now: UInt64) -> Bool { now < awakeUntil }
}
