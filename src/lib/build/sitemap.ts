// Which built pages the sitemap lists: the public ones a search engine may index. Left out are the
// back office, the member pages (each `noindex`, and a visitor is sent away from them), the webview
// login (`noindex`: an app's screen) and the pages that only stand in for an error or an outage.
// tests/e2e/content.spec.ts opens every listed page as a visitor and checks it is indexable.
const PRIVATE = /^\/(admin(\/.*)?|lobby|[a-z]+lobby|setting|pagememo|referral|withdraw|webview|offline|maintenance|400|500|503)$/;

export function listedInSitemap(page: string): boolean {
  return !PRIVATE.test(new URL(page).pathname.replace(/\/$/, ''));
}
