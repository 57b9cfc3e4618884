import fc from 'fast-check';
import type { JsonSchema, Operation } from './operations.ts';

/**
 * fast-check arbitraries from the JSON schemas of the OpenAPI document: values shaped as the
 * schema asks (so a request gets past the first rule and into the code behind it) with hostile
 * values mixed in at any depth: NUL characters, huge and deeply nested values, wrong types,
 * numbers out of every range, prototype keys.
 */

/** Text that has broken servers: NUL, injections, lone surrogates, numbers in words. */
const nastyStrings = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '%00',
  '../../etc/passwd',
  '\ud800',
  '\udfff\ud800',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👩‍👩‍👧‍👦',
  '\u202e\u200b',
  '__proto__',
  'constructor',
  '1e999',
  '-0',
  'NaN',
  'Infinity',
  '0x10',
  '9'.repeat(40),
  ' ',
  '',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'null',
  'true',
  '[]',
  '{}',
);

const nastyNumbers = fc.constantFrom(
  -1,
  0,
  -0,
  0.5,
  -2_147_483_649,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
);

/** A string far beyond any field's limit (the body limit is 1 MB on most routes). */
const hugeString = fc
  .integer({ min: 5_000, max: 200_000 })
  .chain((n) => fc.constantFrom('x', 'é', '\u0000', '9', '😀').map((c) => c.repeat(n)));

/** Arrays or objects nested far deeper than any payload. */
const deepValue = fc
  .tuple(fc.integer({ min: 50, max: 3000 }), fc.boolean())
  .map(([depth, asArray]) => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
    return value;
  });

/** An object whose own `__proto__` key survives JSON.stringify: a prototype pollution probe. */
const protoObject = fc.constant(null).map(() => {
  const value: Record<string, unknown> = {};
  Object.defineProperty(value, '__proto__', {
    value: { polluted: true, roleId: 1, isAdmin: true },
    enumerable: true,
  });
  return value;
});

/** Any hostile value, whatever the schema asked for. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyStrings },
  { weight: 4, arbitrary: nastyNumbers },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 2, arbitrary: fc.double() },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: protoObject },
);

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

const bounded = (value: number | undefined, fallback: number) =>
  value !== undefined && Number.isFinite(value) ? value : fallback;

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = bounded(
    schema.minimum ??
      (schema.exclusiveMinimum === undefined ? undefined : schema.exclusiveMinimum + 1),
    -1_000_000,
  );
  const max = bounded(
    schema.maximum ??
      (schema.exclusiveMaximum === undefined ? undefined : schema.exclusiveMaximum - 1),
    Math.max(min, 0) + 1_000_000,
  );
  const low = Math.ceil(Math.max(min, -2_000_000_000));
  const high = Math.floor(Math.min(max, 2_000_000_000));
  // Small positive numbers are ids of things that exist (users, listings, notifications).
  const small = fc.integer({ min: Math.max(low, 1), max: Math.max(Math.min(high, 40), low, 1) });
  const any = integer
    ? fc.integer({ min: low, max: Math.max(low, high) })
    : fc.double({ min: low, max: Math.max(low, high), noNaN: true });
  return fc.oneof(small, any);
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 60, Math.max(minLength, 60));
  const plain = fc.string({ minLength, maxLength });
  switch (schema.format) {
    case 'email':
      return fc.oneof(fc.emailAddress(), plain);
    case 'date':
      return fc.oneof(
        fc
          .date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10)),
        plain,
      );
    case 'date-time':
      return fc.oneof(
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        plain,
      );
    case 'uri':
    case 'url':
      return fc.oneof(fc.webUrl(), plain);
  }
  if (schema.pattern) {
    try {
      return fc.oneof(fc.stringMatching(new RegExp(schema.pattern)), plain);
    } catch {
      return plain;
    }
  }
  return plain;
}

/** A value of one of the schema's types (or of its choices), with children of the same kind. */
function shaped(schema: JsonSchema, hostility: number, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((s) => valueOf(s, hostility, depth)));
  if (schema.allOf?.length)
    return valueOf(
      schema.allOf.reduce<JsonSchema>(
        (all, s) => ({
          ...all,
          ...s,
          properties: { ...all.properties, ...s.properties },
          required: [...(all.required ?? []), ...(s.required ?? [])],
        }),
        {},
      ),
      hostility,
      depth,
    );
  const types = typesOf(schema);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'null':
          return fc.constant(null);
        case 'boolean':
          return fc.boolean();
        case 'integer':
          return numberOf(schema, true);
        case 'number':
          return numberOf(schema, false);
        case 'string':
          return stringOf(schema);
        case 'array':
          return fc.array(valueOf(schema.items ?? {}, hostility, depth + 1), {
            minLength: schema.minItems ?? 0,
            maxLength: Math.min(schema.maxItems ?? 6, Math.max(schema.minItems ?? 0, 6)),
          });
        case 'object':
          return objectOf(schema, hostility, depth);
        default:
          return fc.jsonValue({ maxDepth: 2 });
      }
    }),
  );
}

