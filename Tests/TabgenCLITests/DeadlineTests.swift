import Testing
@testable import tabgen

/// The deadline of one `validate --url` fetch, as poll(2) and curl's --max-time read it.
struct DeadlineTests {
    @Test
    func countsDownFromNow() {
        let deadline = Deadline(secondsFromNow: 5)
        #expect(!deadline.hasPassed)
        #expect((4_000...5_000).contains(deadline.remainingMilliseconds))
        // Rounded up: a little less than 5 seconds left is 5 for curl.
        #expect(deadline.remainingSeconds == 5)
    }

    @Test(arguments: [0, -3])
    func aDeadlineNowOrBeforeHasPassed(seconds: Double) {
        let deadline = Deadline(secondsFromNow: seconds)
        #expect(deadline.hasPassed)
        #expect(deadline.remainingMilliseconds == 0)
        #expect(deadline.remainingSeconds == 0)
    }

    @Test
    func aFarDeadlineWaitsAtMostWhatPollTakes() {
        let deadline = Deadline(secondsFromNow: 1e12)
        #expect(!deadline.hasPassed)
        #expect(deadline.remainingMilliseconds == Int32.max)
    }

    @Test
    func partsOfASecondRoundUp() {
        let deadline = Deadline(secondsFromNow: 2.9)
        #expect(deadline.remainingMilliseconds > 2_000)
        #expect(deadline.remainingSeconds == 3)
    }
}
