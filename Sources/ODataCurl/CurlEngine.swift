import CCurl
import Foundation
import OData

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libcurl's global initialisation, done once before the first handle is made.
private let curlGlobalInit: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

/// The multi handle of one transport and the thread that drives it.
///
/// Every libcurl call on the multi handle, its easy handles and the shared cookie jar happens on the
/// engine's thread; other threads only queue transfers and cancellations under `lock` and wake the
/// thread with `curl_multi_wakeup` (the one call libcurl allows from another thread) unless it is awake.
///
/// Awake means the thread will look at the queues before it next blocks: it sets `awake` under `lock` when it
/// takes the queues and clears it under `lock`, with the queues empty, just before it blocks in
/// `curl_multi_poll`. A thread that queued something while `awake` was set skips the wake-up (the engine sees
/// the queue); one that finds it cleared wakes the engine, whose next poll then returns at once. Between
/// transfers of a sequential client the thread stays awake for a short window (`EngineWakefulness`).
final class CurlEngine: @unchecked Sendable {
    private let lock = NSLock()
    private var submitted: [CurlTransfer] = []
    private var cancelled: [CurlTransfer] = []
    private var resumed: [CurlTransfer] = []
    private var stopping = false
    /// Whether the thread will look at the queues before it blocks (guarded by `lock`).
    private var awake = true

    private let multi: UnsafeMutableRawPointer
    private let share: UnsafeMutableRawPointer
    private let options: CurlHandleOptions
    // Owned by the engine's thread:
    private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    private var spareHandles: [UnsafeMutableRawPointer] = []
    private var wakefulness = EngineWakefulness()
    /// Whether a transfer started or finished in this turn of the loop.
    private var transfersChanged = false

