import ATKCore
import Testing

@Suite("Spans and instants of validate's options")
struct TimeSyntaxTests {
    @Test("spans: ms, s, m, h, d, w; a unit is required")
    func spans() {
        #expect(TimeSyntax.span("90s") == 90_000)
        #expect(TimeSyntax.span("10m") == 600_000)
        #expect(TimeSyntax.span("1h") == 3_600_000)
        #expect(TimeSyntax.span("7d") == 604_800_000)
        #expect(TimeSyntax.span("250ms") == 250)
        #expect(TimeSyntax.span("1.5h") == 5_400_000)
        #expect(TimeSyntax.span("5") == nil)
        #expect(TimeSyntax.span("0s") == 0)
        #expect(TimeSyntax.span("-5s") == nil)
        #expect(TimeSyntax.span("10x") == nil)
        #expect(TimeSyntax.span("m") == nil)
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

    @Test("spans for people")
    func describe() {
        #expect(TimeSyntax.describe(250) == "250ms")
        #expect(TimeSyntax.describe(90_000) == "1m 30s")
        #expect(TimeSyntax.describe(90_061_000) == "1d 1h")
        #expect(TimeSyntax.describe(-30_000) == "-30s")
    }
}
