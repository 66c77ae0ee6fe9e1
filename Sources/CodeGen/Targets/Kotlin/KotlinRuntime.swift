import Schema

/// `TabgenRuntime.kt`: `Runtime/kotlin/TabgenRuntime.kt` with only the parts a schema's
/// code uses, so an app carries no public runtime API its schema does not need. Which
/// part needs which is written in the runtime (`tabgen:needs`); here only what generated
/// code names, and what the runtime file becomes in a package and a visibility.
enum KotlinRuntime {
    static let path = "kotlin/TabgenRuntime.kt"

    /// The runtime's optional parts (its `tabgen:features`), named as generated code
    /// refers to them, and each rule kind's code (`usesNonEmpty`, selected by the kinds the
    /// schemas use: `TargetInput.runtimeRuleFeatures`). `BridgeJson`, `TabgenSeverity`, `TabgenViolation`,
    /// `TabgenValidation` and `TabgenJsonText` are always there.
    static let features: [String] = [
        "TabgenStrict", "TabgenBooleanSerializer", "TabgenFloatSerializer", "TabgenDoubleSerializer", "TabgenInt8Serializer",
        "TabgenUInt8Serializer", "TabgenInt16Serializer", "TabgenUInt16Serializer", "TabgenInt32Serializer", "TabgenUInt32Serializer",
        "TabgenTimestamp", "TabgenOptional", "TabgenOptionalValueSerializer", "TabgenTolerantSerializer", "TabgenUnion",
        "TabgenRule", "tabgenEachElement", "tabgenEachValue", "TabgenJsonValues", "TabgenSchema", "TabgenFixtures",
    ] + RuleKinds.all.map { $0.runtimeFeature }

    /// Names generated code may write for a part, mapped to the part ("": always there).
    static let aliases: [String: String] = [
        "TabgenTimestampSerializer": "TabgenTimestamp", "TabgenOptionalSerializer": "TabgenOptional",
        "TabgenToken": "TabgenRule", "TabgenCondition": "TabgenRule", "TabgenSeverity": "", "TabgenDeviation": "TabgenTolerantSerializer",
        "TabgenDeviations": "TabgenTolerantSerializer", "TabgenDecodingException": "TabgenSchema", "TabgenFixture": "TabgenFixtures",
        "TabgenFixtureCase": "TabgenFixtures",
    ]

    /// The package the runtime file is written in; `package` replaces it.
    static let sourcePackage = "tabgen.runtime"

    /// The runtime for the parts `used` names (every part with `all`), in `package`, its
    /// declarations `public` or `internal`.
    static func text(used: Set<String>, all: Bool, package: String, visibility: KotlinOptions.Visibility) -> RuntimeText {
        let selected = all ? Set(features) : used.intersection(features)
        return RuntimeText(path: path, comment: "//", features: selected) { text in
            adjusted(text, package: package, visibility: visibility)
        }
    }

    /// The selected runtime in `package`, with `visibility`, importing only what it uses.
    static func adjusted(_ text: String, package: String, visibility: KotlinOptions.Visibility) -> String {
        let lines = text.replacingOccurrences(of: sourcePackage, with: package).split(separator: "\n", omittingEmptySubsequences: false)
        let code = lines.filter { !$0.hasPrefix("import ") && !isComment($0) }.joined(separator: "\n")
        let words = identifiers(in: code)
        var output: [String] = []
        output.reserveCapacity(lines.count)
        for line in lines {
            if line.hasPrefix("import ") {
                if let name = line.split(separator: ".").last, words.contains(String(name)) { output.append(String(line)) }
                continue
            }
            output.append(visibility == .public ? String(line) : demoted(line))
        }
        return output.joined(separator: "\n")
    }

    /// A line of the runtime (written `public`) for `visibility: internal`: top-level
    /// declarations internal, members without a modifier (they are internal with their
    /// type; explicit API mode asks only for effectively public ones).
    static func demoted(_ line: Substring) -> String {
        let modifier = "public "
        if line.hasPrefix(modifier) { return "internal " + line.dropFirst(modifier.count).replacingOccurrences(of: modifier, with: "") }
        return line.replacingOccurrences(of: modifier, with: "")
    }

    static func isComment(_ line: Substring) -> Bool {
        let trimmed = line.drop { $0 == " " }
        return trimmed.hasPrefix("*") || trimmed.hasPrefix("/*") || trimmed.hasPrefix("//")
    }

    /// The identifiers `code` uses as an import would name them: a class or object not
    /// qualified (`java.text.Normalizer` needs no import), an extension (lowercase:
    /// `serializer`, `nullable`) after a dot or called, unless the file declares a
    /// function of that name (`fun nullable(`).
    static func identifiers(in code: String) -> Set<String> {
        var types: Set<String> = []
        var extensions: Set<String> = []
        var called: Set<String> = []
        var declared: Set<String> = []
        let characters = Array(code.unicodeScalars)
        var index = 0
        var previous = ""
        while index < characters.count {
            guard isWordCharacter(characters[index]) else { index += 1; continue }
            let start = index
            while index < characters.count, isWordCharacter(characters[index]) { index += 1 }
            let word = String(String.UnicodeScalarView(characters[start..<index]))
            let afterDot = start > 0 && characters[start - 1] == "."
            if word.first?.isUppercase == true {
                if !afterDot { types.insert(word) }
            } else if afterDot {
                extensions.insert(word)
            } else if index < characters.count, characters[index] == "(" {
                if previous == "fun" { declared.insert(word) } else { called.insert(word) }
            }
            previous = word
        }
        return types.union(extensions).union(called.subtracting(declared))
    }

    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
    }

    /// The part names mentioned in a template context (strings, lists, nested contexts).
    static func mentioned(in value: Any, into names: inout Set<String>) {
        switch value {
        case let text as String:
            scan(text, into: &names)
        case let dictionary as [String: Any]:
            for item in dictionary.values { mentioned(in: item, into: &names) }
        case let list as [Any]:
            for item in list { mentioned(in: item, into: &names) }
        case let nested as NestedTemplate:
            mentioned(in: nested.context, into: &names)
        default:
            break
        }
    }

    /// Adds every `Tabgen…`/`tabgen…` identifier of `text`, as its part.
    static func scan(_ text: String, into names: inout Set<String>) {
        var word = ""
        func flush() {
            if word.hasPrefix("Tabgen") || word.hasPrefix("tabgen") {
                if let part = aliases[word] {
                    if !part.isEmpty { names.insert(part) }
                } else {
                    names.insert(word)
                }
            }
            word = ""
        }
        for character in text {
            if character.isASCII && (character.isLetter || character.isNumber || character == "_") {
                word.append(character)
            } else {
                flush()
            }
        }
        flush()
    }
}
