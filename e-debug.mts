import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText } from "ai";
try {
  await generateText({ model: createOpenAICompatible({ name: "x", baseURL: "http://127.0.0.1:9/v1", apiKey: "k" }).chatModel("m"), prompt: "p", maxRetries: 0 });
} catch (e: any) {
  let c = e; let i = 0;
  while (c && i < 6) { console.log(i, c.constructor?.name, c.name, JSON.stringify(c.message), c.code, c.statusCode, Object.keys(c)); c = c.cause; i++; }
}
