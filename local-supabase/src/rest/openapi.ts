import type { ServerResponse } from 'node:http';
import { RestError } from './errors.ts';
import type { HandlerDeps, RequestState } from './request.ts';

/** `/`: the schema's tables, views and functions as PostgREST's OpenAPI (Swagger 2.0) document. */
export async function openApi(deps: HandlerDeps, s: RequestState, res: ServerResponse): Promise<void> {
  if (s.method !== 'GET' && s.method !== 'HEAD')
    throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${s.method}`);
  const cache = await deps.cache.get();
  const paths: Record<string, unknown> = {
    '/': {
      get: { produces: ['application/openapi+json', 'application/json'], responses: { 200: { description: 'OK' } } },
    },
  };
  const definitions: Record<string, unknown> = {};
  for (const rel of cache.relations.values()) {
    if (rel.schema !== s.schema) continue;
    paths[`/${rel.name}`] = {
      get: { tags: [rel.name] },
      ...(rel.kind === 'table'
        ? { post: { tags: [rel.name] }, patch: { tags: [rel.name] }, delete: { tags: [rel.name] } }
        : {}),
    };
    definitions[rel.name] = {
      type: 'object',
      required: [...rel.columns.values()].filter((c) => !c.nullable && !c.hasDefault).map((c) => c.name),
      properties: Object.fromEntries([...rel.columns.values()].map((c) => [c.name, { format: c.type }])),
    };
  }
  for (const [key, fns] of cache.functions) {
    if (!key.startsWith(`${s.schema}.`)) continue;
    paths[`/rpc/${fns[0]!.name}`] = { post: { tags: ['(rpc) ' + fns[0]!.name] } };
  }
  const doc = JSON.stringify({
    swagger: '2.0',
    info: { title: 'standard public schema', version: '14.12' },
    basePath: '/',
    schemes: ['http'],
    consumes: ['application/json'],
    produces: ['application/json'],
    paths,
    definitions,
  });
  res.writeHead(200, {
    'Content-Type': 'application/openapi+json; charset=utf-8',
    'Content-Length': Buffer.byteLength(doc),
  });
  res.end(s.method === 'HEAD' ? undefined : doc);
}
