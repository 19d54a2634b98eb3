import CCurlBench
import Foundation

/// The raw libcurl reference: GETs with no SDK, each body collected into a `Data` (as any client must).
enum RawCurl {
    /// Collects one response body.
    final class Sink {
        var body = Data()
        var bytes = 0
    }

    private static func handle(_ url: String, _ sink: Sink) -> UnsafeMutableRawPointer {
        let easy = curl_easy_init()!
        _ = odc_easy_set_string(easy, CURLOPT_URL, url)
        _ = odc_easy_set_long(easy, CURLOPT_NOSIGNAL, 1)
        _ = odc_easy_set_long(easy, CURLOPT_BUFFERSIZE, 256 * 1024)
        _ = odc_easy_set_write_callback(
            easy,
            { buffer, size, count, user in
                let sink = Unmanaged<Sink>.fromOpaque(user!).takeUnretainedValue()
                sink.body.append(UnsafeRawPointer(buffer!).assumingMemoryBound(to: UInt8.self), count: size * count)
                return size * count
            }, Unmanaged.passUnretained(sink).toOpaque())
        return easy
    }

    /// `count` GETs one after the other on one reused handle (`curl_easy_perform`); returns the bytes received.
    /// (The benchmark's sequential figure uses `concurrent(parallel: 1)`, the multi loop, as CurlTransport does.)
    static func sequential(_ url: String, count: Int) -> Int {
        let sink = Sink()
        let easy = handle(url, sink)
        defer { curl_easy_cleanup(easy) }
        var total = 0
        for _ in 0..<count {
            sink.body = Data()
            guard curl_easy_perform(easy) == CURLE_OK else { fatalError("raw libcurl GET failed: \(url)") }
            total += sink.body.count
        }
        return total
    }

    /// `count` GETs with `parallel` transfers at a time on one multi handle; returns the bytes received.
    static func concurrent(_ url: String, count: Int, parallel: Int) -> Int {
        let multi = curl_multi_init()!
        let sinks = (0..<parallel).map { _ in Sink() }
        var owners: [UnsafeMutableRawPointer: Sink] = [:]
        for sink in sinks { owners[handle(url, sink)] = sink }
        var started = 0
        var finished = 0
        var total = 0
        for easy in owners.keys where started < count {
            curl_multi_add_handle(multi, easy)
            started += 1
        }
        var running: Int32 = 0
        var queued: Int32 = 0
        while finished < count {
            curl_multi_perform(multi, &running)
            while let message = curl_multi_info_read(multi, &queued) {
                var code = CURLE_OK
                guard let easy = odc_message_done(message, &code), let sink = owners[easy] else { continue }
                guard code == CURLE_OK else { fatalError("raw libcurl GET failed: \(url)") }
                curl_multi_remove_handle(multi, easy)
                finished += 1
                total += sink.body.count
                sink.body = Data()
                if started < count {
                    curl_multi_add_handle(multi, easy)
                    started += 1
                }
            }
            if finished < count { curl_multi_poll(multi, nil, 0, 100, nil) }
        }
        for easy in owners.keys { curl_easy_cleanup(easy) }
        curl_multi_cleanup(multi)
        return total
    }
}
