/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The process's services; absent while prerendering at build time. */
    services?: import('./lib/server/context.ts').Services;
  }
}

