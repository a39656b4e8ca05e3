/**
 * Lists every test that passed only on a retry, whatever its duration: the default reporter prints
 * a passing test's line (with its "(retry x1)") only when the test is slow, so a flaky fast test
 * would pass unnoticed. Each line ends with the first try's error. .ci/run repeats these lines at the end of
 * its output.
 */
import path from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

export default class RetriedReporter implements Reporter {
  onTestCaseResult(test: TestCase) {
    const retries = test.diagnostic()?.retryCount ?? 0;
    const result = test.result();
    if (retries === 0 || result.state !== 'passed') return;
    // A passed test keeps its failed tries' errors: the first one's first line says what to look into.
    const why = (result.errors?.[0]?.message ?? '').split('\n')[0]?.slice(0, 300);
    console.log(`⚠ ${test.project.name} ${path.relative(process.cwd(), test.module.moduleId)}: ${test.fullName} (retry x${retries})${why ? `: ${why}` : ''}`);
  }
}
