internal import TabgenRuntime

/// The findings of many payloads as one self-contained HTML page a person reads: charts
/// of the findings over time per code and per app version, totals by code, app version and
/// platform, and the worst payloads with their findings and where they are.
///
/// Like the plan page (PlanHTMLRenderer), it loads nothing (inline CSS and SVG, one small
/// inline script that opens collapsed parts before printing; a Content-Security-Policy
/// forbids any request) and escapes every text from the input. It has no timestamp: the
/// same findings, in any order, give the same bytes.
///
/// The DOM is the contract of the browser test (Tests/Report): a chart is
/// `svg.chart[data-by]`, each drawn count a `rect.bar[data-series][data-bucket][data-count]`.
struct ReportHTMLRenderer {
    /// Series drawn per chart; the others are drawn together as "other".
    static let maxSeries = 8
    /// Time buckets drawn; findings in earlier buckets are counted in a note.
    static let maxBuckets = 400
    /// Rows per totals table; the others are summed in a last row.
    static let maxRows = 50
    /// Findings listed per worst payload.
    static let maxFindingsListed = 50
    /// Worst payloads listed by default (`--worst`), and at most.
    static let defaultWorst = 20
    static let maxWorst = 1000
    /// Characters of one text from the input shown (a carried value, a message).
    static let maxTextLength = 300
    /// Auto bucketing: by hour when the times span at most this many hours, else by day.
    static let hourlySpan = 72

    enum Bucketing: String, CaseIterable {
        case auto, day, hour
    }

    let records: ReportRecords
    var bucketing: Bucketing = .auto
    var worst: Int = defaultWorst

    static let palette = ["#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#8c6d00", "#1f2328"]
    static let otherColor = "#a0a7ae"

    func page() -> String {
        let payloads = records.payloads, findings = records.findings
        let pointers = records.pointers
        let errors = payloads.reduce(0) { $0 + $1.errors }, warnings = payloads.reduce(0) { $0 + $1.warnings }
        let notes = payloads.reduce(0) { $0 + $1.notes }
        let withFindings = payloads.filter { !$0.findings.isEmpty }
        let axis = TimeAxis(times: withFindings.map(\.time), bucketing: bucketing)
        var html = HTMLText.head(title: "tabgen report: \(plural(findings.count, "finding")) in \(plural(withFindings.count, "payload"))", style: Self.style)
            + """
        <body>
        <a class="skip" href="#main">Skip to the report</a>
        <header>
        <h1>Findings in the logged payloads</h1>

        """
        html += "<p class=\"overview\">\(plural(findings.count, "finding")) (\(plural(errors, "error")), \(plural(warnings, "warning")), \(plural(notes, "note"))) in \(plural(withFindings.count, "payload"))"
        if let first = axis.firstLabel, let last = axis.lastLabel {
            html += ", \(escaped(first)) to \(escaped(last))"
        }
        html += ". Times are the carried <code>\(escaped(pointers.time))</code>, app versions <code>\(escaped(pointers.app))</code>, platforms <code>\(escaped(pointers.platform))</code>. The charts count errors and warnings.</p>\n"
        html += "<nav aria-label=\"Contents\"><ul><li><a href=\"#by-code\">Over time by code</a></li><li><a href=\"#by-app\">Over time by app version</a></li><li><a href=\"#totals\">Totals</a></li><li><a href=\"#worst\">Worst payloads</a></li></ul></nav>\n</header>\n"
        html += "<main id=\"main\" tabindex=\"-1\">\n"
        if axis.untimed > 0 {
            html += "<p class=\"note\" role=\"note\">\(plural(axis.untimed, "payload")) with findings \(axis.untimed == 1 ? "has" : "have") no time (no string carried as <code>\(escaped(pointers.time))</code> beginning with a date, YYYY-MM-DD): counted in the totals, not drawn.</p>\n"
        }
        if axis.dropped > 0 {
            html += "<p class=\"note\" role=\"note\">The charts draw the last \(Self.maxBuckets) \(axis.unit)s (the limit of buckets drawn); \(plural(axis.dropped, "payload")) before them \(axis.dropped == 1 ? "is" : "are") counted in the totals, not drawn.</p>\n"
        }
        html += chart(id: "by-code", title: "Findings per \(axis.unit) by code", by: "code", axis: axis) { $0.code ?? "(no code)" }
        html += chart(id: "by-app", title: "Findings per \(axis.unit) by app version", by: "app", axis: axis) { payload, _ in payload.app ?? "(none)" }
        html += "<section id=\"totals\" aria-labelledby=\"totals-h\"><h2 id=\"totals-h\">Totals</h2>\n<div class=\"totals\">\n"
        html += totals(caption: "By code", heading: "Code", explain: true) { $0.code ?? "(no code)" }
        html += totals(caption: "By app version", heading: "App version", explain: false) { payload, _ in payload.app ?? "(none)" }
        html += totals(caption: "By platform", heading: "Platform", explain: false) { payload, _ in payload.platform ?? "(none)" }
        html += "</div>\n</section>\n"
        html += worstPayloads(withFindings)
        html += "</main>\n<footer><p>Made by <code>tabgen report</code> from the findings of <code>tabgen validate --format json</code> or the Spark job (docs/report.md). The same findings give the same page.</p></footer>\n"
        html += "<script>addEventListener(\"beforeprint\",()=>{for(const d of document.querySelectorAll(\"details\"))d.open=true})</script>\n"
        html += "</body>\n</html>"
        return html
    }

