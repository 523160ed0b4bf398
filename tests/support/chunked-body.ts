import { request } from "node:http";

export interface ChunkedOptions {
  /** Bytes to send at most: `head`, then filler. */
  total: number;
  head?: string;
  /** Request headers (content-type among them). */
  headers?: Record<string, string>;
  /** Declare `total` as the Content-Length instead of sending chunks of unknown total. */
  declareLength?: boolean;
}

export interface ChunkedAnswer {
  status: number;
  text: string;
  /** Bytes the server had taken from the body when its answer arrived. */
  sentAtAnswer: number;
  total: number;
  /** From the first byte sent to the whole answer read. */
  ms: number;
}

/**
 * Sends `head` then filler up to `total` bytes as a chunked body (no Content-Length), one chunk per turn of
 * the event loop and only as fast as the server reads, and stops writing once the answer has come.
 *
 * The request is keep-alive on a connection of its own: a server that answers early then keeps reading
 * (draining) the rest instead of closing at once. With `Connection: close` it closed right after answering,
 * with our next chunk still unread in its socket, and the kernel answered that chunk with a reset that could
 * reach this client — as EPIPE on its next write — before it had read the answer.
 */
export function sendChunked(url: string, opts: ChunkedOptions): Promise<ChunkedAnswer> {
  const filler = Buffer.alloc(64 * 1024, 0x20);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let sent = 0;
    let answered = false;
    const req = request(url, {
      method: "POST",
      agent: false,
      headers: {
        ...opts.headers,
        ...(opts.declareLength ? { "content-length": String(opts.total) } : { "transfer-encoding": "chunked" }),
        connection: "keep-alive",
      },
    });
    req.on("response", (res) => {
      answered = true;
      const sentAtAnswer = sent;
      const parts: Buffer[] = [];
      res.on("data", (b: Buffer) => parts.push(b));
      res.on("end", () => {
        const text = Buffer.concat(parts).toString();
        resolve({
          status: res.statusCode ?? 0,
          text,
          sentAtAnswer,
          total: opts.total,
          ms: performance.now() - started,
        });
        req.destroy();
      });
    });
    req.on("error", (err) => {
      if (!answered) reject(err);
    });
    const write = () => {
      if (answered) return;
      if (sent >= opts.total) return void req.end();
      const chunk =
        sent === 0 && opts.head
          ? Buffer.from(opts.head)
          : filler.subarray(0, Math.min(filler.length, opts.total - sent));
      sent += chunk.length;
      req.write(chunk, () => setImmediate(write));
    };
    write();
  });
}
