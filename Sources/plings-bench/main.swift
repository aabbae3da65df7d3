import PlingsPlatform

// plings-bench: generates synthetic logs and measures replay, time travel,
// appends and bulk apply. Build and run it in release mode:
//
//   swift build -c release
//   .build/release/plings-bench generate --events 5000000 --objects 500000 --seed 1 --out /tmp/b5m.jsonl
//   .build/release/plings-bench run --log /tmp/b5m.jsonl
//
// Figures come from this machine at the time of the run; nothing here asserts
// a target. One file per command: Generate, ReplayOnce, FindBench, SHABench, and BenchRun (whose
// steps are split by what they measure).

// The same memory policy as the `plings` command (see the function).
Platform.returnLargeFreedBlocks()
let options = BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
switch options.mode {
case "generate": Generate.run(options)
case "replay": ReplayOnce.run(options)
case "find": FindBench.run(options)
case "scale": ScaleBench.run(options)
case "sync": SyncBench.run(options)
case "scan": ScanBench.run(options)
case "sha":
    shaBench(
        lines: max(1, options.int("--lines", 1_000_000)), lineBytes: max(4, options.int("--line-bytes", 300)),
        runs: max(1, options.int("--runs", 3)), json: options.flags.contains("--json"))
default:
    var bench = BenchRun(options)
    bench.run()
}
Platform.exit(0)
