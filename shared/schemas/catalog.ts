import { bounds } from '../limits.ts';
import { messages } from '../messages.ts';
import { z } from './zod.ts';

export const namedSchema = z
  .object({ id: z.number().int(), name: z.string() })
  .meta({ id: 'Named' });
export type Named = z.infer<typeof namedSchema>;

export const modelSchema = z
  .object({ id: z.number().int(), name: z.string(), brandId: z.number().int() })
  .meta({ id: 'Model' });

export const enumerableKinds = [
  'bodies',
  'fuels',
  'doorsNumber',
  'emissionClasses',
  'driveTrains',
  'transmissions',
  'steeringWheelSides',
  'acTypes',
  'origins',
  'colors',
  'chargerTypes',
] as const;
export type EnumerableKind = (typeof enumerableKinds)[number];

export const enumerablesSchema = z
  .object(
    Object.fromEntries(enumerableKinds.map((k) => [k, z.array(namedSchema)])) as Record<
      EnumerableKind,
      z.ZodArray<typeof namedSchema>
    >,
  )
  .meta({ id: 'Enumerables' });
export type Enumerables = z.infer<typeof enumerablesSchema>;

export const addMakeSchema = z.object({
  name: z
    .string({ error: messages.admin.enterName })
    .trim()
    .min(1, messages.admin.enterName)
    .max(60),
});

export const addModelSchema = z.object({
  brandId: z.coerce
    .number({ error: messages.admin.enterNameAndMake })
    .int()
    .min(1, messages.admin.enterNameAndMake)
    .max(bounds.id, messages.admin.enterNameAndMake),
  name: z
    .string({ error: messages.admin.enterNameAndMake })
    .trim()
    .min(1, messages.admin.enterNameAndMake)
    .max(60),
});
