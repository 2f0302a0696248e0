import Dispatch
import Glibc
import ShopTalkLineIO
import ShopTalkMatrix
import ShopTalkTLS

extension Server {
    /// One HTTP request and its response, on a connection of its own
    /// through the reactor (TLS when the homeserver speaks it), closed
    /// after. Fails when the homeserver cannot be reached, the answer
    /// cannot be read, or none has come within `seconds`. `opened` is told
    /// the connection, so that a shutdown can close one left waiting.
    func exchange(_ request: HTTPRequest, with homeserver: MatrixHomeserver, tls: TLSContext?, within seconds: Double,
                  opened: (Connection) -> Void = { _ in }) async throws(HTTPFailure) -> HTTPResponse {
        let address = "\(homeserver.host):\(homeserver.port)"
        let connection: Connection
        do {
            guard let first = try await Server.addresses(of: homeserver.host, port: homeserver.port).first else {
                throw HTTPFailure("no address for \(homeserver.host)")
            }
            let fd = try OutgoingSocket.begin(first).fd
            let stream: TLSStream?
            do {
                stream = try tls.map { try TLSStream(context: $0, fd: fd, isServer: false, serverName: homeserver.host) }
            } catch {
                close(fd)
                throw error
            }
            connection = Connection(id: nextConnectionID(), fd: fd, address: address, tls: stream, reactor: reactor,
                                    maximumOutput: 1 << 20, onClose: { _, _ in })
            reactor.add(fd, connection)
        } catch let failure as HTTPFailure {
            throw failure
        } catch {
            throw HTTPFailure("cannot reach \(address): \(error)")
        }
        opened(connection)
        let timer = Task { [connection] in
            try await Task.sleep(for: .seconds(seconds))
            connection.close(because: "no answer in time")
        }
        defer {
            timer.cancel()
            connection.close(because: "exchange done")
        }
        if let failure = await connection.finishConnecting(within: min(seconds, 10)) { throw HTTPFailure("cannot reach \(address): \(failure)") }
        if tls != nil {
            let handshake = await connection.handshake(asClient: true)
            guard handshake == .done else {
                if case .failed(let why) = handshake { throw HTTPFailure("TLS with \(address) failed: \(why)") }
                throw HTTPFailure("\(address) closed the connection during TLS")
            }
        }
        connection.send(request.serialized(host: homeserver.hostHeader))
        var reader = HTTPResponseReader()
        while let bytes = await connection.receive() {
            reader.append(bytes)
            if let response = try reader.response() { return response }
        }
        if let response = try reader.response(ended: true) { return response }
        throw HTTPFailure("\(address) closed the connection without an answer")
    }

    /// A host's addresses, looked up off the reactor: a resolver that takes
    /// its time must not hold up every connection. For the IRC and Matrix bots.
    static func addresses(of host: String, port: UInt16) async throws -> [OutgoingSocket.Address] {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try OutgoingSocket.addresses(of: host, port: port) })
            }
        }
    }
}
