import ATKCore
import Testing

@Suite("Spans and instants of validate's options")
struct TimeSyntaxTests {
    @Test("spans: ms, s, m, h, d, w; a unit is required")
    func spans() {
        #expect(TimeSpan.milliseconds("90s") == 90_000)
        #expect(TimeSpan.milliseconds("10m") == 600_000)
        #expect(TimeSpan.milliseconds("1h") == 3_600_000)
        #expect(TimeSpan.milliseconds("7d") == 604_800_000)
        #expect(TimeSpan.milliseconds("250ms") == 250)
        #expect(TimeSpan.milliseconds("1.5h") == 5_400_000)
        #expect(TimeSpan.milliseconds("5") == nil)
        #expect(TimeSpan.milliseconds("0s") == 0)
        #expect(TimeSpan.milliseconds("-5s") == nil)
        #expect(TimeSpan.milliseconds("10x") == nil)
        #expect(TimeSpan.milliseconds("m") == nil)
    }

    @Test("instants: ISO-8601 with or without fraction and zone, a date, or ms")
    func instants() {
        #expect(TimeSyntax.instant("2026-09-01T00:00:00Z") == 1_788_220_800_000)
        #expect(TimeSyntax.instant("2026-09-01T00:00:00.250Z") == 1_788_220_800_250)
        #expect(TimeSyntax.instant("2026-09-01T08:00:00+08:00") == 1_788_220_800_000)
        #expect(TimeSyntax.instant("2026-09-01T00:00:00") == 1_788_220_800_000)
        #expect(TimeSyntax.instant("2026-09-01") == 1_788_220_800_000)
        #expect(TimeSyntax.instant("1788220800000") == 1_788_220_800_000)
        #expect(TimeSyntax.instant("yesterday") == nil)
    }

    @Test(
        "instants that name no real date or time are refused, not rolled over",
        arguments: [
            "2026-02-30", "2026-02-29", "2100-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-09-00",
            "2026-09-08T25:00:00Z", "2026-09-08T24:00:00Z", "2026-09-08T12:60:00Z", "2026-09-08T12:00:60Z",
            "2026-09-08T12:00:00+24:00", "2026-09-08T12:00:00+08:60", "2026-09-08T12:00:00.Z",
            "2026-09-08T12:00:00.1234567891Z", "2026-9-8", "2026-09-08T12:00Z", "2026-09-08 12:00:00Z",
            "2026-09-08T12:00:00ZZ", "+2026-09-08", "2026-09-08T12:00:00+8",
        ])
    func impossible(_ text: String) {
        #expect(TimeSyntax.instant(text) == nil)
    }

    @Test("leap days, offsets, fractions rounded to the nearest ms")
    func calendar() {
        #expect(TimeSyntax.instant("2024-02-29") == 1_709_164_800_000)
        #expect(TimeSyntax.instant("2000-02-29T23:59:59.999Z") == 951_868_799_999)
        #expect(TimeSyntax.instant("2026-09-01T05:30:00+0530") == 1_788_220_800_000)
        #expect(TimeSyntax.instant("2026-08-31T19:00:00-05:00") == 1_788_220_800_000)
        #expect(TimeSyntax.instant("2026-09-01T00:00:00.0004Z") == 1_788_220_800_000)
        #expect(TimeSyntax.instant("2026-09-01T00:00:00.0005Z") == 1_788_220_800_001)
        #expect(TimeSyntax.instant("2026-09-01T00:00:00.123456789z") == 1_788_220_800_123)
        #expect(TimeSyntax.instant("2026-09-01t00:00:00") == 1_788_220_800_000)
    }

    @Test("instants from 1970 to 9999 only: both ends, and just outside")
    func instantRange() {
        #expect(TimeSyntax.instant("1970-01-01") == 0)
        #expect(TimeSyntax.instant("0") == 0)
        #expect(TimeSyntax.instant("9999-12-31T23:59:59.999Z") == 253_402_300_799_999)
        #expect(TimeSyntax.instant("253402300799999") == 253_402_300_799_999)
        #expect(TimeSyntax.instant("253402300800000") == nil)
        #expect(TimeSyntax.instant("-1") == nil)
        #expect(TimeSyntax.instant("-9223372036854775808") == nil)
        #expect(TimeSyntax.instant("9223372036854775807") == nil)
        #expect(TimeSyntax.instant("1969-12-31T23:59:59Z") == nil)
        #expect(TimeSyntax.instant("1970-01-01T00:00:00+00:01") == nil)
        #expect(TimeSyntax.instant("9999-12-31T23:59:59.9996Z") == nil)
    }

    @Test("spans for people")
    func describe() {
        #expect(TimeSyntax.describe(250) == "250ms")
        #expect(TimeSyntax.describe(90_000) == "1m 30s")
        #expect(TimeSyntax.describe(90_061_000) == "1d 1h")
        #expect(TimeSyntax.describe(-30_000) == "-30s")
        #expect(TimeSyntax.describe(Int64.min) == "-106751991167d 7h")
        #expect(TimeSyntax.describe(UInt64.max) == "213503982334d 14h")
    }
}
