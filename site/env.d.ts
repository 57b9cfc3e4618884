/// <reference types="astro/client" />
import type { Locale } from '#shared/i18n/language.ts';
import type { PageData } from '#shared/page-data.ts';

declare global {
  namespace App {
    interface Locals {
      /** The page's language, from its address ('/mt/...', '/it/...', English at the root). */
      locale: Locale;
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
