// libFuzzer harness: the label and relay prefixes of a line. The first byte
// says whether the line comes from a relay; a line read must hold no control
// character, and a relay line must name a valid nick.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInputLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let relay = bytes[0] & 1 == 1
    let (_, result) = InputLine.read(bytes.dropFirst(), relay: relay)
    if case .success(let line) = result {
        precondition(!line.text.unicodeScalars.contains { $0 != "\t" && InputLine.isControl($0) }, "a control character got through")
        if relay { precondition(line.nick.map { (try? UserName($0)) != nil } == true, "a relay line without a valid nick") }
    }
    return 0
}
