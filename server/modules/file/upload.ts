import { randomBytes } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import busboy from "busboy";
import { BodyTooLargeError } from "#server/api/body-limit";
import { AppError, badInput, Codes } from "#server/core";

/** A file received from a multipart body, waiting in a temporary file until it is stored or discarded. */
export interface ReceivedFile {
  fileName: string;
  tempPath: string;
  size: number;
}

export interface ReceiveOptions {
  /** Where the temporary file goes: inside FILES_DIR, so storing it is a rename on the same disk. */
  tmpDir: string;
  /** The most bytes the file may have; past it the upload is refused while it arrives. */
  maxBytes: number;
  /** The refusal when the file passes `maxBytes` (a size limit or what is left of a quota). */
  tooLarge: () => AppError;
  /** Checks the file's name as soon as its part header arrives, before any of its content is read. */
  checkName: (fileName: string) => void;
}

/**
 * Streams a multipart body's `file` part to a temporary file, never holding it in memory, and refuses it
 * as soon as it grows past `maxBytes` or its name is refused; the temporary file is removed on every failure.
 * Other parts are skipped (at most a few, each at most 1 KB).
 */
export async function receiveUpload(request: Request, options: ReceiveOptions) {
  let parser: busboy.Busboy;
  try {
    // busboy reports its limit when the file *reaches* it; one byte more makes `maxBytes` itself allowed.
    parser = busboy({
      headers: Object.fromEntries(request.headers),
      defParamCharset: "utf8",
      limits: { files: 1, fileSize: options.maxBytes + 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 20 },
    });
  } catch {
    throw badInput("请求体必须是 multipart/form-data");
  }
  if (!request.body) throw badInput("参数 'file' 不能为空");
  await mkdir(options.tmpDir, { recursive: true });
  let file: ReceivedFile | null = null;
  let writing: Promise<void> | null = null;
  let fileStream: Readable | null = null;
  let target: WriteStream | null = null;
  const tempPath = path.join(options.tmpDir, `${randomBytes(12).toString("hex")}.part`);
  const source = Readable.fromWeb(request.body as NodeWebStream<Uint8Array>);

  const parsed = new Promise<void>((resolve, reject) => {
    const refuse = (err: unknown) => {
      reject(err);
      // Stop parsing and discard what still arrives: the answer goes out first, then the HTTP server drops
      // the connection (destroying the body here would close the socket before the client had the answer).
      source.unpipe(parser);
      source.resume();
      fileStream?.unpipe(target ?? undefined);
      fileStream?.resume();
      target?.destroy();
    };
    parser.on("file", (name, stream, info) => {
      if (name !== "file" || file) {
        stream.resume();
        return;
      }
      try {
        options.checkName(info.filename ?? "");
      } catch (err) {
        stream.resume();
        refuse(err);
        return;
      }
      const received: ReceivedFile = { fileName: info.filename ?? "", tempPath, size: 0 };
      file = received;
      fileStream = stream;
      stream.on("data", (chunk: Buffer) => {
        received.size += chunk.length;
      });
      stream.on("limit", () => refuse(options.tooLarge()));
      const out = createWriteStream(tempPath);
      // Settles once the temporary file is closed, whether it was finished or abandoned.
      writing = new Promise((done) => out.on("close", done));
      out.on("error", refuse);
      stream.on("error", refuse);
      stream.pipe(out);
      target = out;
    });
    parser.on("error", (err) => refuse(badInput(`请求体不是合法的 multipart/form-data：${(err as Error).message}`)));
    parser.on("close", resolve);
    source.on("error", (err) => refuse(err instanceof BodyTooLargeError ? badInput(err.message) : err));
  });
  source.pipe(parser);
  try {
    await parsed;
    await writing;
  } catch (err) {
    await writing;
    await rm(tempPath, { force: true });
    if (err instanceof AppError) throw err;
    throw new AppError(Codes.BAD_INPUT, "上传中断，请重试");
  }
  return file as ReceivedFile | null;
}