    // MARK: - Charts

    private func chart(id: String, title: String, by: String, axis: TimeAxis,
                       series name: (ReportRecords.Finding) -> String) -> String {
        chart(id: id, title: title, by: by, axis: axis) { _, finding in name(finding) }
    }

    /// A stacked bar per time bucket, a colour per series (the largest `maxSeries`, the
    /// rest as "other"), and the same counts as a table for those who do not see it.
    private func chart(id: String, title: String, by: String, axis: TimeAxis,
                       series name: (ReportRecords.Payload, ReportRecords.Finding) -> String) -> String {
        // Counts per series and bucket, errors and warnings only.
        var counts: [String: [Int: Int]] = [:], totals: [String: Int] = [:]
        for finding in records.findings where finding.severity != .note {
            let payload = records.payloads[finding.payload]
            guard let bucket = axis.bucket(payload.time) else { continue }
            let key = name(payload, finding)
            counts[key, default: [:]][bucket, default: 0] += 1
            totals[key, default: 0] += 1
        }
        let ranked = totals.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        var series: [(name: String, counts: [Int: Int], total: Int, color: String)] = []
        for (position, key) in ranked.prefix(Self.maxSeries).enumerated() {
            series.append((key, counts[key] ?? [:], totals[key] ?? 0, Self.palette[position % Self.palette.count]))
        }
        if ranked.count > Self.maxSeries {
            var other: [Int: Int] = [:], total = 0
            for key in ranked.dropFirst(Self.maxSeries) {
                for (bucket, count) in counts[key] ?? [:] { other[bucket, default: 0] += count }
                total += totals[key] ?? 0
            }
            series.append(("other (\(ranked.count - Self.maxSeries) more)", other, total, Self.otherColor))
        }
        var html = "<section class=\"chart-section\" id=\"\(id)\" aria-labelledby=\"\(id)-h\"><h2 id=\"\(id)-h\">\(escaped(title))</h2>\n"
        guard axis.count > 0, !series.isEmpty else {
            return html + "<p class=\"empty\">No error or warning with a time to draw.</p>\n</section>\n"
        }
        var stackTotals = [Int](repeating: 0, count: axis.count)
        for item in series { for (bucket, count) in item.counts { stackTotals[bucket] += count } }
        let top = Self.niceCeiling(stackTotals.max() ?? 1)
        let width = 960.0, height = 260.0, left = 56.0, right = 8.0, topMargin = 12.0, bottom = 40.0
        let plotWidth = width - left - right, plotHeight = height - topMargin - bottom
        let step = plotWidth / Double(axis.count)
        let barWidth = step > 4 ? step - 1 : step
        html += "<figure><svg class=\"chart\" data-by=\"\(by)\" data-buckets=\"\(axis.count)\" data-unit=\"\(axis.unit)\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-labelledby=\"\(id)-h\" xmlns=\"http://www.w3.org/2000/svg\">\n"
        for tick in top > 1 ? [0, top / 2, top] : [0, top] {
            let y = topMargin + plotHeight - Double(tick) / Double(top) * plotHeight
            html += "<line class=\"grid\" x1=\"\(Self.number(left))\" x2=\"\(Self.number(width - right))\" y1=\"\(Self.number(y))\" y2=\"\(Self.number(y))\"/>"
            html += "<text class=\"tick\" x=\"\(Self.number(left - 6))\" y=\"\(Self.number(y + 4))\" text-anchor=\"end\">\(tick)</text>\n"
        }
        let labelEvery = Swift.max(1, (axis.count + 7) / 8)
        for bucket in stride(from: 0, to: axis.count, by: labelEvery) {
            let x = left + step * (Double(bucket) + 0.5)
            html += "<text class=\"tick\" x=\"\(Self.number(x))\" y=\"\(Self.number(height - bottom + 16))\" text-anchor=\"middle\">\(escaped(axis.shortLabel(bucket)))</text>\n"
        }
        var stacked = [Double](repeating: 0, count: axis.count)
        for item in series {
            for bucket in item.counts.keys.sorted() {
                let count = item.counts[bucket] ?? 0
                let barHeight = Double(count) / Double(top) * plotHeight
                stacked[bucket] += barHeight
                let x = left + step * Double(bucket), y = topMargin + plotHeight - stacked[bucket]
                html += "<rect class=\"bar\" data-series=\"\(escaped(item.name))\" data-bucket=\"\(escaped(axis.label(bucket)))\" data-count=\"\(count)\" x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(barWidth))\" height=\"\(Self.number(barHeight))\" fill=\"\(item.color)\"><title>\(escaped(axis.label(bucket))), \(escaped(clipped(item.name))): \(count)</title></rect>\n"
            }
        }
        html += "</svg>\n<figcaption><ul class=\"legend\" aria-label=\"Series\">"
        for item in series {
            html += "<li><span class=\"swatch\" style=\"background:\(item.color)\"></span>\(escaped(clipped(item.name))) <span class=\"count\">\(item.total)</span></li>"
        }
        html += "</ul></figcaption></figure>\n"
        // The counts as a table: what a screen reader reads, and what the chart must equal.
        html += "<details class=\"counts\"><summary>The counts as a table</summary><div class=\"scroll\"><table><thead><tr><th scope=\"col\">\(axis.unit == "hour" ? "Hour" : "Day")</th>"
        for item in series { html += "<th scope=\"col\">\(escaped(clipped(item.name)))</th>" }
        html += "</tr></thead><tbody>"
        for bucket in 0..<axis.count where stackTotals[bucket] > 0 {
            html += "<tr><th scope=\"row\">\(escaped(axis.label(bucket)))</th>"
            for item in series { html += "<td>\(item.counts[bucket] ?? 0)</td>" }
            html += "</tr>"
        }
        html += "</tbody></table></div></details>\n</section>\n"
        return html
    }

