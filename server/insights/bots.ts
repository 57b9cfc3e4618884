/**
 * Crawlers, link previews, monitors and command-line clients by their user agent: their views,
 * impressions and reveals are not counted. HeadlessChrome and app HTTP libraries are not in the
 * list (real people's tools and the mobile app use them), nor is a missing user agent.
 */
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|lighthouse|pingdom|uptime|curl\/|wget\/|python-requests|python-urllib|go-http-client|scrapy|httpie/i;

/** Whether a request's user agent is a robot's (not counted in seller insights). */
export const isBot = (userAgent: string | undefined) => !!userAgent && BOT.test(userAgent);
