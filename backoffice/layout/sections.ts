/**
 * The menu section a panel path belongs to (paths inside the react-admin router, without the
 * /admin basename): the section's own path, or the review screen a section's cards open.
 * The panel root belongs to none.
 */
const reviewSections: Record<string, string> = {
  request: 'approve-listings',
  edit: 'edited-listings',
  report: 'reported-listings',
  suspended: 'suspended-listings',
};

export function sectionOf(pathname: string): string | null {
  const [first = '', second = ''] = pathname.split('/').filter(Boolean);
  if (first === 'car') return reviewSections[second] ?? null;
  if (first === 'user') return 'users';
  return first.replace(/\d/g, '') || null;
}

/** The panel root (/admin): on narrow screens only the menu shows there. */
export const isPanelRoot = (pathname: string) => pathname.replace(/\/+$/, '') === '';
