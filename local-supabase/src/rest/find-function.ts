import { editDistance, RestError } from './errors.ts';
import { relKey, type Func, type SchemaCache } from './schema-cache.ts';

/** How a POST /rpc body is read (PostgREST's content media types for calls). */
export type CallMedia = 'json' | 'text' | 'xml' | 'octet' | 'form';

const SINGLE_PARAM_TYPE: Record<CallMedia, string[]> = {
  json: ['json', 'jsonb'],
  text: ['text'],
  xml: ['xml'],
  octet: ['bytea'],
  form: [],
};

/** A function whose one parameter has no name: it takes the whole request body. */
export function takesWholeBody(f: Func): boolean {
  return f.params.length === 1 && f.params[0]!.name === '';
}

/**
 * Picks the overload of `schema.name` for the given argument names, as PostgREST v14's `findProc` does: a
 * function matches when every required parameter is given and every given name is one of its parameters
 * (the name of an unnamed parameter is ""); when none matches, a POST falls back to the one function whose
 * single unnamed parameter takes the body's media type (json/jsonb for JSON, text, xml, bytea). Two
 * matches are 300 PGRST203 listing them; none is 404 PGRST202 with PostgREST's wording and hint.
 */
export function findFunction(
  cache: SchemaCache,
  schema: string,
  name: string,
  argNames: string[],
  media: CallMedia,
  isPost: boolean,
): Func {
  const overloads = cache.functions.get(relKey(schema, name)) ?? [];
  const given = new Set(argNames);
  const singleOnly = isPost && (media === 'text' || media === 'xml' || media === 'octet');
  const matches: Func[] = [];
  const fallbacks: Func[] = [];
  for (const f of overloads) {
    if (matchesParams(f, given, singleOnly)) matches.push(f);
    else if (isPost && takesWholeBody(f) && SINGLE_PARAM_TYPE[media].includes(f.params[0]!.type)) fallbacks.push(f);
  }
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) throw ambiguous(matches);
  if (fallbacks.length === 1) return fallbacks[0]!;
  if (fallbacks.length > 1) throw ambiguous(fallbacks);
  throw noFunction(cache, schema, name, [...given].sort(), media, isPost, overloads);
}

function matchesParams(f: Func, given: Set<string>, singleOnly: boolean): boolean {
  if (f.params.length === 0) return given.size === 0 && !singleOnly;
  const required = f.params.filter((p) => !p.hasDefault).map((p) => p.name);
  const optional = new Set(f.params.filter((p) => p.hasDefault).map((p) => p.name));
  const rest = [...given].filter((a) => !optional.has(a));
  return rest.length === new Set(required).size && required.every((r) => given.has(r));
}

/** PostgREST lists candidates in its routines' order: by parameter list, each parameter by name, then type. */
function byParams(a: Func, b: Func): number {
  for (let i = 0; i < Math.min(a.params.length, b.params.length); i++) {
    const x = a.params[i]!;
    const y = b.params[i]!;
    if (x.name !== y.name) return x.name < y.name ? -1 : 1;
    if (x.type !== y.type) return x.type < y.type ? -1 : 1;
  }
  return a.params.length - b.params.length;
}

function ambiguous(fns: Func[]): RestError {
  const list = [...fns]
    .sort(byParams)
    .map((f) => `${f.schema}.${f.name}(${f.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`);
  return new RestError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${list.join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

function noFunction(
  cache: SchemaCache,
  schema: string,
  name: string,
  args: string[],
  media: CallMedia,
  isPost: boolean,
  overloads: Func[],
): RestError {
  const fq = `${schema}.${name}`;
  const singleOnly = isPost && (media === 'text' || media === 'xml' || media === 'octet');
  const withParams = args.length
    ? ` with parameter${args.length > 1 ? 's' : ''} ${args.join(', ')}`
    : ' without parameters';
  let details: string;
  if (isPost && media === 'text') details = ' with a single unnamed text parameter';
  else if (isPost && media === 'xml') details = ' with a single unnamed xml parameter';
  else if (isPost && media === 'octet') details = ' with a single unnamed bytea parameter';
  else if (isPost && media === 'json') details = `${withParams} or with a single unnamed json/jsonb parameter`;
  else details = withParams;
  let hint: string | null = null;
  if (!singleOnly) {
    if (overloads.length === 0) {
      const names = [...cache.functions.keys()]
        .filter((k) => k.startsWith(`${schema}.`))
        .map((k) => k.slice(schema.length + 1));
      const near = mostSimilar(name, names, 0.75);
      if (near !== null) hint = `Perhaps you meant to call the function ${schema}.${near}`;
    } else {
      const asText = (names: string[]) => `(${[...names].sort().join(', ')})`;
      const lists = overloads.map((f) => asText(f.params.map((p) => p.name)));
      const near = mostSimilar(asText(args), lists, 0.33);
      if (near !== null) hint = `Perhaps you meant to call the function ${fq}${near}`;
    }
  }
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${fq}${singleOnly ? '' : args.length ? `(${args.join(', ')})` : ' without parameters'} in the schema cache`,
    `Searched for the function ${fq}${details}, but no matches were found in the schema cache.`,
    hint,
  );
}

/**
 * The candidate most like `word` with a similarity (1 − edit distance / longer length, case-insensitive) of
 * at least `min`; PostgREST's fuzzy set scores its best candidates the same way. The first wins a tie.
 */
export function mostSimilar(word: string, candidates: string[], min: number): string | null {
  let best: string | null = null;
  let bestScore = -1;
  const w = word.toLowerCase();
  for (const c of candidates) {
    const longer = Math.max(w.length, c.length);
    const score = longer === 0 ? 1 : 1 - editDistance(w, c.toLowerCase()) / longer;
    if (score >= min && score > bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}
