import { defineConfig } from "vitest/config";

// The browser tests start a real server and Chromium; one file at a time keeps
// the 2-core machine responsive, and the whole run is bounded well under 5 minutes.
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    environment: "node",
    testTimeout: 100_000,
    hookTimeout: 60_000,
    teardownTimeout: 20_000,
    fileParallelism: false,
  },
});
