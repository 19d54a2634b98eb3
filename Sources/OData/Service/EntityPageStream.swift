/// One page of a collection as a provider delivers it to `PagedEntities`: runs of entities while the page
/// arrives, then the page's paging facts (next link, count). The answer of `DataServiceOperation.streamPage`.
///
/// A provider that reads a page whole answers `EntityPageStream(page:)`: one run, then the facts. The online
/// provider over a transport that streams response bodies (`ODataTransport.streamsResponseBodies`) decodes each
/// piece of the body as it is taken, so a huge page never sits whole in memory; dropping the stream cancels the
/// transfer. Read by one task at a time.
public final class EntityPageStream: @unchecked Sendable {
    private enum Source: Sendable {
        case whole(EntityList, delivered: Bool)
        case streamed(StreamedPage)
    }

    private var source: Source

    /// A page read whole: its entities are the one run.
    public init(page: EntityList) {
        source = .whole(page, delivered: false)
    }

    init(streaming page: StreamedPage) {
        source = .streamed(page)
    }

    /// The body stream of a streamed page (nil for a page read whole), for its buffer and pause figures.
    var stream: ResponseBodyStream? {
        if case .streamed(let page) = source { return page.stream }
        return nil
    }

    /// The entities of the next run (possibly none, when a piece of the body completes no entity), nil once the
    /// page's body has ended.
    public func nextEntities() async throws(ODataError) -> [EntityValue]? {
        switch source {
        case .whole(let page, let delivered):
            if delivered { return nil }
            var rest = page
            rest.entities = []
            source = .whole(rest, delivered: true)
            return page.entities
        case .streamed(let page):
            do { return try await page.nextEntities() } catch { throw ODataError(wrapping: error) }
        }
    }

    /// The page's paging facts once its runs are taken (its entities are the runs not yet taken, none when every
    /// run was taken).
    public func finish() async throws(ODataError) -> EntityList {
        switch source {
        case .whole(let page, _):
            return page
        case .streamed(let page):
            do { return try await page.finish() } catch { throw ODataError(wrapping: error) }
        }
    }
}
