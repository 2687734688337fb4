// Benchmark: the offline speech default (eSpeak NG compiled to WebAssembly, in-process) speaking
// typical AI voice note scripts.
//
//   npx tsx bench/tts-offline.ts [--rounds=5] [--voice=en-us+m3]
//   npm run bench:tts-offline -- [same flags]
//
// Speaks each script of SCRIPTS (16 to 110 words: what an outreach voice note says in 5 to 45
// seconds) `rounds` times in turn, one note at a time as the executor does, and reports the
// seconds of audio produced per second of CPU (user + system, process.cpuUsage) and the wall
// time per note (p50, p95, max), the first note (which loads and compiles the WebAssembly) apart,
// and the fixed cost of a note (a one-word note: a fresh eSpeak instance per note).
import { performance } from "node:perf_hooks";
import { cpus } from "node:os";
import { offlineSpeech } from "../server/providers/speech/offline-speech";

const args: Record<string, string | undefined> = Object.fromEntries(process.argv.slice(2).map((arg) => arg.replace(/^--/, "").split("=")));
const rounds = Number(args.rounds ?? 5);
const voiceId = String(args.voice ?? offlineSpeech.defaultVoiceId());

const SCRIPTS = [
  "Hi Ada, thanks for connecting! I just wanted to put a voice to the name. Talk soon.",
  "Hi Ada, Grace here. I saw your post about hiring support engineers and it made me smile, because we went through the same thing last year. Would love to compare notes some time.",
  "Hey Ada, quick voice note instead of another wall of text. We help support teams at companies like Analytical Engines cut their first response time in half, without adding headcount. If that is on your list for next quarter, I would be happy to show you how two of your peers did it. No pressure either way, and thanks again for connecting.",
  "Hi Ada, it is Grace from Herald. I know your inbox is busy, so I will keep this short. Last month you mentioned that onboarding new customers takes your team about three weeks. We built a way to bring that down to a few days, and the teams using it say the biggest win is that their engineers stop answering the same setup questions. I recorded this because I think it is easier to hear than to read. If you are curious, reply with a good time this week or next, and I will send over a short walkthrough. Either way, enjoy the rest of your week.",
  "Hello Ada, following up on my message from last week. Totally understand if the timing is not right. I will leave it here, and if anything changes, you know where to find me. Cheers.",
];

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

async function main() {
  const cpuBefore = process.cpuUsage();
  const coldStart = performance.now();
  const first = await offlineSpeech.synthesize({ text: SCRIPTS[0]!, voiceId });
  const coldMs = performance.now() - coldStart;
  const coldCpu = process.cpuUsage(cpuBefore);

  const walls: number[] = [];
  let audioMs = 0;
  let words = 0;
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  for (let round = 0; round < rounds; round += 1) {
    for (const script of SCRIPTS) {
      const started = performance.now();
      const spoken = await offlineSpeech.synthesize({ text: script, voiceId });
      walls.push(performance.now() - started);
      audioMs += spoken.durationMs;
      words += script.split(/\s+/).length;
    }
  }
  const wallMs = performance.now() - wallStart;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;

  const notes = walls.length;
  const fixedCpuStart = process.cpuUsage();
  const fixedWalls: number[] = [];
  for (let index = 0; index < 10; index += 1) {
    const started = performance.now();
    await offlineSpeech.synthesize({ text: "Hi", voiceId });
    fixedWalls.push(performance.now() - started);
  }
  const fixedCpu = process.cpuUsage(fixedCpuStart);
  console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? "unknown CPU"}, Node ${process.version}`);
  console.log(`Voice ${voiceId}; ${SCRIPTS.length} scripts × ${rounds} rounds = ${notes} notes, ${words} words, ${(audioMs / 1000).toFixed(1)} s of audio`);
  console.log(`First note (loads the WebAssembly): ${coldMs.toFixed(0)} ms wall, ${((coldCpu.user + coldCpu.system) / 1000).toFixed(0)} ms CPU, ${(first.durationMs / 1000).toFixed(1)} s of audio`);
  console.log(`Audio per CPU second: ${(audioMs / 1000 / cpuSeconds).toFixed(1)} s (CPU ${cpuSeconds.toFixed(2)} s for ${(audioMs / 1000).toFixed(1)} s of audio)`);
  console.log(`Audio per wall second: ${(audioMs / wallMs).toFixed(1)} s`);
  console.log(`Wall per note: p50 ${percentile(walls, 0.5).toFixed(0)} ms, p95 ${percentile(walls, 0.95).toFixed(0)} ms, max ${Math.max(...walls).toFixed(0)} ms; mean note ${(audioMs / notes / 1000).toFixed(1)} s of audio`);
  console.log(`Fixed cost of a note (one word, 10 notes): p50 ${percentile(fixedWalls, 0.5).toFixed(0)} ms wall, ${((fixedCpu.user + fixedCpu.system) / 10 / 1000).toFixed(0)} ms CPU each`);
  console.log(`Wall per second of audio: ${(wallMs / (audioMs / 1000)).toFixed(0)} ms`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
