// Requests Node's HTTP parser refuses before the app sees them (a request line and headers beyond the server's
// maxHeaderSize, a malformed request) get the API's JSON error shape with a content type, instead of Node's bare
// status line or a reset connection. What the client is still sending is read and dropped until it stops, so that
// closing does not reset the connection before the client has read the answer.
import type { Server } from "node:http";
import type { Duplex } from "node:stream";
import type { ApiErrorBody } from "../core/api-types.ts";
import { MAX_URL_LENGTH } from "./errors.ts";

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  414: "URI Too Long",
  431: "Request Header Fields Too Large",
};

/** How long the rest of a refused request is read (and dropped) before the connection is closed anyway. */
const DRAIN_MS = 5_000;

/** The answer to a request Node's parser refused: its status and JSON body. */
export function clientErrorAnswer(error: Error & { code?: string; rawPacket?: Buffer }): {
  status: number;
  body: ApiErrorBody;
} {
  if (error.code === "HPE_HEADER_OVERFLOW") {
    // The request line is what the parser read up to its first line end (all it read when there is none).
    const raw = error.rawPacket?.toString("latin1") ?? "";
    const lineEnd = raw.indexOf("\n");
    const requestLine = lineEnd < 0 ? raw.length : lineEnd;
    return requestLine > MAX_URL_LENGTH
      ? { status: 414, body: { error: { message: "The request URL is too long" } } }
      : { status: 431, body: { error: { message: "The request headers are too large" } } };
  }
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return { status: 408, body: { error: { message: "The request took too long to arrive" } } };
  }
  return { status: 400, body: { error: { message: "The request is not valid HTTP" } } };
}

/** Answers the requests the server's parser refuses with the API's error shape (see the file's comment). */
export function answerClientErrors(server: Pick<Server, "on">): void {
  const answered = new WeakSet<Duplex>();
  server.on("clientError", (error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex) => {
    // The parser goes on reading what follows a refused request and may report again: one answer per connection.
    if (answered.has(socket)) return;
    answered.add(socket);
    if (!socket.writable || error.code === "ECONNRESET") {
      socket.destroy();
      return;
    }
    const { status, body } = clientErrorAnswer(error);
    const text = JSON.stringify(body);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=UTF-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${text}`,
    );
    socket.on("data", () => {});
    socket.on("error", () => {});
    socket.resume();
    setTimeout(() => socket.destroy(), DRAIN_MS).unref();
  });
}
