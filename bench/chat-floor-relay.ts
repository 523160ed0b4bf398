import http from "node:http";
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { namedStatements } from "#server/db/named-statements";

/**
 * The least any server in front of the model can do, for bench/chat-floor.ts: a bare Node HTTP relay that reads the
 * request, asks the model over a kept-alive connection and pipes its answer back unchanged. With `db` it first
 * stores the request's message in an embedded database (PGlite in memory, one named statement for the messages that
 * arrived together), as a chat turn must before the model is called. No routing, authentication, validation, events
 * or history. `node --import tsx bench/chat-floor-relay.ts <model url> [db]`; prints `{url}`.
 */
const [target, mode] = process.argv.slice(2);
if (!target) throw new Error("usage: chat-floor-relay.ts <model url> [db]");
const upstream = new URL(`${target}/chat/completions`);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

let store: ((text: string) => Promise<unknown>) | null = null;
if (mode === "db") {
  const db = await PGlite.create();
  await db.exec("create table turn (id serial primary key, text text not null, created timestamptz default now())");
  const query = namedStatements(db);
  // Group commit: the messages of the requests read in one event-loop turn are stored by one statement, and those
  // arriving while it is written by the next (the product's turn start batches at most 32, after its reads).
  let waiting: { text: string; stored: () => void }[] = [];
  let writing = false;
  const drain = async () => {
    while (waiting.length) {
      const batch = waiting;
      waiting = [];
      await query("insert into turn (text) select unnest($1::text[]) returning id", [batch.map((w) => w.text)]);
      for (const w of batch) w.stored();
    }
    writing = false;
  };
  store = (text) =>
    new Promise<void>((stored) => {
      waiting.push({ text, stored });
      if (writing) return;
      writing = true;
      setImmediate(() => void drain());
    });
}

const server = http.createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  if (store) {
    const last = (JSON.parse(body.toString()) as { messages: { content: string }[] }).messages.at(-1);
    await store(last?.content ?? "");
  }
  const ask = http.request(
    upstream,
    {
      method: "POST",
      agent,
      headers: {
        authorization: req.headers.authorization ?? "",
        "content-type": "application/json",
        "content-length": body.length,
      },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, { "content-type": answer.headers["content-type"] ?? "text/plain" });
      answer.pipe(res);
    },
  );
  ask.on("error", () => res.destroy());
  ask.end(body);
});
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
