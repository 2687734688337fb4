// The words a person wrote in a reply, without the history their mail client quoted below it and
// without their signature. email-reply-parser (crisp-oss) does most of it; the quote headers and
// separators it misses in real mail are cut first: Gmail's "On … wrote:" wrapped over two lines,
// Outlook's "From: … Sent: … To: … Subject:" block and "-----Original Message-----" or underscore
// separators, Apple Mail's "On …, at …, … wrote:", the French, German, Spanish, Dutch, Italian and
// Portuguese forms, and the mobile signatures ("Sent from my iPhone", "Get Outlook for iOS").
import EmailReplyParser from "email-reply-parser";
import { htmlToText } from "./html-to-text";

const INTRO = /^\s*(on|am|le|el|op|il|em|den|på|w dniu)\s/i;
const WROTE = /(wrote|schrieb|a écrit|a ecrit|escribió|escribio|schreef|ha scritto|escreveu|skrev|napisał)\s*:\s*$/i;
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
const HEADER_FROM = /^\s*\*?(from|de|von|van|da|från|od)\s*:\*?\s*\S/i;
const HEADER_SENT = /^\s*\*?(sent|date|envoyé|gesendet|datum|verzonden|inviato|enviado|data|skickat|fecha|verstuurd)\s*:/i;
const HEADER_TO_OR_SUBJECT = /^\s*\*?(to|à|a|an|aan|para|till|do|subject|objet|betreff|onderwerp|oggetto|asunto|assunto|cc)\s*:/i;

function isQuoteHeader(lines: string[], index: number): boolean {
  const line = lines[index]!;
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
  if (HEADER_FROM.test(line)) {
    const block = lines.slice(index + 1, index + 7);
    if (block.some((candidate) => HEADER_SENT.test(candidate)) && block.some((candidate) => HEADER_TO_OR_SUBJECT.test(candidate))) return true;
  }
  return false;
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

function visibleText(text: string): string {
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
