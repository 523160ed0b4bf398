import type { Deps } from "#server/core";
import type { Database } from "#server/db/client";
import { resumeJobs } from "#server/runtime/jobs";
import "./ingest";
import "./qa-generate";
import { ensureBuiltinEmbeddings } from "./models";

/**
 * At platform start: every tenant lists the built-in embedding, and ingestion left unfinished by the last
 * shutdown (or crash) resumes.
 */
export async function startKnowledge(deps: Deps, database: Database) {
  await ensureBuiltinEmbeddings(deps);
  await resumeJobs(deps, database);
}
