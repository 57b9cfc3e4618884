import { bounds, limits } from '../limits.ts';
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
  .positive('Id must be a positive number')
  .max(bounds.id, 'Id is too large');

/** A page of a list, from 1. */
export const pageNumber = z.coerce.number().int().min(1).max(bounds.pageNumber);
/** Rows of a page, up to `max`. */
export const pageSize = (max: number) => z.coerce.number().int().min(1).max(max);

/**
 * The spec's paging of a list (pageNumber from 1, pageSize): the one definition every paged
 * request uses, each with its own largest and default page size.
 */
export const paging = ({
  max = 100,
  size = limits.pageSize,
}: { max?: number; size?: number } = {}) =>
  z.object({ pageNumber: pageNumber.default(1), pageSize: pageSize(max).default(size) });
