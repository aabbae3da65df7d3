import PlingsKit

/// Every `--json` output goes through the streaming `JSONWriter`: one line
/// of compact JSON, fields in a fixed order, `null` for nothing, `[]` for
/// no elements. A point in the log is always `{"seq":N,"hash":"…"}`.
/// docs/json.md shows each command's shape.
extension Commands {
    /// Writes one JSON value built by `body` to standard output, in pieces.
    static func writeJSON(_ context: Context, _ body: (inout JSONWriter) -> Void) {
        var writer = JSONWriter(sink: context.terminal.out)
        body(&writer)
        writer.finish()
    }

    /// Writes `value` as one line of JSON to standard output.
    static func writeJSON(_ value: some JSONWritable, _ context: Context) {
        writeJSON(context) { value.write(to: &$0) }
    }

    /// Writes `value`, a JSON object, as one line of JSON to standard output; at a point asked
    /// with `--at`, its first members say where the point falls: `"asOfTime"` (the time of the
    /// last event shown) and `"point"` (see `PointAnswer`).
    static func writeJSON(_ value: some JSONWritable, _ context: Context, point: PointAnswer?) {
        guard let point else { return writeJSON(value, context) }
        let object = JSONWriter.text { value.write(to: &$0) }
        let members = JSONWriter.text { $0.object { pointMembers(point, to: &$0) } }
        // Both are objects: the point's members, then the view's.
        context.terminal.out(String(members.dropLast()) + "," + String(object.dropFirst()))
    }

    /// The members that say where a point asked with `--at` falls: `"asOfTime"` (the time of the
    /// last event shown) and `"point"` (see `PointAnswer`).
    static func pointMembers(_ point: PointAnswer, to w: inout JSONWriter) {
        w.field("asOfTime", point.at?.rfc3339)
        w.key("point")
        point.write(to: &w)
    }

    /// Writes text built by `body` to standard output, in pieces.
    static func writeText(_ context: Context, _ body: (inout OutputBuffer) -> Void) {
        var buffer = OutputBuffer(sink: context.terminal.out)
        body(&buffer)
        buffer.flush()
    }
}

extension JSONWriter {
    /// A member naming a point in the log: `"head":{"seq":14,"hash":"…"}`.
    mutating func field(_ name: String, seq: Int64, hash: Digest) {
        field(
            name,
            object: {
                $0.field("seq", seq)
                $0.field("hash", hash.hex)
            })
    }
}

extension Fingerprint: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.field("seq", seq)
            $0.field("objects", objects)
            $0.field("registry", registry)
            $0.field("currentParents", currentParents)
            $0.field("normalParents", normalParents)
            $0.field("currentPositional", currentPositional)
            $0.field("normalPositional", normalPositional)
            $0.field("replay", replay)
            $0.field("world", world)
            $0.field("all", all)
        }
    }
}

extension Rebuild.Report: JSONWritable {
    package func write(to w: inout JSONWriter) {
        w.object {
            $0.field("dryRun", dryRun)
            $0.field("events", events)
            $0.field("objects", objects)
            $0.field("skipped", skipped)
            $0.field("logBytes", logBytes)
            $0.field("snapshots", snapshots)
            $0.field("snapshotBytes", snapshotBytes)
            $0.field("timelineBytes", timelineBytes)
            $0.field("removed", removed)
            if !notWritten.isEmpty { $0.field("notWritten", strings: notWritten) }
            $0.field("seconds", seconds)
            $0.field("eventsPerSecond", eventsPerSecond)
        }
    }
}

extension Commands.ApplyReport: JSONWritable {
    func write(to w: inout JSONWriter) {
        w.object {
            $0.field("dryRun", dryRun)
            $0.field("read", read)
            $0.field("appended", appended)
            $0.field("batches", batches)
            $0.field("unchanged", unchanged)
            $0.field("stopped", stopped)
            $0.field("rejected", array: rejected) { w, r in
                w.object {
                    $0.field("line", r.line)
                    $0.field("reason", r.reason)
                }
            }
            $0.field("caseTwins", array: caseTwins) { w, c in
                w.object {
                    $0.field("line", c.line)
                    $0.field("id", c.id)
                    $0.field("existing", c.existing)
                }
            }
            $0.field("head", seq: head.lastSeq, hash: head.lastHash)
            $0.field("seconds", seconds)
        }
    }
}

extension Commands.VerifyReport: JSONWritable {
    func write(to w: inout JSONWriter) {
        w.object {
            $0.field("ok", ok)
            $0.field("lines", lines)
            $0.field("head", seq: head.lastSeq, hash: head.lastHash)
            // Only on a shallow device: the hub's snapshot the lines were checked from.
            if let base { $0.field("base", seq: base.lastSeq, hash: base.lastHash) }
            $0.key("tornTail")
            if let t = tornTail {
                $0.object {
                    $0.field("offset", t.offset)
                    $0.field("length", t.length)
                }
            } else {
                $0.null()
            }
            $0.key("problem")
            if let p = problem {
                $0.object {
                    $0.field("message", p.message)
                    $0.field("line", p.line)
                    $0.field("offset", p.offset)
                    $0.field("seq", p.seq)
                }
            } else {
                $0.null()
            }
            $0.key("expect")
            if let e = expect {
                $0.object {
                    $0.field("seq", e.seq)
                    $0.field("hash", e.hash)
                    $0.field("matched", e.matched)
                }
            } else {
                $0.null()
            }
            // Null without --events: the events were not folded, so which were skipped is not known.
            if let skipped {
                $0.field("skipped", array: skipped) { w, s in
                    w.object {
                        $0.field("seq", s.seq)
                        $0.field("reason", s.reason)
                    }
                }
            } else {
                $0.key("skipped")
                $0.null()
            }
            $0.field("clockBehind", clockBehind)
        }
    }
}
