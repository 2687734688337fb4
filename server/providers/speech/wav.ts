// Reading PCM WAV files: what the offline voice writes, and what some providers can be asked for.

/** The duration of a PCM WAV file, from its header (byte rate) and its data chunk's size. */
export function wavDurationMs(wav: Buffer): number {
  if (wav.length < 44 || wav.toString("ascii", 0, 4) !== "RIFF" || wav.toString("ascii", 8, 12) !== "WAVE") throw new Error("Not a WAV file");
  const byteRate = wav.readUInt32LE(28);
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString("ascii", offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === "data") return Math.round((Math.min(size, wav.length - offset - 8) / byteRate) * 1000);
    offset += 8 + size + (size % 2);
  }
  throw new Error("The WAV file has no data chunk");
}
