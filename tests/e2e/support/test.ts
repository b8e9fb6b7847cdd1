// The `test` every spec uses: Playwright's, plus a guard that fails a test when the
// Content-Security-Policy refused anything on a page it visited: an inline script without its
// hash, a stray style, or zod's `new Function` probe (src/lib/shared/schemas/zod-config.ts). Such a
// refusal breaks nothing a test clicks, so no other assertion would notice it.
// Every context the test opens is watched: the default one, and those made with browser.newContext
// (the back-office specs open one per role), which the fixture wraps for the test's duration and
// closes at its end. The listener is a page script, so a context with JavaScript off goes unwatched.
import { test as base, expect, type BrowserContext } from '@playwright/test';

const BINDING = '__geloraCspViolation';

async function watch(context: BrowserContext, refused: string[]): Promise<void> {
  await context.exposeBinding(BINDING, (_source, what: string) => void refused.push(what));
  await context.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as Record<string, ((what: string) => void) | undefined>)[binding];
      report?.(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  }, BINDING);
}

export const test = base.extend<{ cspGuard: void }>({
  cspGuard: [
    async ({ browser, context }, use) => {
      const refused: string[] = [];
      await watch(context, refused);
      const newContext = browser.newContext;
      const made: BrowserContext[] = [];
      browser.newContext = async (...args) => {
        const c = await newContext.apply(browser, args);
        made.push(c);
        await watch(c, refused);
        return c;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
        // Playwright leaves a context the test opened itself open: closed here, a refusal after
        // the check below cannot go unreported (closing one already closed does nothing).
        await Promise.all(made.map((c) => c.close()));
      }
      expect(refused, 'refused by the Content-Security-Policy').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
