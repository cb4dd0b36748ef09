import Testing

@testable import ATKCommands

@Suite("Sizes on the command line")
struct ByteSizeTests {
    @Test("units are binary; out of range or malformed is refused")
    func parsing() {
        #expect(ByteSize(argument: "65536")?.bytes == 65536)
        #expect(ByteSize(argument: "512K")?.bytes == 512 << 10)
        #expect(ByteSize(argument: "64MiB")?.bytes == 64 << 20)
        #expect(ByteSize(argument: "1g")?.bytes == 1 << 30)
        for bad in ["0", "-1", "2G", "1.5M", "M", "", "9999999999999999999999", "1T"] {
            #expect(ByteSize(argument: bad) == nil, "\(bad)")
        }
        #expect(ByteSize(16 << 20).description == "16M")
    }
}
