/// <reference types="astro/client" />
import type { PublicConfiguration } from '#shared/schemas/configuration.ts';
import type { CarDetail } from '#shared/schemas/listing-display.ts';

declare global {
  namespace App {
    interface Locals {
      /** The API in the same process (server/main.ts), called with a Request as over HTTP. */
      api: (request: Request) => Promise<Response>;
      /**
       * How the rendered answer leaves (compressed, with an ETag); `cacheFor` keeps a page that
       * is the same for every visitor until what it shows changes. Absent in `astro dev`.
       */
      page?: {
        cacheFor(tags: string[]): void;
        deliver(response: Response): Promise<Response>;
      };
      /** Page data read straight from the services, where a page is no API client. */
      data?: {
        /** A live listing as everyone sees it, without counting a view; null when there is none. */
        listing(id: number): Promise<CarDetail | null>;
        /** The configuration with the listing types, as `GET configuration` answers it. */
        configuration(): Promise<PublicConfiguration>;
      };
    }
  }
}

export {};