function objectOf(schema: JsonSchema, hostility: number, depth: number) {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(properties).map(([name, property]) =>
    fc.tuple(
      fc.constant(name),
      valueOf(property, hostility, depth + 1),
      // A required field is left out now and then; an optional one half of the time.
      required.has(name) ? fc.boolean().map((b) => b || hostility === 0) : fc.boolean(),
    ),
  );
  const extra = fc.option(fc.tuple(fc.oneof(fc.string({ maxLength: 12 }), nastyStrings), hostile), {
    freq: 6,
  });
  return fc
    .tuple(fc.tuple(...entries), hostility > 0 ? extra : fc.constant(null))
    .map(([fields, added]) => {
      const value: Record<string, unknown> = {};
      for (const [name, field, present] of fields) if (present) value[name] = field;
      if (added)
        Object.defineProperty(value, added[0], {
          value: added[1],
          enumerable: true,
          writable: true,
        });
      return value;
    });
}

/**
 * A value for `schema`: shaped by it, or with weight `hostility` (out of 20) a hostile one,
 * at every depth.
 */
export function valueOf(schema: JsonSchema, hostility: number, depth = 0): fc.Arbitrary<unknown> {
  const good = depth > 6 ? fc.constant(null) : shaped(schema, hostility, depth);
  if (hostility === 0) return good;
  return fc.oneof(
    { weight: 20 - hostility, arbitrary: good },
    { weight: hostility, arbitrary: hostile },
  );
}

/** A whole request of one operation: path values, query string and body (JSON or raw text). */
export interface FuzzRequest {
  path: Record<string, string>;
  query: string;
  body?: { json: unknown } | { raw: string; contentType: string };
}

const pathValue = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 40 }).map(String) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '0',
      '-1',
      '1.5',
      '1e3',
      'abc',
      '99999999999999999999999',
      '2147483648',
      ' 1',
      '0x1f',
      "1'",
      '..',
      'null',
      '😀',
    ),
  },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 30 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 40 }).map((n) => 'x'.repeat(n * 100)) },
);

/** Text bodies that are not the JSON a route reads. */
const rawBody = fc.oneof(
  fc.record({
    raw: fc.constantFrom('{', '{"a":', '[1,2', 'null', '"text"', '1e999', '{"a":1}}', '\u0000'),
    contentType: fc.constant('application/json'),
  }),
  fc.record({
    raw: fc.string({ maxLength: 100 }),
    contentType: fc.constantFrom(
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
    ),
  }),
  fc.record({
    raw: fc.integer({ min: 1_050_000, max: 1_100_000 }).map((n) => `{"a":"${'x'.repeat(n)}"}`),
    contentType: fc.constant('application/json'),
  }),
);

const queryValue = (schema: JsonSchema, hostility: number) =>
  valueOf(schema, hostility).map((v) =>
    Array.isArray(v)
      ? v.map(String).join(',')
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v),
  );

/** Every part of a request of `op`, at the given hostility (0 to 20). */
export function requestOf(op: Operation, hostility: number): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const path = fc.record(
    Object.fromEntries(
      pathParams.map((p) => [
        p.name,
        hostility === 0 ? queryValue(p.schema, 0) : fc.oneof(queryValue(p.schema, 0), pathValue),
      ]),
    ),
  ) as fc.Arbitrary<Record<string, string>>;
  const query = fc
    .tuple(
      ...queryParams.map((p) =>
        fc.tuple(fc.constant(p.name), fc.option(queryValue(p.schema, hostility), { freq: 2 })),
      ),
      fc.option(fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 })), {
        freq: 4,
      }),
    )
    .map((pairs) => {
      const search = new URLSearchParams();
      for (const pair of pairs) if (pair?.[1] != null) search.append(pair[0], pair[1]);
      return search.toString();
    });
  const json = op.body ? valueOf(op.body, hostility) : fc.constant(undefined);
  const body: fc.Arbitrary<FuzzRequest['body']> = op.body
    ? fc.oneof(
        { weight: 12, arbitrary: json.map((value) => ({ json: value })) },
        { weight: hostility > 0 ? 1 : 0, arbitrary: rawBody },
      )
    : fc.constant(undefined);
  return fc.record({ path, query, body });
}
