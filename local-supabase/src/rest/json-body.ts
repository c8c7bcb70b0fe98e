import { invalidBody } from './errors.ts';

/**
 * How deep a request body's JSON may nest. PostgREST hands any well-formed body to Postgres, whose JSON
 * functions fail deep documents with 54001 (stack depth) after doing the work; a body this deep is never a
 * row, so it is refused before parsing (docs/conformance.md, "How the REST service follows PostgREST").
 */
export const MAX_JSON_DEPTH = 512;

/**
 * Parses a request body as JSON within limits: one flat pass over the text finds its nesting depth first
 * (no recursion, no allocation), so a hostile body costs a scan rather than a parse, and the event loop
 * stays free for every other request. Bad or too-deep JSON is PostgREST's 400 PGRST102.
 */
export function parseJsonBody(raw: string): unknown {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 /* [ */ || ch === 123 /* { */) {
      if (++depth > MAX_JSON_DEPTH) {
        throw invalidBody('Empty or invalid json', `JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
      }
    } else if (ch === 93 /* ] */ || ch === 125 /* } */) depth--;
  }
  try {
    return JSON.parse(raw);
  } catch {
    throw invalidBody();
  }
}
