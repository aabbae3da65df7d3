import Foundation
import PlingsKit
import PlingsText
import PlingsWeb

/// The web's pieces from the command line, without a web server: a picture of a place (SVG)
/// and a sheet of labels with QR codes (HTML).
enum WebCommands {
    static let all: [String: CommandDefinition] = [
        "picture": CommandDefinition(
            spec: CommandSpec(positionals: ["C"], valued: ["--axis", "--at"]), readsLog: true, run: picture),
        "labels": CommandDefinition(
            spec: CommandSpec(
                positionals: ["ID"], optionalPositionals: 1, variadic: true,
                valued: ["--in", "--base-url", "--layout", "--skip"]),
            readsLog: true, run: labels),
    ]

    /// The base URL's environment variable.
    static let baseURLVariable = "PLINGS_BASE_URL"

    static func picture(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let axisText = args.values["--axis"] ?? "current"
        guard let axis = Axis(token: axisText) else {
            throw CLIError.usage(context.text(.unknownTreeAxis, ["value": Printable.quote(axisText)]))
        }
        let target = args.positionals[0]
        let world = ObjectID.isWorldToken(target)
        let id = world ? nil : try Commands.objectID(target, context)
        let state = try Commands.state(args, context)
        var container = ObjectIndex.world
        if let id {
            guard let x = state.registry.index(of: id) else {
                let limit = try Commands.at(args, context)
                throw Commands.said(try Query(path: context.logPath).missing(id, at: limit), args, context)
            }
            container = x
        }
        let contents = PlaceContents(container, axis: axis, state: state, worldName: context.text(.pictureWorld))
        context.terminal.out(PlacePicture(contents).document(context.text))
        return ExitStatus.ok
    }

    static func labels(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let text = context.text
        let layoutName = args.values["--layout"] ?? LabelLayout.l7160.name
        guard let layout = LabelLayout.named(layoutName) else {
            throw CLIError.usage(text(.labelsBadLayout, ["value": Printable.quote(layoutName)]))
        }
        let skip = try skipCount(args.values["--skip"], layout, text)
        let base = try baseURL(args.values["--base-url"] ?? context.environment[baseURLVariable], text)
        let ids = try args.positionals.map { try Commands.objectID($0, context) }
        let inside = try args.values["--in"].map {
            ObjectID.isWorldToken($0) ? nil : try Commands.objectID($0, context)
        }
        if ids.isEmpty && inside == nil { throw CLIError.usage(text(.labelsNothing)) }
        let things = try labelled(ids, inside: inside, try Commands.state(args, context), text)
        let items = things.map { LabelItem(id: $0.id, name: $0.name, url: LabelItem.cardURL(base: base, id: $0.id)) }
        do {
            context.terminal.out(try LabelSheet(items: items, layout: layout, skip: skip).html(text))
        } catch .tooLong(let id, let url, _) {
            throw CLIError.failure(text(.labelsTooLong, ["id": id, "bytes": String(url.utf8.count)]))
        } catch .tooMany(let count, let maximum) {
            throw CLIError.failure(text(.labelsTooMany, ["count": String(count), "max": String(maximum)]))
        } catch .skipTooLarge {
            throw badSkip(String(skip), layout, text)
        }
        return ExitStatus.ok
    }

    /// The things to label: `ids` in order, then what is in `inside` now (nil: World), sorted by
    /// name. An unknown id is an error; so is a container with nothing in it and no ids besides.
    static func labelled(_ ids: [ObjectID], inside: ObjectID??, _ state: WorldState, _ text: Catalog) throws -> [(
        id: String, name: String
    )] {
        var things: [(id: String, name: String)] = []
        for id in ids {
            guard let x = state.registry.index(of: id) else { throw DomainError.unknownObject(id) }
            things.append((id.rawValue, state.registry.name(x)))
        }
        guard let inside else { return things }
        var container = ObjectIndex.world
        if let id = inside {
            guard let x = state.registry.index(of: id) else { throw DomainError.unknownObject(id) }
            container = x
        }
        let contents = PlaceContents(container, axis: .current, state: state, worldName: text(.pictureWorld))
        if contents.things.isEmpty && things.isEmpty {
            let named = contents.id.map { "\(Printable.quote(contents.name)) (\($0))" } ?? contents.name
            throw CLIError.failure(text(.labelsEmptyContainer, ["container": named]))
        }
        return things + contents.things.map { ($0.id, $0.name) }
    }

    /// `--skip N`: 0 up to one less than the labels on a sheet.
    static func skipCount(_ value: String?, _ layout: LabelLayout, _ text: Catalog) throws -> Int {
        guard let value else { return 0 }
        guard let n = Int(value), n >= 0, n < layout.perSheet else { throw badSkip(value, layout, text) }
        return n
    }

    static func badSkip(_ value: String, _ layout: LabelLayout, _ text: Catalog) -> CLIError {
        let values = [
            "value": Printable.quote(value), "max": String(layout.perSheet - 1), "count": String(layout.perSheet),
        ]
        return CLIError.usage(text(.labelsBadSkip, values))
    }

    /// The web pages' address from `--base-url` or `PLINGS_BASE_URL`.
    static func baseURL(_ value: String?, _ text: Catalog) throws -> String {
        guard let value, !value.isEmpty else { throw CLIError.usage(text(.labelsNeedBaseURL)) }
        guard LabelItem.isBaseURL(value) else {
            throw CLIError.usage(text(.labelsBadBaseURL, ["value": Printable.quote(value)]))
        }
        return value
    }
}
