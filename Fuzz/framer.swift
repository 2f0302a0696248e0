// libFuzzer harness: LineFramer on arbitrary bytes in arbitrary chunks.
// The first byte picks the chunk size and the line limit. Invariants: every
// line is within the limit and holds no LF; no input byte is invented.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFramer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let chunk = Int(bytes[0] % 17) + 1
    let limit = Int(bytes[0] / 17) + 1
    var framer = LineFramer(maximumBytes: limit)
    var lineBytes = 0
    var index = 1
    func drain(_ frame: LineFramer.Frame?) {
        guard let frame else { return }
        switch frame {
        case .line(let line):
            precondition(line.count <= limit, "line over the limit")
            precondition(!line.contains(UInt8(ascii: "\n")), "LF inside a line")
            lineBytes += line.count
        case .tooLong(let count):
            precondition(count > limit, "too long but within the limit")
        }
    }
    while index < bytes.count {
        let end = min(bytes.count, index + chunk)
        framer.append(bytes[index..<end])
        while let frame = framer.next() { drain(frame) }
        index = end
    }
    drain(framer.finish())
    precondition(lineBytes <= size, "more bytes out than in")
    return 0
}
