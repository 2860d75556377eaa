import HealthDomain
import Testing

/// The silence rule itself.
@Suite struct SourceSilenceTests {
    @Test func onlyADailySourceIsSilentAndOnlyAfter24Hours() {
        let day = Int64(86_400_000)
        #expect(SourceSilence.syncsDaily(arrivalDays: [10, 11, 13, 16]))        // four of the seven days 10…16
        #expect(!SourceSilence.syncsDaily(arrivalDays: [9, 10, 11, 16]))        // day 9 is outside the week
        #expect(!SourceSilence.syncsDaily(arrivalDays: [14, 15, 16]))
        #expect(SourceSilence.recording(20, in: [10, 11, 14, 16]) == [14, 16, 20])
        #expect(SourceSilence.recording(16, in: [14, 16]) == [14, 16])
        let last = 16 * day + 3_600_000
        #expect(!SourceSilence.isSilent(lastArrivalMs: last, arrivalDays: [13, 14, 15, 16], nowMs: last + day - 1))
        #expect(SourceSilence.isSilent(lastArrivalMs: last, arrivalDays: [13, 14, 15, 16], nowMs: last + day))
        #expect(!SourceSilence.isSilent(lastArrivalMs: last, arrivalDays: [15, 16], nowMs: last + 10 * day))
        #expect(SourceSilence.day(ofMs: -1) == -1 && SourceSilence.day(ofMs: 0) == 0)
    }
}
