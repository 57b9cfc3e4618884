/// <reference types="astro/client" />
import type { PageData } from '#shared/page-data.ts';

declare global {
  namespace App {
    interface Locals {
      /** What a page reads, straight from the services (server/http/page-data.ts). */
      data: PageData;
      /** `cacheFor` keeps a page that is the same for every visitor until what it shows changes. */
      page: {
        cacheFor(tags: string[]): void;
      };
    }
  }
}

export {};
