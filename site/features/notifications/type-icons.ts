import { notificationTypeIds as ids } from '#shared/notification-types.ts';

/** A notification type's icon: what it is called and its SVG path (a 24 x 24 view box). */
export interface TypeIconShape {
  label: string;
  path: string;
}

const info: TypeIconShape = {
  label: 'Information',
  path: 'M12 2a10 10 0 1 0 10 10A10 10 0 0 0 12 2Zm1 15h-2v-6h2Zm0-8h-2V7h2Z',
};

const icons: Record<number, TypeIconShape> = {
  [ids.info]: info,
  [ids.payment]: {
    label: 'Payment',
    path: 'M20 4H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2Zm0 14H4v-6h16Zm0-10H4V6h16Z',
  },
  [ids.listing]: {
    label: 'Listing',
    path: 'M5 11l1.5-4.5A2 2 0 0 1 8.4 5h7.2a2 2 0 0 1 1.9 1.5L19 11h1a1 1 0 0 1 1 1v5h-2v1.5a1.5 1.5 0 0 1-3 0V17H8v1.5a1.5 1.5 0 0 1-3 0V17H3v-5a1 1 0 0 1 1-1Zm2.1 0h9.8l-1-3H8.1ZM6.5 15A1.5 1.5 0 1 0 5 13.5 1.5 1.5 0 0 0 6.5 15Zm11 0a1.5 1.5 0 1 0-1.5-1.5 1.5 1.5 0 0 0 1.5 1.5Z',
  },
  [ids.user]: {
    label: 'Account',
    path: 'M12 12a4.5 4.5 0 1 0-4.5-4.5A4.5 4.5 0 0 0 12 12Zm0 2c-3.3 0-9 1.66-9 5v2h18v-2c0-3.34-5.7-5-9-5Z',
  },
};

/**
 * The icon of a notification type, shared by the notifications screen and the bell's list: any
 * type this site does not know shows as information. `kind` names the type for the icon's colour
 * (`type-icon--{kind}`).
 */
export function typeIconOf(typeId: number): TypeIconShape & { kind: number } {
  const icon = icons[typeId];
  return icon ? { ...icon, kind: typeId } : { ...info, kind: ids.info };
}
