/**
 * SVG building helpers. A `Canvas` collects <defs> (gradients, clip paths, patterns) with
 * counter-based ids, so ids are deterministic and unique within one document.
 */

const fmt = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/\.?0+$/, ''));

/** Number formatting with at most two decimals: keeps SVG small and byte-stable. */
export const f = fmt;

export type Attrs = Record<string, string | number | undefined>;

export function attrs(a: Attrs): string {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? fmt(v) : v}"`)
    .join('');
}

export function el(tag: string, a: Attrs, children?: string): string {
  return children === undefined ? `<${tag}${attrs(a)}/>` : `<${tag}${attrs(a)}>${children}</${tag}>`;
}

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra: Attrs = {}): string =>
  el('rect', { x, y, width: w, height: h, fill, ...extra });

export const circle = (cx: number, cy: number, r: number, fill: string, extra: Attrs = {}): string =>
  el('circle', { cx, cy, r, fill, ...extra });

export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra: Attrs = {}): string =>
  el('ellipse', { cx, cy, rx, ry, fill, ...extra });

export const path = (d: string, fill: string, extra: Attrs = {}): string => el('path', { d, fill, ...extra });

export const poly = (pts: ReadonlyArray<readonly [number, number]>, fill: string, extra: Attrs = {}): string =>
  el('polygon', { points: pts.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(' '), fill, ...extra });

export const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra: Attrs = {}): string =>
  el('line', { x1, y1, x2, y2, stroke, 'stroke-width': width, 'stroke-linecap': 'round', ...extra });

export const group = (children: string, extra: Attrs = {}): string => el('g', extra, children);

/** Places a drawing made in local units (origin at bottom centre, y up is negative) on the page. */
export const place = (x: number, y: number, s: number, children: string, flip = false): string =>
  el('g', { transform: `translate(${fmt(x)} ${fmt(y)}) scale(${flip ? `-${fmt(s)} ${fmt(s)}` : fmt(s)})` }, children);

export interface Stop {
  offset: number;
  color: string;
  opacity?: number;
}

export class Canvas {
  private readonly defs: string[] = [];
  private counter = 0;

  id(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  private stops(stops: readonly Stop[]): string {
    return stops
      .map((s) => el('stop', { offset: s.offset, 'stop-color': s.color, 'stop-opacity': s.opacity }))
      .join('');
  }

  /** Linear gradient; default direction is top to bottom. Returns a `url(#…)` paint. */
  linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.id('l');
    this.defs.push(el('linearGradient', { id, x1, y1, x2, y2 }, this.stops(stops)));
    return `url(#${id})`;
  }

  /** Vertical two-colour gradient, the workhorse for soft shading. */
  vgrad(top: string, bottom: string): string {
    return this.linear([
      { offset: 0, color: top },
      { offset: 1, color: bottom },
    ]);
  }

  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = this.id('r');
    this.defs.push(el('radialGradient', { id, cx, cy, r }, this.stops(stops)));
    return `url(#${id})`;
  }

  /** Soft contact shadow: a radial gradient fading to transparent (cheaper and crisper than blur filters). */
  shadow(opacity = 0.28, color = '#2a1d17'): string {
    return this.radial([
      { offset: 0, color, opacity },
      { offset: 0.55, color, opacity: opacity * 0.55 },
      { offset: 1, color, opacity: 0 },
    ]);
  }

  clip(shape: string): string {
    const id = this.id('c');
    this.defs.push(el('clipPath', { id }, shape));
    return `url(#${id})`;
  }

  pattern(width: number, height: number, content: string, extra: Attrs = {}): string {
    const id = this.id('p');
    this.defs.push(el('pattern', { id, width, height, patternUnits: 'userSpaceOnUse', ...extra }, content));
    return `url(#${id})`;
  }

  /** Wraps body in a complete SVG document whose viewBox (vx, 0, vw, vh) is rendered at width×height pixels. */
  document(vw: number, vh: number, width: number, height: number, body: string, vx = 0): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${fmt(width)}" height="${fmt(height)}" viewBox="${fmt(vx)} 0 ${fmt(vw)} ${fmt(vh)}" preserveAspectRatio="xMidYMid slice">` +
      `<defs>${this.defs.join('')}</defs>${body}</svg>`
    );
  }
}
