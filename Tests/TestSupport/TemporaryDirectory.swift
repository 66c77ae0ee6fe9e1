import Foundation

/// A new directory `label-UUID` in the system's temporary directory, removed by the caller.
public func temporaryDirectory(_ label: String = "tabgen-test") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The base of a suite whose tests each work in a temporary directory of their own:
/// Swift Testing makes an instance of the suite per test, and `deinit` removes it.
open class TemporaryDirectorySuite {
    public let directory: URL

    public init() throws { directory = try temporaryDirectory() }

    deinit { try? FileManager.default.removeItem(at: directory) }
}
