import ShopTalkMatrix
import Testing

@Suite("HTTP/1.1, as small as the Matrix bot needs it")
struct HTTPMessageTests {
    @Test func aRequestCarriesItsHostTokenAndJSONBody() {
        let request = HTTPRequest("PUT", "/_matrix/client/v3/rooms/%21a%3Ab/send/m.room.message/t1", bearer: "secret", body: #"{"body":"ü"}"#)
        let wire = request.serialized(host: "matrix.example.org")
        #expect(wire.hasPrefix("PUT /_matrix/client/v3/rooms/%21a%3Ab/send/m.room.message/t1 HTTP/1.1\r\nHost: matrix.example.org\r\n"))
        #expect(wire.contains("Authorization: Bearer secret\r\n"))
        #expect(wire.contains("Content-Length: 13\r\n"), "bytes, not characters")
        #expect(wire.hasSuffix("\r\n\r\n{\"body\":\"ü\"}"))
    }

    @Test func aResponseFramedByLengthIsReadWhenItHasAllArrived() throws {
        var reader = HTTPResponseReader()
        reader.append(Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Len".utf8))
        #expect(try reader.response() == nil)
        reader.append(Array("gth: 10\r\n\r\n{\"a\":".utf8))
        #expect(try reader.response() == nil)
        reader.append(Array("true}".utf8))
        let response = try #require(try reader.response())
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "application/json")
        #expect(response.text == #"{"a":true}"# + "")
    }

    @Test func aChunkedBodyIsJoinedAndItsEndAwaited() throws {
        var reader = HTTPResponseReader()
        reader.append(Array("HTTP/1.1 429 Too Many Requests\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"ret\r\n".utf8))
        #expect(try reader.response() == nil)
        reader.append(Array("17;x=y\r\nry_after_ms\":250,\"z\":1}\r\n0\r\n\r\n".utf8))
        let response = try #require(try reader.response())
        #expect(response.status == 429)
        #expect(response.text == #"{"retry_after_ms":250,"z":1}"#)
        #expect(MatrixOutcome(response) == .rateLimited(milliseconds: 250))
    }

    @Test func aBodyWithoutLengthEndsWithTheConnection() throws {
        var reader = HTTPResponseReader()
        reader.append(Array("HTTP/1.0 200 OK\r\n\r\n{}".utf8))
        #expect(try reader.response() == nil)
        #expect(try reader.response(ended: true)?.text == "{}")
    }

    @Test func whatIsNotHTTPOrTooBigIsRefused() {
        var garbage = HTTPResponseReader()
        garbage.append(Array("SSH-2.0-OpenSSH\r\n\r\n".utf8))
        #expect(throws: HTTPFailure.self) { try garbage.response() }
        var endless = HTTPResponseReader(maximumHeadBytes: 64)
        endless.append(Array(repeating: UInt8(ascii: "a"), count: 100))
        #expect(throws: HTTPFailure.self) { try endless.response() }
        var cut = HTTPResponseReader()
        cut.append(Array("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc".utf8))
        #expect(throws: HTTPFailure.self) { try cut.response(ended: true) }
        var huge = HTTPResponseReader(maximumBodyBytes: 100)
        huge.append(Array("HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n".utf8))
        #expect(throws: HTTPFailure.self) { try huge.response() }
    }

    @Test func theHomeserverIsHTTPSOrThisMachine() throws {
        let remote = try MatrixHomeserver("https://matrix.example.org")
        #expect((remote.host, remote.port, remote.usesTLS, remote.hostHeader) == ("matrix.example.org", 443, true, "matrix.example.org"))
        let local = try MatrixHomeserver("http://127.0.0.1:8008/")
        #expect((local.port, local.usesTLS, local.hostHeader) == (8008, false, "127.0.0.1:8008"))
        #expect(throws: MatrixHomeserver.Failure.plainHTTPBeyondThisMachine("http://matrix.example.org")) { try MatrixHomeserver("http://matrix.example.org") }
        #expect(throws: MatrixHomeserver.Failure.self) { try MatrixHomeserver("matrix.example.org") }
        #expect(throws: MatrixHomeserver.Failure.self) { try MatrixHomeserver("https://bad host\r\n") }
    }

    @Test func roomIDsAndTokensArePercentEncodedInPaths() {
        #expect(MatrixAPI.percentEncoded("!abc:example.org") == "%21abc%3Aexample.org")
        #expect(MatrixAPI.percentEncoded("s72_4/x y") == "s72_4%2Fx%20y")
        #expect(MatrixAPI.join("!r:h", token: "t").target == "/_matrix/client/v3/join/%21r%3Ah")
        let later = MatrixAPI.sync(since: "s1", timeoutMilliseconds: 30_000, token: "t").target
        #expect(later.hasPrefix("/_matrix/client/v3/sync?timeout=30000&filter=%7B%22room%22") && later.hasSuffix("&since=s1"))
        #expect(MatrixAPI.sync(since: nil, timeoutMilliseconds: 30_000, token: "t").target.hasPrefix("/_matrix/client/v3/sync?timeout=0&filter="))
    }

    @Test func errorsAreReadByTheirCodes() {
        #expect(MatrixOutcome(HTTPResponse(status: 429, headers: ["retry-after": "2"], body: Array("{}".utf8))) == .rateLimited(milliseconds: 2_000))
        #expect(MatrixOutcome(HTTPResponse(status: 401, body: Array(#"{"errcode":"M_UNKNOWN_TOKEN","error":"gone"}"#.utf8))) == .loggedOut)
        #expect(MatrixOutcome(HTTPResponse(status: 403, body: Array(#"{"errcode":"M_FORBIDDEN","error":"no"}"#.utf8)))
            == .failed(status: 403, code: "M_FORBIDDEN", message: "no"))
    }
}
