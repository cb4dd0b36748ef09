import CZstd

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension BlockProducer {
    /// Decompresses a zstd input into blocks, with gzip's damage rules: every frame to the end
    /// (skippable frames are skipped), zero padding after the last frame accepted, other trailing
    /// bytes reported and ignored, a stream cut inside a frame reported as truncated, bad data
    /// and checksum mismatches reported with libzstd's message; what came before is kept.
    ///
    /// - Complexity: O(compressed + decompressed bytes); memory is the decoder's window (at most
    ///   128 MiB, libzstd's default limit for a frame) and the blocks.
    func decompressZstd(_ state: inout FileState, input: UnsafeMutableRawPointer, firstCount: Int) {
        let path = state.source.path
        guard let context = ZSTD_createDCtx() else {
            ship(&state, error: .corruptZstd(path: path, offset: 0, message: "libzstd could not start"))
            return
        }
        defer { ZSTD_freeDCtx(context) }
        var source = ZSTD_inBuffer(src: input, size: firstCount, pos: 0)
        // Between frames (nothing of the next one read yet), where an input may end.
        var betweenFrames = true
        // The last call filled the block: the decoder may hold more output for the same input.
        var outputFull = false

        /// Compressed offset of the next unread byte.
        func offset(_ state: FileState) -> Int64 { state.inputBytes - Int64(source.size - source.pos) }

        while true {
            if source.pos == source.size && !outputFull {
                let n = state.read(into: input, count: inputChunk)
                if n < 0 {
                    ship(&state, error: .readFailed(path: path, errno: errno, offset: state.inputBytes))
                    return
                }
                if n == 0 {
                    ship(&state, error: betweenFrames ? nil : .truncatedZstd(path: path, offset: state.inputBytes))
                    return
                }
                source = ZSTD_inBuffer(src: input, size: n, pos: 0)
            }
            if betweenFrames && source.pos < source.size {
                let next = UnsafeRawPointer(input).load(fromByteOffset: source.pos, as: UInt8.self)
                if next == 0 {
                    let pending = UnsafeRawBufferPointer(start: input + source.pos, count: source.size - source.pos)
                    let garbage = firstNonZeroOffset(&state, pending: pending, input: input)
                    ship(&state, error: garbage.map { .trailingZstdGarbage(path: path, offset: $0) })
                    return
                }
                let head = UnsafeRawBufferPointer(start: input + source.pos, count: min(4, source.size - source.pos))
                // Only a frame's first byte may be checked when the read ended right after it.
                if head.count == 4 ? !Self.isZstd(head) : (next != 0x28 && next & 0xF0 != 0x50) {
                    ship(&state, error: .trailingZstdGarbage(path: path, offset: offset(state)))
                    return
                }
                betweenFrames = false
                state.frames += 1
            }
            let block = state.block
            var target = ZSTD_outBuffer(dst: block.storage + block.filled, size: block.free, pos: 0)
            let result = ZSTD_decompressStream(context, &target, &source)
            block.filled += target.pos
            outputFull = target.pos == target.size
            written(&state)
            if ZSTD_isError(result) != 0 {
                let message = String(cString: ZSTD_getErrorName(result))
                ship(&state, error: .corruptZstd(path: path, offset: offset(state), message: message))
                return
            }
            // 0: the frame is decoded and flushed entirely.
            if result == 0 { betweenFrames = true }
        }
    }
}
