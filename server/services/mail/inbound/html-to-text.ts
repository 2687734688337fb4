// The text of an HTML e-mail, for a message that came without a text part: block elements become
// line breaks, quoted history (<blockquote>, Gmail's gmail_quote, Yahoo's yahoo_quoted) becomes
// "> " lines so the quote stripping removes it as it does in plain text. Small on purpose: the
// reply's words are what is wanted, not its layout.

const NAMED_ENTITIES: Record<string, string> = { nbsp: " ", amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", hellip: "…", ndash: "–", mdash: "—", rsquo: "’", lsquo: "‘", rdquo: "”", ldquo: "“", eacute: "é", egrave: "è", agrave: "à", ccedil: "ç", uuml: "ü", ouml: "ö", auml: "ä", szlig: "ß" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith("#")) {
      const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

const BLOCK = /^(p|div|br|tr|li|h[1-6]|table|ul|ol|blockquote|pre|hr)$/;
/**
 * Elements that hold quoted history in the common webmail and desktop clients. Outlook's own
 * (divRplyFwdMsg) holds only the From/Sent/To/Subject block, which the text stripping cuts at.
 */
const QUOTE_OPENER = /^<(blockquote\b|div[^>]*\bclass="[^"]*(gmail_quote|yahoo_quoted))/i;

export function htmlToText(html: string): string {
  const cleaned = html.replace(/<!--[\s\S]*?-->/g, "").replace(/<(head|style|script|title)\b[\s\S]*?<\/\1\s*>/gi, "");
  const lines: string[] = [];
  let line = "";
  /** Open elements that quote, by tag name, so the closing tag ends the quote. */
  const quoteStack: Array<{ tag: string; depth: number }> = [];
  const depthOf: Record<string, number> = {};
  const flush = () => {
    const prefix = "> ".repeat(quoteStack.length);
    lines.push(`${prefix}${line.replace(/[ \t\u00a0]+/g, " ").trim()}`.trimEnd());
    line = "";
  };
  for (const token of cleaned.split(/(<[^>]*>)/)) {
    if (!token.startsWith("<")) {
      line += decodeEntities(token.replace(/\s+/g, " "));
      continue;
    }
    const tagMatch = /^<\/?\s*([a-z0-9]+)/i.exec(token);
    if (!tagMatch) continue;
    const tag = tagMatch[1]!.toLowerCase();
    const closing = token.startsWith("</");
    const selfClosing = token.endsWith("/>") || tag === "br" || tag === "hr" || tag === "img";
    if (BLOCK.test(tag) && line.trim()) flush();
    if (closing) {
      depthOf[tag] = Math.max(0, (depthOf[tag] ?? 0) - 1);
      const open = quoteStack.at(-1);
      if (open && open.tag === tag && open.depth === depthOf[tag]) quoteStack.pop();
    } else if (!selfClosing) {
      if (QUOTE_OPENER.test(token)) quoteStack.push({ tag, depth: depthOf[tag] ?? 0 });
      depthOf[tag] = (depthOf[tag] ?? 0) + 1;
    }
    if (tag === "br" && !line.trim()) lines.push("> ".repeat(quoteStack.length).trimEnd());
  }
  if (line.trim()) flush();
  return lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