    // MARK: - Totals

    private func totals(caption: String, heading: String, explain: Bool,
                        key: (ReportRecords.Finding) -> String) -> String {
        totals(caption: caption, heading: heading, explain: explain) { _, finding in key(finding) }
    }

    private func totals(caption: String, heading: String, explain: Bool,
                        key: (ReportRecords.Payload, ReportRecords.Finding) -> String) -> String {
        struct Row { var errors = 0, warnings = 0, notes = 0; var payloads: Set<Int> = [] }
        var rows: [String: Row] = [:]
        for finding in records.findings {
            let name = key(records.payloads[finding.payload], finding)
            var row = rows[name] ?? Row()
            switch finding.severity {
            case .error: row.errors += 1
            case .warning: row.warnings += 1
            case .note: row.notes += 1
            }
            row.payloads.insert(finding.payload)
            rows[name] = row
        }
        let ranked = rows.sorted {
            let a = $0.value.errors + $0.value.warnings, b = $1.value.errors + $1.value.warnings
            return a != b ? a > b : $0.key < $1.key
        }
        var html = "<table class=\"total\"><caption>\(caption)</caption><thead><tr><th scope=\"col\">\(heading)</th>\(explain ? "<th scope=\"col\">What</th>" : "")<th scope=\"col\">Errors</th><th scope=\"col\">Warnings</th><th scope=\"col\">Notes</th><th scope=\"col\">Payloads</th></tr></thead><tbody>"
        for (name, row) in ranked.prefix(Self.maxRows) {
            html += "<tr><th scope=\"row\">\(escaped(clipped(name)))</th>"
            if explain { html += "<td>\(escaped(Self.title(of: name)))</td>" }
            html += "<td>\(row.errors)</td><td>\(row.warnings)</td><td>\(row.notes)</td><td>\(row.payloads.count)</td></tr>"
        }
        if ranked.count > Self.maxRows {
            let rest = ranked.dropFirst(Self.maxRows).map(\.value)
            html += "<tr class=\"rest\"><th scope=\"row\">\(ranked.count - Self.maxRows) more (the limit of rows shown)</th>\(explain ? "<td></td>" : "")"
            html += "<td>\(rest.reduce(0) { $0 + $1.errors })</td><td>\(rest.reduce(0) { $0 + $1.warnings })</td><td>\(rest.reduce(0) { $0 + $1.notes })</td><td></td></tr>"
        }
        return html + "</tbody></table>\n"
    }

    /// The title of a code's `### CODE: title` heading in docs/reference/codes.md.
    static func title(of code: String) -> String {
        guard let heading = CodeDocumentation.section(for: code)?.split(separator: "\n").first,
              let colon = heading.firstIndex(of: ":") else { return "" }
        return String(heading[heading.index(after: colon)...].drop { $0 == " " })
    }

    // MARK: - Worst payloads

    private func worstPayloads(_ payloads: [ReportRecords.Payload]) -> String {
        let ranked = payloads.sorted { a, b in
            if a.errors != b.errors { return a.errors > b.errors }
            if a.errors + a.warnings != b.errors + b.warnings { return a.errors + a.warnings > b.errors + b.warnings }
            if a.findings.count != b.findings.count { return a.findings.count > b.findings.count }
            return a.file != b.file ? a.file < b.file : a.line < b.line
        }
        var html = "<section id=\"worst\" aria-labelledby=\"worst-h\"><h2 id=\"worst-h\">Worst payloads</h2>\n"
        html += "<p>The \(plural(Swift.min(worst, ranked.count), "payload")) with the most errors, then warnings, of \(ranked.count) with findings.</p>\n<ol class=\"worst\">\n"
        for (rank, payload) in ranked.prefix(worst).enumerated() {
            let place = "\(payload.file):\(payload.line)"
            html += "<li class=\"payload\" id=\"payload-\(rank + 1)\" data-errors=\"\(payload.errors)\" data-warnings=\"\(payload.warnings)\"><h3><code>\(escaped(clipped(place)))</code></h3>"
            var carried: [String] = []
            if let app = payload.app { carried.append("app \(clipped(app))") }
            if let platform = payload.platform { carried.append("platform \(clipped(platform))") }
            if let time = payload.time { carried.append(clipped(time)) }
            html += "<p class=\"carried\">\(plural(payload.errors, "error")), \(plural(payload.warnings, "warning"))\(carried.isEmpty ? "" : "; " + escaped(carried.joined(separator: ", ")))</p>\n"
            let listed = payload.findings.map { records.findings[$0] }.sorted { a, b in
                if a.column != b.column { return a.column < b.column }
                if a.severity != b.severity { return a.severity < b.severity }
                if a.code != b.code { return (a.code ?? "") < (b.code ?? "") }
                if a.pointer != b.pointer { return (a.pointer ?? "") < (b.pointer ?? "") }
                return a.message < b.message
            }
            html += "<table class=\"findings\"><thead><tr><th scope=\"col\">Column</th><th scope=\"col\">Severity</th><th scope=\"col\">Code</th><th scope=\"col\">Pointer</th><th scope=\"col\">Message</th></tr></thead><tbody>"
            for finding in listed.prefix(Self.maxFindingsListed) {
                html += "<tr class=\"\(finding.severity.rawValue)\"><td>\(finding.column)</td><td>\(finding.severity.rawValue)</td><td>\(escaped(clipped(finding.code ?? "")))</td><td><code>\(escaped(clipped(finding.pointer ?? "")))</code></td><td>\(escaped(clipped(finding.message)))</td></tr>"
            }
            if listed.count > Self.maxFindingsListed {
                html += "<tr class=\"rest\"><td colspan=\"5\">and \(listed.count - Self.maxFindingsListed) more (the limit of findings listed)</td></tr>"
            }
            html += "</tbody></table></li>\n"
        }
        return html + "</ol>\n</section>\n"
    }

    // MARK: - Helpers

    private func escaped(_ text: String) -> String { HTMLText.escaped(text) }

    /// At most `maxTextLength` characters of a text from the input.
    private func clipped(_ text: String) -> String {
        text.count <= Self.maxTextLength ? text : String(text.prefix(Self.maxTextLength)) + "…"
    }

    private func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// The smallest of 1, 2, 5 times a power of ten not below `value` (at least 1): a round
    /// top for the axis.
    static func niceCeiling(_ value: Int) -> Int {
        var scale = 1
        while true {
            for factor in [1, 2, 5] where factor * scale >= value { return factor * scale }
            scale *= 10
        }
    }

    /// Two decimals at most, the same on every platform.
    static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let whole = hundredths / 100, fraction = abs(hundredths % 100)
        let sign = hundredths < 0 && whole == 0 ? "-" : ""
        if fraction == 0 { return "\(sign)\(whole)" }
        return "\(sign)\(whole)." + (fraction < 10 ? "0\(fraction)" : fraction % 10 == 0 ? "\(fraction / 10)" : "\(fraction)")
    }

    static let style = """
    :root{--ink:#1f2328;--muted:#59636e;--line:#d0d7de;--error:#cf222e;--warning:#9a6700;--focus:#0969da}
    body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);margin:0 auto;max-width:1100px;padding:0 1rem 2rem}
    .skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.25rem .5rem}
    a:focus,summary:focus{outline:3px solid var(--focus);outline-offset:2px}
    h1{font-size:1.5rem}h2{font-size:1.15rem;margin:1.2rem 0 .5rem}h3{font-size:.95rem;margin:0 0 .2rem}
    nav ul{display:flex;gap:1rem;list-style:none;padding:0;flex-wrap:wrap}
    .note{background:#fff8c5;border-radius:6px;padding:.4rem .7rem}
    figure{margin:0;border:1px solid var(--line);border-radius:8px;padding:.5rem}
    svg.chart{width:100%;height:auto;display:block}.grid{stroke:var(--line);stroke-width:1}.tick{font-size:11px;fill:var(--muted)}
    .legend{display:flex;flex-wrap:wrap;gap:.3rem 1rem;list-style:none;padding:0;margin:.3rem 0 0;font-size:.85rem}
    .swatch{display:inline-block;width:.8rem;height:.8rem;border-radius:2px;margin-right:.3rem;vertical-align:-.1rem}.legend .count{color:var(--muted)}
    .scroll{overflow-x:auto}table{border-collapse:collapse;font-size:.85rem;margin:.4rem 0}th,td{border-bottom:1px solid var(--line);padding:.15rem .5rem;text-align:left;vertical-align:top}
    td{font-variant-numeric:tabular-nums}caption{text-align:left;font-weight:600}
    .totals{display:flex;flex-wrap:wrap;align-items:flex-start;gap:.5rem 2rem}.totals table{flex:0 1 auto}
    .worst{padding-left:1.5rem}.payload{margin:.8rem 0}.carried{color:var(--muted);margin:0}
    .findings td:last-child{overflow-wrap:anywhere}tr.error td:nth-child(2){color:var(--error);font-weight:600}tr.warning td:nth-child(2){color:var(--warning);font-weight:600}
    .rest{color:var(--muted);font-style:italic}
    @media print{.skip,nav{display:none}body{max-width:none;font-size:10pt}figure,.payload{break-inside:avoid}*{print-color-adjust:exact;-webkit-print-color-adjust:exact}a{color:inherit}}
    """
}

