import CISAL

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension BlockProducer {
    /// The library that inflates gzip inputs.
    enum Inflater: Sendable {
        /// ISA-L's igzip for every member it reads cleanly; zlib replays a member it does not.
        case isal
        /// zlib alone: the reference the ISA-L reader is compared with.
        case zlib
    }

    /// Inflates a gzip input, every member to the end, with ``inflater``.
    ///
    /// ISA-L needs a regular file: a member it cannot read cleanly is read again with zlib from
    /// its start (`pread(2)`), so that damage is reported exactly as zlib reports it. A pipe
    /// cannot be read twice and is inflated with zlib.
    func inflateGzip(_ state: inout FileState, input: UnsafeMutableRawPointer, firstCount: Int) {
        state.members = 1
        guard inflater == .isal, let base = state.seekableBase() else {
            inflateWithZlib(&state, input: input, start: 0, count: firstCount)
            return
        }
        inflateWithISAL(&state, input: input, firstCount: firstCount, base: base)
    }

    /// Inflates with ISA-L while every member is sound; hands the first member ISA-L does not
    /// finish cleanly (bad header, bad data, CRC or length mismatch, or cut short) to zlib.
    ///
    /// zlib is the judge because ISA-L is more lenient (it accepts reserved header flags and
    /// incomplete Huffman codes) and stops, reads ahead and words its errors differently: only
    /// zlib gives today's messages and offsets. Until a member fails, both write the same text:
    /// a member whose CRC-32 and length match decodes the same under any correct inflater.
    ///
    /// - Complexity: O(compressed + decompressed bytes); memory is ISA-L's state (about 100 KiB).
    private func inflateWithISAL(
        _ state: inout FileState, input: UnsafeMutableRawPointer, firstCount: Int, base: Int64
    ) {
        let decoder = UnsafeMutablePointer<inflate_state>.allocate(capacity: 1)
        defer { decoder.deallocate() }
        isal_inflate_init(decoder)
        var header = isal_gzip_header()
        isal_gzip_header_init(&header)
        let path = state.source.path
        decoder.pointee.next_in = input.assumingMemoryBound(to: UInt8.self)
        decoder.pointee.avail_in = UInt32(firstCount)
        var inMember = true
        var inHeader = true
        var outputFull = false
        var memberStart: Int64 = 0
        // Text of the current member written so far.
        var delivered = 0

        /// Compressed offset of the next unread byte.
        func offset(_ state: FileState) -> Int64 { state.inputBytes - Int64(decoder.pointee.avail_in) }

        while true {
            if decoder.pointee.avail_in == 0 && !outputFull {
                let n = state.read(into: input, count: inputChunk)
                if n < 0 {
                    ship(&state, error: .readFailed(path: path, errno: errno, offset: state.inputBytes))
                    return
                }
                if n == 0 {
                    if inMember {
                        replayWithZlib(&state, input: input, base: base, memberStart: memberStart, delivered: delivered)
                    } else {
                        ship(&state, error: nil)
                    }
                    return
                }
                decoder.pointee.next_in = input.assumingMemoryBound(to: UInt8.self)
                decoder.pointee.avail_in = UInt32(n)
            }
            if !inMember {
                let pending = UnsafeRawBufferPointer(
                    start: decoder.pointee.next_in, count: Int(decoder.pointee.avail_in))
                guard startsMember(&state, pending: pending, input: input) else { return }
                memberStart = offset(state)
                isal_inflate_reset(decoder)
                isal_gzip_header_init(&header)
                inMember = true
                inHeader = true
                delivered = 0
                state.members += 1
            }
            if inHeader {
                let result = isal_read_gzip_header(decoder, &header)
                // Only a header cut by the end of the bytes read so far: read on.
                if result == ISAL_END_INPUT && decoder.pointee.avail_in == 0 { continue }
                // zlib rejects reserved flag bits, which ISA-L ignores.
                guard result == ISAL_DECOMP_OK && header.flags & 0xE0 == 0 else {
                    replayWithZlib(&state, input: input, base: base, memberStart: memberStart, delivered: delivered)
                    return
                }
                decoder.pointee.crc_flag = UInt32(ISAL_GZIP_NO_HDR_VER)
                inHeader = false
            }
            let block = state.block
            let inputBefore = decoder.pointee.avail_in
            decoder.pointee.next_out = (block.storage + block.filled).assumingMemoryBound(to: UInt8.self)
            decoder.pointee.avail_out = UInt32(block.free)
            let result = isal_inflate(decoder)
            let produced = block.free - Int(decoder.pointee.avail_out)
            block.filled += produced
            delivered += produced
            outputFull = decoder.pointee.avail_out == 0
            let stalled = produced == 0 && decoder.pointee.avail_in == inputBefore && inputBefore > 0
            guard result == ISAL_DECOMP_OK && !stalled else {
                // The text of the failing call stays in the block, where zlib can take it back: ISA-L
                // decodes a few symbols (tens of bytes) past the point where zlib stops.
                replayWithZlib(&state, input: input, base: base, memberStart: memberStart, delivered: delivered)
                return
            }
            written(&state)
            if decoder.pointee.block_state == ISAL_BLOCK_FINISH {
                inMember = false
                outputFull = false
            }
        }
    }

    /// Reads the input on from the member at `memberStart` with zlib, which decides how the
    /// member ends; the `delivered` bytes of its text already written are not written again.
    ///
    /// The compressed bytes are read again in the chunks the first reading used, so zlib stops
    /// at the offset it would have stopped at reading the input alone.
    private func replayWithZlib(
        _ state: inout FileState, input: UnsafeMutableRawPointer, base: Int64, memberStart: Int64, delivered: Int
    ) {
        let chunkStart = memberStart / Int64(inputChunk) * Int64(inputChunk)
        var n: Int
        repeat { n = pread(state.fd, input, inputChunk, off_t(base + chunkStart)) } while n < 0 && errno == EINTR
        guard n >= 0, lseek(state.fd, off_t(base + chunkStart) + off_t(n), SEEK_SET) >= 0 else {
            ship(&state, error: .readFailed(path: state.source.path, errno: errno, offset: chunkStart))
            return
        }
        state.inputBytes = chunkStart + Int64(n)
        let start = Int(memberStart - chunkStart)
        inflateWithZlib(&state, input: input, start: start, count: n - start, delivered: delivered)
    }

    /// Takes back the last `count` bytes of text written (text ISA-L wrote past the point where
    /// zlib stops), when they are still in the block being filled.
    func takeBack(_ count: Int, _ state: inout FileState) {
        let block = state.block
        guard count > 0, state.skipped == nil, block.filled >= count,
            block.oversized.last.map({ $0.position <= block.filled - count }) ?? true
        else { return }
        block.filled -= count
    }
}
