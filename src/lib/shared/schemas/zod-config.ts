// zod compiles object parsers with `new Function` where it may, and probes for that once. The
// pages' Content-Security-Policy has no 'unsafe-eval', so in the browser the probe is refused and
// every page whose form validates logs a CSP violation (Lighthouse best practices: inspector
// issues). The browser parses without compiling; the server, which has no CSP, keeps it.
// Imported first by the schema modules the islands use (auth.ts, login.ts).
import { config } from 'zod/mini';

if (typeof document !== 'undefined') config({ jitless: true });
