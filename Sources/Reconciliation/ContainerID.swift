/// The identity of a container: the client-side UUID of seeds/002.
///
/// Same id means the same web view, navigation stack and scroll position; a new id
/// means fresh state; an id that disappears means that state is destroyed. The value
/// is opaque: plan and tests only compare ids, so short deterministic names (`c1`,
/// `c2`, …) stand in for UUIDs and keep output reproducible.
public struct ContainerID: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public var description: String { rawValue }

    public static func < (lhs: ContainerID, rhs: ContainerID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
