/**
 * How long a test waits for an outcome before it calls the wait a hang: the only clock the tests
 * keep. Tests assert what happens, not how fast (a loaded CI machine is slow, not wrong); speed is
 * measured in `pnpm bench` against budgets there. Vitest's test, hook and `expect.poll` timeouts
 * and the browser contexts' default timeout are all this.
 */
export const outcomeWaitMs = 600_000;
