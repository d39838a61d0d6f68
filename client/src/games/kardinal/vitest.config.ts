// `npm test` (client/vitest.config.ts) includes only test/**; until it also takes
// src/**/*.test.ts, this runs the board's own tests:
//   npx vitest run --config src/games/kardinal/vitest.config.ts
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  test: { include: ["*.test.ts"], environment: "node" },
});
