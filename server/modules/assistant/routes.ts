import { Hono } from "hono";
import type { ApiEnv } from "../../api/context";
import { readBody, requireActor } from "../../api/http";
import { refuseStream, sseChannel, sseResponse } from "../../api/sse";
import type { Deps } from "../../core";
import { AppError } from "../../core";
import { codeOptimizeInput, promptOptimizeInput, sqlOptimizeInput } from "./contract";
import * as service from "./service";

/** /api/assistant/*: streamed helpers for writing prompts, code and table SQL. */
export function assistantRoutes(deps: Deps) {
  const stream =
    (
      run: (c: Parameters<typeof requireActor>[0], emit: (chunk: unknown) => void) => Promise<{ done: Promise<void> }>,
    ) =>
    async (c: Parameters<typeof requireActor>[0]) => {
      const channel = sseChannel();
      try {
        const { done } = await run(c, channel.send);
        done.finally(() => channel.close());
      } catch (err) {
        if (err instanceof AppError) return refuseStream(c, err);
        throw err;
      }
      return sseResponse(channel.stream);
    };
  return new Hono<ApiEnv>()
    .post(
      "/prompt/optimize",
      stream(async (c, emit) =>
        service.optimizePrompt(deps, requireActor(c), await readBody(c, promptOptimizeInput), emit),
      ),
    )
    .post(
      "/code/optimize",
      stream(async (c, emit) =>
        service.optimizeCode(deps, requireActor(c), await readBody(c, codeOptimizeInput), emit),
      ),
    )
    .post(
      "/sql/optimize",
      stream(async (c, emit) => service.optimizeSql(deps, requireActor(c), await readBody(c, sqlOptimizeInput), emit)),
    );
}
