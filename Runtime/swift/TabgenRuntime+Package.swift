// Not copied into generated code: the entry points the tabgen package's own modules
// (Schema, tabgen) call, so that the CLI and the generated Swift run one definition of
// each behaviour they share (issue 25). `package`, not `public`: the runtime's helpers
// stay internal in TabgenRuntime.swift, as generated code gets them, and tabgen's API
// does not grow.

package enum TabgenRuntimeShared {
    /// The offset of the first invalid UTF-8 sequence in `start..<end` of `bytes` (overlong
    /// forms, encoded surrogates, values above U+10FFFF), or nil.
    package static func invalidUTF8(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        TabgenTextScanner(bytes: bytes).invalidUTF8(from: start, to: end)
    }

    /// Whether `text` is an RFC 3339 `date-time`, as JTD's `timestamp` requires.
    package static func isRFC3339DateTime(_ text: String) -> Bool {
        TabgenTimestamp.parse(text) != nil
    }

    /// The number of days of `month` (1 to 12) of `year`, proleptic Gregorian.
    package static func daysIn(month: Int, year: Int) -> Int {
        TabgenTimestamp.daysIn(month: month, year: year)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    package static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        TabgenTimestamp.daysFromCivil(year: year, month: month, day: day)
    }

    /// The proleptic Gregorian date (year, month, day) `days` after 1970-01-01.
    package static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        TabgenTimestamp.civilFromDays(days)
    }

    /// The path `text` resolves to against a base path of `/` when it starts with `//`
    /// (RFC 3986 section 5.2, `%2e` counted as a dot); nil otherwise.
    package static func networkPathResolution(of text: String) -> String? {
        TabgenRelativeReference.networkPathResolution(of: text)
    }

    /// What is wrong with `text` as a relative reference (RFC 3986 section 4.2), or nil.
    package static func relativeReferenceProblem(in text: String, allowAuthority: Bool) -> String? {
        TabgenRelativeReference.problem(in: text, allowAuthority: allowAuthority)
    }
}
