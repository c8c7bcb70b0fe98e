import type { ServerResponse } from 'node:http';
import type { GatewayRequest } from '../service.ts';
import { RestError, sendError } from './errors.ts';
import { openApi } from './openapi.ts';
import { read } from './read.ts';
import { claimsReader, decodeSegment, requestState, type HandlerDeps, type RequestState } from './request.ts';
import { toRestError } from './response.ts';
import { rpc } from './rpc.ts';
import { findRelation } from './schema-lookup.ts';
import { insert, put, remove, update } from './writes.ts';

/**
 * One PostgREST request: the caller's claims, then the request's role, schema, preferences and media type
 * (request.ts), then the route: `/` (openapi.ts), `/rpc/<fn>` (rpc.ts) or `/<table>` (read.ts, writes.ts).
 * Every failure is answered in PostgREST's error shape (response.ts).
 */
export function createHandler(deps: HandlerDeps): (req: GatewayRequest, res: ServerResponse) => Promise<void> {
  const claimsOf = claimsReader(deps.keys);
  return async function handle(req, res) {
    let authed = false;
    try {
      const state = requestState(req, await claimsOf(req), deps.settings);
      authed = state.role !== deps.settings.anonRole;
      const segments = req.path.split('/').slice(1).map(decodeSegment);
      if (segments.length === 1 && segments[0] === '') return await openApi(deps, state, res);
      if (segments.length === 2 && segments[0] === 'rpc' && segments[1])
        return await rpc(deps, state, res, segments[1]);
      if (segments.length === 1) return await table(deps, state, res, segments[0]!);
      throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
    } catch (err) {
      sendError(res, toRestError(err, authed));
    }
  };
}

async function table(deps: HandlerDeps, s: RequestState, res: ServerResponse, name: string): Promise<void> {
  switch (s.method) {
    case 'GET':
    case 'HEAD':
      return read(deps, s, res, name);
    case 'POST':
      return insert(deps, s, res, name);
    case 'PATCH':
      return update(deps, s, res, name);
    case 'DELETE':
      return remove(deps, s, res, name);
    case 'PUT':
      return put(deps, s, res, name);
    case 'OPTIONS':
      await findRelation(deps.cache, s.schema, name);
      res.writeHead(200, { Allow: 'OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE', 'Content-Length': '0' });
      res.end();
      return;
    default:
      throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${s.method}`);
  }
}
