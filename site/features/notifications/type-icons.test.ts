import { describe, expect, it } from 'vitest';
import { notificationTypeIds } from '#shared/notification-types.ts';
import { typeIconOf } from './type-icons.ts';

describe('notification type icons', () => {
  it('give every type its own icon and name', () => {
    const icons = Object.values(notificationTypeIds).map(typeIconOf);
    expect(icons.map((i) => i.label)).toEqual(['Information', 'Payment', 'Listing', 'Account']);
    expect(new Set(icons.map((i) => i.path)).size).toBe(icons.length);
    expect(icons.map((i) => i.kind)).toEqual(Object.values(notificationTypeIds));
  });

  it('show a type the site does not know as information', () => {
    expect(typeIconOf(9)).toEqual(typeIconOf(notificationTypeIds.info));
  });
});
