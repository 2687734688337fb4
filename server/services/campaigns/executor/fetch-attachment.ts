import type { Attachment, VoiceNote } from "../../../providers/linkedin/types";

const MAX_BYTES = 10 * 1024 * 1024;

async function download(url: string): Promise<{ content: string; mimeType: string }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`Could not fetch ${url}: HTTP ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > MAX_BYTES) throw new Error(`${url} is larger than 10 MB`);
  return { content: bytes.toString("base64"), mimeType: response.headers.get("content-type") ?? "application/octet-stream" };
}

/** Fetches a step's attachment from its URL, to hand to the provider. */
export async function fetchAttachment(attachment: { name: string; url: string; mimeType?: string }): Promise<Attachment> {
  const file = await download(attachment.url);
  return { name: attachment.name, mimeType: attachment.mimeType ?? file.mimeType, content: file.content };
}

export async function fetchVoice(voice: { url: string; mimeType?: string; durationMs?: number }): Promise<VoiceNote> {
  const file = await download(voice.url);
  return { mimeType: voice.mimeType ?? file.mimeType, content: file.content, durationMs: voice.durationMs ?? 0 };
}
