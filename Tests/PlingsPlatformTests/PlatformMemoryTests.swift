import PlingsPlatform
import Testing

@Suite("The platform layer: memory hints")
struct PlatformMemoryTests {
    @Test("prefault is only a hint: small, odd-sized and large regions keep their bytes and take new ones")
    func prefaultKeepsContents() {
        for count in [0, 17, 4096 + 3, (1 << 21) + 5] {
            var bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                Platform.prefault(UnsafeMutableRawBufferPointer(buffer))
                for k in 0..<count { buffer.initializeElement(at: k, to: UInt8(truncatingIfNeeded: k &* 7)) }
                initialized = count
            }
            bytes.withUnsafeMutableBytes { Platform.prefault($0) }
            #expect(bytes.enumerated().allSatisfy { $0.element == UInt8(truncatingIfNeeded: $0.offset &* 7) })
        }
    }
}
