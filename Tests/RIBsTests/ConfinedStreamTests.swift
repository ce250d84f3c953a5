import RIBs
import Testing

@Suite("ConfinedStream: values confined to an interactor's active periods")
struct ConfinedStreamTests {
    @Test("values sent while active pass at once; while inactive they are held, and the latest passes at reactivation")
    func heldWhileInactive() {
        let interactor = Interactor()
        var received: [Int] = []
        let stream = ConfinedStream<Int>(to: interactor) { received.append($0) }

        stream.send(1)
        #expect(received.isEmpty)

        interactor.activate()
        stream.send(2)
        interactor.deactivate()
        stream.send(3)
        stream.send(4)
        #expect(received == [1, 2])

        interactor.activate()
        #expect(received == [1, 2, 4])
    }

    @Test("as RIBs' combineLatest: each reactivation repeats the latest value, delivered before or not")
    func reactivationRepeatsLatest() {
        let interactor = Interactor()
        interactor.activate()
        var received: [String] = []
        let stream = ConfinedStream<String>(to: interactor) { received.append($0) }

        stream.send("a")
        interactor.deactivate()
        interactor.activate()
        interactor.deactivate()
        interactor.activate()

        #expect(received == ["a", "a", "a"])
        stream.cancel()
    }

    @Test("a nil value of an Optional stream is a value: held and repeated like any other")
    func optionalValues() {
        let interactor = Interactor()
        var received: [Int?] = []
        let stream = ConfinedStream<Int?>(to: interactor) { received.append($0) }

        stream.send(nil)
        interactor.activate()

        #expect(received == [nil])
        stream.cancel()
    }

    @Test("cancelled or released, it delivers nothing more; it keeps neither the scope nor itself alive")
    func cancelAndRelease() {
        let interactor = Interactor()
        interactor.activate()
        var received: [Int] = []
        let stream = ConfinedStream<Int>(to: interactor) { received.append($0) }
        stream.send(1)

        stream.cancel()
        stream.send(2)
        interactor.deactivate()
        interactor.activate()
        #expect(received == [1])

        weak var weakStream: ConfinedStream<Int>?
        weak var weakScope: Interactor?
        do {
            let scope = Interactor()
            weakScope = scope
            let released = ConfinedStream<Int>(to: scope) { received.append($0) }
            weakStream = released
            released.send(3)
        }
        #expect(weakStream == nil)
        #expect(weakScope == nil)
        interactor.deactivate()
        interactor.activate()
        #expect(received == [1])
    }

    @Test("a stream given to an interactor's active period is cancelled with it (cancelOnDeactivate)")
    func confinedStreamScopedToActivePeriod() {
        let interactor = Interactor()
        interactor.activate()
        var received: [Int] = []
        let stream = ConfinedStream<Int>(to: interactor) { received.append($0) }.cancelOnDeactivate(interactor: interactor)

        interactor.deactivate()
        stream.send(1)
        interactor.activate()

        #expect(received.isEmpty)
    }
}
