import { describe, expect, it } from 'vitest';
import { stripDataUrl } from './files.ts';

describe('stripDataUrl', () => {
  it('sends base64 without the data: prefix, and base64 without one as it is', () => {
    expect(stripDataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('iVBORw0KGgo=');
    expect(stripDataUrl('/9j/4AAQ')).toBe('/9j/4AAQ');
  });
});
