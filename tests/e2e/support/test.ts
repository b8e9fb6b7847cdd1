// The `test` every spec uses: Playwright's, plus a guard that fails a test when the
// Content-Security-Policy refused anything on a page it visited: an inline script without its
// hash, a stray style, or zod's `new Function` probe (src/lib/shared/schemas/zod-config.ts). Such a
// refusal breaks nothing a test clicks, so no other assertion would notice it.
// Every context the test opens is watched: the default one, and those made with browser.newContext
// (the back-office specs open one per role), which the fixture wraps for the test's duration.
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
      browser.newContext = async (...args) => {
        const made = await newContext.apply(browser, args);
        await watch(made, refused);
        return made;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      expect(refused, 'refused by the Content-Security-Policy').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
