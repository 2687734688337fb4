// The security headers of every response, dashboard and API alike. The dashboard needs inline
// scripts (Next's bootstrap and streaming) and inline styles (React Flow positions its nodes with
// style attributes), so scripts and styles allow 'unsafe-inline' but only from Herald's own origin;
// nothing may frame Herald (clickjacking), and nothing loads from elsewhere.

export function contentSecurityPolicy(options: { dev: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    // Audio plays from Herald's signed file addresses, or from memory: a voice note fetched once for
    // its waveform, a recording made in the browser before it is uploaded.
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self'${options.dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function securityHeaders(options: { https: boolean; dev: boolean }): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(options),
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    // Invitation links carry their token in the path: never send a path to another site.
    "referrer-policy": "strict-origin-when-cross-origin",
    // Only over https: a browser must not be told to insist on https for a plain-http installation.
    ...(options.https ? { "strict-transport-security": "max-age=31536000" } : {}),
  };
}
