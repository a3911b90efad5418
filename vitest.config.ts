import { configDefaults, defineConfig } from "vitest/config";

const UNIT_FILES = ["{core,server,db,config,app}/**/*.test.{ts,tsx}", "tests/*.test.ts"];
/**
 * Unit files that replace a module (`vi.mock`): in the shared module graph of the unit project a
 * module another file loaded first would stay real, and the replacement would leak into later files.
 * They run in a module graph each.
 */
const MOCKING_FILES = ["server/api/auth.routes.test.ts", "db/seed/index.test.ts", "app/entry.server.test.tsx"];
// Timeouts catch a hang, not slowness: with a second CI run beside it a test takes up to 3× its time
// alone, and picture tests ~60 s (decision 0543).
const UNIT_TIMEOUTS = { testTimeout: 90_000, hookTimeout: 120_000 };

export default defineConfig({
  test: {
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    // Picture ladders encode at nice 10 (the product's fallback), not SCHED_IDLE: beside other test
    // processes or a second CI run the machine never idles, and idle-class encoders would wait for
    // ever (decision 0525). The journeys' servers get it through tests/e2e/support/server.ts.
    env: { VARIANT_ENCODER_PRIORITY: "nice" },
    projects: [
      {
        test: {
          name: "unit",
          include: UNIT_FILES,
          exclude: [...configDefaults.exclude, ...MOCKING_FILES],
          environment: "node",
          // One module graph for all files: the app's modules are evaluated once, not once per file
          // (docs/decisions/0890-unit-files-share-one-module-graph.md).
          isolate: false,
          ...UNIT_TIMEOUTS,
        },
      },
      {
        test: {
          name: "unit-isolated",
          include: MOCKING_FILES,
          environment: "node",
          ...UNIT_TIMEOUTS,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          // Browser conditions (hydration, transitions) can take seconds on a busy shared CI machine:
          // wait for them instead of failing after the 1 s default. A condition that never holds still fails.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
