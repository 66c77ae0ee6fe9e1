extension PrimitiveType {
    /// The largest magnitude a float type holds, as TG010 names it; nil for the others.
    public var floatLimit: String? {
        switch self {
        case .float32: "3.4028235e+38"
        case .float64: "1.7976931348623157e+308"
        default: nil
        }
    }

    /// How `tabgen validate`'s TG010 message names the type ("expected a string").
    /// Generated validators say the same, so they take it from here.
    public var expectedName: String {
        switch self {
        case .boolean: "a boolean"
        case .string: "a string"
        case .timestamp: "an RFC 3339 timestamp string"
        case .float32, .float64: "a number"
        default:
            if let range = integerRange {
                "\(rawValue) (an integer from \(JSONWriter.format(range.lowerBound)) to \(JSONWriter.format(range.upperBound)))"
            } else {
                rawValue
            }
        }
    }
}
