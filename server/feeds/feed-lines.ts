import { feedFields, feedLimits, feedMessages, FEED_LIST_SEPARATOR } from '#shared/schemas/feed.ts';
import { lowerFirst, type ListingFieldName } from '#shared/schemas/listing-fields.ts';
import { listingPayloadSchema, type ListingPayload } from '#shared/schemas/listing-payload.ts';
import { listingProblem } from '#shared/schemas/listing-rules.ts';
import type { Reference } from '../catalog/reference.ts';
import type { FeedRecord } from './feed-file.ts';
import { sha256 } from './feed-photos.ts';

/** A line's car as the listing form would send it, without its photos, and where they are. */
export interface FeedCar {
  payload: Omit<ListingPayload, 'images'>;
  photos: string[];
}

/** A refused line: the column it is about (when one) and the message. */
export interface LineProblem {
  field: string | null;
  message: string;
}

export type ResolvedLine =
  | { line: number; stockNumber: string | null; problem: LineProblem }
  | { line: number; stockNumber: string; car: FeedCar; hash: string };

const columnOf = new Map<string, string>(feedFields.map((f) => [f.name, f.column]));
const fieldColumn = (name: string) => columnOf.get(name) ?? name;

const byName = <T extends { id: number; name: string }>(items: readonly T[], value: string) =>
  items.find((item) => item.name.toLowerCase() === value.toLowerCase())?.id;

const FLAG_WORDS: Record<string, string> = {
  yes: 'true',
  y: 'true',
  true: 'true',
  '1': 'true',
  no: 'false',
  n: 'false',
  false: 'false',
  '0': 'false',
};

const list = (value: string | undefined) =>
  (value ?? '')
    .split(FEED_LIST_SEPARATOR)
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * A choice column's id: a name of the reference list (doors are named by numbers), else a number
 * taken as the id (the form's own check then refuses an unknown one); undefined when neither.
 */
function choiceId(
  reference: Reference,
  name: ListingFieldName,
  value: string,
  makeId: number | null,
): number | undefined {
  const field = feedFields.find((f) => f.name === name)?.field;
  const items =
    name === 'brand'
      ? reference.makes
      : name === 'model'
        ? makeId
          ? reference.models(makeId)
          : []
        : name === 'adTypeId'
          ? reference.listingTypes
          : field?.list
            ? reference.enumerables[field.list]
            : [];
  return byName(items, value) ?? (/^\d+$/.test(value) ? Number(value) : undefined);
}

const unknownChoice = (name: ListingFieldName) => {
  const label = feedFields.find((f) => f.name === name)?.field.label ?? 'listing type';
  return { field: fieldColumn(name), message: `Unknown ${lowerFirst(label)}` };
};

/**
 * One record as a car: names turned into the reference ids, then the listing form's own schema
 * and rules (the spec's messages, in the spec's order), each refusal naming its column.
 */
export function resolveLine(
  reference: Reference,
  record: FeedRecord,
  mode: 'add' | 'edit',
  zipHashes: ReadonlyMap<string, string>,
): ResolvedLine {
  const { line, values } = record;
  const stockNumber = values.stockNumber?.trim() || null;
  const refuse = (problem: LineProblem): ResolvedLine => ({ line, stockNumber, problem });
  if (!stockNumber) return refuse({ field: 'stockNumber', message: feedMessages.stockNumber });
  if (stockNumber.length > feedLimits.stockNumberMax)
    return refuse({ field: 'stockNumber', message: feedMessages.stockNumberTooLong });

  const raw: Record<string, unknown> = {};
  let makeId: number | null = null;
  for (const { name, field, column } of feedFields) {
    const value = values[column as keyof typeof values]?.trim() ?? '';
    if (field.kind === 'choice') {
      if (!value) {
        raw[name] = null;
        continue;
      }
      const id = choiceId(reference, name, value, makeId);
      if (id === undefined) return refuse(unknownChoice(name));
      raw[name] = id;
      if (name === 'brand') makeId = id;
    } else if (field.kind === 'ids') {
      const items = name === 'safety' ? reference.safety : reference.equipment;
      const ids = list(value).map(
        (v) => byName(items, v) ?? (/^\d+$/.test(v) ? Number(v) : undefined),
      );
      if (ids.includes(undefined))
        return refuse({
          field: column,
          message: `Unknown ${name === 'safety' ? 'safety feature' : 'equipment item'}`,
        });
      raw[name] = ids;
    } else if (field.kind === 'flag') {
      raw[name] = value ? (FLAG_WORDS[value.toLowerCase()] ?? value) : 'false';
    } else if (field.kind === 'month') {
      // The form's 'Not registered' is null; a blank cell is not chosen.
      raw[name] = value.toLowerCase() === 'not registered' ? null : value || undefined;
    } else {
      raw[name] = value;
    }
  }
  const photos = list(values.photos);
  const parsed = listingPayloadSchema.safeParse({ ...raw, images: [] });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? '');
    return refuse({ field: name ? fieldColumn(name) : null, message: issue?.message ?? '' });
  }
  const { images: _none, ...payload } = parsed.data;
  const config = reference.configuration;
  const problem = listingProblem(
    { ...payload, images: photos },
    { mode, minYear: config.carMinimumYear, maxYear: config.carMaximumYear },
  );
  if (problem)
    return refuse({
      field: fieldColumn(problem.field === 'images' ? 'photos' : problem.field),
      message: problem.message,
    });
  if (payload.brand && !reference.models(payload.brand).some((m) => m.id === payload.model))
    return refuse({ field: 'model', message: 'The model does not belong to the selected make' });

  // A ZIP's photo counts by its bytes, an address by itself: the same again changes nothing.
  const photoIds = photos.map((p) => zipHashes.get(p) ?? p);
  const hash = sha256(JSON.stringify({ payload, photoIds }));
  return { line, stockNumber, car: { payload, photos }, hash };
}
