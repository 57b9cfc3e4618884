/** How the back-office shows a credit package. */
import { packageTypes, type PaymentPackage } from '#shared/schemas/payment.ts';

/** The tabs of the screen, Individual first (the default). */
export const packageTabs = [
  { label: 'Individual', typeId: packageTypes.individual },
  { label: 'Company', typeId: packageTypes.company },
] as const;

export const packageTypeChoices = packageTabs.map(({ label, typeId }) => ({
  id: typeId,
  name: label,
}));

const money = new Intl.NumberFormat('en-MT', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** The Amount column: the price with its currency symbol and cents, '€4.99'. */
export const packageAmount = (p: Pick<PaymentPackage, 'amount' | 'currencySymbol'>) =>
  `${p.currencySymbol || '€'}${money.format(p.amount)}`;
