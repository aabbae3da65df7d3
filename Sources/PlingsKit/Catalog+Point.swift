import PlingsText

extension PointAnswer {
    /// The line a view at a point begins with, in `language`: "As of #46 (2026-12-01T04:02:20.000Z)".
    public func header(_ language: Language = .en) -> String { Catalog(language).header(self) }
}

extension Catalog {
    /// The line a view at a point begins with (see `PointAnswer`); each instant in it as `time`
    /// makes it of its RFC 3339 text (a page marks them, to show them as `<time>` elements).
    package func header(_ answer: PointAnswer, time: (String) -> String = { $0 }) -> String {
        let at = answer.at.map { time($0.rfc3339) } ?? ""
        let seq = String(answer.seq)
        switch (answer.place, answer.asked.limit) {
        case (.beforeFirstEvent, .seq(let s)):
            return self(.pointBeforeFirst, ["point": "#\(s)"])
        case (.beforeFirstEvent, .time):
            return self(.pointBeforeFirst, ["point": instant(answer.asked, time: time)])
        case (.within, .seq), (.afterLastEvent, .seq):
            // (A seq past the last event is no point: `PointAnswer` refuses it, naming the last event.)
            return self(.pointAsOfSeq, ["seq": seq, "at": at])
        case (.within, .time):
            return self(.pointAsOfTime, ["seq": seq, "at": at, "instant": instant(answer.asked, time: time)])
        case (.afterLastEvent, .time):
            return self(.pointAfterLastTime, ["seq": seq, "at": at, "instant": instant(answer.asked, time: time)])
        }
    }

    /// The instant a time point stands for, in UTC, with the text and zone it was read from when
    /// it had no zone of its own: "2026-12-01T03:02:20.000Z (2026-12-01T04:02:20 in Europe/Stockholm)".
    package func instant(_ asked: AskedPoint, time: (String) -> String = { $0 }) -> String {
        guard let instant = asked.instant.map({ time($0.rfc3339) }) else { return asked.text }
        guard let zone = asked.zone else { return instant }
        return self(.pointInZone, ["instant": instant, "text": Printable.quote(asked.text), "zone": zone])
    }
}
