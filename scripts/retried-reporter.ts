/**
 * Lists every test that passed only on a retry, whatever its duration: the default reporter prints
 * a passing test's line (with its "(retry x1)") only when the test is slow, so a flaky fast test
 * would pass unnoticed. .ci/run repeats these lines at the end of its output.
 */
import path from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

export default class RetriedReporter implements Reporter {
  onTestCaseResult(test: TestCase) {
    const retries = test.diagnostic()?.retryCount ?? 0;
    if (retries > 0 && test.result().state === 'passed')
      console.log(`⚠ ${test.project.name} ${path.relative(process.cwd(), test.module.moduleId)}: ${test.fullName} (retry x${retries})`);
  }
}
