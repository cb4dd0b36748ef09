import Foundation

extension DumpReader {
    /// The workers a read uses by default: the processors this process may run on.
    public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// Reads every input with `jobs` parse workers, each feeding its own partial of `analysis`
    /// (``MergeableAnalysis``), then merges the partials into `analysis`.
    ///
    /// The result is the one ``read(into:progress:)`` gives, for every `jobs`: a key's events
    /// reach one partial in input order, and merges are exact. Reader threads (`jobs` of them:
    /// one per input, or per segment of a multi-member gzip input) read and inflate; the
    /// workers take the blocks in input order, parse them, and each visits, block after block,
    /// the lines its key sends it. Memory: per-key state once (each key lives in one partial),
    /// plus about `jobs + 2` parsed blocks (1 MiB of text and its tapes each) and up to four
    /// blocks per extra reader (two ahead of the one being parsed; four from `jobs` 3, where the
    /// segments of a multi-member gzip input are inflated ahead).
    /// - Parameters:
    ///   - analysis: an empty analysis; on return, every line merged into it.
    ///   - jobs: parse workers; 1 reads as ``read(into:progress:)`` does.
    ///   - progress: called every few MB, from one worker at a time.
    /// - Returns: one report per input, in input order.
    public func read<A: MergeableAnalysis>(
        into analysis: inout A, jobs: Int, progress: ((ReadProgress) -> Void)? = nil
    ) -> [FileReport] {
        guard jobs > 1, !sources.isEmpty else { return read(into: &analysis, progress: progress) }
        let window = jobs + 2
        // Several files, and the segments of a multi-member gzip file, are read and inflated at
        // once, by up to `jobs` reader threads.
        let readers = jobs
        let channel = BlockChannel(blocks: window + 2, blockSize: blockSize, inputs: sources.count, readers: readers)
        let producer = makeProducer(channel)
        let pass = ParallelPass(
            prototype: analysis, workers: jobs, channel: channel, window: window, sources: sources,
            maxLineLength: maxLineLength, progress: progress)
        let finished = DispatchGroup()
        for index in 0..<readers {
            Self.start("atk-reader-\(index)", stackSize: 1 << 20, in: finished) { producer.run() }
        }
        let work: any ParallelWork = pass
        for index in 1..<jobs {
            Self.start("atk-worker-\(index)", stackSize: 8 << 20, in: finished) { work.work(index) }
        }
        pass.work(0)
        finished.wait()
        // Merged in the workers' order, each partial moved out of the array (the only reference
        // left), so a merge can take over its storage.
        var partials = Array(pass.takePartials().reversed())
        if var merged = partials.popLast() {
            while let partial = partials.popLast() { merged.merge(consume partial) }
            analysis = merged
        }
        var reports = pass.reports
        channel.markLostInputs(in: &reports)
        return reports
    }
}
