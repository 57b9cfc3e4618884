/** One numbered section of a legal page: its anchor and its heading. */
export interface LegalHeading {
  id: string;
  title: string;
}

/** The section's number (from 1) and title; an id that is not listed is a programming error. */
export function headingOf(sections: readonly LegalHeading[], id: string) {
  const index = sections.findIndex((s) => s.id === id);
  const section = sections[index];
  if (!section) throw new Error(`Unknown legal section "${id}"`);
  return { number: index + 1, title: section.title };
}

/** The date both legal pages were last changed (yyyy-MM-dd). */
export const LEGAL_LAST_MODIFIED = '2025-01-01';

export const privacySections = [
  { id: 'information-we-collect', title: 'Information we collect' },
  { id: 'legal-basis', title: 'Legal basis for processing' },
  { id: 'retention', title: 'How long we keep your data' },
  { id: 'protection', title: 'How we protect your data' },
  { id: 'cookies', title: 'Cookies and browser storage' },
  { id: 'disclosure', title: 'Disclosure of your information' },
  { id: 'third-party-links', title: 'Links to third-party websites' },
  { id: 'your-rights', title: 'Your rights' },
  { id: 'consent', title: 'Consent' },
  { id: 'data-controller', title: 'Data controller' },
  { id: 'changes', title: 'Changes to this policy' },
] as const satisfies readonly LegalHeading[];

export const termsSections = [
  { id: 'introduction', title: 'Introduction' },
  { id: 'user-responsibilities', title: 'User responsibilities' },
  { id: 'listings-and-transactions', title: 'Listings and transactions' },
  { id: 'prohibited-activities', title: 'Prohibited activities' },
  { id: 'liability-disclaimer', title: 'Liability disclaimer' },
  { id: 'privacy-policy', title: 'Privacy policy' },
  { id: 'changes', title: 'Changes to these terms' },
  { id: 'contact', title: 'Contact us' },
] as const satisfies readonly LegalHeading[];
