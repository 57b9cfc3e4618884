import type { TestContext } from '../support/context.ts';

/** The part of an OpenAPI 3.1 schema object the attack suite reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  $ref?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

/** One operation of the OpenAPI document, named "METHOD /path" as the matrix keys it. */
export interface Operation {
  key: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
  secured: boolean;
}

interface Document {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        security?: unknown[];
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Every operation the app's `/api/openapi.json` documents, with `$ref`s resolved. */
export async function documentedOperations(ctx: TestContext): Promise<Operation[]> {
  const response = await ctx.app.request('/api/openapi.json');
  const doc = (await response.json()) as Document;
  const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined => {
    if (!schema?.$ref) return schema;
    const name = schema.$ref.replace('#/components/schemas/', '');
    return resolve(doc.components?.schemas?.[name]);
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      parameters: (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema) ?? {} })),
      body: resolve(op.requestBody?.content?.['application/json']?.schema),
      secured: (op.security ?? []).length > 0,
    })),
  );
}

/** `path` with each `{name}` replaced by its value, encoded. */
export const fillPath = (path: string, values: Record<string, unknown>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(values[name] ?? 999_999)),
  );

export interface Answer {
  status: number;
  body: unknown;
  text: string;
}

/** One call through the app in-process, the body as raw text and parsed when it is JSON. */
export async function call(
  ctx: TestContext,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  const body =
    options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await ctx.app.request(url, { method, headers, body });
  if (method !== 'GET') await ctx.deps.changes.settle();
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, body: parsed, text };
}
