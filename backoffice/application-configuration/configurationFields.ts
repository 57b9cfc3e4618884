/** Every field of the application configuration, grouped as the form shows them. */
import { limits } from '#shared/limits.ts';
import type { Configuration } from '#shared/schemas/configuration.ts';

export interface ConfigurationField {
  source: keyof Configuration;
  label: string;
  kind: 'text' | 'number' | 'multiline';
  /** The spec's text limit (release notes 200, about text 2000). */
  max?: number;
}

export const configurationGroups: { title: string; fields: ConfigurationField[] }[] = [
  {
    title: 'Versions',
    fields: [
      { source: 'systemVersion', label: 'System version', kind: 'text' },
      { source: 'androidVersion', label: 'Android version', kind: 'text' },
      { source: 'iosVersion', label: 'iOS version', kind: 'text' },
      { source: 'androidMandatoryVersion', label: 'Android mandatory version', kind: 'text' },
      { source: 'iosMandatoryVersion', label: 'iOS mandatory version', kind: 'text' },
    ],
  },
  {
    title: 'Money and credits',
    fields: [
      { source: 'currency', label: 'Currency (symbol)', kind: 'text' },
      { source: 'currencyName', label: 'Currency name', kind: 'text' },
      { source: 'subscriptionDuration', label: 'Subscription duration (days)', kind: 'number' },
      { source: 'welcomeCreditsIndividual', label: 'Welcome credits, individual', kind: 'number' },
      { source: 'welcomeCreditsCompany', label: 'Welcome credits, company', kind: 'number' },
    ],
  },
  {
    title: 'Links and contact',
    fields: [
      { source: 'privacyPolicyUrl', label: 'Privacy policy URL', kind: 'text' },
      { source: 'paymentTermsUrl', label: 'Payment terms URL', kind: 'text' },
      { source: 'registrationTermsUrl', label: 'Registration terms URL', kind: 'text' },
      { source: 'appStoreUrl', label: 'App Store URL', kind: 'text' },
      { source: 'playStoreUrl', label: 'Play Store URL', kind: 'text' },
      { source: 'supportEmail', label: 'Support email', kind: 'text' },
    ],
  },
  {
    title: 'Listings and formats',
    fields: [
      { source: 'phonePrefix', label: 'Phone prefix', kind: 'text' },
      { source: 'dateFormat', label: 'Date format', kind: 'text' },
      { source: 'carMinimumYear', label: 'Car minimum year', kind: 'number' },
      { source: 'carMaximumYear', label: 'Car maximum year', kind: 'number' },
    ],
  },
  {
    title: 'Texts',
    fields: [
      {
        source: 'releaseNotes',
        label: 'Release notes',
        kind: 'multiline',
        max: limits.releaseNotesMax,
      },
      { source: 'aboutText', label: 'About text', kind: 'multiline', max: limits.aboutTextMax },
    ],
  },
];
