// What a prospect's mail app finds in an e-mail Herald tracks: the open pixel it loads when images
// are shown (/t/o/{token}.gif) and the tracked links it follows (/t/c/{token}?u=…&s=…). An e-mail
// without them (tracking off) can be opened and clicked all the same, but nobody sees it, as in real
// mail. The sandbox mail network plays opens and clicks through them; the forecast reads from them
// which of the e-mails sent before it can still be seen opened or clicked. Pure.
import { emailLinks } from "./email-links";

const PIXEL = /<img\b[^>]*?\bsrc\s*=\s*["']?(https?:\/\/[^"'\s>]+\/t\/o\/[^"'\s>]+)/i;

function tokenAfter(url: URL, marker: string): string | null {
  const index = url.pathname.indexOf(marker);
  if (index === -1) return null;
  const token = url.pathname.slice(index + marker.length).split("/")[0]!.replace(/\.gif$/, "");
  return token ? decodeURIComponent(token) : null;
}

function parse(url: string): URL | null {
  try {
    return new URL(url.replace(/&amp;/g, "&"));
  } catch {
    return null;
  }
}

/** The tracking token of the e-mail's open pixel, or null when it has none. */
export function openPixelToken(html: string | null): string | null {
  const match = html ? PIXEL.exec(html) : null;
  const url = match ? parse(match[1]!) : null;
  return url ? tokenAfter(url, "/t/o/") : null;
}

/** The first tracked link of the e-mail: its token and the address it leads to, or null when none. */
export function firstTrackedLink(html: string | null, text: string): { token: string; url: string } | null {
  for (const link of emailLinks(html, text)) {
    const url = parse(link);
    const token = url ? tokenAfter(url, "/t/c/") : null;
    const target = url?.searchParams.get("u");
    if (token && target) return { token, url: target };
  }
  return null;
}
