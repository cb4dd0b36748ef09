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

    /// Reads segment `j` of `plan` from its candidate start, member by member, as the reader of
    /// the whole input would from there, to the next segment it lands on at a line end (read on
    /// by this thread when no other has started it) or to the input's end.
    func readSegment(_ plan: GzipSegments, _ j: Int, input: UnsafeMutableRawPointer) {
        // A span with no candidate start is never landed on.
        guard let start = plan.candidate(j) else { return }
        let source = sources[plan.fileIndex]
        let block = emptyBlock(file: plan.fileIndex, segment: j)
        var state = FileState(source: source, block: block, fileIndex: plan.fileIndex)
        state.segment = j
        state.plan = plan
        state.isGzip = true
        state.members = 1
        defer { state.close() }
        guard state.open() else {
            ship(&state, error: .cannotOpen(path: source.path, errno: errno))
            return
        }
        guard let (skip, count) = readChunk(&state, holding: start, base: 0, into: input) else { return }
        inflateWithISAL(&state, input: input, firstStart: skip, firstCount: count, base: 0, memberStart: start)
    }

    /// Inflates with ISA-L while every member is sound; hands the first member ISA-L does not
    /// finish cleanly (bad header, bad data, CRC or length mismatch, or cut short) to zlib.
    ///
    /// zlib is the judge because ISA-L is more lenient (it accepts reserved header flags and
    /// incomplete Huffman codes) and stops, reads ahead and words its errors differently: only
    /// zlib gives today's messages and offsets. Until a member fails, both write the same text:
    /// a member whose CRC-32 and length match decodes the same under any correct inflater.
    ///
    /// At each member end of a multi-member input, the reading may stop at a segment's start
    /// (``GzipSegments``): the first member's end cuts the input into segments; a later end that
    /// is a segment's candidate start, reached at a line end, ends this segment, and the reading
    /// goes on with the next segment when no other thread has started it.
    /// - Parameters:
    ///   - firstStart: where in `input` the `firstCount` bytes read first start.
    ///   - memberStart: the input offset of the member those bytes start.
    /// - Complexity: O(compressed + decompressed bytes); memory is ISA-L's state (about 100 KiB).
    private func inflateWithISAL(
        _ state: inout FileState, input: UnsafeMutableRawPointer, firstStart: Int = 0, firstCount: Int, base: Int64,
        memberStart firstMember: Int64 = 0
    ) {
        let decoder = UnsafeMutablePointer<inflate_state>.allocate(capacity: 1)
        defer { decoder.deallocate() }
        isal_inflate_init(decoder)
        var header = isal_gzip_header()
        isal_gzip_header_init(&header)
        let path = state.source.path
        decoder.pointee.next_in = (input + firstStart).assumingMemoryBound(to: UInt8.self)
        decoder.pointee.avail_in = UInt32(firstCount)
        var inMember = true
        var inHeader = true
        var outputFull = false
        var memberStart = firstMember
        // Text of the current member written so far.
        var delivered = 0

        /// Compressed offset of the next unread byte.
        func offset(_ state: FileState) -> Int64 { state.inputBytes - Int64(decoder.pointee.avail_in) }

        while true {
            // A segment read ahead whose start the reading passed over is of no use.
            if state.segment > 0 && channel.isDropped(state.stream) {
                channel.abandon(state.block)
                return
            }
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
                let end = offset(state)
                if state.plan == nil && state.members == 1 && base == 0 && segmentText > 0 {
                    cutIntoSegments(&state, firstEnd: end, firstText: delivered)
                }
                if let plan = state.plan, let next = plan.segment(startingAt: end), next > state.segment {
                    guard state.skipped == nil && state.block.endsAtLineEnd else {
                        // A member that ends inside a line: the segment after it is passed over.
                        channel.passedOver(plan)
                        continue
                    }
                    shipSegmentEnd(&state, next: next)
                    guard channel.claim(plan, segment: next) else { return }
                    // Segment `next` is read on from here: the bytes and chunks a reader starting
                    // at its start reads, with no file to open and no chunk to read again.
                    state.segment = next
                    state.members = 0
                    state.block = emptyBlock(file: state.fileIndex, segment: next)
                }
            }
        }
    }

    /// Cuts a gzip input whose first member ended at `firstEnd` into segments other reader
    /// threads may inflate (``GzipSegments``), when it is a file with room for them.
    private func cutIntoSegments(_ state: inout FileState, firstEnd: Int64, firstText: Int) {
        guard case .file(let path) = state.source else { return }
        var info = stat()
        guard fstat(state.fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            let plan = GzipSegments(
                fileIndex: state.fileIndex, path: path, firstEnd: firstEnd, firstText: Int64(firstText),
                fileSize: Int64(info.st_size), textPerSegment: segmentText, minimumSpan: minimumSpan)
        else { return }
        state.plan = plan
        channel.register(plan)
    }

    /// Ships the segment's last block: the input's text goes on with segment `next`.
    private func shipSegmentEnd(_ state: inout FileState, next: Int) {
        let block = state.block
        block.count = block.filled
        block.continues = (next, state.members)
        channel.send(block)
    }

    /// Reads the input on from the member at `memberStart` with zlib, which decides how the
    /// member ends; the `delivered` bytes of its text already written are not written again.
    ///
    /// The compressed bytes are read again in the chunks the first reading used, so zlib stops
    /// at the offset it would have stopped at reading the input alone.
    private func replayWithZlib(
        _ state: inout FileState, input: UnsafeMutableRawPointer, base: Int64, memberStart: Int64, delivered: Int
    ) {
        guard let (start, count) = readChunk(&state, holding: memberStart, base: base, into: input) else { return }
        inflateWithZlib(&state, input: input, start: start, count: count, delivered: delivered)
    }

    /// Reads the `inputChunk`-aligned chunk of the input that holds `offset` into `input` with
    /// `pread(2)`, the chunk the input's first reading read there, and leaves the file after it.
    ///
    /// - Returns: where `offset` is in `input`, and the bytes read from there (none when the file
    ///   ends before it); nil after shipping the input's end on a failed read.
    private func readChunk(
        _ state: inout FileState, holding offset: Int64, base: Int64, into input: UnsafeMutableRawPointer
    ) -> (start: Int, count: Int)? {
        let chunkStart = offset / Int64(inputChunk) * Int64(inputChunk)
        var n: Int
        repeat { n = pread(state.fd, input, inputChunk, off_t(base + chunkStart)) } while n < 0 && errno == EINTR
        guard n >= 0, lseek(state.fd, off_t(base + chunkStart) + off_t(n), SEEK_SET) >= 0 else {
            ship(&state, error: .readFailed(path: state.source.path, errno: errno, offset: chunkStart))
            return nil
        }
        state.inputBytes = chunkStart + Int64(n)
        let start = min(n, Int(offset - chunkStart))
        return (start, n - start)
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