    init(configuration: CurlTransport.Configuration) {
        _ = curlGlobalInit
        multi = curl_multi_init()
        share = curl_share_init()
        options = CurlHandleOptions(configuration: configuration, share: share)
        _ = odc_share_set_long(share, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_COOKIE.rawValue))
        _ = odc_share_set_long(share, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_SSL_SESSION.rawValue))
        _ = odc_multi_set_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, max(1, configuration.maximumConnectionsPerHost))
        _ = odc_multi_set_long(multi, CURLMOPT_MAXCONNECTS, max(16, 4 * configuration.maximumConnectionsPerHost))
        _ = odc_multi_set_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        let thread = Thread { [self] in run() }
        thread.name = "ODataCurl"
        thread.start()
    }

    /// Queues a transfer (already holding its continuation) for the engine's thread.
    func submit(_ transfer: CurlTransfer) {
        let asleep = lock.withLock { () -> Bool in
            submitted.append(transfer)
            return !awake
        }
        if asleep { curl_multi_wakeup(multi) }
    }

    /// Cancels a transfer, whether it is queued, running or not yet submitted.
    func cancel(_ transfer: CurlTransfer) {
        let asleep = lock.withLock { () -> Bool in
            transfer.cancelRequested = true
            cancelled.append(transfer)
            return !awake
        }
        if asleep { curl_multi_wakeup(multi) }
    }

    /// Resumes a transfer paused because its `ResponseBodyStream`'s reader was behind.
    func resume(_ transfer: CurlTransfer) {
        let asleep = lock.withLock { () -> Bool in
            resumed.append(transfer)
            return !awake
        }
        if asleep { curl_multi_wakeup(multi) }
    }

    /// Lets the thread finish the running transfers, then release every handle.
    func shutDown() {
        lock.withLock { stopping = true }
        curl_multi_wakeup(multi)
    }

    private func run() {
        odc_name_current_thread("ODataCurl")  // corelibs Foundation keeps `Thread.name` to itself; `top -H` and `perf` show this
        var running: Int32 = 0
        while true {
            let (newTransfers, cancellations, resumptions, stop) = lock.withLock {
                awake = true
                defer {
                    submitted.removeAll()
                    cancelled.removeAll()
                    resumed.removeAll()
                }
                return (submitted, cancelled, resumed, stopping)
            }
            for transfer in cancellations { abort(transfer, with: transfer.cancellationError()) }
            for transfer in newTransfers { start(transfer) }
            for transfer in resumptions { unpause(transfer) }
            if stop && active.isEmpty { break }
            curl_multi_perform(multi, &running)
            collectFinished()
            let now = DispatchTime.now().uptimeNanoseconds
            var wait = 1_000
            if !active.isEmpty {
                var idle: [CurlTransfer] = []
                for transfer in active.values where !transfer.paused {
                    if transfer.moved { transfer.touch(now: now) }
                    let remaining = transfer.idleDeadline - Int64(bitPattern: now)
                    if remaining <= 0 {
                        idle.append(transfer)
                    } else {
                        wait = min(wait, Int(remaining / 1_000_000) + 1)
                    }
                    if transfer.statusCode == 0, Self.isWaitingForConnection(transfer) { wait = min(wait, Self.pendingPoll) }
                }
                for transfer in idle { abort(transfer, with: transfer.idleTimeoutError()) }
            }
            if transfersChanged {
                transfersChanged = false
                wakefulness.transfersChanged(running: active.count, now: now)
            }
            if wakefulness.staysAwake(now: now) {
                // between a sequential client's transfers: look again soon instead of blocking
                curl_multi_poll(multi, nil, 0, 0, nil)
                sched_yield()
                continue
            }
            let mayBlock = lock.withLock { () -> Bool in
                guard submitted.isEmpty, cancelled.isEmpty, resumed.isEmpty else { return false }
                awake = false  // from here on, whoever queues something wakes the thread
                return true
            }
            if mayBlock { curl_multi_poll(multi, nil, 0, Int32(wait), nil) }
        }
        for handle in spareHandles { curl_easy_cleanup(handle) }
        curl_multi_cleanup(multi)
        curl_share_cleanup(share)
    }

    /// How long (ms) the thread blocks at most while a transfer waits for a connection.
    ///
    /// libcurl (7.88) queues a transfer beyond `CURLMOPT_MAX_HOST_CONNECTIONS` as pending and, when a
    /// connection frees up, does not always take it up again nor set a timer for it: it then waits for the
    /// next `curl_multi_perform`, which without other events came only after the poll's 1 s timeout.
    static let pendingPoll = 10

    /// Whether a transfer has not yet sent its request (it waits for a connection or is connecting).
    private static func isWaitingForConnection(_ transfer: CurlTransfer) -> Bool {
        guard let handle = transfer.handle else { return false }
        var sent: curl_off_t = 0
        return odc_easy_get_offset(handle, CURLINFO_PRETRANSFER_TIME_T, &sent) == CURLE_OK && sent == 0
    }

    private func start(_ transfer: CurlTransfer) {
        transfersChanged = true
        if lock.withLock({ transfer.cancelRequested }) {
            transfer.finish(.failure(transfer.cancellationError()))
            return
        }
        guard let handle = spareHandles.popLast() ?? curl_easy_init() else {
            transfer.finish(.failure(transfer.failure(code: CURLE_FAILED_INIT)))
            return
        }
        if let error = transfer.configure(handle, options: options) {
            recycle(handle)
            transfer.finish(.failure(error))
            return
        }
        let added = curl_multi_add_handle(multi, handle)
        guard added == CURLM_OK else {
            recycle(handle)
            let reason = String(cString: curl_multi_strerror(added))
            transfer.finish(
                .failure(
                    ODataError(
                        .transport, "libcurl could not start the transfer: \(reason)", method: transfer.request.method,
                        url: transfer.request.url)))
            return
        }
        active[handle] = transfer
        // weak: the stream is the transfer's observer, so a strong reference would make a cycle
        transfer.observer?.onRoom { [weak self, weak transfer] in
            if let transfer { self?.resume(transfer) }
        }
        // the stream's reader gave up (the page cannot be decoded): the rest of the body is not wanted
        transfer.observer?.onAbort { [weak self, weak transfer] in
            if let transfer { self?.cancel(transfer) }
        }
    }

    /// Lets a paused transfer go on (libcurl delivers the bytes it kept at once, from this call).
    private func unpause(_ transfer: CurlTransfer) {
        guard transfer.paused, let handle = transfer.handle, active[handle] === transfer else { return }
        transfer.paused = false
        transfer.touch(now: DispatchTime.now().uptimeNanoseconds)
        curl_easy_pause(handle, CURLPAUSE_CONT)
    }

    private func collectFinished() {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            var code = CURLE_OK
            guard let handle = odc_message_done(message, &code), let transfer = active.removeValue(forKey: handle) else { continue }
            // the caller resumes first (its wake-up overlaps the clean-up); the transfer outlives the clean-up, as
            // the handle still points to its header list and error buffer until `curl_easy_reset`
            transfer.finish(transfer.result(code: code, handle: handle))
            withExtendedLifetime(transfer) {
                curl_multi_remove_handle(multi, handle)
                recycle(handle)
            }
            transfersChanged = true
        }
    }

    /// Stops a running transfer with `error` (no-op when it already finished or never started).
    private func abort(_ transfer: CurlTransfer, with error: ODataError) {
        guard let handle = transfer.handle, active[handle] === transfer else { return }
        active.removeValue(forKey: handle)
        curl_multi_remove_handle(multi, handle)
        recycle(handle)
        transfer.finish(.failure(error))
        transfersChanged = true
    }

    /// Clears a handle's options (keeping its connection and caches) for the next transfer.
    private func recycle(_ handle: UnsafeMutableRawPointer) {
        curl_easy_reset(handle)
        if spareHandles.count < 32 { spareHandles.append(handle) } else { curl_easy_cleanup(handle) }
    }
}