/// The time axis: the buckets (hours or days) from the first time to the last, from the
/// date and hour as written (`YYYY-MM-DD`, then `THH` or ` HH`); no time zone is applied,
/// so log in one zone (UTC).
struct TimeAxis {
    let unit: String
    /// Buckets drawn (at most `maxBuckets`, the latest).
    let count: Int
    /// Payloads without a time, and payloads in buckets before those drawn.
    let untimed: Int
    let dropped: Int
    private let first: Int
    private let hourly: Bool

    init(times: [String?], bucketing: ReportHTMLRenderer.Bucketing) {
        let parsed = times.map { $0.flatMap(Self.parse) }
        let known = parsed.compactMap { $0 }
        untimed = parsed.count - known.count
        let everyHour = known.allSatisfy { $0.hour != nil }
        let hours = known.map { $0.day * 24 + ($0.hour ?? 0) }
        let span = (hours.max() ?? 0) - (hours.min() ?? 0)
        let hourly = switch bucketing {
        case .hour: everyHour
        case .day: false
        case .auto: everyHour && span <= ReportHTMLRenderer.hourlySpan
        }
        self.hourly = hourly
        unit = hourly ? "hour" : "day"
        let units = known.map { hourly ? $0.day * 24 + ($0.hour ?? 0) : $0.day }
        guard let low = units.min(), let high = units.max() else {
            count = 0; first = 0; dropped = 0
            return
        }
        let drawn = Swift.min(high - low + 1, ReportHTMLRenderer.maxBuckets)
        count = drawn
        first = high - drawn + 1
        dropped = units.filter { $0 < high - drawn + 1 }.count
    }

