#if canImport(Glibc)
    import Glibc
#endif

/// How the tool's heap grows while it parses a large document.
///
/// A 2 MB document builds a model of about 10 MB. Grown as glibc grows it by default, a little at a time and in
/// 4 KB pages, each first touch of a page is a page fault: about 1,500 of them, a fifth of the whole process's
/// time in a virtual machine. Before parsing a large file the tool asks glibc to grow the heap 32 MB at a time
/// (`M_TOP_PAD`), never to give the top of it back (`M_TRIM_THRESHOLD`), to keep blocks up to 4 MB in it
/// (`M_MMAP_THRESHOLD`), and marks that region for transparent
/// huge pages (`MADV_HUGEPAGE`), as glibc's own `glibc.malloc.hugetlb=1` tunable would: the model then lands in a
/// few 2 MB pages. Only the tool does this, never the libraries: how a process's heap grows is its owner's choice.
/// Where the system has no transparent huge pages or `mallopt`, nothing changes.
enum ProcessHeap {
    /// Documents at least this large get the larger heap steps; smaller ones would only pay for zeroing a 2 MB page.
    static let threshold = 512 * 1024

    /// Prepares the heap once if the file at `path` is at least `threshold` bytes.
    static func prepare(forFileAt path: String) {
        #if canImport(Glibc)
            var status = stat()
            guard stat(path, &status) == 0, Int(status.st_size) >= threshold else { return }
            _ = largeSteps
        #endif
    }

    #if canImport(Glibc)
        /// The bytes the heap grows by at a time, a multiple of the huge page size.
        private static let step = 32 << 20
        private static let hugePage = 2 << 20
        /// Larger than what the heap has free when the tool starts, below the size glibc maps apart from the heap.
        private static let probeSize = 1 << 20

        /// Sets the heap's growth once (a lazy static is initialised exactly once). Its value is the address of the
        /// filler block below: kept, so that the compiler cannot drop the allocation as unused (a `malloc` whose
        /// result went nowhere was removed from the build, and the model landed below the huge pages).
        private static let largeSteps: Int = {
            // `mallopt` is not in the Glibc module (it lives in malloc.h); it is looked up by name.
            typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return 0 }
            let mallopt = unsafeBitCast(symbol, to: MallocOption.self)
            let trimThreshold: Int32 = -1
            let topPad: Int32 = -2
            let mmapThreshold: Int32 = -3  // their values in malloc.h
            guard mallopt(topPad, Int32(step)) == 1, mallopt(trimThreshold, Int32(2 * step)) == 1,
                mallopt(mmapThreshold, Int32(probeSize * 4)) == 1
            else { return 0 }
            // A block larger than anything free in the young heap makes glibc grow it by one step now; freeing it
            // leaves the step in place (the trim threshold is above it).
            guard let probe = malloc(probeSize) else { return 0 }
            let base = Int(bitPattern: probe)
            let end = Int(bitPattern: sbrk(0))
            // The huge pages start at the first 2 MB boundary past the probe's end, where glibc wrote the header of
            // the heap's free top when it carved out the probe: a 2 MB range with a 4 KB page already in it gets no
            // huge page, and from the probe's own boundary on, a document's model took some 480 page faults more.
            let start = (base + probeSize + 4096 + hugePage - 1) & ~(hugePage - 1)
            let length = (end - start) & ~(hugePage - 1)
            free(probe)
            guard length > 0, madvise(UnsafeMutableRawPointer(bitPattern: start), length, MADV_HUGEPAGE) == 0 else { return 0 }
            // Below `start` the heap has 4 KB pages, and glibc would place the model there first. A block that fills
            // that part, kept and never touched, costs address space only, so the model lands in huge pages.
            let filler = start - base - 64
            return filler >= 4096 ? Int(bitPattern: malloc(filler)) : 0
        }()
    #endif
}
