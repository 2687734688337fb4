// Calls a Next.js route handler with a real Request, as Next would, and returns status, headers and
// the parsed JSON body.
// Tests read deep into bodies; a loose type keeps them short.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type JsonBody = Record<string, any>;
type Handler = (request: Request, context: { params: Promise<Record<string, string | string[] | undefined>> }) => Promise<Response>;

export interface CallOptions {
  key?: string;
  headers?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  params?: Record<string, string>;
  query?: Record<string, string | number>;
}

export async function callRoute(handler: Handler, method: string, path: string, options: CallOptions = {}) {
  const url = new URL(`http://herald.test/api/v1${path}`);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, String(value));
  const headers = new Headers(options.headers);
  if (options.key) headers.set("authorization", `Bearer ${options.key}`);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const response = await handler(new Request(url, { method, headers, body }), {
    params: Promise.resolve(options.params ?? {}),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as JsonBody) : null };
}
