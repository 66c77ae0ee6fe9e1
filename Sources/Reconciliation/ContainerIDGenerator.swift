/// Issues container ids in sequence: `c1`, `c2`, … Ids are never reused, as UUIDs
/// would not be, so a disposed container's id never comes back.
public struct ContainerIDGenerator: Sendable {
    private var issued = 0

    public init() {}

    public mutating func next() -> ContainerID {
        issued += 1
        return ContainerID("c\(issued)")
    }
}
