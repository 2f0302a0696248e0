import Foundation
import Glibc
import ShopTalkTLS
import ShopTalkLineIO

/// `shoptalk connect`: a member's terminal on a household server. Connects
/// (TLS whenever the server speaks it, its certificate pinned on first use),
/// logs in, then sends what is typed and shows what comes back. At a
/// terminal, lines are edited with the chat's ``LineEditor`` and news of
/// shared lists appears above the line being typed, which stays as it was;
/// on a pipe, lines in and lines out. A lost connection is retried with
/// backoff, and logged in again, until the member leaves.
///
/// It speaks the JSON protocol with the server whatever it shows, so it
/// tells a reply from an event and a refused login from a welcome in every
/// language; `--format json` shows those lines as they come.
public final class RemoteChat {
    public enum Format: String, Sendable { case text, json }

    public struct Options {
        public var address: ServerAddress
        public var user: String
        /// Asked for the password once the server has answered and shown
        /// its certificate, so that a server that is down or not the one
        /// pinned is never sent it; nil or empty gives up.
        public var password: () -> String?
        /// How often a refused password is asked for again on the same
        /// connection: three at a terminal, once from standard input.
        public var tries: Int
        public var format: Format
        /// Never TLS (`--plain`): for a server that has none.
        public var plain: Bool
        public var knownServers: KnownServers

        public init(
            address: ServerAddress, user: String, password: @escaping () -> String?, tries: Int = 1,
            format: Format, plain: Bool, knownServers: KnownServers
        ) {
            self.address = address
            self.user = user
            self.password = password
            self.tries = max(1, tries)
            self.format = format
            self.plain = plain
            self.knownServers = knownServers
        }
    }

