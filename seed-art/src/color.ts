/** Small colour helpers for flat-illustration shading (lighter tops, darker sides). */

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.replace(/./g, (c) => c + c) : h;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  const c = (v: number): string =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Linear mix of two hex colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const ca = parseHex(a);
  const cb = parseHex(b);
  return toHex([ca[0] + (cb[0] - ca[0]) * t, ca[1] + (cb[1] - ca[1]) * t, ca[2] + (cb[2] - ca[2]) * t]);
}

/** Darken towards a warm near-black rather than pure black, which keeps shadows from looking muddy. */
export function shade(c: string, amount: number): string {
  return mix(c, '#2a1d17', amount);
}

/** Lighten towards a warm white. */
export function tint(c: string, amount: number): string {
  return mix(c, '#fffaf2', amount);
}

/** Pull a colour towards grey: used for the dull "before" rooms. */
export function desaturate(c: string, amount: number): string {
  const [r, g, b] = parseHex(c);
  const grey = 0.3 * r + 0.59 * g + 0.11 * b;
  return toHex([r + (grey - r) * amount, g + (grey - g) * amount, b + (grey - b) * amount]);
}
