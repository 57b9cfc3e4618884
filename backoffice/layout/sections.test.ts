import { describe, expect, it } from 'vitest';
import { isPanelRoot, sectionOf } from './sections.ts';

describe('sectionOf', () => {
  it('names the section of a section path and of the screens its cards open', () => {
    expect(sectionOf('/approve-listings')).toBe('approve-listings');
    expect(sectionOf('/payment-packages/12')).toBe('payment-packages');
    expect(sectionOf('/car/request/5')).toBe('approve-listings');
    expect(sectionOf('/car/edit/5')).toBe('edited-listings');
    expect(sectionOf('/car/report/5')).toBe('reported-listings');
    expect(sectionOf('/car/suspended/5')).toBe('suspended-listings');
    expect(sectionOf('/user/4')).toBe('users');
  });

  it('gives the root no section', () => {
    expect(sectionOf('/')).toBeNull();
    expect(sectionOf('')).toBeNull();
    expect(isPanelRoot('/')).toBe(true);
    expect(isPanelRoot('')).toBe(true);
    expect(isPanelRoot('/users')).toBe(false);
  });
});
