import type { APIRoute } from 'astro';
import { mileageCookie, mileageUnits, type MileageUnit } from '#shared/mileage.ts';

/** A path of this site to go back to; anything else (another site, nothing) is the home page. */
const ownPath = (value: FormDataEntryValue | null) =>
  typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : '/';

/**
 * POST /mileage-unit (the footer's switch, without JavaScript): remembers the unit chosen and
 * goes back to the page it was chosen on, which then renders in it.
 */
export const POST: APIRoute = async ({ request }) => {
  const form = await request.formData().catch(() => null);
  const unit = form?.get('unit');
  const headers = new Headers({ location: ownPath(form?.get('back') ?? null) });
  if (mileageUnits.includes(unit as MileageUnit))
    headers.set('set-cookie', mileageCookie(unit as MileageUnit));
  return new Response(null, { status: 303, headers });
};
