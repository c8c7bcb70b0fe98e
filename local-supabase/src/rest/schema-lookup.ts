import { closest, RestError } from './errors.ts';
import { relKey, type Func, type Relation, type SchemaCache } from './schema-cache.ts';
import type { SchemaCacheHolder } from './schema-holder.ts';

/**
 * A table or view of the schema cache; when it is missing while a reload is under way (a migration just ran),
 * the reloaded cache is asked again before answering PGRST205 with PostgREST's "Perhaps you meant" hint.
 */
export async function findRelation(
  holder: SchemaCacheHolder,
  schema: string,
  name: string,
): Promise<{ cache: SchemaCache; rel: Relation }> {
  let cache = await holder.get();
  let rel = cache.relations.get(relKey(schema, name));
  if (!rel && holder.reloading()) {
    cache = await holder.fresh();
    rel = cache.relations.get(relKey(schema, name));
  }
  if (!rel) {
    const near = closest(
      name,
      [...cache.relations.values()].filter((r) => r.schema === schema).map((r) => r.name),
    );
    throw new RestError(
      404,
      'PGRST205',
      `Could not find the table '${schema}.${name}' in the schema cache`,
      null,
      near ? `Perhaps you meant the table '${schema}.${near}'` : null,
    );
  }
  return { cache, rel };
}

/** A function's overloads (none: unknown), from the reloaded cache when a reload is under way. */
export async function findFunctions(
  holder: SchemaCacheHolder,
  schema: string,
  name: string,
): Promise<{ cache: SchemaCache; overloads: Func[] }> {
  let cache = await holder.get();
  if (!cache.functions.has(relKey(schema, name)) && holder.reloading()) cache = await holder.fresh();
  return { cache, overloads: cache.functions.get(relKey(schema, name)) ?? [] };
}
