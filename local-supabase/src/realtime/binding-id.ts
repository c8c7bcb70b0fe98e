/**
 * The integer id the join reply adds to each postgres_changes binding. Hosted uses :erlang.phash2(params),
 * a 27-bit hash of the binding map as the client sent it; clients only match change messages' `ids` against
 * it, so any stable 27-bit hash of the same map serves (FNV-1a over the map with sorted keys).
 */
function canonical(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
    .join(',')}}`;
}

export function bindingId(params: unknown): number {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(canonical(params), 'utf8')) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h & 0x7ffffff;
}
