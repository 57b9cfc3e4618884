/**
 * The elements matching `selector` (or holding a link or button that does) clicked before the
 * page's modules ran: they wait for its first photo (site/lib/after-photo.ts), and the page's
 * early-clicks script (site/scripts/before-paint/early-clicks.js) keeps those clicks. A script
 * that counts clicks counts these when it starts, then listens itself; each is given once, to the
 * first script that asks with a selector it matches.
 */
export function earlyClicks(selector: string): Element[] {
  const clicked = (window as { spottedEarlyClicks?: Element[] }).spottedEarlyClicks ?? [];
  const matched: Element[] = [];
  for (let i = 0; i < clicked.length;) {
    const element = clicked[i]?.closest(selector);
    if (element) {
      matched.push(element);
      clicked.splice(i, 1);
    } else i++;
  }
  return matched;
}

/**
 * Clicks again, once its listeners are in place, each button matching `selector` that was clicked
 * before the page's modules ran: a tap on a menu or a banner's button that early opens or closes
 * it a moment late rather than never.
 */
export function replayEarlyClicks(selector: string) {
  for (const element of earlyClicks(selector))
    if (element instanceof HTMLButtonElement) element.click();
}
