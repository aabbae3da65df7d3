// libFuzzer entry point: a differential check of every path that reads log
// lines. The input is a whole log file; each reader must give the same
// verdict (the same cursor and torn tail, or the same error at the same line
// and offset), and the two ways of folding events must give the same state.
// Built by scripts/fuzz.sh; not part of the package.

#if canImport(Glibc)
    import Glibc
#endif

/// What one reader concluded.
enum Verdict: Equatable {
    case read(LogCursor, TornTail?)
    case failed(String)

    init(_ error: LogError) {
        self = .failed("\(error.location.map { "\($0.line):\($0.offset)" } ?? "-") \(error)")
    }
}

let scratch = scratchFolder + "/log.jsonl"

func crash(_ what: String) -> Never {
    fputs("DIFFERENTIAL FAILURE: \(what)\n", stderr)
    abort()
}

/// `bytes` with every line that ends in a hash member re-hashed, and its
/// `prev` set to the line before's hash: what a forger does after an edit, so
/// that the edits reach the strict scan and the chain rules instead of
/// stopping at the first hash.
func repaired(_ bytes: [UInt8]) -> [UInt8] {
    var out = bytes
    var prev = Digest.zero
    let prevKey = Array("\"prev\":\"".utf8)
    var start = 0
    while let newline = LineSplit.firstEnd(in: out[start...]) {
        let n = newline - start
        let bodyEnd = newline - LineFormat.hashSuffixLength
        if n >= LineFormat.hashSuffixLength + 2, out[newline - 1] == 0x7D, out[newline - 2] == 0x22,
            Array(out[bodyEnd..<(bodyEnd + 9)]) == Array(",\"hash\":\"".utf8)
        {
            if let at = (start..<max(start, bodyEnd - prevKey.count - 64)).first(where: {
                Array(out[$0..<($0 + prevKey.count)]) == prevKey
            }) {
                out.replaceSubrange((at + prevKey.count)..<(at + prevKey.count + 64), with: prev.hexBytes)
            }
            prev = SHA256.hash(out[start..<bodyEnd])
            out.replaceSubrange((bodyEnd + 9)..<(bodyEnd + 73), with: prev.hexBytes)
        }
        start = newline + 1
    }
    return out
}

/// Each line of `bytes` through the scan with and without its shortcut for
/// placements (`MemberScanner.placedLine`): the same verdict and fields.
func checkShortcut(_ bytes: [UInt8]) {
    var start = 0
    while start < bytes.count {
        let end = LineSplit.firstEnd(in: bytes[start...]) ?? bytes.count
        bytes[start..<end].withUnsafeBufferPointer { p in
            var fast = LineFields()
            var general = LineFields()
            let a = LineCodec.members(p, into: &fast, shortcut: true)
            let b = LineCodec.members(p, into: &general, shortcut: false)
            if a != b || (a == nil && fast != general) {
                crash("the placed-line shortcut: \(String(describing: a)) vs \(String(describing: b))")
            }
        }
        start = end + 1
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLog(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let raw = Array(UnsafeBufferPointer(start: data, count: size))
    // Half the inputs (by length) are re-hashed and re-chained first.
    let bytes = size % 2 == 0 ? repaired(raw) : raw
    // 1. In memory: the chain checker over the bytes, then the events folded one by one.
    var memoryState = WorldState()
    let memory: Verdict
    do {
        let result = try ChainChecker.checkAll(bytes, path: scratch)
        for line in result.lines { memoryState.apply(line.event) }
        memory = .read(result.cursor, result.torn)
    } catch {
        memory = Verdict(error)
    }
    checkShortcut(bytes)
    // 2. The same bytes as a file, through every file reader.
    unlink(scratch)
    let fd = open(scratch, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    guard let file = try? LogFile.open(scratch, create: false) else { crash("cannot open scratch") }
    var states: [WorldState] = []
    // Each fold, read on one thread and read ahead (the reading thread scans lines in pairs).
    for (fast, ahead) in [(true, ReadAhead.never), (false, .never), (true, .always(chunkSize: 0))] {
        var replayer = Replayer(path: scratch)
        replayer.fastPath = fast
        replayer.readAhead = ahead
        let verdict: Verdict
        do {
            let torn = try replayer.run(file)
            verdict = .read(replayer.cursor, torn)
            states.append(replayer.state)
        } catch {
            verdict = Verdict(error)
        }
        if verdict != memory {
            let reading = ahead.threshold == 0 ? "read ahead" : "one thread"
            crash("replay (fast \(fast), \(reading)) \(verdict) vs in memory \(memory)")
        }
    }
    let verify: Verdict
    do {
        let result = try file.read(from: LogCursor()) { _, _ in }
        verify = .read(result.cursor, result.torn)
    } catch {
        verify = Verdict(error)
    }
    if verify != memory { crash("verify \(verify) vs in memory \(memory)") }
    let chain: Verdict
    do {
        let cursor = try file.checkChain()
        let end = Int64(bytes.count)
        chain = .read(cursor, end > cursor.offset ? TornTail(offset: cursor.offset, length: end - cursor.offset) : nil)
    } catch {
        chain = Verdict(error)
    }
    if chain != memory { crash("snapshot check \(chain) vs in memory \(memory)") }
    // The check in chunks on two worker threads (what verify does), with a seam every few bytes.
    var checker = ChainChecker(path: scratch)
    let chunked: Verdict
    do {
        let torn = try file.checkChain(&checker, .always(chunkBytes: 1 + size % 257)).torn
        chunked = .read(checker.cursor, torn)
    } catch {
        chunked = Verdict(error)
    }
    if chunked != memory { crash("check in chunks of \(1 + size % 257) bytes \(chunked) vs in memory \(memory)") }
    if case .read = memory {
        for state in states where state != memoryState { crash("folded states differ") }
    }
    // Each line on its own (wherever it sits in the chain): accepted only in the encoder's form.
    var lineStart = 0
    while let newline = LineSplit.firstEnd(in: bytes[lineStart...]) {
        let line = Array(bytes[lineStart..<newline])
        if case .success(let decoded) = line.withUnsafeBufferPointer({ LineDecoder.decode($0) }) {
            let again = LineFormat.encode(decoded.event, prev: decoded.prev, batch: decoded.batch).bytes
            if again != line + [0x0A] { crash("a line the encoder would not write was accepted: \(line)") }
        }
        lineStart = newline + 1
    }
    // Every accepted line re-encodes to its own bytes: one form per event.
    if case .read(let cursor, _) = memory {
        var prev = Digest.zero
        var out: [UInt8] = []
        for line in (try? ChainChecker.checkAll(bytes).lines) ?? [] {
            prev = LineFormat.encode(line.event, prev: prev, batch: line.batch, appendingTo: &out)
        }
        if out != Array(bytes[0..<Int(cursor.offset)]) { crash("re-encoding differs from the accepted bytes") }
    }
    return 0
}
