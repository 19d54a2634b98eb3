/// Parses `first` and `second` alternately for `rounds` rounds, the order swapped every round, and returns the
/// median CPU seconds of one parse of each and the quartiles of the per-round ratio of `second`'s CPU time per byte
/// to `first`'s. The two parses of a round run within milliseconds of each other, so a slow spell of a shared
/// machine (which can halve its speed for seconds) slows both alike and leaves their ratio; medians taken in
/// separate windows, file after file, do not have that property.
func pairedParseTimes(_ first: [UInt8], _ second: [UInt8], rounds: Int) throws -> (
    first: Double, second: Double, ratio: (median: Double, lower: Double, upper: Double)
) {
    for _ in 0..<3 {
        _ = try timedParse(first).cpu
        _ = try timedParse(second).cpu
    }
    var firstTimes: [Double] = []
    var secondTimes: [Double] = []
    var ratios: [Double] = []
    let bytesRatio = Double(first.count) / Double(second.count)
    for round in 0..<rounds {
        let a: Double
        let b: Double
        if round % 2 == 0 {
            a = try timedParse(first).cpu
            b = try timedParse(second).cpu
        } else {
            b = try timedParse(second).cpu
            a = try timedParse(first).cpu
        }
        firstTimes.append(a)
        secondTimes.append(b)
        ratios.append(b / a * bytesRatio)
    }
    firstTimes.sort()
    secondTimes.sort()
    ratios.sort()
    let count = ratios.count
    return (
        firstTimes[count / 2], secondTimes[count / 2],
        (ratios[count / 2], ratios[count / 4], ratios[(3 * count) / 4])
    )
}
