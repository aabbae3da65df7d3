// libFuzzer entry point for the log reader: the input is treated as a whole
// log file and run through the line decoder and the chain checker (with hash
// verification). Built by scripts/fuzz.sh; not part of the package.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLog(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Every line on its own.
    var start = 0
    bytes.withUnsafeBufferPointer { all in
        for (i, b) in all.enumerated() where b == 0x0A {
            _ = LineDecoder.decode(UnsafeBufferPointer(rebasing: all[start..<i]))
            start = i + 1
        }
        if start < all.count { _ = LineDecoder.decode(UnsafeBufferPointer(rebasing: all[start...])) }
    }
    // The whole input as a log, replayed into a state when it checks out.
    if let result = try? ChainChecker.checkAll(bytes) {
        var state = WorldState()
        for line in result.lines { state.apply(line.event) }
    }
    return 0
}
