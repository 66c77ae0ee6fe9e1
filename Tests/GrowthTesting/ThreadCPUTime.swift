import Foundation

/// The calling thread's CPU time of `body`, best of three: what growth tests compare
/// (work at n and at 4n), since the thread's own time ignores what other tests and
/// processes do with the machine's cores.
public func threadCPUSeconds(_ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<3 {
        var start = timespec()
        var end = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
        body()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
        best = min(best, Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9)
    }
    return best
}
