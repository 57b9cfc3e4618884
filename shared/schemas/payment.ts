import { bounds } from '../limits.ts';
import { subscriptionStates } from '../promotion.ts';
import { z } from './zod.ts';

export const packageTypes = { company: 1, individual: 2 } as const;
const packageTypeMessage = 'Package type must be 1 (Company) or 2 (Individual)';

export const paymentPackageSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    /** The price in the currency's units (9.99). */
    amount: z.number(),
    /** The same price in cents (999). */
    longAmount: z.number().int(),
    credits: z.number().int(),
    currency: z.string(),
    currencySymbol: z.string(),
    typeId: z.number().int(),
    typeName: z.string(),
  })
  .meta({ id: 'PaymentPackage' });
export type PaymentPackage = z.infer<typeof paymentPackageSchema>;

/** Creating or editing a package in the back-office; no rules on the client, these on the server. */
export const packageInputSchema = z.object({
  name: z.string({ error: 'Please enter name' }).trim().min(1, 'Please enter name').max(60),
  description: z.string().trim().max(300).nullish(),
  amount: z.coerce
    .number({ error: 'Please enter amount' })
    .positive('Amount must be more than 0')
    .max(100_000)
    .refine(
      (v) =>
        Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      'Amount can have at most 2 decimals',
    ),
  credits: z.coerce
    .number({ error: 'Please enter credits' })
    .int('Credits must be a whole number')
    .positive('Credits must be more than 0')
    .max(1_000_000),
  typeId: z.coerce
    .number()
    .int()
    .min(packageTypes.company, packageTypeMessage)
    .max(packageTypes.individual, packageTypeMessage)
    .pipe(
      z.literal([packageTypes.company, packageTypes.individual], { error: packageTypeMessage }),
    ),
});
export const packageUpdateSchema = packageInputSchema.extend({
  id: z.coerce.number().int().positive().max(bounds.id),
});

export const createPaymentSchema = z.object({
  userId: z.coerce.number({ error: 'userId is required' }).int().positive().max(bounds.id),
  paymentId: z.coerce
    .number({ error: 'Please choose a package' })
    .int()
    .positive()
    .max(bounds.id, 'Please choose a package'),
});

export const checkTransactionSchema = z.object({
  sessionId: z
    .string({ error: 'sessionId is required' })
    .trim()
    .min(1, 'sessionId is required')
    .max(300),
});

export const transactionTypeNames: Record<number, string> = {
  1: 'Top Up Credit',
  2: 'Bought Listing',
  3: 'Top Up Credit - Voucher',
  4: 'Reserved Funds',
  5: 'Listing Promotion',
  6: 'Welcome Credits',
  7: 'Released Funds',
  8: 'Subscription Renewal',
};

export const transactionSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    typeId: z.number().int(),
    typeName: z.string(),
    /** Top-ups: Created, Paid, Cancelled. Reservations: Reserved, Spent, Released. Others: Done. */
    state: z.string(),
    date: z.string(),
    packageName: z.string().nullable(),
    packageDescription: z.string().nullable(),
    amount: z.number().nullable(),
    currencySymbol: z.string().nullable(),
    credits: z.number().int(),
    /** Signed change of the balance this transaction made so far (0 for an unpaid top-up). */
    balanceChange: z.number().int(),
    /**
     * The owner's balance right after this transaction's last movement; null when it has moved
     * nothing yet (a top-up not paid).
     */
    balanceAfter: z.number().int().nullable(),
    listingPrice: z.number().int().nullable(),
    voucherCredits: z.number().int().nullable(),
    listingId: z.number().int().nullable(),
    listingTitle: z.string().nullable(),
    userEmail: z.string(),
  })
  .meta({ id: 'Transaction' });
export type Transaction = z.infer<typeof transactionSchema>;

export const voucherSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    credits: z.number().int(),
    daysActive: z.number().int(),
    createDate: z.string(),
    expirationDate: z.string(),
    isActive: z.boolean(),
    redemptions: z.number().int(),
  })
  .meta({ id: 'Voucher' });

export const voucherInputSchema = z.object({
  credits: z.coerce
    .number({ error: 'Please enter credits' })
    .int('Credits must be a whole number')
    .positive('Credits must be more than 0')
    .max(100_000),
  daysActive: z.coerce
    .number({ error: 'Please enter days active' })
    .int()
    .min(1, 'Days active must be at least 1')
    .max(3650),
});

export const redeemSchema = z.object({
  userId: z.coerce.number({ error: 'userId is required' }).int().positive().max(bounds.id),
  code: z
    .string({ error: 'Voucher is not valid!' })
    .trim()
    .min(4, 'Voucher is not valid!')
    .max(64, 'Voucher is not valid!'),
});

export const promoteSchema = z.object({
  carId: z.coerce.number({ error: 'carId is required' }).int().positive().max(bounds.id),
  listingTypeId: z.coerce
    .number({ error: 'You have to choose listing type' })
    .int()
    .positive('You have to choose listing type')
    .max(bounds.id, 'You have to choose listing type'),
});

export const subscriptionSchema = z
  .object({
    id: z.number().int(),
    carId: z.number().int(),
    image: z.string().nullable(),
    brand: z.string(),
    model: z.string(),
    title: z.string(),
    price: z.number().int(),
    currency: z.string(),
    /** One of subscriptionStates. */
    type: z.number().int(),
    typeName: z.string(),
    listingTypeId: z.number().int(),
    listingTypeName: z.string(),
    createdDate: z.string(),
    expiryDate: z.string(),
    credits: z.number().int(),
  })
  .meta({ id: 'Subscription' });

export const subscriptionFilterSchema = z.object({
  filterType: z.preprocess(
    (v) => (v === '' ? null : v),
    z.coerce
      .number()
      .int()
      .min(subscriptionStates.active)
      .max(subscriptionStates.canceled)
      .nullish(),
  ),
});

export const subscriptionHistorySchema = z
  .object({
    image: z.string().nullable(),
    brand: z.string(),
    model: z.string(),
    title: z.string(),
    price: z.number().int(),
    currency: z.string(),
    history: z.array(
      z.object({
        listingTypeId: z.number().int(),
        listingTypeName: z.string(),
        credits: z.number().int(),
        createdDate: z.string(),
      }),
    ),
  })
  .meta({ id: 'SubscriptionHistory' });
