import PlingsDomain

/// Encodes lines one after another, as `LineFormat.encode` defines them: each
/// line is written through a pointer into one reusable scratch buffer, hashed
/// there, and appended to the output with one copy. The canonical text of the
/// last time written is kept, since the lines of a batch share their time.
package struct LineEncoder {
    private var scratch: [UInt8] = []
    private var lastAt: Timestamp?
    private var atText: [UInt8] = []
    /// The same for the time on the device of the last origin written (the commands a device
    /// queued together share it).
    private var lastDeviceAt: Timestamp?
    private var deviceAtText: [UInt8] = []

    package init() {}

    /// Appends the line for `event` to `out` and returns its hash (see `LineFormat.encode`).
    package mutating func encode(
        _ event: Event, prev: Digest, batch: Int? = nil, appendingTo out: inout [UInt8]
    ) -> Digest {
        let members = LineMembers(event, batch: batch)
        let bound = Self.bound(event, members)
        if scratch.count < bound { scratch = [UInt8](repeating: 0, count: max(bound, 1024)) }
        if lastAt != event.at {
            atText.removeAll(keepingCapacity: true)
            event.at.appendCanonical(to: &atText)
            lastAt = event.at
        }
        if let deviceAt = event.origin?.deviceAt, lastDeviceAt != deviceAt {
            deviceAtText.removeAll(keepingCapacity: true)
            deviceAt.appendCanonical(to: &deviceAtText)
            lastDeviceAt = deviceAt
        }
        let (at, dat) = (atText, deviceAtText)
        return scratch.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return Digest.zero }
            var writer = LineWriter(base: base)
            at.withUnsafeBufferPointer { at in
                dat.withUnsafeBufferPointer { writer.body(event, members, prev: prev, batch: batch, at: at, dat: $0) }
            }
            let body = writer.count
            let hash = SHA256.hash(UnsafeRawBufferPointer(start: base, count: body))
            writer.hashSuffix(hash)
            out.append(contentsOf: UnsafeBufferPointer(start: base, count: writer.count))
            return hash
        }
    }

    /// At least the bytes the line can take: every string escaped at six bytes a byte, plus
    /// the keys, numbers, times, digests and punctuation (well under 600 bytes together).
    private static func bound(_ event: Event, _ m: LineMembers) -> Int {
        func count(_ s: String?) -> Int { s?.utf8.count ?? 0 }
        var text = count(event.payload.object.rawValue) + count(event.payload.typeName)
        text += count(event.actor) + count(event.commandID) + count(m.code) + count(m.command)
        text += count(event.origin?.device) + count(m.name) + count(m.note) + count(m.reason) + count(m.target)
        text += count(m.due)
        return 6 * text + 1024
    }
}

extension LineWriter {
    /// The members before `hash`, in sorted key order.
    mutating func body(
        _ event: Event, _ members: LineMembers, prev: Digest, batch: Int?, at: UnsafeBufferPointer<UInt8>,
        dat: UnsafeBufferPointer<UInt8>
    ) {
        open()
        if let actor = event.actor { string("actor", actor) }
        time("at", at)
        if let axes = members.axes { self.axes(axes) }
        if let batch { integer("batch", Int64(batch)) }
        if let cid = event.commandID { string("cid", cid) }
        if let clock = event.clock {
            var text: [UInt8] = []
            clock.appendCanonical(to: &text)
            text.withUnsafeBufferPointer { time("clock", $0) }
        }
        if let code = members.code { string("code", code) }
        if let command = members.command { string("command", command) }
        if let origin = event.origin {
            // `dat` holds the canonical text of `origin.deviceAt`.
            time("dat", dat)
            string("device", origin.device)
            integer("dseq", origin.deviceSeq)
        }
        if let due = members.due { string("due", due) }
        if let name = members.name { string("name", name) }
        if let note = members.note { string("note", note) }
        string("object", event.payload.object.rawValue)
        hex("prev", prev)
        if let reason = members.reason { string("reason", reason) }
        if let relation = members.relation { string("relation", relation.token) }
        integer("seq", event.seq)
        if let target = members.target { string("target", target) }
        string("type", event.payload.typeName)
        if let undoes = event.undoes { integer("undoes", undoes) }
        integer("v", members.version)
    }

    /// `,"hash":"` + the 64 hex digits + `"}` and the newline.
    mutating func hashSuffix(_ hash: Digest) {
        LineFormat.hashKey.withUnsafeBufferPointer { bytes($0) }
        hex64(hash)
        byte(0x22)
        byte(0x7D)
        byte(0x0A)
    }
}
