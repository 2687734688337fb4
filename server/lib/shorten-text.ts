// Shortens text for people without cutting a sentence or a word in half: a stored excerpt (a
// webhook receiver's answer, a long header quoted in an error) ends where a sentence or a word
// ends, followed by an ellipsis, so no one reads half a sentence as if it were the whole.

const ELLIPSIS = "…";

/**
 * `text` unchanged when it has at most `max` characters; otherwise its beginning, ended at the
 * last sentence end (when that keeps at least half), else at the last word end, then "…". A text
 * without any space in reach (a token, base64) is cut between characters, never inside a
 * surrogate pair. The result has at most `max` characters.
 */
export function shortenText(text: string, max: number): string {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  const room = characters.slice(0, Math.max(0, max - 1)).join("");
  const half = room.length / 2;

  const sentenceEnds = [...room.matchAll(/[.!?。](?=\s)/g)].map((match) => match.index + 1);
  const sentenceEnd = sentenceEnds.at(-1);
  if (sentenceEnd !== undefined && sentenceEnd >= half) return `${room.slice(0, sentenceEnd)} ${ELLIPSIS}`;

  const nextIsBoundary = /\s/.test(characters[max - 1] ?? " ");
  if (nextIsBoundary) return `${room.trimEnd()}${ELLIPSIS}`;
  const wordEnd = room.search(/\s+\S*$/);
  if (wordEnd > 0) return `${room.slice(0, wordEnd).trimEnd()}${ELLIPSIS}`;
  return `${room}${ELLIPSIS}`;
}
