import type { Reporter, TestModule } from "vitest/node";

/**
 * Ends the run with one plain line, 'N passed, N failed, N skipped', that CI reads.
 * Skipped tests are counted in the open: a skipped browser journey is never a silent green.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    const counts = { passed: 0, failed: unhandledErrors.length, skipped: 0 };
    for (const module of testModules) {
      const tests = [...module.children.allTests()];
      // A file whose setup failed has no failed test of its own: count the file.
      if (module.state() === "failed" && !tests.some((test) => test.result().state === "failed")) counts.failed += 1;
      for (const test of tests) {
        const state = test.result().state;
        if (state === "passed") counts.passed += 1;
        else if (state === "failed") counts.failed += 1;
        else counts.skipped += 1;
      }
    }
    process.stdout.write(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
