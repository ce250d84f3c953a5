import HTTPServer
import TestSupport
import Testing

@Suite("the process heap")
struct ProcessHeapTests {
    // A sanitizer's allocator replaces glibc's: its heap is not the one malloc_trim trims.
    @Test(
        "freed blocks below one still in use stay with the process until the heap is trimmed, which hands them back",
        .enabled(if: !runningUnderThreadSanitizer, "ThreadSanitizer allocates outside glibc's heap"))
    func trimReturnsFreedPages() {
        // 16 MiB in small blocks, all freed but the last: the free space sits below a live block, where `free`
        // alone never gives it back.
        let blocks = (0..<16_384).map { _ in UnsafeMutableRawPointer.allocate(byteCount: 1024, alignment: 16) }
        for block in blocks {
            block.initializeMemory(as: UInt8.self, repeating: 1, count: 1024)
        }
        for block in blocks.dropLast() { block.deallocate() }
        #expect(ProcessHeap.returnFreePages())
        blocks.last?.deallocate()
    }
}
