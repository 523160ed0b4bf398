import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // Bundled into the server build so only the icons in use load at start (the whole package was ~330 ms, 33 MB).
  ssr: { noExternal: ["lucide-react"] },
});
