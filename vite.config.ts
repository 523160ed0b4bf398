import { mkdirSync, writeFileSync } from "node:fs";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * With BUNDLE_STATS=1 the client build also writes build/bundle-stats.json: per chunk, its modules and their
 * minified sizes, which `npm run bench web` reads to name what the chat route's first load is made of.
 */
function bundleStats(): Plugin {
  return {
    name: "bundle-stats",
    apply: "build",
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const chunks = Object.values(bundle).flatMap((c) =>
        c.type === "chunk"
          ? [
              {
                file: c.fileName,
                modules: Object.fromEntries(Object.entries(c.modules).map(([id, m]) => [id, m.renderedLength])),
              },
            ]
          : [],
      );
      mkdirSync("build", { recursive: true });
      writeFileSync("build/bundle-stats.json", JSON.stringify(chunks));
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), process.env.BUNDLE_STATS ? bundleStats() : null],
  resolve: { tsconfigPaths: true },
  // Bundled into the server build so only the icons in use load at start (the whole package was ~330 ms, 33 MB).
  ssr: { noExternal: ["lucide-react"] },
});
