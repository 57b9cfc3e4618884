/**
 * The elements matching `selector` (or holding a link that does) whose links were clicked before
 * the page's modules ran: they wait for its first photo (site/lib/after-photo.ts), and the page's
 * early-clicks script (site/scripts/before-paint/early-clicks.js) keeps those clicks. A script that
 * counts clicks counts these when it starts, then listens itself; each is given once, to the
 * first script that asks with a selector it matches.
 */
export function earlyClicks(selector: string): Element[] {
  const links = (window as { spottedEarlyClicks?: Element[] }).spottedEarlyClicks ?? [];
  const matched: Element[] = [];
  for (let i = 0; i < links.length;) {
    const element = links[i]?.closest(selector);
    if (element) {
      matched.push(element);
      links.splice(i, 1);
    } else i++;
  }
  return matched;
}
