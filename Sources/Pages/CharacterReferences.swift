/// Decodes HTML character references (`&quot;`, `&#34;`, `&#x22;`) as the WHATWG
/// tokenizer does (HTML Living Standard, 13.2.5.72-80), including its repairs of
/// references that are not quite right.
package enum CharacterReferences {
    /// Decodes the references in `bytes` (UTF-8). In an attribute value
    /// (`inAttribute`), a named reference without its `;` that is followed by `=` or
    /// an ASCII letter or digit stays as written: `?a=1&copy=2` keeps `&copy`.
    /// Invalid UTF-8 becomes U+FFFD, as a UTF-8 decoder would leave it.
    package static func decode(_ bytes: some Collection<UInt8>, inAttribute: Bool) -> String {
        let input = Array(bytes)
        guard input.contains(ampersand) else { return String(decoding: input, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            let byte = input[index]
            guard byte == ampersand, index + 1 < input.count else {
                output.append(byte)
                index += 1
                continue
            }
            let next = input[index + 1]
            if next == UInt8(ascii: "#") {
                index = numeric(input, at: index, into: &output)
            } else if isASCIIAlphanumeric(next) {
                index = named(input, at: index, inAttribute: inAttribute, into: &output)
            } else {
                output.append(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes the references in `text`.
    package static func decode(_ text: String, inAttribute: Bool = false) -> String {
        decode(Array(text.utf8), inAttribute: inAttribute)
    }

    /// The scalar a numeric reference to `number` stands for, with the spec's repairs:
    /// 0, surrogates and numbers past U+10FFFF become U+FFFD, and the C1 controls
    /// 0x80-0x9F that Windows-1252 assigns become those characters.
    package static func scalar(forNumber number: UInt32) -> Unicode.Scalar {
        if number == 0 || number > 0x10FFFF || (0xD800...0xDFFF).contains(number) { return replacement }
        if let remapped = windows1252[number] { return remapped }
        return Unicode.Scalar(number) ?? replacement
    }

    // MARK: - Numeric references

    /// `&#` at `start`: returns where decoding continues.
    private static func numeric(_ input: [UInt8], at start: Int, into output: inout [UInt8]) -> Int {
        var index = start + 2
        let hexadecimal = index < input.count && (input[index] == UInt8(ascii: "x") || input[index] == UInt8(ascii: "X"))
        if hexadecimal { index += 1 }
        let digitsStart = index
        var number: UInt32 = 0
        while index < input.count, let digit = digitValue(input[index], hexadecimal: hexadecimal) {
            // Past U+10FFFF the exact value no longer matters; stop growing it.
            number = min(number * (hexadecimal ? 16 : 10) + digit, 0x110000)
            index += 1
        }
        if index == digitsStart {
            // No digits: the text stays as written (absence-of-digits parse error).
            output.append(contentsOf: input[start..<digitsStart])
            return digitsStart
        }
        if index < input.count, input[index] == UInt8(ascii: ";") { index += 1 }
        append(scalar(forNumber: number), to: &output)
        return index
    }

    private static func digitValue(_ byte: UInt8, hexadecimal: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hexadecimal: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hexadecimal: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The numeric character reference end state's table.
    private static let windows1252: [UInt32: Unicode.Scalar] = [
        0x80: "\u{20AC}", 0x82: "\u{201A}", 0x83: "\u{0192}", 0x84: "\u{201E}", 0x85: "\u{2026}",
        0x86: "\u{2020}", 0x87: "\u{2021}", 0x88: "\u{02C6}", 0x89: "\u{2030}", 0x8A: "\u{0160}",
        0x8B: "\u{2039}", 0x8C: "\u{0152}", 0x8E: "\u{017D}", 0x91: "\u{2018}", 0x92: "\u{2019}",
        0x93: "\u{201C}", 0x94: "\u{201D}", 0x95: "\u{2022}", 0x96: "\u{2013}", 0x97: "\u{2014}",
        0x98: "\u{02DC}", 0x99: "\u{2122}", 0x9A: "\u{0161}", 0x9B: "\u{203A}", 0x9C: "\u{0153}",
        0x9E: "\u{017E}", 0x9F: "\u{0178}",
    ]

    // MARK: - Named references

    /// `&` and a letter or digit at `start`: the longest name in the table that the
    /// text begins with wins (`&notin;` is one reference, `&notit;` is `&not` + `it;`).
    private static func named(_ input: [UInt8], at start: Int, inAttribute: Bool, into output: inout [UInt8]) -> Int {
        let nameStart = start + 1
        var runEnd = nameStart
        while runEnd < input.count, runEnd - nameStart < NamedCharacterReferences.longestName, isASCIIAlphanumeric(input[runEnd]) {
            runEnd += 1
        }
        var match: (end: Int, scalars: [Unicode.Scalar])?
        if runEnd < input.count, input[runEnd] == UInt8(ascii: ";"),
           let scalars = NamedCharacterReferences.scalars(for: input[nameStart...runEnd]) {
            match = (runEnd + 1, scalars)
        } else {
            var end = runEnd
            while end > nameStart {
                if let scalars = NamedCharacterReferences.scalars(for: input[nameStart..<end]) {
                    match = (end, scalars)
                    break
                }
                end -= 1
            }
        }
        guard let (end, scalars) = match else {
            // Not a reference: `&` and the name stay as text (the ambiguous ampersand).
            output.append(ampersand)
            return nameStart
        }
        if inAttribute, input[end - 1] != UInt8(ascii: ";"), end < input.count,
           input[end] == UInt8(ascii: "=") || isASCIIAlphanumeric(input[end]) {
            // The attribute-value rule: legacy references in URLs such as `?x=1&not=2`.
            output.append(contentsOf: input[start..<end])
            return end
        }
        for scalar in scalars { append(scalar, to: &output) }
        return end
    }

    // MARK: - Helpers

    private static let ampersand = UInt8(ascii: "&")
    private static let replacement: Unicode.Scalar = "\u{FFFD}"

    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func append(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        output.append(contentsOf: scalar.utf8)
    }
}

/// Lookups in the generated table.
extension NamedCharacterReferences {
    /// Name (as written after `&`, with `;` when it has one) to replacement scalars.
    static let table: [String: [Unicode.Scalar]] = {
        var table: [String: [Unicode.Scalar]] = [:]
        table.reserveCapacity(NamedCharacterReferences.count)
        for row in NamedCharacterReferences.rows.split(separator: "\n") {
            let fields = row.split(separator: " ")
            let scalars = fields.dropFirst().compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            table[String(fields[0])] = scalars
        }
        return table
    }()

    static func scalars(for name: ArraySlice<UInt8>) -> [Unicode.Scalar]? {
        table[String(decoding: name, as: UTF8.self)]
    }
}
