/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The API in the same process (server/main.ts), called with a Request as over HTTP. */
    api: (request: Request) => Promise<Response>;
  }
}
