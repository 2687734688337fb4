// Raw HTTP requests for tests of what happens before a route handler: exact paths (no URL
// normalisation), any method, a declared Content-Length with a body sent slowly or never.
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  // Tests read deep into bodies; a loose type keeps them short.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export interface RawRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Ends the request without sending the declared body (only its first bytes, if given). */
  partialBody?: string;
}

export function rawRequest(baseUrl: string, path: string, options: RawRequestOptions = {}): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: url.hostname, port: url.port, path, method: options.method ?? "GET", headers: options.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            json = null;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
        });
        response.on("error", reject);
      },
    );
    // The server may answer and close before the declared body is sent: that is the point.
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    if (options.partialBody !== undefined) request.write(options.partialBody);
    else if (options.body !== undefined) request.end(options.body);
    else request.end();
  });
}
