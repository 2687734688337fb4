// A voice note's waveform: the decoded samples reduced to one bar per slice of time, the loudest
// sample of each slice, scaled so the loudest bar fills the height (quiet recordings stay readable).

/** `bars` heights from 0 to 1 for the samples; silence (or no samples) gives flat, visible bars. */
export function peaksOf(samples: ArrayLike<number>, bars: number): number[] {
  const count = Math.max(1, Math.floor(bars));
  const peaks = new Array<number>(count).fill(0);
  if (!samples.length) return peaks.map(() => MIN_BAR);
  const slice = samples.length / count;
  for (let bar = 0; bar < count; bar += 1) {
    const start = Math.floor(bar * slice);
    const end = Math.max(start + 1, Math.floor((bar + 1) * slice));
    let peak = 0;
    for (let index = start; index < end && index < samples.length; index += 1) {
      const value = Math.abs(samples[index]!);
      if (value > peak) peak = value;
    }
    peaks[bar] = peak;
  }
  const loudest = Math.max(...peaks);
  return peaks.map((peak) => (loudest > 0 ? Math.max(MIN_BAR, peak / loudest) : MIN_BAR));
}

/** The smallest bar drawn, so that pauses still show where the audio is. */
export const MIN_BAR = 0.04;

/** The time a click at `x` of a `width`-wide waveform points at, within the audio. */
export function seekTime(x: number, width: number, duration: number): number {
  if (!(width > 0) || !(duration > 0)) return 0;
  return Math.min(duration, Math.max(0, (x / width) * duration));
}