    /// The bucket of a time, or nil (no time, or before the buckets drawn).
    func bucket(_ time: String?) -> Int? {
        guard let time, let moment = Self.parse(time) else { return nil }
        let unit = hourly ? moment.day * 24 + (moment.hour ?? 0) : moment.day
        let bucket = unit - first
        return bucket >= 0 && bucket < count ? bucket : nil
    }

    var firstLabel: String? { count > 0 ? label(0) : nil }
    var lastLabel: String? { count > 0 ? label(count - 1) : nil }

    func label(_ bucket: Int) -> String {
        let unit = first + bucket
        if hourly {
            let hour = unit - Self.floorDivide(unit, 24) * 24
            return "\(Self.civil(Self.floorDivide(unit, 24))) \(hour < 10 ? "0" : "")\(hour):00"
        }
        return Self.civil(unit)
    }

    /// The axis label: the date without the year, or the hour (with the date at midnight).
    func shortLabel(_ bucket: Int) -> String {
        let text = label(bucket)
        guard hourly else { return String(text.dropFirst(5)) }
        return text.hasSuffix(" 00:00") || bucket == 0 ? String(text.dropFirst(5)) : String(text.suffix(5))
    }

    /// `YYYY-MM-DD` then optionally `THH`/` HH`: days since 1970-01-01, and the hour.
    static func parse(_ text: String) -> (day: Int, hour: Int?)? {
        let bytes = Array(text.utf8.prefix(13))
        func digits(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for index in range {
                guard (0x30...0x39).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - 0x30)
            }
            return value
        }
        guard bytes.count >= 10, let year = digits(0..<4), bytes[4] == 0x2D, let month = digits(5..<7), bytes[7] == 0x2D,
              let day = digits(8..<10), (1...12).contains(month), day >= 1, day <= TabgenRuntimeShared.daysIn(month: month, year: year) else { return nil }
        var hour: Int?
        if bytes.count >= 13, bytes[10] == 0x54 || bytes[10] == 0x20, let value = digits(11..<13), value < 24 { hour = value }
        return (daysFromCivil(year: year, month: month, day: day), hour)
    }

    private static func floorDivide(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// Days since 1970-01-01 of a proleptic Gregorian date: the generated Swift runtime's,
    /// the one definition.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        TabgenRuntimeShared.daysFromCivil(year: year, month: month, day: day)
    }

    static func civil(_ days: Int) -> String {
        let (year, month, day) = TabgenRuntimeShared.civilFromDays(days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(repeating: "0", count: Swift.max(0, 4 - "\(year)".count)) + "\(year)"
        return "\(yearText)-\(two(month))-\(two(day))"
    }
}
