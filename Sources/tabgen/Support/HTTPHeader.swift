import ArgumentParser

/// `--header 'Name: value'`: a request header sent with every page fetched.
struct HTTPHeader: ExpressibleByArgument, Sendable, Equatable {
    var name: String
    var value: String

    init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `Name: value`; the name must be an HTTP token and neither part may hold a
    /// line break (which would smuggle in another header).
    init?(argument: String) {
        guard let colon = argument.firstIndex(of: ":") else { return nil }
        let name = String(argument[..<colon])
        let value = argument[argument.index(after: colon)...].trimmingASCIISpaces()
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(Self.isTokenCharacter),
              !value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else { return nil }
        self.name = name
        self.value = value
    }

    /// RFC 9110 `tchar`.
    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": true
        case "!", "#", "$", "%", "&", "'", "*", "+", "-", ".", "^", "_", "`", "|", "~": true
        default: false
        }
    }
}

extension Substring {
    func trimmingASCIISpaces() -> String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
