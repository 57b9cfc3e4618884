import { z } from './zod.ts';

/** Every API response: code 0 on success, else a non-zero code and a message to show as-is. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), message: z.string(), data });

export const errorEnvelope = z
  .object({ code: z.number().int().min(1), message: z.string(), data: z.null() })
  .meta({ id: 'Error' });

/** Numeric path ids: "12" -> 12, with a clear message for anything else. */
export const idParam = z.coerce
  .number({ error: 'Id must be a number' })
  .int('Id must be a whole number')
  .positive('Id must be a positive number');

export const paging = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});
