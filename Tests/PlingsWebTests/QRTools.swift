import Foundation
import PlingsWeb

/// What the real tools say about QR codes: `qrencode`'s matrix for the same input and
/// settings, and what `zbarimg` reads from images.
enum QRTools {
    /// `qrencode`'s module matrix for `bytes` in byte mode (`-8`), at `level`, no margin, rows of
    /// `##` (dark) and two spaces (light) as `-t ASCII` prints them.
    static func qrencode(_ bytes: [UInt8], level: QRLevel, minimumVersion: Int = 1) throws -> [[Bool]] {
        guard let tool = ExternalTool.qrencode else { return [] }
        let text = String(decoding: bytes, as: UTF8.self)
        var arguments = ["-8", "-l", String(level.letter), "-m", "0", "-t", "ASCII", "-o", "-"]
        if minimumVersion > 1 { arguments += ["-v", String(minimumVersion)] }
        let output = try tool.run(arguments + ["--", text])
        guard output.status == 0 else { throw ToolFailure(tool: "qrencode", detail: output.err) }
        return output.text.split(separator: "\n", omittingEmptySubsequences: true).map { line in
            let characters = Array(line)
            return stride(from: 0, to: characters.count, by: 2).map { characters[$0] == "#" }
        }
    }

    /// Our matrix in the same shape.
    static func rows(_ code: QRCode) -> [[Bool]] {
        (0..<code.size).map { y in (0..<code.size).map { x in code.isDark(x: x, y: y) } }
    }

    /// A binary PGM of `code`, `scale` pixels per module, with the quiet zone.
    static func pgm(_ code: QRCode, scale: Int = 3) -> Data {
        let side = code.sizeWithQuietZone * scale
        var data = Data("P5\n\(side) \(side)\n255\n".utf8)
        data.reserveCapacity(data.count + side * side)
        for y in 0..<code.sizeWithQuietZone {
            var row = [UInt8](repeating: 255, count: side)
            for x in 0..<code.sizeWithQuietZone
            where code.isDark(x: x - QRCode.quietZone, y: y - QRCode.quietZone) {
                for p in x * scale..<(x + 1) * scale { row[p] = 0 }
            }
            for _ in 0..<scale { data.append(contentsOf: row) }
        }
        return data
    }

    /// What `zbarimg` decodes from each image: the payloads of every QR code it finds, by file
    /// path (a file where it finds none maps to []).
    static func zbarimg(_ files: [URL]) throws -> [String: [Data]] {
        guard let tool = ExternalTool.zbarimg else { return [:] }
        var result: [String: [Data]] = [:]
        // zbarimg exits 4 when some image has no code; its XML still lists every source.
        for chunk in stride(from: 0, to: files.count, by: 200) {
            let part = Array(files[chunk..<min(chunk + 200, files.count)])
            let output = try tool.run(["--xml", "-q"] + part.map(\.path))
            guard output.status == 0 || output.status == 4 else {
                throw ToolFailure(tool: "zbarimg", detail: output.err)
            }
            for (path, payloads) in parse(output.text) { result[path] = payloads }
        }
        return result
    }

    /// The sources and symbols of zbarimg's `--xml` output: a payload is either CDATA text or,
    /// when zbar thinks it is not text (or it holds `]]>`), base64 inside CDATA.
    static func parse(_ xml: String) -> [String: [Data]] {
        var result: [String: [Data]] = [:]
        for source in xml.components(separatedBy: "<source href='").dropFirst() {
            guard let end = source.firstIndex(of: "'") else { continue }
            let path = String(source[..<end])
            var payloads: [Data] = []
            for data in source.components(separatedBy: "<data").dropFirst() {
                guard let open = data.range(of: "<![CDATA["), let close = data.range(of: "]]></data>") else { continue }
                let body = String(data[open.upperBound..<close.lowerBound])
                if data[..<open.lowerBound].contains("format='base64'") {
                    let compact = body.filter { !$0.isWhitespace }
                    payloads.append(Data(base64Encoded: compact) ?? Data())
                } else {
                    payloads.append(Data(body.utf8))
                }
            }
            result[path] = payloads
        }
        return result
    }
}

struct ToolFailure: Error, CustomStringConvertible {
    var tool: String
    var detail: Data
    var description: String { "\(tool) failed: \(String(decoding: detail, as: UTF8.self))" }
}
