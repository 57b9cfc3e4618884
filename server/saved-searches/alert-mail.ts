import { carName, price } from '#shared/format.ts';
import { formatMileage, type MileageUnit } from '#shared/mileage.ts';
import { escapeHtml } from '../notifications/notify.ts';

/** A matching car as an alert shows it. */
export interface AlertCar {
  id: number;
  make: string;
  model: string;
  title: string;
  year: number;
  price: number;
  millage: number;
  /** Listed lately; otherwise an older car that an edit made match. */
  isNew: boolean;
}

export interface AlertMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** The in-app notification's HTML. */
  notice: string;
}

const nameOf = (car: AlertCar) => carName(car.make, car.model, car.title);
const carsOf = (n: number, kind: string) => `${n} ${kind} ${n === 1 ? 'car' : 'cars'}`;
/** '2 new cars', '1 changed car', or '1 new car and 1 changed car'. */
const countOf = (cars: AlertCar[]) => {
  const fresh = cars.filter((car) => car.isNew).length;
  const changed = cars.length - fresh;
  return [fresh && carsOf(fresh, 'new'), changed && carsOf(changed, 'changed')]
    .filter(Boolean)
    .join(' and ');
};
const carFacts = (car: AlertCar, unit: MileageUnit) =>
  `${car.year} · ${price(car.price)} · ${formatMileage(car.millage, unit)}`;

/**
 * The e-mail of an instant alert or a daily digest: plain text and simple HTML (one column,
 * inline styles, no images or scripts, which is what common mail clients render alike), the
 * unsubscribe link in both, and the one-click List-Unsubscribe headers (RFC 8058).
 */
export function alertMail(input: {
  searchName: string;
  cars: AlertCar[];
  /** The unit the search was saved in. */
  unit: MileageUnit;
  digest: boolean;
  publicUrl: string;
  unsubscribeToken: string;
}): AlertMail {
  const base = input.publicUrl.replace(/\/+$/, '');
  const token = encodeURIComponent(input.unsubscribeToken);
  const pageLink = `${base}/unsubscribe?token=${token}`;
  const oneClick = `${base}/api/saved-searches/unsubscribe?token=${token}`;
  const manage = `${base}/saved-searches`;
  const n = input.cars.length;
  const cars = countOf(input.cars);
  const subject = input.digest
    ? `Your daily digest: ${cars} for "${input.searchName}"`
    : `${cars} for "${input.searchName}"`;
  const link = (car: AlertCar) => `${base}/car/${car.id}`;

  const text = [
    `${cars} matching your saved search "${input.searchName}" ${n === 1 ? 'is' : 'are'} on Spotted:`,
    '',
    ...input.cars.flatMap((car) => [nameOf(car), carFacts(car, input.unit), link(car), '']),
    `Manage your saved searches: ${manage}`,
    `Stop alerts for this search: ${pageLink}`,
    '',
    'Spotted',
  ].join('\n');

  const rows = input.cars
    .map(
      (car) =>
        `<tr><td style="padding:12px 0;border-bottom:1px solid #e5e7eb">` +
        `<a href="${escapeHtml(link(car))}" style="color:#0f766e;font-weight:bold;text-decoration:none">${escapeHtml(nameOf(car))}</a>` +
        `<div style="color:#4b5563;font-size:14px;margin-top:4px">${escapeHtml(carFacts(car, input.unit))}</div></td></tr>`,
    )
    .join('');
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f3f4f6">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;color:#111827">` +
    `<tr><td style="padding:24px 24px 8px"><h1 style="font-size:20px;margin:0">${escapeHtml(cars)} for “${escapeHtml(input.searchName)}”</h1></td></tr>` +
    `<tr><td style="padding:0 24px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows}</table></td></tr>` +
    `<tr><td style="padding:16px 24px 24px;font-size:13px;color:#6b7280">` +
    `<a href="${escapeHtml(manage)}" style="color:#0f766e">Manage your saved searches</a> · ` +
    `<a href="${escapeHtml(pageLink)}" style="color:#0f766e">Stop alerts for this search</a></td></tr>` +
    `</table></td></tr></table></body></html>`;

  const notice =
    `<p>${escapeHtml(cars)} for your saved search “${escapeHtml(input.searchName)}”:</p><ul>` +
    input.cars
      .map(
        (car) =>
          `<li><a href="/car/${car.id}">${escapeHtml(nameOf(car))}</a> (${escapeHtml(carFacts(car, input.unit))})</li>`,
      )
      .join('') +
    '</ul>';

  return {
    subject,
    text,
    html,
    notice,
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
