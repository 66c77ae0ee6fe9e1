// libyaml, which Yams is built on: its event parser keeps its own stacks (no recursion)
// and never expands an alias, so it can look at a hostile file safely.
import CYaml

/// The checks every reader of tabgen.yml makes before handing the text to Yams, whose
/// composer recurses once per level of nesting (200,000 `[` overflowed the stack) and
/// expands aliases into copies (a 489-byte "billion laughs" file grew to 10 GB). Shared
/// by tabgen and the SwiftPM plugin's runner, which cannot import tabgen.
public enum YAMLGuard {
    /// The deepest nesting of sequences and mappings allowed (a config needs about 5).
    public static let maxDepth = 64

    /// The largest tabgen.yml read at all (a config is a few hundred bytes), checked
    /// before the text is read, so a huge file costs no memory.
    public static let maxBytes = 1 << 20

    /// Why a text was refused, and where (1-based line and column).
    public struct Refusal: Error, Equatable, Sendable {
        public var line: Int
        public var column: Int
        public var message: String
    }

    /// The first alias or over-deep collection in `text`, as libyaml reads it (so quoted
    /// strings, comments and block scalars hold no false alarms); nil when there is none
    /// or the text stops parsing before one: the composer then reports the syntax error.
    public static func check(_ text: String) -> Refusal? {
        let bytes = Array(text.utf8)
        if bytes.isEmpty { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> Refusal? in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else { return nil }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var depth = 0
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                let line = Int(event.start_mark.line) + 1
                let column = Int(event.start_mark.column) + 1
                switch event.type {
                case YAML_ALIAS_EVENT:
                    return Refusal(line: line, column: column,
                                   message: "YAML aliases (*name) are not allowed: write the value out (an alias repeats its anchor's value, and a few can grow a small file into gigabytes)")
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    depth += 1
                    if depth > maxDepth {
                        return Refusal(line: line, column: column,
                                       message: "nested more than \(maxDepth) levels deep (the limit on nesting in a config file)")
                    }
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    depth -= 1
                case YAML_STREAM_END_EVENT:
                    return nil
                default:
                    break
                }
            }
        }
    }
}
