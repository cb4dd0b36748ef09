import ATKCore

/// `atk stats` as text or JSON: counts for a first look at a dump.
struct StatsReport: TextOrJSONReport {
    /// The counts, after reading.
    let stats: StatsCollector
    /// One report per input, in order.
    let reports: [FileReport]

    /// The JSON report (Docs/output.md).
    var json: JSONOutput {
        .envelope(
            command: "stats",
            [
                (
                    "summary",
                    .object([
                        ("files", .int(reports.count)), ("lines", .int(reports.totalLines)),
                        ("events", .int(stats.events)), ("malformed_lines", .int(reports.totalMalformedLines)),
                        ("users", .int(stats.userCount)), ("first_time", .int(stats.firstTime)),
                        ("last_time", .int(stats.lastTime)), ("bytes_read", .int(reports.totalBytes)),
                        ("input_bytes", .int(reports.totalInputBytes)),
                        ("events_without_name", .int(stats.eventsWithoutName)),
                    ])
                ),
                (
                    "events",
                    .array(
                        stats.eventRows.map {
                            .object([
                                ("event", .string($0.event)), ("count", .int($0.count)), ("users", .int($0.users)),
                            ])
                        })
                ),
                (
                    "types",
                    .array(stats.typeRows.map { .object([("type", .string($0.type)), ("count", .int($0.count))]) })
                ),
                (
                    "files",
                    .array(
                        reports.map { report in
                            .object([
                                ("path", .string(report.source.displayName)), ("lines", .int(report.lines)),
                                ("malformed_lines", .int(report.malformedLines)), ("bytes_read", .int(report.bytes)),
                                ("input_bytes", .int(report.inputBytes)), ("gzip", .bool(report.isGzip)),
                                ("gzip_members", .int(report.gzipMembers)), ("zstd", .bool(report.isZstd)),
                                ("zstd_frames", .int(report.zstdFrames)),
                                ("error", .string(report.error?.description)),
                            ])
                        })
                ),
                ("malformed_examples", MalformedReport.json(stats.malformedExamples, reports)),
            ])
    }

    /// The text report: a summary line, times, bytes, types, the event table and the files.
    var text: String {
        let g = Terminal.grouped
        var out =
            "\(g(reports.count)) file\(reports.count == 1 ? "" : "s"), \(g(reports.totalLines)) lines, "
            + "\(g(stats.events)) events, \(g(reports.totalMalformedLines)) malformed, \(g(stats.userCount)) users\n"
        if let first = stats.firstTime, let last = stats.lastTime {
            out += "time      \(Terminal.timestamp(first))  to  \(Terminal.timestamp(last))\n"
        }
        out +=
            "read      \(Terminal.bytes(reports.totalBytes)) of text from \(Terminal.bytes(reports.totalInputBytes)) of input\n"
        if !stats.typeRows.isEmpty {
            out +=
                "types     " + stats.typeRows.map { "\(Terminal.safe($0.type)) \(g($0.count))" }.joined(separator: ", ")
                + "\n"
        }
        let rows = stats.eventRows
        if !rows.isEmpty {
            out +=
                "\n" + Terminal.table(["event", "events", "users"], rows.map { [$0.event, g($0.count), g($0.users)] })
                + "\n"
        }
        return out + Terminal.fileTable(reports) + MalformedReport.text(stats.malformedExamples, reports)
    }
}
