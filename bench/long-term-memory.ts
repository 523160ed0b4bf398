import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { loadConfig } from "#server/config";
import { agents, conversations, messages, spaces, users } from "#server/db/schema";
import { insertMemories, type NewMemory } from "#server/modules/memory/repo";
import { openPlatform } from "#server/platform";
import { extractMemories } from "#server/runtime/memory/extract";
import { memoryIndex, recallMemories } from "#server/runtime/memory/recall";
import { ms, percentile, table } from "./lib";

/**
 * `node --import tsx bench/long-term-memory.ts`: long-term memory on PGlite with the built-in model — extraction
 * time per turn (the after-turn job's work: read the last messages and kept memories, ask the model, merge) and
 * recall time (keywords + lexical embedding) for one user with 100 and 1 000 memories.
 */
const TOPICS = ["咖啡", "跑步", "摄影", "旅行", "编程", "烹饪", "音乐", "电影", "读书", "园艺", "围棋", "滑雪"];
const QUERIES = ["推荐一家咖啡店", "周末去哪里跑步", "我的项目进展如何", "给我讲讲摄影技巧", "晚饭做什么"];

async function main() {
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: "memory://",
    LOG_LEVEL: "silent",
    ADMIN_PASSWORD: "Bench#Pass2026",
  });
  const { deps, database } = await openPlatform(config);
  const [admin] = await deps.db.select().from(users).where(eq(users.userName, "admin"));
  const [space] = await deps.db.select().from(spaces).where(eq(spaces.creatorId, admin!.id));
  const newAgent = async (name: string) =>
    (
      await deps.db
        .insert(agents)
        .values({ uid: randomUUID(), tenantId: 1, spaceId: space!.id, creatorId: admin!.id, name })
        .returning()
    )[0]!;

  // Extraction: one job per turn, each turn telling one more fact.
  const agent = await newAgent("记忆基准");
  const [conv] = await deps.db
    .insert(conversations)
    .values({ uid: randomUUID(), tenantId: 1, userId: admin!.id, agentId: agent.id })
    .returning();
  const extraction: number[] = [];
  for (let i = 0; i < 40; i++) {
    const topic = TOPICS[i % TOPICS.length]!;
    await deps.db.insert(messages).values([
      {
        conversationId: conv!.id,
        requestId: `r${i}`,
        role: "USER",
        text: `我叫张三，我喜欢${topic}${i}，我在做项目${i}`,
      },
      { conversationId: conv!.id, requestId: `r${i}`, role: "ASSISTANT", text: "好的，我记住了。" },
    ]);
    const started = performance.now();
    await extractMemories(deps, { tenantId: 1, userId: admin!.id, agentId: agent.id, conversationId: conv!.id });
    extraction.push(performance.now() - started);
  }
  const warm = extraction.slice(1);
  table(
    "Memory extraction per turn (built-in model, PGlite)",
    ["turns", "first", "p50", "p95"],
    [[extraction.length, ms(extraction[0]!), ms(percentile(warm, 50)), ms(percentile(warm, 95))]],
  );

  // Recall at 100 and 1 000 memories of one user with one agent.
  const rows: (string | number)[][] = [];
  for (const size of [100, 1000]) {
    const target = await newAgent(`召回${size}`);
    const batch: NewMemory[] = [];
    for (let i = 0; i < size; i++) {
      const topic = TOPICS[i % TOPICS.length]!;
      const content = `用户喜欢${topic}，第${i}条记录：周${(i % 7) + 1}常去${topic}俱乐部`;
      batch.push({
        tenantId: 1,
        userId: admin!.id,
        agentId: target.id,
        category: i % 10 === 0 ? "profile" : "preference",
        content,
        ...memoryIndex(content),
      });
    }
    for (let i = 0; i < batch.length; i += 200) await insertMemories(deps.db, batch.slice(i, i + 200));
    const times: number[] = [];
    for (let round = 0; round < 20; round++) {
      for (const query of QUERIES) {
        const started = performance.now();
        await recallMemories(deps.db, {
          userId: admin!.id,
          agentId: target.id,
          query,
          includeSensitive: true,
          limit: 12,
        });
        times.push(performance.now() - started);
      }
    }
    rows.push([size, times.length, ms(percentile(times, 50)), ms(percentile(times, 95))]);
  }
  table(
    "Memory recall before a turn (jieba keywords + lexical embedding, PGlite)",
    ["memories", "queries", "p50", "p95"],
    rows,
  );
  await database.close();
}

await main();
