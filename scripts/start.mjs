// `npm start`: build when the sources changed since the last build (the first start after `npm ci` always does),
// then run the bundled server in this same process.
import { buildIfStale } from "./build.mjs";

let current = false;
try {
  current = await buildIfStale();
} catch (err) {
  console.error(`构建失败：${err.message}`);
}
if (!current) process.exit(1);
await import("../build/app/main.js");
