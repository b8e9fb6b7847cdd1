/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The process's services; absent while prerendering at build time. */
    services?: import('./lib/server/context.ts').Services;
    /** The client's address as the API sees it (Fastify's req.ip, which honours TRUST_PROXY); absent while prerendering. */
    clientIp?: string;
    /**
     * Set by src/middleware.ts when a page met a busy or unreachable database: the address that
     * could not be served, which the busy screen (pages/503.astro) offers to load again.
     */
    busy?: { url: string };
    /**
     * Set by api/server.ts for a page address that could not be read (not valid percent-encoding, or
     * a NUL), which it routes to the 400 screen (pages/400.astro; api/request-target.ts).
     */
    badUrl?: boolean;
  }
}