    /// Why the client gave up: said on standard error, exit status 1.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        /// Worth trying again later (the server is down or restarting), unlike
        /// a refused password or a certificate that is not the pinned one.
        var isPassing = false
    }

    private let options: Options
    private let interactive: Bool
    private let prompt = "> "
    private let terminal = Terminal()
    private var editor = LineEditor()
    private var keys = KeyReader()
    private var stream: ServerStream?
    private var framer = LineFramer(maximumBytes: 1 << 22)
    private var inputFramer = LineFramer(maximumBytes: 1 << 16)
    /// The member said quit (or input ended): the connection's end is the client's too.
    private var leaving = false
    private var inputEnded = false
    /// The password the server took: a reconnection logs in with it, asking nothing.
    private var acceptedPassword: String?
    /// The line editor is on the screen: notes go above it, not before the password's prompt.
    private var editing = false

    public init(options: Options, interactive: Bool) {
        self.options = options
        self.interactive = interactive
    }

    /// Runs until the member leaves (Ctrl-D, `quit`, end of piped input).
    public func run() throws(Failure) {
        // A server gone away is seen as a failed write, not as a signal that ends the client.
        signal(SIGPIPE, SIG_IGN)
        let welcome = try connect()
        if interactive {
            terminal.enterRawMode()
            defer { terminal.restore() }
            editing = true
            show(welcome)
            loop()
        } else {
            show(welcome)
            loop()
        }
    }

    // MARK: Connecting

    /// Connects, checks the server's certificate and greeting, and only
    /// then asks for the password and logs in (see ``ClientLogin``); the
    /// login's reply. A refused password is asked for again, up to
    /// ``Options/tries`` times.
    private func connect() throws(Failure) -> [ServerLine] {
        let stream = try open()
        var lines = LineReader(stream: stream)
        var login = ClientLogin(server: options.address.server, user: options.user, tries: options.tries, password: acceptedPassword)
        var step = login.received(lines.next(timeout: 10))
        while true {
            switch step {
            case .send(let line):
                try send(line + "\n", on: stream)
                step = login.received(lines.next(timeout: line.hasPrefix("login ") ? 30 : 10))
            case .askPassword:
                step = login.password(options.password())
            case .refused(let refusal, let retry):
                note(refusal)
                step = retry
            case .fail(let why, let passing):
                stream.close()
                throw Failure(description: why, isPassing: passing)
            case .loggedIn(let answer):
                acceptedPassword = login.password
                self.stream = stream
                framer = lines.framer
                return options.format == .json ? [.words(answer)] : [ServerLine(answer)]
            }
        }
    }

    private func send(_ text: String, on stream: ServerStream) throws(Failure) {
        do {
            try stream.write(text)
        } catch {
            throw Failure(description: "lost \(options.address.server) while logging in: \(error)", isPassing: true)
        }
    }

    /// The connection, TLS unless the server has none and is this machine
    /// (or `--plain` says so), and the certificate checked against the pinned one.
    private func open() throws(Failure) -> ServerStream {
        let server = options.address.server
        let pinned = options.knownServers.entry(for: server)
        let downgrade = pinned.map { pinned in
            Failure(description: """
                \(server) answered without TLS, but its certificate is pinned in \(options.knownServers.path) (line \(pinned.line)).
                Someone may be standing in for it. If its owner really turned TLS off, remove that line and connect again.
                """)
        }
        if options.plain {
            if let downgrade { throw downgrade }
            return try attempt(tls: nil)
        }
        let context: TLSContext
        do { context = try TLSContext.client() } catch { throw Failure(description: error.message) }
        let stream: ServerStream
        do {
            stream = try ServerStream(to: options.address, tls: context)
        } catch .serverSpeaksPlainText {
            if let downgrade { throw downgrade }
            guard options.address.isThisMachine else {
                throw Failure(description: """
                    \(server) does not speak TLS, so your password would cross the network readable.
                    Ask whoever runs it to start it with “--tls auto”, or connect with --plain to send it anyway.
                    """)
            }
            return try attempt(tls: nil)
        } catch {
            throw Failure(description: "cannot connect to \(server): \(error)", isPassing: true)
        }
        guard let fingerprint = stream.serverFingerprint else { throw Failure(description: "\(server) showed no certificate") }
        if let pinned {
            guard pinned.fingerprint == fingerprint else {
                throw Failure(description: """
                    \(server) shows a different certificate from the one pinned the first time.
                      pinned: \(pinned.fingerprint)
                      now:    \(fingerprint)
                    Someone may be standing in for it: nothing was sent. If its owner made a new certificate
                    (compare with the fingerprint in the server's log, or “shoptalk info” there), remove line
                    \(pinned.line) of \(options.knownServers.path) and connect again.
                    """)
            }
        } else {
            do {
                try options.knownServers.pin(fingerprint, for: server)
            } catch {
                throw Failure(description: "cannot save the server's certificate in \(options.knownServers.path): \(error)")
            }
            note("First connection to \(server): its certificate (SHA-256 \(fingerprint)) is now pinned in \(options.knownServers.path). The server logs the same fingerprint when it starts.")
        }
        return stream
    }

    private func attempt(tls: TLSContext?) throws(Failure) -> ServerStream {
        do { return try ServerStream(to: options.address, tls: tls) } catch {
            throw Failure(description: "cannot connect to \(options.address.server): \(error)", isPassing: true)
        }
    }

    // MARK: The conversation

    private func loop() {
        var retry = Backoff()
        if interactive { redraw() }
        while true {
            if let stream {
                if !drain(stream) {
                    self.stream = nil
                    if leaving { return finish() }
                    note("Lost the connection to \(options.address.server); reconnecting…")
                    retry = Backoff()
                }
            } else if retry.isDue {
                do {
                    let welcome = try connect()
                    note("Reconnected to \(options.address.server) as \(options.user).")
                    show(welcome.filter { if case .words = $0 { options.format == .json } else { false } })
                    retry = Backoff()
                    continue
                } catch {
                    guard error.isPassing else {
                        note(error.description)
                        return finish()
                    }
                    retry.failed()
                }
            }
            if inputEnded && stream == nil { return finish() }
            // Wait for the keyboard (or piped input) and the server.
            var descriptors: [pollfd] = []
            let readsInput = !inputEnded && (interactive || stream != nil)
            if readsInput { descriptors.append(pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)) }
            if let stream { descriptors.append(pollfd(fd: stream.fd, events: Int16(POLLIN), revents: 0)) }
            let timeout: Int32 = stream == nil ? retry.millisecondsLeft : -1
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 && errno != EINTR { return finish() }
            if readsInput, descriptors[0].revents != 0 {
                if !readInput() { return finish() }
            }
        }
    }

    /// Reads what the server sent and shows it; false when the connection ended.
    private func drain(_ stream: ServerStream) -> Bool {
        var lines: [ServerLine] = []
        var open = true
        reading: while true {
            switch stream.read() {
            case .bytes(let bytes): framer.append(bytes)
            case .nothing: break reading
            case .closed:
                open = false
                break reading
            }
        }
        while let frame = framer.next() {
            guard case .line(let bytes) = frame else { continue }
            let text = String(decoding: bytes, as: UTF8.self)
            lines.append(options.format == .json ? .words(text) : ServerLine(text))
        }
        show(lines)
        return open
    }

    /// Reads keys or piped lines; false when the member leaves.
    private func readInput() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { return true }
        guard count > 0 else {
            if let frame = inputFramer.finish(), case .line(let bytes) = frame { send(String(decoding: bytes, as: UTF8.self)) }
            return leave()
        }
        if !interactive {
            inputFramer.append(buffer[..<count])
            while let frame = inputFramer.next() {
                if case .line(let bytes) = frame { send(String(decoding: bytes, as: UTF8.self)) }
            }
            return true
        }
        for key in keys.keys(from: buffer[..<count]) {
            switch editor.handle(key) {
            case .edited: redraw()
            case .nothing: break
            case .clearScreen: terminal.write("\u{1B}[H\u{1B}[2J" + editor.rendering(prompt: prompt, columns: terminal.columns))
            case .leave:
                terminal.write("\r\u{1B}[K")
                return leave()
            case .submit(let line):
                terminal.write("\r" + prompt + line + "\u{1B}[K\r\n")
                send(line)
                redraw()
            }
        }
        return true
    }

    private func send(_ line: String) {
        guard let stream else {
            return note("Not connected: “\(line)” was not sent.")
        }
        if line.trimmingCharacters(in: .whitespaces).lowercased() == "quit" { leaving = true }
        do { try stream.write(line + "\n") } catch { /* the next read sees the end */ }
    }

    /// Ctrl-D, or the end of piped input: says quit and waits for the server's goodbye.
    private func leave() -> Bool {
        inputEnded = true
        guard let stream else { return false }
        leaving = true
        do { try stream.write("quit\n") } catch { return false }
        return true
    }

    private func finish() {
        stream?.close()
        stream = nil
        if interactive { terminal.write("\r\u{1B}[K") }
    }

    // MARK: Showing

    /// What the server sent, made safe for the terminal: names in it are
    /// other people's words (``TerminalText``).
    private func show(_ lines: [ServerLine]) {
        let text = TerminalText.safe(lines.map(\.text).joined())
        guard !text.isEmpty else { return }
        if interactive {
            terminal.printAbove(text, editor: editor, prompt: prompt)
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }

    /// The client's own words: above the line being typed, or on standard error.
    private func note(_ text: String) {
        let text = TerminalText.safe(text)
        if interactive && editing {
            terminal.printAbove(text + "\n", editor: editor, prompt: prompt)
        } else {
            FileHandle.standardError.write(Data((text + "\n").utf8))
        }
    }

    private func redraw() {
        terminal.write(editor.rendering(prompt: prompt, columns: terminal.columns))
    }
}

