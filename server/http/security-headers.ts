// The security headers of every response, dashboard and API alike. Nothing may frame Herald
// (clickjacking), and nothing loads from elsewhere.
//
// Scripts: only those carrying this response's nonce, a fresh random value for every request. The
// request gate hands the policy to Next.js as a request header; Next reads the nonce from it
// (getScriptNonceFromHeaders) and puts it on its bootstrap and streaming scripts, which is why every
// page renders per request (app/layout.tsx). 'strict-dynamic' lets those scripts load Next's chunks;
// an injected <script>, inline or pointing at a file on Herald's own origin, has no nonce and does
// not run. 'self' is only the fallback of browsers without 'strict-dynamic' (which then ignore it).
//
// Styles keep 'unsafe-inline': React Flow positions its nodes with style attributes, which no nonce
// can cover, and a style cannot run script. style-src carries no nonce on purpose: a nonce would make
// browsers ignore 'unsafe-inline'.
import { randomBytes } from "node:crypto";

/** A fresh nonce: 128 random bits, base64 (the characters Next's nonce pattern accepts). */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

export function contentSecurityPolicy(options: { dev: boolean; nonce: string }): string {
  return [
    "default-src 'self'",
    // Next's development server evaluates its modules (hot reloading): eval there only.
    `script-src 'self' 'nonce-${options.nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
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

export function securityHeaders(options: { https: boolean; dev: boolean; nonce: string }): Record<string, string> {
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
