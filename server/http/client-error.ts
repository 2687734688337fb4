// Requests Node's HTTP parser refuses before any handler runs (a malformed request line, an unknown
// method, oversized headers) get the API's error shape instead of Node's bare "400 Bad Request".
import type { Duplex } from "node:stream";
import type { ErrorCode } from "../lib/errors";

const STATUS_BY_CODE: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: "Request Header Fields Too Large", message: "The request headers are too large." },
  HPE_INVALID_METHOD: { status: 405, reason: "Method Not Allowed", message: "This method is not supported." },
};

export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const known = STATUS_BY_CODE[error.code ?? ""];
  const status = known?.status ?? 400;
  const code: ErrorCode = status === 405 ? "method-not-allowed" : "bad-request";
  const body = JSON.stringify({
    error: {
      code,
      message: known?.message ?? "The request is not valid HTTP.",
    },
  });
  socket.end(
    `HTTP/1.1 ${status} ${known?.reason ?? "Bad Request"}\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