/// Waits between reconnection attempts: half a second, doubling, at most 15 s.
struct Backoff {
    private var delay = 0.5
    private var next = ServerStream.now

    var isDue: Bool { ServerStream.now >= next }
    var millisecondsLeft: Int32 { Int32(max(0, (next - ServerStream.now) * 1000)) }

    mutating func failed() {
        next = ServerStream.now + delay
        delay = min(delay * 2, 15)
    }
}

/// Lines from a stream during login, waiting for each.
private struct LineReader {
    let stream: ServerStream
    var framer = LineFramer(maximumBytes: 1 << 22)

    init(stream: ServerStream) { self.stream = stream }

    mutating func next(timeout: Double) -> String? {
        let deadline = ServerStream.now + timeout
        while true {
            if let frame = framer.next(), case .line(let bytes) = frame { return String(decoding: bytes, as: UTF8.self) }
            switch stream.read() {
            case .bytes(let bytes): framer.append(bytes)
            case .closed: return nil
            case .nothing:
                var descriptor = pollfd(fd: stream.fd, events: Int16(POLLIN), revents: 0)
                let left = Int32(max(0, (deadline - ServerStream.now) * 1000))
                if left == 0 || poll(&descriptor, 1, left) == 0 { return nil }
            }
        }
    }
}
