import Foundation
import PlingsTestSupport
import Testing

/// Where the browser checks keep their screenshots: `PLINGS_ARTIFACTS` (as `.ci/run` sets it), else `.build`.
@Suite("Artifacts: the screenshots' folder")
struct ArtifactsTests {
    @Test("PLINGS_ARTIFACTS names the folder, relative to the package unless absolute; unset, .build")
    func folder() {
        let root = Artifacts.packageRoot
        #expect(FileManager.default.fileExists(atPath: root + "/Package.swift"))
        #expect(Artifacts.root(nil) == root + "/.build")
        #expect(Artifacts.root("") == root + "/.build")
        #expect(Artifacts.root("ci-artifacts") == root + "/ci-artifacts")
        #expect(Artifacts.root("/srv/ci/out") == "/srv/ci/out")
    }

    @Test(".ci/run sends the screenshots to ci-artifacts/, which git ignores, and says where they are")
    func ciRun() throws {
        let run = try String(contentsOfFile: Artifacts.packageRoot + "/.ci/run", encoding: .utf8)
        #expect(run.contains("export PLINGS_ARTIFACTS=\"${PLINGS_ARTIFACTS:-ci-artifacts}\""))
        #expect(run.contains("screenshots: $PLINGS_ARTIFACTS/browser/"))
        let ignored = try String(contentsOfFile: Artifacts.packageRoot + "/.gitignore", encoding: .utf8)
        #expect(ignored.split(separator: "\n").contains("/ci-artifacts/"))
    }
}
