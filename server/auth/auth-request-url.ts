// The address Auth.js takes as Herald's own (its baseUrl: where sign-in and sign-out send the browser
// back, what callbacks are checked against). Without AUTH_URL, Auth.js reads it from the request's
// URL, which Next.js builds from the address Herald listens on: `http://0.0.0.0:3000` by default, a
// host no browser should be sent to. So main.ts always gives Auth.js its own setting, AUTH_URL, which
// it applies to its routes and to auth() alike (secure cookies when it is https): HERALD_URL when it
// is set, else http://localhost:PORT with the port actually bound, the address Herald prints and
// puts in its links (publicUrl()).

/** AUTH_URL for Auth.js: HERALD_URL's origin (Auth.js would read a path as its base path), else localhost. */
export function authUrlFor(heraldUrl: string | undefined, boundPort: number): string {
  return heraldUrl ? new URL(heraldUrl).origin : `http://localhost:${boundPort}`;
}
