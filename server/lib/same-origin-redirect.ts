// Where to send the browser after signing in (a `callbackUrl` from the address bar, or Auth.js's
// callback): only somewhere on Herald's own origin, else the fallback. A string check such as
// startsWith("/") lets `//other-host`, `/\other-host` and `/<tab>/other-host` through, which browsers
// read as another host; parsing the callback the way a browser does and comparing origins does not.
// Imported by the sign-in form too: nothing here may need Node.

/** Tabs, newlines and other control characters, which URL parsing drops silently. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * The callback as a path on `ownOrigin` (path, query and fragment), or `fallback` when it is missing,
 * unparseable, on another origin, not http(s), or holds control characters or backslashes.
 */
export function sameOriginPath(callback: string | null | undefined, ownOrigin: string, fallback = "/"): string {
  if (!callback || CONTROL_CHARACTERS.test(callback) || callback.includes("\\")) return fallback;
  let origin: string;
  let url: URL;
  try {
    origin = new URL(ownOrigin).origin;
    url = new URL(callback, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin || (url.protocol !== "http:" && url.protocol !== "https:")) return fallback;
  // `/.//other-host` parses to the path `//other-host`, which is another host again once it is used
  // on its own as an address.
  if (url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The same, as the absolute address on `ownOrigin` that Auth.js's redirect callback returns. */
export function sameOriginUrl(callback: string | null | undefined, ownOrigin: string, fallback = "/"): string {
  const origin = new URL(ownOrigin).origin;
  return `${origin}${sameOriginPath(callback, origin, fallback)}`;
}
