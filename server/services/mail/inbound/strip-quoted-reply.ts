// The words a person wrote in a reply, without the history their mail client quoted below it and
// without their signature. email-reply-parser (crisp-oss) does most of it; the quote headers and
// separators it misses in real mail are cut first: Gmail's "On … wrote:" wrapped over two lines,
// Outlook's "From: … Sent: … To: … Subject:" block and "-----Original Message-----" or underscore
// separators, Apple Mail's "On …, at …, … wrote:", the French, German, Spanish, Dutch, Italian and
// Portuguese forms, and the mobile signatures ("Sent from my iPhone", "Get Outlook for iOS").
import EmailReplyParser from "email-reply-parser";
import { htmlToText } from "./html-to-text";

const INTRO = /^\s*(on|am|le|el|op|il|em|den|på|w dniu)\s/i;
const WROTE = /(wrote|schrieb|a écrit|a ecrit|escribió|escribio|schreef|ha scritto|escreveu|skrev|napisał|написал|написала|пишет)\s*:\s*$/i;
/** A line (or two) with a date or time that ends "… <jane@x> wrote:" in another language or order ("02.04.2012 14:20 пользователь … написал:"). */
const DATED_ATTRIBUTION = /^.{0,40}?(\d{1,2}:\d{2}|\d{4}).{0,200}(@.{0,200}(wrote|schrieb|a écrit|escribió|schreef|ha scritto|escreveu|skrev|napisał|написал|написала|пишет)|<[^<>\s]+@[^<>\s]+>)\s*:\s*$/i;
/** "Jane Doe <jane@x> wrote:" without an intro word: only when quoted lines follow. */
const ANYONE_WROTE = /^.{1,200}\b(wrote|schrieb|a écrit|escribió|schreef|ha scritto|escreveu)\s*:\s*$/i;
const SEPARATOR = [
  /^\s*-{2,}\s*(original message|ursprüngliche nachricht|message d'origine|mensaje original|oorspronkelijk bericht|messaggio originale|mensagem original)\s*-{2,}\s*$/i,
  /^\s*_{20,}\s*$/,
  /^\s*-{2,}\s*(reply above this line|please reply above this line)/i,
];
const SIGNATURE = [
  /^\s*-- ?$/,
  /^\s*(sent from my |sent from (outlook|mail for windows|yahoo mail)|get outlook for (ios|android)|envoyé de mon |envoyé depuis |von meinem .* gesendet|gesendet von meinem |enviado desde mi |verstuurd vanaf mijn |inviato da |enviado do meu )/i,
];
/** The labels of a quoted header block (Outlook's "From: … Sent: … To: … Subject:"), by what they are, in the supported languages. */
const HEADER_LABELS: Array<[kind: string, pattern: RegExp]> = [
  ["from", /^\s*\*?(from|de|von|van|da|från|od|от)\s*:\*?\s*\S/i],
  ["date", /^\s*\*?(sent|date|envoyé|gesendet|datum|verzonden|inviato|enviado|data|skickat|fecha|verstuurd|отправлено|дата)\s*:/i],
  ["to", /^\s*\*?(to|à|a|an|aan|para|till|do|кому|cc)\s*:/i],
  ["subject", /^\s*\*?(subject|objet|betreff|onderwerp|oggetto|asunto|assunto|тема)\s*:/i],
];

function headerLabel(line: string): string | null {
  return HEADER_LABELS.find(([, pattern]) => pattern.test(line))?.[0] ?? null;
}

/** A block of at least three of From, Sent/Date, To, Subject (blank lines between them allowed), including From. */
function isHeaderBlock(lines: string[], index: number): boolean {
  if (!headerLabel(lines[index]!)) return false;
  const labels = new Set<string>();
  for (const line of lines.slice(index, index + 12)) {
    if (!line.trim()) continue;
    const label = headerLabel(line);
    // A long From wrapped onto the next line ("From: Jane\n<jane@x>") does not end the block.
    if (!label && !/^\s*<?[^\s<>]+@[^\s<>]+>?\s*$/.test(line)) break;
    if (label) labels.add(label);
  }
  return labels.size >= 3 && labels.has("from");
}

function isQuoteHeader(lines: string[], index: number): boolean {
  const line = lines[index]!;
  // Quote headers inside the quoted history are the parser's business.
  if (line.trimStart().startsWith(">")) return false;
  if (SEPARATOR.some((pattern) => pattern.test(line))) return true;
  if (INTRO.test(line)) {
    // Clients wrap a long "On …, Jane <jane@x> wrote:" over two or three lines.
    for (let span = 1; span <= 3 && index + span <= lines.length; span++) {
      if (WROTE.test(lines.slice(index, index + span).join(" "))) return true;
    }
  }
  if (ANYONE_WROTE.test(line)) {
    const next = lines.slice(index + 1).find((candidate) => candidate.trim());
    if (next?.trimStart().startsWith(">")) return true;
  }
  // The date starts the attribution, on its first line.
  if (/^.{0,40}?(\d{1,2}:\d{2}|\d{4})/.test(line)) {
    for (let span = 1; span <= 2 && index + span <= lines.length; span++) {
      const joined = lines.slice(index, index + span).join(" ");
      if (joined.length <= 500 && DATED_ATTRIBUTION.test(joined)) return true;
    }
  }
  return isHeaderBlock(lines, index);
}

/** The lines before the first quote header or signature; when the reply is below the quote (bottom-posting), the unquoted lines. */
function cutQuotedHistory(text: string): string {
  const lines = text.split("\n");
  const marker = lines.findIndex((_, index) => isQuoteHeader(lines, index) || SIGNATURE.some((pattern) => pattern.test(lines[index]!)));
  if (marker < 0) return text;
  const before = lines.slice(0, marker).join("\n");
  if (before.trim()) return before;
  return lines
    .slice(marker + 1)
    .filter((line) => !line.trimStart().startsWith(">"))
    .join("\n");
}

/** email-reply-parser takes quadratic time on long lines: text beyond these sizes (no person's reply) skips it. */
const PARSER_MAX_TEXT = 100_000;
const PARSER_MAX_LINE = 4_000;

function visibleText(text: string): string {
  if (text.length > PARSER_MAX_TEXT || text.split("\n").some((line) => line.length > PARSER_MAX_LINE)) return text;
  try {
    return new EmailReplyParser().read(text).getVisibleText();
  } catch {
    return text;
  }
}

/** The reply's own words; never empty when the message had any text (the whole text, trimmed, when nothing else is left). */
export function stripQuotedReply(text: string, html?: string | null): string {
  const source = (text.trim() ? text : html ? htmlToText(html) : "").replace(/\r\n?/g, "\n");
  const stripped = visibleText(cutQuotedHistory(source))
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return stripped || source.trim();
}
