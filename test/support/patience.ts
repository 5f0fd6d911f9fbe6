/**
 * How long a test waits for an outcome before it calls the wait a hang: the only clock the tests
 * keep. Tests assert what happens, not how fast (a loaded CI machine is slow, not wrong); speed is
 * measured in `pnpm bench` against budgets there. Vitest's test and hook timeouts are this.
 */
export const outcomeWaitMs = 600_000;

/**
 * How long one wait for an outcome (a locator, a URL, an event, an `expect.poll`) may take: half a
 * test's, so that a wait that never ends fails by its own timeout — Playwright's error names the
 * locator it waited on, a poll its matcher — rather than by the test's, which names nothing.
 */
export const oneWaitMs = outcomeWaitMs / 2;
