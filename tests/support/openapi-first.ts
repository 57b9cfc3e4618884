/**
 * Imported before each server test file: @hono/zod-openapi gives zod's schemas their `.openapi()`
 * as each is made, so it must load before any schema of shared/ is. The server's own entry
 * (server/app.ts) imports it first; a test file that starts with a helper importing the schemas
 * would otherwise fail with "zodSchema.openapi is not a function".
 */
import '@hono/zod-openapi';
