// Small, valid audio files built byte by byte for the speech adapters' tests (no encoder needed):
// the local stand-ins for ElevenLabs and OpenAI answer with them, as the real services answer MP3.

/**
 * Silent MPEG-1 Layer III: each frame is a 4-byte header (32 kbit/s, 44,100 Hz, mono, no CRC)
 * followed by zeroed side information and data, which decoders play as silence. A frame holds
 * 1,152 samples: 26.12 ms; its length is 144 × 32,000 / 44,100 = 104 bytes.
 */
export function silentMp3(frames: number): Buffer {
  const frame = Buffer.alloc(104);
  frame.set([0xff, 0xfb, 0x10, 0xc0]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

export const MP3_FRAME_MS = (1152 / 44100) * 1000;

/** Silent 16-bit mono PCM WAV of the given length. */
export function silentWav(durationMs: number, sampleRate = 22050): Buffer {
  const dataBytes = Math.round((sampleRate * durationMs) / 1000) * 2;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write("WAVE", 8, "ascii");
  wav.write("fmt ", 12, "ascii");
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(dataBytes, 40);
  return wav;
}
