import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite/vector";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "./client";

/**
 * Migration 0014 (chat_run_executing_uq, at most one executing run per conversation) on a database that holds
 * several executing runs of one conversation from before: the older ones end as a dead instance's runs do, the
 * newest keeps running, and from then on a second executing run of that conversation is refused.
 */
const MIGRATION = "0014_chat_run_executing";
let client: PGlite;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "chat-run-executing-"));
  const before = path.join(dir, "migrations");
  await cp(migrationsFolder, before, { recursive: true });
  const journalFile = path.join(before, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag === MIGRATION),
  );
  await writeFile(journalFile, JSON.stringify(journal));
  client = await PGlite.create({ dataDir: "memory://", extensions: { vector } });
  await migrate(drizzle(client), { migrationsFolder: before });
});

afterAll(async () => {
  await client.close();
  await rm(dir, { recursive: true, force: true });
});

describe(`migration ${MIGRATION}`, () => {
  it("ends all but the newest executing run of a conversation, then refuses a second one", async () => {
    // Rows only, without the users, agents and conversations they belong to: foreign keys are not checked.
    await client.exec(`
      set session_replication_role = replica;
      insert into chat_run (request_id, conversation_id, user_id, status, created) values
        ('old', 1, 1, 'EXECUTING', now() - interval '2 minutes'),
        ('older', 1, 1, 'EXECUTING', now() - interval '3 minutes'),
        ('new', 1, 1, 'EXECUTING', now() - interval '1 minute'),
        ('done', 1, 1, 'FINISHED', now()),
        ('alone', 2, 1, 'EXECUTING', now() - interval '5 minutes');
      insert into conversation_message (conversation_id, request_id, role, status) values
        (1, 'old', 'USER', 'complete'), (1, 'old', 'ASSISTANT', 'incomplete'),
        (1, 'older', 'ASSISTANT', 'incomplete'), (1, 'new', 'ASSISTANT', 'incomplete'),
        (2, 'alone', 'ASSISTANT', 'incomplete');
      set session_replication_role = origin;`);

    await migrate(drizzle(client), { migrationsFolder });

    const runs = await client.query<{ request_id: string; status: string }>(
      "select request_id, status from chat_run order by request_id",
    );
    expect(runs.rows).toEqual([
      { request_id: "alone", status: "EXECUTING" },
      { request_id: "done", status: "FINISHED" },
      { request_id: "new", status: "EXECUTING" },
      { request_id: "old", status: "FAILED" },
      { request_id: "older", status: "FAILED" },
    ]);
    const answers = await client.query<{ request_id: string; role: string; status: string; finish_reason: string }>(
      "select request_id, role, status, finish_reason from conversation_message order by id",
    );
    expect(answers.rows).toEqual([
      { request_id: "old", role: "USER", status: "complete", finish_reason: null },
      { request_id: "old", role: "ASSISTANT", status: "interrupted", finish_reason: "INTERRUPTED" },
      { request_id: "older", role: "ASSISTANT", status: "interrupted", finish_reason: "INTERRUPTED" },
      { request_id: "new", role: "ASSISTANT", status: "incomplete", finish_reason: null },
      { request_id: "alone", role: "ASSISTANT", status: "incomplete", finish_reason: null },
    ]);

    await client.exec("set session_replication_role = replica");
    await expect(
      client.query("insert into chat_run (request_id, conversation_id, user_id) values ('second', 1, 1)"),
    ).rejects.toThrow(/chat_run_executing_uq/);
    // Ended runs do not count: a finished run and a running one of the same conversation may coexist.
    await client.query(
      "insert into chat_run (request_id, conversation_id, user_id, status) values ('x', 1, 1, 'CANCEL')",
    );
    await client.exec("set session_replication_role = origin");
  });
});
