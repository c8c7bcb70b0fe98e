/**
 * Furniture and decor drawers. Each returns a drawing in centimetre-like local units with the
 * origin at the bottom centre of the piece (y grows downwards, so everything sits at negative y),
 * plus its approximate width and height so callers can scale it to fit.
 */

import { mix, shade, tint } from './color.ts';
import type { Rng } from './random.ts';
import { type Canvas, circle, ellipse, f, group, line, path, poly, rect } from './svg.ts';
import type { ArtKind, ChairKind, LampKind, PendantKind, PlantKind, SofaKind, StorageKind, StylePalette } from './styles.ts';

export interface Drawn {
  svg: string;
  w: number;
  h: number;
}

export interface DrawCtx {
  cv: Canvas;
  rng: Rng;
  p: StylePalette;
}

const INK = '#2a1d17';

/** Soft contact shadow on the floor under a piece. */
export function floorShadow(ctx: DrawCtx, w: number, opacity = 0.3): string {
  return ellipse(0, 0, w * 0.58, Math.max(4, w * 0.05), ctx.cv.shadow(opacity));
}

function leafPath(len: number, wid: number): string {
  return `M0,0 C${f(wid * 0.65)},${f(-len * 0.25)} ${f(wid * 0.55)},${f(-len * 0.8)} 0,${f(-len)} C${f(-wid * 0.55)},${f(-len * 0.8)} ${f(-wid * 0.65)},${f(-len * 0.25)} 0,0Z`;
}

function leaf(x: number, y: number, len: number, wid: number, angle: number, fill: string, vein?: string): string {
  const body = path(leafPath(len, wid), fill) + (vein ? line(0, -len * 0.05, 0, -len * 0.85, vein, Math.max(0.4, wid * 0.06)) : '');
  return group(body, { transform: `translate(${f(x)} ${f(y)}) rotate(${f(angle)})` });
}

function roundRect(x: number, y: number, w: number, h: number, r: number, fill: string): string {
  return rect(x, y, w, h, fill, { rx: Math.min(r, w / 2, h / 2) });
}

/** Tapered leg from (x, top) to the floor, splayed outwards by `splay`. */
function taperLeg(x: number, top: number, splay: number, w: number, fill: string): string {
  return poly(
    [
      [x - w / 2, top],
      [x + w / 2, top],
      [x + splay + w * 0.2, 0],
      [x + splay - w * 0.2, 0],
    ],
    fill,
  );
}

// ---------------------------------------------------------------- pots

export type PotKind = 'terracotta' | 'ceramic' | 'basket' | 'stand';

export function pot(ctx: DrawCtx, kind: PotKind, w: number, h: number, color: string): string {
  const { cv } = ctx;
  switch (kind) {
    case 'terracotta':
      return (
        poly([[-w * 0.42, -h * 0.82], [w * 0.42, -h * 0.82], [w * 0.34, 0], [-w * 0.34, 0]], cv.linear([{ offset: 0, color: tint(color, 0.1) }, { offset: 1, color: shade(color, 0.18) }], 0, 0, 1, 0)) +
        rect(-w / 2, -h, w, h * 0.2, tint(color, 0.08), { rx: 1.5 })
      );
    case 'basket': {
      const lines = Array.from({ length: 5 }, (_, i) => line(-w * 0.45, -h * (0.15 + i * 0.17), w * 0.45, -h * (0.15 + i * 0.17), shade(color, 0.25), 0.8)).join('');
      return path(`M${f(-w / 2)},${f(-h)} L${f(w / 2)},${f(-h)} L${f(w * 0.42)},-3 Q${f(w * 0.4)},0 ${f(w * 0.3)},0 L${f(-w * 0.3)},0 Q${f(-w * 0.4)},0 ${f(-w * 0.42)},-3Z`, color) + lines + rect(-w / 2 - 1, -h - 2, w + 2, 4, shade(color, 0.15), { rx: 2 });
    }
    case 'stand':
      return (
        rect(-w / 2, -h, w, h * 0.62, cv.vgrad(tint(color, 0.1), shade(color, 0.1)), { rx: 3 }) +
        taperLeg(-w * 0.32, -h * 0.4, -3, 2.4, ctx.p.wood) +
        taperLeg(w * 0.32, -h * 0.4, 3, 2.4, ctx.p.wood)
      );
    default:
      return (
        path(`M${f(-w / 2)},${f(-h)} L${f(w / 2)},${f(-h)} Q${f(w * 0.5)},-2 ${f(w * 0.3)},0 L${f(-w * 0.3)},0 Q${f(-w * 0.5)},-2 ${f(-w / 2)},${f(-h)}Z`, cv.linear([{ offset: 0, color: tint(color, 0.15) }, { offset: 0.6, color }, { offset: 1, color: shade(color, 0.2) }], 0, 0, 1, 0))
      );
  }
}

// ---------------------------------------------------------------- plants

export function plant(ctx: DrawCtx, kind: PlantKind, height: number, potKind: PotKind, potColor: string): Drawn {
  const { rng, p } = ctx;
  const [g1, g2] = p.plantGreens;
  const dark = shade(g1, 0.25);
  const potH = kind === 'trailing' ? height * 0.45 : Math.min(42, height * 0.24);
  const potW = potH * (potKind === 'stand' ? 0.9 : 1.0);
  const top = -potH * 0.9;
  const parts: string[] = [];
  let w = potW;
  switch (kind) {
    case 'fig': {
      const trunkTop = -height * 0.5;
      parts.push(path(`M-1,${f(top)} Q${f(rng.range(-6, 6))},${f((top + trunkTop) / 2)} 0,${f(trunkTop)} L2,${f(trunkTop)} Q3,${f((top + trunkTop) / 2)} 2,${f(top)}Z`, shade(p.wood, 0.2)));
      const n = 26;
      for (let i = 0; i < n; i++) {
        const t = i / n;
        const y = trunkTop - rng.range(0, height * 0.48) + 10;
        const spread = (1 - Math.abs((y - trunkTop) / (height * 0.5) - 0.45)) * height * 0.22;
        const x = rng.range(-spread, spread);
        const ang = x * 1.2 + rng.range(-30, 30);
        parts.push(leaf(x, y + 8, rng.range(16, 24), rng.range(12, 16), ang, rng.chance(0.5) ? g1 : mix(g1, g2, 0.5 + t * 0.3), dark));
      }
      w = height * 0.5;
      break;
    }
    case 'monstera': {
      for (let i = 0; i < 11; i++) {
        const ang = -70 + (140 * i) / 10 + rng.range(-8, 8);
        const len = height * rng.range(0.45, 0.72);
        const rad = (ang * Math.PI) / 180;
        const lx = Math.sin(rad) * len * 0.85;
        const ly = top - Math.cos(rad) * len * 0.85;
        parts.push(path(`M0,${f(top)} Q${f(lx * 0.3)},${f(ly + len * 0.2)} ${f(lx)},${f(ly)}`, 'none', { stroke: dark, 'stroke-width': 1.2 }));
        const size = height * rng.range(0.2, 0.28);
        const col = i % 2 ? g1 : mix(g1, g2, 0.45);
        const slits = [0.3, 0.55, 0.78]
          .map((s) => line(0, -size * s, size * 0.42, -size * (s + 0.12), tint(col, 0.35), 1.1) + line(0, -size * s, -size * 0.42, -size * (s + 0.12), tint(col, 0.35), 1.1))
          .join('');
        parts.push(group(path(leafPath(size, size * 1.1), col) + slits + line(0, 0, 0, -size * 0.9, dark, 0.8), { transform: `translate(${f(lx)} ${f(ly + size * 0.3)}) rotate(${f(ang * 0.9)})` }));
      }
      w = height * 1.1;
      break;
    }
    case 'snake': {
      for (let i = 0; i < 9; i++) {
        const x = (i - 4) * potW * 0.09;
        const len = height * rng.range(0.55, 0.78);
        const ang = (i - 4) * 4 + rng.range(-3, 3);
        const col = i % 2 ? g1 : mix(g1, '#c9c27a', 0.18);
        const blade = path(`M-3,0 Q-5,${f(-len * 0.6)} 0,${f(-len)} Q5,${f(-len * 0.6)} 3,0Z`, col) + line(0, -len * 0.2, 0, -len * 0.8, shade(col, 0.25), 0.6, { 'stroke-dasharray': '3 5' });
        parts.push(group(blade, { transform: `translate(${f(x)} ${f(top + 2)}) rotate(${f(ang)})` }));
      }
      w = potW * 1.3;
      break;
    }
    case 'palm':
    case 'bird': {
      const fronds = kind === 'palm' ? 9 : 7;
      for (let i = 0; i < fronds; i++) {
        const ang = -75 + (150 * i) / (fronds - 1) + rng.range(-6, 6);
        const len = height * rng.range(0.6, 0.8);
        const rad = (ang * Math.PI) / 180;
        const ex = Math.sin(rad) * len * 0.7;
        const ey = top - Math.cos(rad) * len * 0.75;
        const cx = ex * 0.25;
        const cy = top - len * 0.75;
        const col = i % 2 ? g1 : mix(g1, g2, 0.5);
        if (kind === 'palm') {
          parts.push(path(`M0,${f(top)} Q${f(cx)},${f(cy)} ${f(ex)},${f(ey)}`, 'none', { stroke: dark, 'stroke-width': 1 }));
          for (let k = 1; k <= 9; k++) {
            const t = k / 10;
            const bx = (1 - t) * (1 - t) * 0 + 2 * (1 - t) * t * cx + t * t * ex;
            const by = (1 - t) * (1 - t) * top + 2 * (1 - t) * t * cy + t * t * ey;
            const l = (1 - t * 0.5) * height * 0.13;
            parts.push(leaf(bx, by, l, 3.2, ang + 60 + t * 30, col) + leaf(bx, by, l, 3.2, ang - 60 - t * 30 + 180 + 180, col));
          }
        } else {
          parts.push(line(0, top, cx * 0.6, cy + len * 0.2, dark, 1.6));
          parts.push(leaf(cx * 0.6, cy + len * 0.2, len * 0.5, len * 0.17, ang * 0.6, col, tint(col, 0.3)));
        }
      }
      w = height * 0.95;
      break;
    }
    case 'olive': {
      parts.push(path(`M-1.5,${f(top)} C-4,${f(top - 30)} 5,${f(-height * 0.45)} 0,${f(-height * 0.62)}`, 'none', { stroke: shade(p.wood, 0.3), 'stroke-width': 2.4 }));
      const olive = mix(g2, '#9aa48a', 0.55);
      for (let i = 0; i < 70; i++) {
        const a = rng.range(0, Math.PI * 2);
        const r = Math.sqrt(rng.next()) * height * 0.22;
        const x = Math.cos(a) * r;
        const y = -height * 0.72 + Math.sin(a) * r * 0.9;
        parts.push(leaf(x, y, rng.range(7, 10), 2.6, rng.range(-70, 70), rng.chance(0.5) ? olive : shade(olive, 0.22)));
      }
      w = height * 0.48;
      break;
    }
    case 'trailing': {
      for (let v = 0; v < 7; v++) {
        const sx = (v - 3) * potW * 0.13;
        const len = height * rng.range(0.4, 1.0);
        const dir = sx >= 0 ? 1 : -1;
        const pts: string[] = [];
        for (let k = 0; k < 9; k++) {
          const t = k / 8;
          const x = sx + dir * (potW * 0.45) * Math.min(1, t * 3) + Math.sin(t * 6 + v) * 3;
          const y = -potH + t * len;
          pts.push(`${f(x)},${f(y)}`);
          if (k > 0) parts.push(leaf(x, y, rng.range(6, 8), 5.5, dir * rng.range(30, 120), k % 2 ? g1 : g2));
        }
        parts.unshift(path(`M${pts.join(' L')}`, 'none', { stroke: dark, 'stroke-width': 0.7 }));
      }
      for (let k = 0; k < 7; k++) parts.push(leaf(rng.range(-potW * 0.3, potW * 0.3), -potH, rng.range(7, 9), 6, rng.range(-60, 60), g2));
      w = potW * 2;
      break;
    }
    case 'pampas': {
      for (let i = 0; i < 7; i++) {
        const ang = -30 + i * 10 + rng.range(-4, 4);
        const len = height * rng.range(0.65, 0.85);
        const rad = (ang * Math.PI) / 180;
        const ex = Math.sin(rad) * len;
        const ey = top - Math.cos(rad) * len;
        parts.push(line(0, top, ex, ey, '#b39f7a', 0.8));
        parts.push(group(path(leafPath(len * 0.35, 9), i % 2 ? '#e8dcc2' : '#dcc9a5'), { transform: `translate(${f(ex - Math.sin(rad) * len * 0.3)} ${f(ey + Math.cos(rad) * len * 0.3)}) rotate(${f(ang)})` }));
      }
      w = height * 0.7;
      break;
    }
  }
  const potSvg = pot(ctx, kind === 'pampas' ? 'ceramic' : potKind, kind === 'pampas' ? potW * 0.7 : potW, kind === 'pampas' ? potH * 1.2 : potH, potColor);
  const svg = floorShadow(ctx, potW * 1.3, 0.25) + (kind === 'trailing' ? potSvg + parts.join('') : parts.join('') + potSvg);
  return { svg, w, h: height };
}

// ---------------------------------------------------------------- seating

function pillow(x: number, y: number, size: number, angle: number, color: string, pattern: number, cv: Canvas): string {
  const body = roundRect(-size / 2, -size, size, size, size * 0.28, cv.vgrad(tint(color, 0.12), shade(color, 0.12)));
  let deco = '';
  if (pattern === 1) deco = [0.3, 0.5, 0.7].map((t) => line(-size * 0.42, -size * t, size * 0.42, -size * t, tint(color, 0.45), size * 0.06)).join('');
  else if (pattern === 2) deco = circle(0, -size / 2, size * 0.16, tint(color, 0.5));
  else if (pattern === 3) deco = path(`M${f(-size * 0.35)},${f(-size * 0.5)} L0,${f(-size * 0.8)} L${f(size * 0.35)},${f(-size * 0.5)} L0,${f(-size * 0.2)}Z`, 'none', { stroke: tint(color, 0.5), 'stroke-width': size * 0.05 });
  return group(body + deco, { transform: `translate(${f(x)} ${f(y)}) rotate(${f(angle)})` });
}

export function sofa(ctx: DrawCtx, kind: SofaKind, width: number, color: string): Drawn {
  const { cv, rng, p } = ctx;
  const W = width;
  const hw = W / 2;
  const hi = tint(color, 0.14);
  const lo = shade(color, 0.16);
  const body = cv.vgrad(hi, lo);
  const parts: string[] = [floorShadow(ctx, W, 0.32)];
  let legH = 16;
  let seatTop = 44;
  let backTop = 84;
  let armTop = 60;
  let armW = 16;
  let round = 8;
  if (kind === 'chesterfield') [legH, seatTop, backTop, armTop, armW, round] = [9, 46, 78, 74, 20, 10];
  if (kind === 'boxy') [legH, seatTop, backTop, armTop, armW, round] = [6, 42, 78, 58, 22, 5];
  if (kind === 'curved') [legH, seatTop, backTop, armTop, armW, round] = [8, 44, 82, 64, 18, 16];
  if (kind === 'slipcover') [legH, seatTop, backTop, armTop, armW, round] = [0, 46, 88, 66, 20, 12];
  if (kind === 'daybed') [legH, seatTop, backTop, armTop, armW, round] = [12, 40, 58, 58, 6, 3];

  // Legs first so the body overlaps their tops.
  const legCol = kind === 'chesterfield' || kind === 'boxy' ? shade(p.wood, 0.35) : p.wood;
  if (legH > 0) {
    for (const lx of [-hw + armW * 0.6, hw - armW * 0.6]) {
      parts.push(kind === 'midcentury' ? taperLeg(lx, -legH - 2, lx < 0 ? -4 : 4, 4, legCol) : rect(lx - 2.5, -legH - 2, 5, legH + 2, legCol, { rx: 1.5 }));
    }
  }

  if (kind === 'curved') {
    parts.push(path(`M${f(-hw)},${f(-legH)} L${f(-hw)},${f(-armTop)} C${f(-hw)},${f(-backTop - 18)} ${f(hw)},${f(-backTop - 18)} ${f(hw)},${f(-armTop)} L${f(hw)},${f(-legH)}Z`, body));
    for (let i = 1; i < 9; i++) {
      const x = -hw + (W * i) / 9;
      parts.push(line(x, -seatTop - 4, x, -backTop + Math.abs(x / hw) ** 2 * 18 - 6, shade(color, 0.14), 1.2));
    }
  } else if (kind === 'daybed') {
    parts.push(rect(-hw, -seatTop + 10, W, seatTop - 10 - legH, p.wood, { rx: 2 }));
    for (let i = 0; i < 14; i++) parts.push(line(-hw + 4 + (i * (W - 8)) / 13, -seatTop + 13, -hw + 4 + (i * (W - 8)) / 13, -legH - 3, shade(p.wood, 0.25), 1));
    parts.push(rect(-hw, -backTop, 5, backTop - legH, shade(p.wood, 0.1), { rx: 2 }), rect(hw - 5, -backTop, 5, backTop - legH, shade(p.wood, 0.1), { rx: 2 }));
    parts.push(rect(-hw + 4, -backTop + 4, W - 8, 4, p.wood, { rx: 2 }));
  } else {
    parts.push(roundRect(-hw + armW * 0.4, -backTop, W - armW * 0.8, backTop - seatTop + 10, round, body));
    if (kind === 'chesterfield') {
      for (let r = 0; r < 2; r++)
        for (let i = 0; i < 9; i++) parts.push(circle(-hw + armW + ((W - armW * 2) * (i + 0.5 + (r % 2) * 0.5)) / 9.5, -backTop + 12 + r * 12, 1.2, shade(color, 0.35)));
    } else if (kind !== 'boxy') {
      const n = W > 170 ? 3 : 2;
      const cw = (W - armW * 2) / n;
      for (let i = 0; i < n; i++) parts.push(roundRect(-hw + armW + i * cw + 1.5, -backTop + 4, cw - 3, backTop - seatTop, round, cv.vgrad(tint(color, 0.2), color)));
    }
  }

  // Seat cushions.
  const seatN = kind === 'chesterfield' || kind === 'curved' ? 1 : W > 170 ? (kind === 'boxy' ? 2 : 3) : 2;
  const sw = (W - armW * 2) / seatN;
  for (let i = 0; i < seatN; i++) {
    const x = -hw + armW + i * sw;
    parts.push(roundRect(x + 0.8, -seatTop, sw - 1.6, seatTop - legH - 6, round * 0.7, cv.vgrad(tint(color, 0.18), shade(color, 0.05))));
    parts.push(rect(x + 3, -seatTop + 1.5, sw - 6, 3, tint(color, 0.3), { rx: 1.5, opacity: 0.7 }));
  }
  if (kind === 'daybed') parts.push(rect(-hw + 3, -seatTop, W - 6, seatTop - legH - 12, color, { rx: 4 }));
  // Base rail.
  if (kind !== 'daybed') parts.push(rect(-hw + armW * 0.5, -legH - 8, W - armW, 8, lo, { rx: 2 }));
  if (kind === 'slipcover') for (let i = 1; i < 10; i++) parts.push(line(-hw + (W * i) / 10, -8, -hw + (W * i) / 10, -1, shade(color, 0.12), 0.8));

  // Arms.
  if (kind !== 'daybed') {
    for (const side of [-1, 1]) {
      const x = side < 0 ? -hw : hw - armW;
      if (kind === 'chesterfield') {
        parts.push(roundRect(x, -armTop, armW, armTop - legH, 6, body));
        parts.push(ellipse(x + armW / 2 + side * 2, -armTop + 2, armW * 0.62, 8, cv.vgrad(tint(color, 0.25), color)));
        for (let k = 0; k < 6; k++) parts.push(line(x + armW / 2 + side * 2 - armW * 0.5 + k * armW * 0.2, -armTop - 4, x + armW / 2, -armTop + 8, shade(color, 0.2), 0.5));
      } else {
        parts.push(roundRect(x, -armTop, armW, armTop - legH - (kind === 'slipcover' ? 0 : 4), round, body));
        parts.push(rect(x + 2, -armTop + 1.5, armW - 4, 3, tint(color, 0.3), { rx: 1.5, opacity: 0.6 }));
      }
    }
  }

  // Throw pillows leaning on the back.
  const count = kind === 'daybed' ? 5 : rng.int(2, 3);
  const accents = p.accents.filter((a) => a.toLowerCase() !== color.toLowerCase());
  for (let i = 0; i < count; i++) {
    const onLeft = i % 2 === 0;
    const idx = Math.floor(i / 2);
    const x = (onLeft ? -1 : 1) * (hw - armW - 22 - idx * 30) + (kind === 'daybed' ? rng.range(-4, 4) : 0);
    const ang = (onLeft ? -1 : 1) * rng.range(5, 14);
    parts.push(pillow(x, -seatTop + 4, kind === 'daybed' ? 30 : 34 - idx * 4, ang, rng.pick(accents), rng.int(0, 3), cv));
  }
  if (rng.chance(0.6) && kind !== 'boxy') {
    // A throw blanket draped over one arm.
    const side = rng.chance(0.5) ? -1 : 1;
    const bx = side * (hw - armW * 0.5);
    const bc = rng.pick(accents);
    parts.push(path(`M${f(bx - 14)},${f(-armTop - 1)} L${f(bx + 14)},${f(-armTop - 1)} L${f(bx + 16)},${f(-legH - 10)} L${f(bx - 12)},${f(-legH - 6)}Z`, cv.vgrad(tint(bc, 0.1), shade(bc, 0.1))));
    for (let k = 0; k < 5; k++) parts.push(line(bx - 12 + k * 6.5, -legH - 8 + k * 0.4, bx - 12 + k * 6.5, -legH - 3, bc, 0.8));
    parts.push(line(bx - 13, -armTop + 8, bx + 15, -armTop + 8, tint(bc, 0.4), 1.2));
  }
  return { svg: parts.join(''), w: W, h: backTop + (kind === 'curved' ? 14 : 0) };
}

export function armchair(ctx: DrawCtx, kind: ChairKind, color: string): Drawn {
  const { cv, p } = ctx;
  const parts: string[] = [];
  const body = cv.vgrad(tint(color, 0.14), shade(color, 0.14));
  const wood = p.wood;
  let w = 80;
  let h = 85;
  switch (kind) {
    case 'lounge': {
      parts.push(floorShadow(ctx, 78));
      parts.push(taperLeg(-30, -24, -5, 4, wood), taperLeg(30, -24, 5, 4, wood));
      parts.push(group(roundRect(-29, -92, 58, 58, 10, body) + line(-20, -60, 20, -60, shade(color, 0.15), 1), { transform: 'rotate(0)' }));
      parts.push(roundRect(-31, -44, 62, 20, 7, cv.vgrad(tint(color, 0.22), shade(color, 0.06))));
      parts.push(rect(-38, -58, 8, 3.5, wood, { rx: 1.5 }), rect(30, -58, 8, 3.5, wood, { rx: 1.5 }));
      parts.push(rect(-36, -56, 3, 32, shade(wood, 0.1)), rect(33, -56, 3, 32, shade(wood, 0.1)));
      parts.push(rect(-37, -27, 74, 4, wood, { rx: 2 }));
      w = 80;
      h = 92;
      break;
    }
    case 'rattan': {
      const rt = '#c89a5e';
      parts.push(floorShadow(ctx, 90));
      const fan = `M0,-40 C-60,-40 -58,-120 -30,-132 C-12,-140 12,-140 30,-132 C58,-120 60,-40 0,-40Z`;
      parts.push(path(fan, cv.vgrad(tint(rt, 0.15), shade(rt, 0.1))));
      for (let i = 0; i < 13; i++) {
        const a = (-80 + (160 * i) / 12) * (Math.PI / 180);
        parts.push(line(0, -44, Math.sin(a) * 48, -44 - Math.cos(a) * 84, shade(rt, 0.25), 1.1));
      }
      for (let r = 1; r <= 4; r++) parts.push(path(`M${f(-14 * r)},${f(-44 - 4 * r)} Q0,${f(-44 - 24 * r)} ${f(14 * r)},${f(-44 - 4 * r)}`, 'none', { stroke: shade(rt, 0.2), 'stroke-width': 1 }));
      parts.push(path(fan, 'none', { stroke: shade(rt, 0.3), 'stroke-width': 3 }));
      parts.push(path('M-26,-40 L26,-40 L20,0 L-20,0Z', cv.vgrad(rt, shade(rt, 0.2))));
      for (let i = 0; i < 6; i++) parts.push(line(-24 + i * 1.2, -36 + i * 6.5, 24 - i * 1.2, -36 + i * 6.5, shade(rt, 0.3), 0.8));
      parts.push(roundRect(-30, -50, 60, 14, 6, cv.vgrad(tint(color, 0.2), color)));
      w = 116;
      h = 140;
      break;
    }
    case 'club': {
      parts.push(floorShadow(ctx, 88));
      parts.push(rect(-34, -8, 5, 8, shade(wood, 0.3)), rect(29, -8, 5, 8, shade(wood, 0.3)));
      parts.push(roundRect(-34, -82, 68, 50, 14, body));
      parts.push(roundRect(-30, -46, 60, 38, 6, cv.vgrad(tint(color, 0.18), shade(color, 0.08))));
      parts.push(roundRect(-44, -62, 20, 56, 9, body), roundRect(24, -62, 20, 56, 9, body));
      parts.push(rect(-41, -60, 14, 3, tint(color, 0.3), { rx: 1.5 }), rect(27, -60, 14, 3, tint(color, 0.3), { rx: 1.5 }));
      w = 88;
      h = 82;
      break;
    }
    case 'wingback': {
      parts.push(floorShadow(ctx, 84));
      parts.push(rect(-32, -14, 4, 14, shade(wood, 0.2), { rx: 1.5 }), rect(28, -14, 4, 14, shade(wood, 0.2), { rx: 1.5 }));
      parts.push(path('M-30,-40 L-30,-104 Q-30,-118 -16,-118 L16,-118 Q30,-118 30,-104 L30,-40Z', body));
      parts.push(path('M-30,-104 Q-44,-100 -42,-80 L-40,-56 L-30,-52Z', shade(color, 0.08)), path('M30,-104 Q44,-100 42,-80 L40,-56 L30,-52Z', shade(color, 0.08)));
      parts.push(roundRect(-42, -62, 14, 48, 6, body), roundRect(28, -62, 14, 48, 6, body));
      parts.push(roundRect(-30, -48, 60, 34, 6, cv.vgrad(tint(color, 0.2), shade(color, 0.05))));
      w = 86;
      h = 118;
      break;
    }
    case 'shell': {
      parts.push(floorShadow(ctx, 70));
      parts.push(line(-22, -40, -28, 0, p.metal, 2), line(22, -40, 28, 0, p.metal, 2), line(-10, -40, -12, 0, p.metal, 2), line(10, -40, 12, 0, p.metal, 2));
      parts.push(path('M-34,-80 Q-36,-42 -20,-38 L20,-38 Q36,-42 34,-80 Q30,-86 22,-72 Q0,-64 -22,-72 Q-30,-86 -34,-80Z', body));
      parts.push(roundRect(-26, -48, 52, 10, 5, tint(color, 0.18)));
      w = 72;
      h = 86;
      break;
    }
    case 'slipper': {
      parts.push(floorShadow(ctx, 70));
      parts.push(rect(-24, -12, 4, 12, p.metal, { rx: 1.5 }), rect(20, -12, 4, 12, p.metal, { rx: 1.5 }));
      parts.push(path('M-30,-40 L-30,-86 Q0,-112 30,-86 L30,-40Z', body));
      for (let i = -3; i <= 3; i++) parts.push(line(i * 8, -46, i * 8, -92 + Math.abs(i) * 2.4, shade(color, 0.18), 1));
      parts.push(roundRect(-32, -46, 64, 34, 10, cv.vgrad(tint(color, 0.2), shade(color, 0.08))));
      w = 70;
      h = 100;
      break;
    }
  }
  return { svg: parts.join(''), w, h };
}

export function pouf(ctx: DrawCtx, color: string): Drawn {
  const { cv } = ctx;
  const svg =
    floorShadow(ctx, 50) +
    path('M-26,-30 Q-28,0 -18,0 L18,0 Q28,0 26,-30 Q0,-38 -26,-30Z', cv.vgrad(tint(color, 0.15), shade(color, 0.18))) +
    ellipse(0, -30, 26, 6, tint(color, 0.2)) +
    [-16, -6, 4, 14].map((x) => path(`M${x},-33 Q${x + 2},-16 ${x},0`, 'none', { stroke: shade(color, 0.2), 'stroke-width': 0.8 })).join('');
  return { svg, w: 56, h: 36 };
}

// ---------------------------------------------------------------- tables

export function vase(ctx: DrawCtx, x: number, y: number, h: number, color: string, stems: boolean): string {
  const { rng, p } = ctx;
  const w = h * rng.range(0.45, 0.7);
  const neck = w * 0.35;
  let s = path(`M${f(x - neck / 2)},${f(y - h)} L${f(x + neck / 2)},${f(y - h)} Q${f(x + w * 0.2)},${f(y - h * 0.7)} ${f(x + w / 2)},${f(y - h * 0.4)} Q${f(x + w * 0.55)},${f(y)} ${f(x)},${f(y)} Q${f(x - w * 0.55)},${f(y)} ${f(x - w / 2)},${f(y - h * 0.4)} Q${f(x - w * 0.2)},${f(y - h * 0.7)} ${f(x - neck / 2)},${f(y - h)}Z`, ctx.cv.linear([{ offset: 0, color: tint(color, 0.2) }, { offset: 1, color: shade(color, 0.15) }], 0, 0, 1, 0));
  if (stems) {
    const g = p.plantGreens[0];
    let st = '';
    for (let i = 0; i < 5; i++) {
      const a = rng.range(-35, 35);
      const l = h * rng.range(0.8, 1.3);
      const ex = x + Math.sin((a * Math.PI) / 180) * l;
      const ey = y - h - Math.cos((a * Math.PI) / 180) * l;
      st += line(x, y - h, ex, ey, shade(g, 0.2), 0.7) + leaf(ex, ey + 2, h * 0.28, h * 0.12, a, g);
      if (rng.chance(0.4)) st += circle(ex, ey - 1, h * 0.08, rng.pick(p.accents));
    }
    s = st + s;
  }
  return s;
}

export function bookStack(ctx: DrawCtx, x: number, y: number, n: number): string {
  const { rng, p } = ctx;
  let s = '';
  let yy = y;
  for (let i = 0; i < n; i++) {
    const w = rng.range(18, 26);
    const h = rng.range(2.5, 4);
    const c = rng.pick(p.accents);
    s += rect(x - w / 2 + rng.range(-2, 2), yy - h, w, h, c, { rx: 0.6 }) + line(x - w / 2 + 2, yy - h / 2, x + w / 2 - 3, yy - h / 2, tint(c, 0.5), 0.4);
    yy -= h;
  }
  return s;
}

export type TableKind = 'oval' | 'round' | 'trunk' | 'glass' | 'rattan' | 'block';

export function coffeeTable(ctx: DrawCtx, kind: TableKind, width: number): Drawn {
  const { cv, rng, p } = ctx;
  const hw = width / 2;
  const H = 42;
  const parts: string[] = [floorShadow(ctx, width * 0.95)];
  const wood = p.wood;
  switch (kind) {
    case 'oval':
      parts.push(taperLeg(-hw * 0.65, -H + 4, -4, 3.5, shade(wood, 0.1)), taperLeg(hw * 0.65, -H + 4, 4, 3.5, shade(wood, 0.1)));
      parts.push(ellipse(0, -H + 2, hw, 6, cv.vgrad(tint(wood, 0.2), wood)), rect(-hw, -H + 2, width, 3, shade(wood, 0.1), { rx: 1.5 }));
      break;
    case 'round':
      parts.push(path(`M-5,${-H + 3} L5,${-H + 3} Q5,-6 14,-2 L-14,-2 Q-5,-6 -5,${-H + 3}Z`, cv.linear([{ offset: 0, color: tint(wood, 0.1) }, { offset: 1, color: shade(wood, 0.15) }], 0, 0, 1, 0)), ellipse(0, -1.5, 16, 2.5, shade(wood, 0.1)));
      parts.push(ellipse(0, -H + 1, hw, 6, cv.vgrad('#f6f3ee', '#ddd7cf')), rect(-hw, -H + 1, width, 4, '#d3ccc2', { rx: 2 }));
      break;
    case 'trunk':
      parts.push(rect(-hw, -H, width, H, cv.vgrad(tint(wood, 0.1), shade(wood, 0.2)), { rx: 2 }), rect(-hw, -H + 8, width, 2, p.metal), rect(-hw + 8, -H, 3, H, p.metal), rect(hw - 11, -H, 3, H, p.metal), rect(-5, -H + 6, 10, 7, p.metal, { rx: 1 }));
      break;
    case 'glass':
      parts.push(rect(-hw, -H, width, H, 'none', { stroke: p.metal, 'stroke-width': 2.2 }), rect(-hw, -H, width, 2.5, '#cfe0df', { opacity: 0.85 }), rect(-hw + 4, -12, width - 8, 2, '#cfe0df', { opacity: 0.7 }));
      break;
    case 'rattan':
      parts.push(path(`M${-hw},${-H} L${hw},${-H} L${hw * 0.82},0 L${-hw * 0.82},0Z`, cv.vgrad('#d2a86c', '#a87c45')));
      for (let i = 1; i < 6; i++) parts.push(line(-hw + (width * i) / 6, -H + 3, -hw * 0.82 + (width * 0.82 * i) / 6, -2, '#8e6636', 0.8));
      parts.push(rect(-hw - 2, -H - 3, width + 4, 4, tint(wood, 0.15), { rx: 2 }));
      break;
    case 'block':
      parts.push(rect(-hw, -H + 6, width, H - 6, cv.vgrad(tint(wood, 0.08), shade(wood, 0.18)), { rx: 3 }), rect(-hw, -H, width, 7, tint(wood, 0.15), { rx: 2 }));
      break;
  }
  // Styling on top: a book stack, a vase or a bowl.
  parts.push(bookStack(ctx, -hw * 0.45, -H - 1, rng.int(2, 3)));
  parts.push(vase(ctx, hw * 0.35, -H - 1, 16, rng.pick(p.accents), rng.chance(0.6)));
  if (rng.chance(0.5)) parts.push(path(`M${f(-hw * 0.05 - 9)},${-H - 6} Q${f(-hw * 0.05)},${-H + 4} ${f(-hw * 0.05 + 9)},${-H - 6}Z`, rng.pick(p.accents)));
  return { svg: parts.join(''), w: width, h: H + 36 };
}

export function sideTable(ctx: DrawCtx, withLamp: boolean): Drawn {
  const { cv, p, rng } = ctx;
  const parts: string[] = [floorShadow(ctx, 44)];
  parts.push(rect(-2, -52, 4, 52, shade(p.wood, 0.15)), ellipse(0, -1, 12, 2.5, shade(p.wood, 0.2)));
  parts.push(ellipse(0, -53, 22, 3.5, cv.vgrad(tint(p.wood, 0.2), p.wood)), rect(-22, -54, 44, 2.5, shade(p.wood, 0.1), { rx: 1 }));
  if (withLamp) parts.push(tableLamp(ctx, -55, rng.pick(['mushroom', 'globe', 'pleated'] as const)));
  else parts.push(vase(ctx, 0, -55, 18, rng.pick(p.accents), true));
  return { svg: parts.join(''), w: 46, h: withLamp ? 110 : 90 };
}

// ---------------------------------------------------------------- lighting

/** A warm radial glow; drawn under a shade and optionally onto the wall. */
function glow(cv: Canvas, x: number, y: number, r: number, strength = 0.55): string {
  return circle(x, y, r, cv.radial([
    { offset: 0, color: '#fff3cf', opacity: strength },
    { offset: 0.45, color: '#ffe3a3', opacity: strength * 0.35 },
    { offset: 1, color: '#ffe3a3', opacity: 0 },
  ]));
}

export function tableLamp(ctx: DrawCtx, y: number, kind: 'mushroom' | 'globe' | 'pleated' | 'ginger'): string {
  const { cv, p, rng } = ctx;
  const shadeCol = kind === 'pleated' ? '#f3e7d3' : kind === 'mushroom' ? rng.pick([p.accents[0] ?? '#c96f3b', '#efe6d6']) : '#fbf4e6';
  switch (kind) {
    case 'mushroom':
      return glow(cv, 0, y - 34, 40, 0.4) + rect(-3, y - 30, 6, 30, shadeCol) + ellipse(0, y, 9, 2.5, shadeCol) + path(`M-17,${y - 28} Q-17,${y - 46} 0,${y - 46} Q17,${y - 46} 17,${y - 28}Z`, cv.vgrad(tint(shadeCol, 0.2), shade(shadeCol, 0.1)));
    case 'globe':
      return glow(cv, 0, y - 30, 44, 0.55) + rect(-6, y - 12, 12, 12, p.metal, { rx: 2 }) + circle(0, y - 26, 15, cv.radial([{ offset: 0, color: '#fffaf0' }, { offset: 1, color: '#f1dfbd' }], 0.4, 0.35, 0.7));
    case 'ginger':
    case 'pleated': {
      const base = rng.pick(p.accents);
      let s = glow(cv, 0, y - 44, 44, 0.4) + vase(ctx, 0, y, 24, base, false) + line(0, y - 24, 0, y - 32, p.metal, 1.5);
      s += path(`M-11,${y - 52} L11,${y - 52} L17,${y - 32} L-17,${y - 32}Z`, cv.vgrad('#fbf3e3', shade(shadeCol, 0.06)));
      for (let i = -3; i <= 3; i++) s += line(i * 3.2, y - 51, i * 4.8, y - 33, shade(shadeCol, 0.08), 0.6);
      return s;
    }
  }
}

export function floorLamp(ctx: DrawCtx, kind: LampKind, lit = true): Drawn {
  const { cv, p } = ctx;
  const m = p.metal;
  const parts: string[] = [];
  let w = 50;
  let h = 160;
  switch (kind) {
    case 'arc':
      parts.push(floorShadow(ctx, 40), ellipse(-30, -4, 16, 4, shade(m, 0.1)), rect(-46, -8, 32, 8, m, { rx: 3 }));
      parts.push(path('M-30,-8 C-30,-200 70,-210 70,-150', 'none', { stroke: m, 'stroke-width': 2.2 }));
      if (lit) parts.push(glow(cv, 70, -125, 70, 0.5));
      parts.push(path('M52,-128 Q52,-152 70,-152 Q88,-152 88,-128Z', cv.vgrad(tint(m, 0.25), m)), ellipse(70, -128, 18, 2.5, '#fff1c9'));
      w = 140;
      h = 195;
      break;
    case 'tripod':
      parts.push(floorShadow(ctx, 50), line(0, -110, -22, 0, p.wood, 2.6), line(0, -110, 22, 0, p.wood, 2.6), line(0, -110, 4, 0, shade(p.wood, 0.2), 2.2));
      if (lit) parts.push(glow(cv, 0, -130, 60, 0.45));
      parts.push(path('M-20,-150 L20,-150 L24,-112 L-24,-112Z', cv.vgrad('#fbf5e8', '#eadcc2')));
      w = 60;
      h = 150;
      break;
    case 'globe':
      parts.push(floorShadow(ctx, 36), ellipse(0, -2, 14, 3, m), line(0, -2, 0, -140, m, 1.8));
      if (lit) parts.push(glow(cv, 0, -150, 60, 0.6));
      parts.push(circle(0, -152, 14, cv.radial([{ offset: 0, color: '#fffaf0' }, { offset: 1, color: '#f0dcb4' }], 0.4, 0.35, 0.7)));
      w = 40;
      h = 168;
      break;
    case 'pleated':
      parts.push(floorShadow(ctx, 36), ellipse(0, -2, 14, 3, m), line(0, -2, 0, -132, m, 2));
      if (lit) parts.push(glow(cv, 0, -140, 60, 0.45));
      parts.push(path('M-14,-162 L14,-162 L22,-130 L-22,-130Z', cv.vgrad('#fbf3e3', '#ead7b8')));
      for (let i = -4; i <= 4; i++) parts.push(line(i * 3.2, -161, i * 5, -131, '#dcc6a3', 0.6));
      w = 46;
      h = 162;
      break;
    case 'paper':
      parts.push(floorShadow(ctx, 36), line(-12, 0, 0, -40, p.wood, 2), line(12, 0, 0, -40, p.wood, 2), line(0, -40, 0, -70, p.wood, 2));
      if (lit) parts.push(glow(cv, 0, -110, 70, 0.5));
      parts.push(ellipse(0, -112, 24, 44, cv.radial([{ offset: 0, color: '#fffaf0' }, { offset: 1, color: '#efdcbc' }], 0.45, 0.4, 0.7)));
      for (let i = 1; i < 8; i++) parts.push(ellipse(0, -156 + i * 11, 24 * Math.sin((Math.PI * i) / 8), 1.4, 'none', { stroke: '#e2cba6', 'stroke-width': 0.6 }));
      w = 52;
      h = 156;
      break;
    case 'mushroom':
      parts.push(floorShadow(ctx, 40), ellipse(0, -2, 16, 3.5, m), rect(-2, -120, 4, 118, m));
      if (lit) parts.push(glow(cv, 0, -118, 60, 0.45));
      parts.push(path('M-26,-118 Q-26,-146 0,-146 Q26,-146 26,-118Z', cv.vgrad(tint(m, 0.3), m)));
      w = 56;
      h = 146;
      break;
  }
  return { svg: parts.join(''), w, h };
}

/** Pendant lamp hanging from the ceiling at y = -drop (origin is the lamp's bottom). */
export function pendant(ctx: DrawCtx, kind: PendantKind | 'bulb', drop: number, lit = true): string {
  const { cv, p } = ctx;
  const m = p.metal;
  const cord = line(0, -drop, 0, -20, kind === 'bulb' ? '#3b3b3b' : m, 0.8);
  const g = lit ? glow(cv, 0, 0, 70, 0.45) : '';
  switch (kind) {
    case 'bulb':
      return cord + rect(-2, -20, 4, 6, '#555') + circle(0, -9, 6, lit ? '#fff5d6' : '#e9e6df') + (lit ? glow(cv, 0, -9, 40, 0.3) : '');
    case 'dome':
      return cord + g + path('M-26,-2 Q-26,-28 0,-28 Q26,-28 26,-2Z', cv.vgrad(tint(m, 0.2), m)) + ellipse(0, -2, 26, 3, '#fff1c9');
    case 'globe':
      return cord + g + circle(0, -16, 17, cv.radial([{ offset: 0, color: '#fffaf0' }, { offset: 1, color: '#eed8ae' }], 0.4, 0.35, 0.7));
    case 'rattan': {
      let s = cord + g + path('M-30,-4 Q-30,-34 0,-36 Q30,-34 30,-4Z', cv.vgrad('#d6aa6c', '#a77a41'));
      for (let i = -4; i <= 4; i++) s += path(`M${i * 6.5},-4 Q${i * 5},-20 0,-35`, 'none', { stroke: '#8a6030', 'stroke-width': 0.7 });
      for (let r = 1; r < 4; r++) s += line(-30 + r * 2, -4 - r * 8, 30 - r * 2, -4 - r * 8, '#8a6030', 0.5);
      return s;
    }
    case 'paper': {
      let s = cord + g + circle(0, -20, 22, cv.radial([{ offset: 0, color: '#fffdf6' }, { offset: 1, color: '#efe2c8' }], 0.45, 0.4, 0.7));
      for (let i = 1; i < 6; i++) s += ellipse(0, -42 + i * 7.3, 22 * Math.sin((Math.PI * i) / 6), 1, 'none', { stroke: '#e2cfac', 'stroke-width': 0.5 });
      return s;
    }
    case 'fan': {
      let s = cord + g + path('M-28,-2 L0,-34 L28,-2Z', cv.vgrad(tint(m, 0.25), m));
      for (let i = -3; i <= 3; i++) s += line(0, -32, i * 8, -2, shade(m, 0.2), 0.6);
      return s + ellipse(0, -2, 28, 2.5, '#fff1c9');
    }
    case 'cage': {
      let s = cord + g + circle(0, -14, 5, '#fff1c9');
      s += path('M-12,-2 Q-14,-22 0,-28 Q14,-22 12,-2Z', 'none', { stroke: m, 'stroke-width': 1.2 });
      for (const x of [-6, 0, 6]) s += line(x, -26, x * 1.6, -2, m, 0.8);
      return s + line(-12, -2, 12, -2, m, 1.2);
    }
  }
}

// ---------------------------------------------------------------- wall pieces

export function framedArt(ctx: DrawCtx, kind: ArtKind, w: number, h: number, frameColor: string): string {
  const { cv, rng, p } = ctx;
  const a = p.accents;
  const pick = (): string => rng.pick(a);
  const fw = Math.max(1.6, Math.min(w, h) * 0.045);
  const mat = Math.min(w, h) * (rng.chance(0.6) ? 0.1 : 0.02);
  const ix = -w / 2 + fw + mat;
  const iy = -h + fw + mat;
  const iw = w - 2 * (fw + mat);
  const ih = h - 2 * (fw + mat);
  const clip = cv.clip(rect(ix, iy, iw, ih, '#000'));
  const bgOptions = ['#f3ead9', '#efe3cf', tint(a[0] ?? '#ddd', 0.7), tint(a[2] ?? '#ddd', 0.65)];
  let inner = rect(ix, iy, iw, ih, rng.pick(bgOptions));
  const cx = ix + iw / 2;
  switch (kind) {
    case 'shapes':
      inner += circle(ix + iw * rng.range(0.25, 0.45), iy + ih * rng.range(0.3, 0.5), Math.min(iw, ih) * 0.28, pick());
      inner += rect(ix + iw * 0.45, iy + ih * 0.45, iw * 0.45, ih * 0.4, pick(), { rx: 1 });
      inner += path(`M${f(ix)},${f(iy + ih)} Q${f(cx)},${f(iy + ih * 0.55)} ${f(ix + iw)},${f(iy + ih)}Z`, pick(), { opacity: 0.9 });
      break;
    case 'arches':
      for (let i = 0; i < 4; i++) {
        const r = Math.min(iw * 0.42, ih * 0.6) * (1 - i * 0.22);
        inner += path(`M${f(cx - r)},${f(iy + ih * 0.85)} A${f(r)},${f(r)} 0 0 1 ${f(cx + r)},${f(iy + ih * 0.85)}Z`, a[i % a.length] ?? '#c96f3b');
      }
      inner += rect(ix, iy + ih * 0.85, iw, ih * 0.15, tint(pick(), 0.4));
      break;
    case 'landscape': {
      inner = rect(ix, iy, iw, ih, cv.vgrad(tint(p.sky[0], 0.1), p.sky[1]));
      inner += circle(ix + iw * rng.range(0.25, 0.75), iy + ih * 0.35, Math.min(iw, ih) * 0.1, '#f6d9a0');
      const cols = [mix(p.plantGreens[1], '#9fb0b8', 0.5), p.plantGreens[1], p.plantGreens[0]];
      cols.forEach((c, i) => {
        const base = iy + ih * (0.55 + i * 0.14);
        inner += path(`M${f(ix)},${f(base)} Q${f(ix + iw * rng.range(0.2, 0.4))},${f(base - ih * 0.18)} ${f(cx)},${f(base - ih * 0.04)} T${f(ix + iw)},${f(base - ih * 0.06)} L${f(ix + iw)},${f(iy + ih)} L${f(ix)},${f(iy + ih)}Z`, c);
      });
      break;
    }
    case 'botanical':
      inner += line(cx, iy + ih * 0.92, cx, iy + ih * 0.15, shade(p.plantGreens[0], 0.2), Math.max(0.5, iw * 0.012));
      for (let i = 0; i < 6; i++) {
        const y = iy + ih * (0.25 + i * 0.11);
        inner += leaf(cx, y, ih * 0.2, ih * 0.08, 55 - i * 3, p.plantGreens[i % 2 ? 1 : 0]) + leaf(cx, y + ih * 0.05, ih * 0.2, ih * 0.08, -55 + i * 3, p.plantGreens[i % 2 ? 0 : 1]);
      }
      break;
    case 'sun':
      inner += circle(cx, iy + ih * 0.5, Math.min(iw, ih) * 0.26, pick());
      inner += rect(ix, iy + ih * 0.62, iw, ih * 0.38, tint(pick(), 0.2));
      for (let i = 0; i < 3; i++) inner += line(ix + iw * 0.15, iy + ih * (0.72 + i * 0.08), ix + iw * 0.85, iy + ih * (0.72 + i * 0.08), tint(pick(), 0.5), Math.max(0.4, ih * 0.015));
      break;
    case 'fan': {
      inner = rect(ix, iy, iw, ih, shade(a[3] ?? '#1f5c4e', 0.2));
      for (let i = 0; i <= 8; i++) {
        const ang = Math.PI + (Math.PI * i) / 8;
        inner += line(cx, iy + ih * 0.9, cx + Math.cos(ang) * iw * 0.6, iy + ih * 0.9 + Math.sin(ang) * ih * 0.8, p.metal, Math.max(0.5, iw * 0.012));
      }
      inner += path(`M${f(cx - iw * 0.25)},${f(iy + ih * 0.9)} A${f(iw * 0.25)},${f(iw * 0.25)} 0 0 1 ${f(cx + iw * 0.25)},${f(iy + ih * 0.9)}Z`, p.metal);
      break;
    }
    case 'lines': {
      const c = shade(a[2] ?? '#333', 0.3);
      inner += path(`M${f(ix + iw * 0.2)},${f(iy + ih * 0.75)} C${f(ix + iw * 0.1)},${f(iy + ih * 0.2)} ${f(ix + iw * 0.7)},${f(iy + ih * 0.1)} ${f(ix + iw * 0.6)},${f(iy + ih * 0.55)} S${f(ix + iw * 0.9)},${f(iy + ih * 0.8)} ${f(ix + iw * 0.8)},${f(iy + ih * 0.3)}`, 'none', { stroke: c, 'stroke-width': Math.max(0.5, iw * 0.012), 'stroke-linecap': 'round' });
      inner += circle(ix + iw * 0.7, iy + ih * 0.3, Math.min(iw, ih) * 0.09, pick(), { opacity: 0.85 });
      break;
    }
    case 'portrait': {
      inner = rect(ix, iy, iw, ih, cv.vgrad(pick(), shade(pick(), 0.2)));
      const hr = iw * 0.17;
      inner += ellipse(cx, iy + ih * 0.4, hr, hr * 1.25, '#2b2522', { opacity: 0.9 });
      inner += path(`M${f(cx - iw * 0.38)},${f(iy + ih)} Q${f(cx - iw * 0.34)},${f(iy + ih * 0.62)} ${f(cx)},${f(iy + ih * 0.62)} Q${f(cx + iw * 0.34)},${f(iy + ih * 0.62)} ${f(cx + iw * 0.38)},${f(iy + ih)}Z`, '#2b2522', { opacity: 0.9 });
      break;
    }
    case 'still-life': {
      inner = rect(ix, iy, iw, ih, shade(pick(), 0.25)) + rect(ix, iy + ih * 0.7, iw, ih * 0.3, shade(p.wood, 0.1));
      inner += vase(ctx, cx - iw * 0.12, iy + ih * 0.75, ih * 0.32, pick(), false);
      for (let i = 0; i < 5; i++) inner += circle(cx - iw * 0.12 + rng.range(-iw * 0.18, iw * 0.18), iy + ih * rng.range(0.18, 0.38), Math.min(iw, ih) * 0.07, pick());
      inner += circle(cx + iw * 0.22, iy + ih * 0.72, Math.min(iw, ih) * 0.07, '#e0a040');
      break;
    }
  }
  const frame = rect(-w / 2, -h, w, h, frameColor, { rx: 0.8 }) + rect(-w / 2 + fw, -h + fw, w - 2 * fw, h - 2 * fw, '#fbf7ef');
  const shadowBox = rect(-w / 2 + 1.5, -h + 2.5, w, h, INK, { opacity: 0.12, rx: 1 });
  return shadowBox + frame + group(inner, { 'clip-path': clip }) + rect(ix, iy, iw, ih, 'none', { stroke: INK, 'stroke-opacity': 0.15, 'stroke-width': 0.4 });
}

export function mirror(ctx: DrawCtx, w: number, h: number, arched: boolean, frameColor: string): string {
  const { cv } = ctx;
  const glass = cv.linear([{ offset: 0, color: '#e9eef0' }, { offset: 0.5, color: '#cdd8dc' }, { offset: 1, color: '#eef2f2' }], 0, 0, 1, 1);
  const shapeD = (inset: number): string =>
    arched
      ? `M${f(-w / 2 + inset)},${f(-inset)} L${f(-w / 2 + inset)},${f(-h + w / 2)} A${f(w / 2 - inset)},${f(w / 2 - inset)} 0 0 1 ${f(w / 2 - inset)},${f(-h + w / 2)} L${f(w / 2 - inset)},${f(-inset)}Z`
      : '';
  if (!arched) {
    return circle(1.5, -w / 2 + 2.5, w / 2, INK, { opacity: 0.12 }) + circle(0, -w / 2, w / 2, frameColor) + circle(0, -w / 2, w / 2 - 2.5, glass) + line(-w * 0.2, -w * 0.6, -w * 0.05, -w * 0.78, '#ffffff', 1.5, { opacity: 0.7 });
  }
  return path(shapeD(0), INK, { opacity: 0.12, transform: 'translate(1.5 2.5)' }) + path(shapeD(0), frameColor) + path(shapeD(2.5), glass) + line(-w * 0.2, -h * 0.5, -w * 0.05, -h * 0.62, '#ffffff', 1.5, { opacity: 0.7 });
}

export function macrame(ctx: DrawCtx, w: number, h: number): string {
  const c = '#efe3cc';
  const s = shade(c, 0.12);
  let out = line(-w / 2 - 4, -h, w / 2 + 4, -h, ctx.p.wood, 2.5);
  const n = 9;
  for (let i = 0; i < n; i++) {
    const x = -w / 2 + (w * i) / (n - 1);
    out += line(x, -h, x * 0.6, -h * 0.35, c, 1.4);
  }
  for (let r = 0; r < 4; r++) for (let i = 0; i < n - 1 - r; i++) out += circle(-w / 2 + (w * (i + 0.5 + r * 0.5)) / (n - 1), -h + 10 + r * 9, 1.6, s);
  for (let i = 0; i < 12; i++) out += line(-w * 0.3 + (w * 0.6 * i) / 11, -h * 0.35, -w * 0.3 + (w * 0.6 * i) / 11, -h * 0.35 + h * 0.3 - Math.abs(i - 5.5) * 1.8, c, 1);
  return out;
}

/** Floating shelf with ceramics, books and a trailing plant. */
export function wallShelf(ctx: DrawCtx, w: number): string {
  const { rng, p } = ctx;
  let s = rect(-w / 2, -3, w, 3, shade(p.wood, 0.05), { rx: 0.8 }) + rect(-w / 2, 0, w, 2, INK, { opacity: 0.12 });
  s += vase(ctx, -w * 0.32, -3, rng.range(12, 18), rng.pick(p.accents), false);
  s += bookStack(ctx, w * 0.05, -3, 3).replace(/rotate/g, 'rotate');
  s += vase(ctx, w * 0.32, -3, rng.range(9, 13), rng.pick(p.accents), false);
  return s;
}

// ---------------------------------------------------------------- storage

export function storage(ctx: DrawCtx, kind: StorageKind, width: number): Drawn {
  const { cv, rng, p } = ctx;
  const wood = p.wood;
  const hw = width / 2;
  const parts: string[] = [floorShadow(ctx, width)];
  const woodFill = cv.vgrad(tint(wood, 0.08), shade(wood, 0.12));
  let H = 70;
  switch (kind) {
    case 'credenza': {
      H = 68;
      parts.push(taperLeg(-hw + 10, -16, -3, 4, shade(wood, 0.15)), taperLeg(hw - 10, -16, 3, 4, shade(wood, 0.15)));
      parts.push(rect(-hw, -H, width, H - 14, woodFill, { rx: 1.5 }));
      const doors = width > 140 ? 4 : 3;
      const dw = (width - 8) / doors;
      for (let i = 0; i < doors; i++) {
        const x = -hw + 4 + i * dw;
        const isCane = i % 2 === 1 && rng.chance(0.7);
        parts.push(rect(x + 1, -H + 5, dw - 2, H - 24, isCane ? '#d8bc8a' : tint(wood, 0.05), { rx: 0.8 }));
        if (isCane) for (let k = 1; k < 6; k++) parts.push(line(x + 2, -H + 5 + k * ((H - 24) / 6), x + dw - 2, -H + 5 + k * ((H - 24) / 6), '#b8965f', 0.5));
        else for (let k = 1; k < 4; k++) parts.push(line(x + 1 + (k * (dw - 2)) / 4, -H + 6, x + 1 + (k * (dw - 2)) / 4, -20, shade(wood, 0.08), 0.5));
        parts.push(rect(x + dw / 2 - 3, -H + 8, 6, 1.6, p.metal, { rx: 0.8 }));
      }
      break;
    }
    case 'dresser': {
      H = 84;
      parts.push(path(`M${-hw + 4},0 Q${-hw + 4},-10 ${-hw + 8},-12 L${-hw + 14},-12 Q${-hw + 14},-4 ${-hw + 12},0Z`, shade(wood, 0.2)), path(`M${hw - 4},0 Q${hw - 4},-10 ${hw - 8},-12 L${hw - 14},-12 Q${hw - 14},-4 ${hw - 12},0Z`, shade(wood, 0.2)));
      parts.push(rect(-hw, -H, width, H - 10, woodFill, { rx: 1.5 }), rect(-hw - 2, -H - 3, width + 4, 4, tint(wood, 0.12), { rx: 1.5 }));
      parts.push(path(`M${-hw + 6},-10 Q0,-20 ${hw - 6},-10Z`, shade(wood, 0.1)));
      const rows = 3;
      for (let r = 0; r < rows; r++) {
        const y = -H + 4 + r * ((H - 18) / rows);
        const dh = (H - 18) / rows - 3;
        parts.push(rect(-hw + 4, y, width - 8, dh, tint(wood, 0.06), { rx: 1 }), rect(-hw + 4, y + dh - 1.5, width - 8, 1.5, shade(wood, 0.2), { opacity: 0.6 }));
        for (const x of [-width * 0.25, width * 0.25]) parts.push(circle(x, y + dh / 2, 1.8, p.metal), circle(x - 0.4, y + dh / 2 - 0.4, 0.7, tint(p.metal, 0.5)));
      }
      break;
    }
    case 'hutch': {
      H = 190;
      const paint = mix(p.accents[0] ?? '#5b6b5a', '#e8e2d4', 0.35);
      const pf = cv.vgrad(tint(paint, 0.1), shade(paint, 0.08));
      parts.push(rect(-hw, -86, width, 80, pf, { rx: 1.5 }), rect(-hw + 2, -6, 5, 6, shade(paint, 0.3)), rect(hw - 7, -6, 5, 6, shade(paint, 0.3)));
      parts.push(rect(-hw - 3, -90, width + 6, 5, tint(wood, 0.1), { rx: 1 }));
      parts.push(rect(-hw + 5, -H, width - 10, H - 90, pf), rect(-hw + 2, -H - 4, width - 4, 6, tint(paint, 0.1), { rx: 1 }));
      const gw = (width - 22) / 2;
      for (const gx of [-hw + 9, 2]) {
        parts.push(rect(gx, -H + 6, gw, H - 102, '#dfe6e3'), rect(gx, -H + 6, gw, H - 102, shade(paint, 0.45), { opacity: 0.18 }));
        for (let sy = 0; sy < 3; sy++) {
          const y = -H + 6 + (sy + 1) * ((H - 102) / 3);
          parts.push(rect(gx, y - 1.2, gw, 1.2, shade(paint, 0.15)));
          for (let k = 0; k < 3; k++) {
            const plate = rng.chance(0.6) ? '#f6f2ea' : rng.pick(p.accents);
            parts.push(circle(gx + gw * (0.2 + k * 0.3), y - 9, 7.5, plate), circle(gx + gw * (0.2 + k * 0.3), y - 9, 4.5, tint(plate, 0.3), { stroke: shade(plate, 0.1), 'stroke-width': 0.5 }));
          }
        }
        parts.push(rect(gx, -H + 6, gw, H - 102, 'none', { stroke: tint(paint, 0.2), 'stroke-width': 2 }));
        
      }
      for (const dx of [-hw + 6, 2]) parts.push(rect(dx, -80, (width - 16) / 2, 68, tint(paint, 0.06), { rx: 1, stroke: shade(paint, 0.12), 'stroke-width': 0.6 }), circle(dx + (dx < 0 ? (width - 16) / 2 - 5 : 5), -48, 1.6, p.metal));
      break;
    }
    case 'metal': {
      H = 150;
      const m = p.metal;
      for (const x of [-hw, hw - 3]) parts.push(rect(x, -H, 3, H, m));
      for (let i = 0; i < 4; i++) {
        const y = -H + 4 + i * ((H - 8) / 3);
        parts.push(rect(-hw, y, width, 5, woodFill, { rx: 0.5 }));
        if (i > 0) parts.push(shelfItems(ctx, -hw + 4, y, width - 8, (H - 8) / 3 - 8));
      }
      break;
    }
    case 'bookcase': {
      H = 200;
      parts.push(rect(-hw, -H, width, H, woodFill, { rx: 1 }));
      parts.push(rect(-hw + 4, -H + 4, width - 8, H - 12, shade(wood, 0.35)));
      for (let i = 0; i < 5; i++) {
        const y = -H + 4 + (i + 1) * ((H - 12) / 5);
        parts.push(shelfItems(ctx, -hw + 5, y - 2.5, width - 10, (H - 12) / 5 - 6));
        parts.push(rect(-hw + 4, y - 3, width - 8, 3, tint(wood, 0.1)));
      }
      break;
    }
    case 'deco': {
      H = 80;
      parts.push(rect(-hw + 10, -10, 5, 10, p.metal), rect(hw - 15, -10, 5, 10, p.metal));
      parts.push(path(`M${-hw},${-H} L${hw},${-H} L${hw},-18 Q${hw},-10 ${hw - 8},-10 L${-hw + 8},-10 Q${-hw},-10 ${-hw},-18Z`, woodFill));
      const fanCx = 0;
      for (let i = 0; i <= 10; i++) {
        const ang = Math.PI + (Math.PI * i) / 10;
        parts.push(line(fanCx, -14, fanCx + Math.cos(ang) * hw * 0.7, -14 + Math.sin(ang) * (H - 20) * 0.8, p.metal, 0.9));
      }
      parts.push(rect(-hw, -H, width, 3, p.metal), rect(-hw, -13, width, 2, p.metal), line(0, -H + 3, 0, -13, p.metal, 1));
      break;
    }
  }
  return { svg: parts.join(''), w: width, h: H };
}

/** Books, ceramics and small plants for one shelf whose bottom is at y. */
export function shelfItems(ctx: DrawCtx, x0: number, y: number, w: number, maxH: number): string {
  const { rng, p } = ctx;
  let s = '';
  let x = x0 + rng.range(0, 6);
  const end = x0 + w;
  while (x < end - 6) {
    const roll = rng.next();
    if (roll < 0.62) {
      const n = rng.int(3, 8);
      for (let i = 0; i < n && x < end - 4; i++) {
        const bw = rng.range(2.6, 4.6);
        const bh = Math.min(maxH, rng.range(maxH * 0.6, maxH * 0.95));
        const c = mix(rng.pick(p.accents), '#d8cbb5', rng.range(0, 0.35));
        s += rect(x, y - bh, bw, bh, c, { rx: 0.4 }) + rect(x + 0.5, y - bh + bh * 0.15, bw - 1, bh * 0.06, tint(c, 0.45));
        x += bw + 0.2;
      }
      if (rng.chance(0.3) && x < end - 12) {
        const bh = Math.min(maxH, maxH * 0.85);
        s += group(rect(0, -bh, 3.6, bh, rng.pick(p.accents), { rx: 0.4 }), { transform: `translate(${f(x + bh * 0.34)} ${f(y)}) rotate(-20)` });
        x += bh * 0.4 + 4;
      }
      x += rng.range(3, 8);
    } else if (roll < 0.82) {
      const vh = Math.min(maxH * 0.8, rng.range(9, 16));
      s += vase(ctx, x + vh * 0.4, y, vh, rng.pick(p.accents), false);
      x += vh * 0.9 + rng.range(3, 8);
    } else if (roll < 0.92) {
      const n = rng.int(3, 5);
      for (let i = 0; i < n; i++) {
        const bh = rng.range(3, 4.5);
        s += rect(x, y - (i + 1) * bh, 18 - i, bh, rng.pick(p.accents), { rx: 0.4 });
      }
      x += 22;
    } else {
      const ph = Math.min(maxH * 0.55, 10);
      s += path(`M${f(x)},${f(y - ph)} L${f(x + ph)},${f(y - ph)} L${f(x + ph * 0.85)},${f(y)} L${f(x + ph * 0.15)},${f(y)}Z`, '#c98a63');
      for (let k = 0; k < 6; k++) s += leaf(x + ph / 2, y - ph, rng.range(5, 8), 4, -70 + k * 28, p.plantGreens[k % 2 ? 1 : 0]);
      x += ph + 6;
    }
  }
  return s;
}

// ---------------------------------------------------------------- bedroom, desk, dining

export function bed(ctx: DrawCtx, width: number, headboard: 'upholstered' | 'arch' | 'wood' | 'rattan' | 'iron'): Drawn {
  const { cv, rng, p } = ctx;
  const hw = width / 2;
  const parts: string[] = [floorShadow(ctx, width * 1.05)];
  const hbCol = headboard === 'wood' ? p.wood : headboard === 'rattan' ? '#c89a5e' : headboard === 'iron' ? p.metal : p.fabric[1];
  const hbFill = cv.vgrad(tint(hbCol, 0.12), shade(hbCol, 0.12));
  const hbTop = headboard === 'arch' ? 130 : 115;
  if (headboard === 'arch') parts.push(path(`M${-hw},-30 L${-hw},${-hbTop + hw * 0.5} A${hw},${hw * 0.5} 0 0 1 ${hw},${-hbTop + hw * 0.5} L${hw},-30Z`, hbFill));
  else if (headboard === 'iron') {
    parts.push(rect(-hw, -hbTop, 3, hbTop, hbCol), rect(hw - 3, -hbTop, 3, hbTop, hbCol), path(`M${-hw},${-hbTop + 10} Q0,${-hbTop - 14} ${hw},${-hbTop + 10}`, 'none', { stroke: hbCol, 'stroke-width': 2.4 }));
    for (let i = 1; i < 12; i++) parts.push(line(-hw + (width * i) / 12, -60, -hw + (width * i) / 12, -hbTop + 6 - Math.sin((Math.PI * i) / 12) * 10, hbCol, 1.1));
  } else {
    parts.push(roundRect(-hw, -hbTop, width, hbTop - 30, headboard === 'upholstered' ? 10 : 2, hbFill));
    if (headboard === 'upholstered') for (let i = 1; i < 8; i++) parts.push(line(-hw + (width * i) / 8, -hbTop + 6, -hw + (width * i) / 8, -40, shade(hbCol, 0.15), 1));
    if (headboard === 'rattan') {
      parts.push(rect(-hw + 8, -hbTop + 8, width - 16, hbTop - 46, '#ddb980'));
      for (let i = 1; i < 14; i++) parts.push(line(-hw + 8 + ((width - 16) * i) / 14, -hbTop + 8, -hw + 8 + ((width - 16) * i) / 14, -38, '#b58a50', 0.6));
      for (let i = 1; i < 8; i++) parts.push(line(-hw + 8, -hbTop + 8 + ((hbTop - 46) * i) / 8, hw - 8, -hbTop + 8 + ((hbTop - 46) * i) / 8, '#b58a50', 0.6));
    }
    if (headboard === 'wood') for (let i = 1; i < 6; i++) parts.push(line(-hw + (width * i) / 6, -hbTop + 2, -hw + (width * i) / 6, -32, shade(hbCol, 0.15), 0.8));
  }
  const sheet = '#f7f3ec';
  const duvet = rng.pick([p.fabric[0], p.fabric[2], '#f3eee6']);
  const throwCol = rng.pick(p.accents);
  // Pillows.
  for (const sx of [-1, 1]) {
    parts.push(roundRect(sx * hw * 0.5 - 30, -78, 60, 26, 10, cv.vgrad('#ffffff', '#e9e3d8')));
    parts.push(roundRect(sx * hw * 0.5 - 24 + sx * 6, -70, 48, 20, 8, cv.vgrad(tint(rng.pick(p.accents), 0.25), rng.pick(p.accents))));
  }
  parts.push(pillow(0, -52, 26, rng.range(-6, 6), rng.pick(p.accents), rng.int(1, 3), cv));
  // Mattress top, duvet, throw and frame.
  parts.push(roundRect(-hw - 4, -58, width + 8, 12, 5, sheet));
  parts.push(path(`M${-hw - 6},-56 Q0,-62 ${hw + 6},-56 L${hw + 8},-18 Q0,-14 ${-hw - 8},-18Z`, cv.vgrad(tint(duvet, 0.2), shade(duvet, 0.1))));
  parts.push(path(`M${-hw - 7},-40 Q0,-44 ${hw + 7},-40 L${hw + 8},-24 Q0,-21 ${-hw - 8},-24Z`, cv.vgrad(tint(throwCol, 0.1), shade(throwCol, 0.12))));
  for (let i = 0; i < 18; i++) parts.push(line(-hw - 6 + (i * (width + 12)) / 17, -23, -hw - 6 + (i * (width + 12)) / 17, -19, throwCol, 0.7));
  parts.push(rect(-hw - 2, -16, width + 4, 10, headboard === 'iron' ? shade(p.wood, 0.1) : hbCol, { rx: 1.5 }));
  parts.push(rect(-hw, -6, 5, 6, shade(p.wood, 0.3)), rect(hw - 5, -6, 5, 6, shade(p.wood, 0.3)));
  return { svg: parts.join(''), w: width + 16, h: hbTop + (headboard === 'iron' ? 14 : 0) };
}

export function nightstand(ctx: DrawCtx, lampKind: 'mushroom' | 'globe' | 'pleated' | 'ginger'): Drawn {
  const { cv, p, rng } = ctx;
  const w = 44;
  const parts: string[] = [floorShadow(ctx, w)];
  parts.push(taperLeg(-17, -12, -2, 3, shade(p.wood, 0.15)), taperLeg(17, -12, 2, 3, shade(p.wood, 0.15)));
  parts.push(rect(-w / 2, -52, w, 42, cv.vgrad(tint(p.wood, 0.1), shade(p.wood, 0.12)), { rx: 1.5 }), rect(-w / 2 + 3, -48, w - 6, 14, tint(p.wood, 0.06), { rx: 1 }), circle(0, -41, 1.4, p.metal));
  parts.push(tableLamp(ctx, -52, lampKind));
  if (rng.chance(0.6)) parts.push(bookStack(ctx, 12, -52, 2));
  return { svg: parts.join(''), w, h: 110 };
}

export function desk(ctx: DrawCtx, width: number): Drawn {
  const { cv, rng, p } = ctx;
  const hw = width / 2;
  const wood = p.wood;
  const parts: string[] = [floorShadow(ctx, width)];
  parts.push(taperLeg(-hw + 6, -72, -3, 4, shade(wood, 0.15)), taperLeg(hw - 6, -72, 3, 4, shade(wood, 0.15)));
  parts.push(rect(hw - 46, -72, 40, 22, cv.vgrad(tint(wood, 0.05), shade(wood, 0.12)), { rx: 1 }), rect(hw - 43, -68, 34, 14, tint(wood, 0.08), { rx: 1 }), rect(hw - 30, -62, 8, 1.6, p.metal, { rx: 0.8 }));
  parts.push(rect(-hw, -76, width, 5, cv.vgrad(tint(wood, 0.2), wood), { rx: 1.2 }));
  // Laptop, lamp, mug, books.
  parts.push(path(`M-22,-77 L22,-77 L18,-79 L-18,-79Z`, '#9aa0a6'), path('M-17,-79 L17,-79 L19,-104 L-19,-104Z', '#3a3f45'), path('M-15,-82 L15,-82 L16.5,-101 L-16.5,-101Z', '#6d8fa8', { opacity: 0.9 }));
  parts.push(group(line(0, 0, -10, -34, p.metal, 1.6) + line(-10, -34, 8, -48, p.metal, 1.6) + path('M2,-50 L16,-56 L20,-44Z', p.metal) + ellipse(0, -1, 8, 2, p.metal), { transform: `translate(${f(-hw + 24)} -77)` }));
  parts.push(rect(hw - 26, -86, 8, 9, rng.pick(p.accents), { rx: 1.5 }));
  parts.push(bookStack(ctx, hw - 50, -77, 3));
  return { svg: parts.join(''), w: width, h: 136 };
}

/** Dining chair seen from the front or back; `back` hides the seat behind the backrest. */
export function diningChair(ctx: DrawCtx, style: 'spindle' | 'cane' | 'bentwood' | 'metal' | 'upholstered', color: string): Drawn {
  const { cv, p } = ctx;
  const parts: string[] = [floorShadow(ctx, 42, 0.22)];
  const wood = style === 'metal' ? p.metal : p.wood;
  parts.push(line(-17, -44, -19, 0, wood, 2.6), line(17, -44, 19, 0, wood, 2.6));
  parts.push(rect(-21, -47, 42, 5, style === 'upholstered' ? color : tint(wood, 0.1), { rx: 2 }));
  switch (style) {
    case 'spindle':
      parts.push(rect(-19, -92, 38, 6, wood, { rx: 2.5 }), line(-17, -47, -17, -90, wood, 2.4), line(17, -47, 17, -90, wood, 2.4));
      for (let i = -2; i <= 2; i++) parts.push(line(i * 5.5, -47, i * 5.5, -87, wood, 1.3));
      break;
    case 'cane':
      parts.push(rect(-18, -90, 36, 36, wood, { rx: 8 }), rect(-14, -86, 28, 28, '#e2c48f', { rx: 6 }), line(-17, -47, -17, -60, wood, 2.4), line(17, -47, 17, -60, wood, 2.4));
      for (let i = 1; i < 6; i++) parts.push(line(-14 + i * 4.7, -86, -14 + i * 4.7, -58, '#c4a26a', 0.4), line(-14, -86 + i * 4.7, 14, -86 + i * 4.7, '#c4a26a', 0.4));
      break;
    case 'bentwood':
      parts.push(path('M-16,-47 C-20,-80 -14,-96 0,-96 C14,-96 20,-80 16,-47', 'none', { stroke: wood, 'stroke-width': 2.6 }), path('M-10,-52 C-12,-76 -8,-86 0,-86 C8,-86 12,-76 10,-52', 'none', { stroke: wood, 'stroke-width': 1.6 }));
      break;
    case 'metal':
      parts.push(rect(-18, -88, 36, 22, 'none', { stroke: wood, 'stroke-width': 2.2, rx: 3 }), line(-17, -47, -17, -66, wood, 2.2), line(17, -47, 17, -66, wood, 2.2));
      for (let i = 1; i < 7; i++) parts.push(line(-18 + i * 5.1, -87, -18 + i * 5.1, -67, wood, 0.8));
      break;
    case 'upholstered':
      parts.push(roundRect(-18, -96, 36, 52, 8, cv.vgrad(tint(color, 0.15), shade(color, 0.1))));
      break;
  }
  return { svg: parts.join(''), w: 42, h: 96 };
}

export function diningTable(ctx: DrawCtx, width: number, cloth: boolean): Drawn {
  const { cv, rng, p } = ctx;
  const hw = width / 2;
  const parts: string[] = [floorShadow(ctx, width)];
  const wood = p.wood;
  parts.push(rect(-hw + 8, -72, 6, 72, shade(wood, 0.12)), rect(hw - 14, -72, 6, 72, shade(wood, 0.12)));
  parts.push(rect(-hw + 4, -72, width - 8, 8, shade(wood, 0.05)));
  parts.push(rect(-hw, -77, width, 6, cv.vgrad(tint(wood, 0.2), wood), { rx: 1.5 }));
  if (cloth) {
    const c = rng.pick(p.accents);
    parts.push(path(`M${-hw * 0.7},-77 L${hw * 0.7},-77 L${hw * 0.7},-66 L${-hw * 0.7},-66Z`, c), rect(-hw * 0.7, -78, width * 0.7, 2, tint(c, 0.3)));
  }
  // Centrepiece: a fruit bowl and candlesticks or a flower vase.
  parts.push(path('M-16,-84 Q0,-72 16,-84Z', rng.pick(p.accents)));
  for (let i = 0; i < 4; i++) parts.push(circle(-9 + i * 6, -86 - (i % 2) * 3, 4, rng.pick(['#e59a3b', '#c9473a', '#d8c047', '#8fb050'])));
  parts.push(vase(ctx, hw * 0.45, -77, 22, rng.pick(p.accents), true));
  for (const x of [-hw * 0.42, -hw * 0.32]) parts.push(rect(x - 1.5, -96, 3, 19, p.metal), ellipse(x, -77.5, 4, 1.2, p.metal), rect(x - 0.8, -104, 1.6, 8, '#fbf5e6'));
  return { svg: parts.join(''), w: width, h: 120 };
}

// ---------------------------------------------------------------- "before" clutter

export function boxes(ctx: DrawCtx, count: number): Drawn {
  const { rng } = ctx;
  const parts: string[] = [floorShadow(ctx, count * 40)];
  const card = '#c49a68';
  let x = -count * 22;
  for (let i = 0; i < count; i++) {
    const w = rng.range(38, 56);
    const h = rng.range(30, 44);
    const fill = ctx.cv.vgrad(tint(card, 0.08), shade(card, 0.12));
    parts.push(rect(x, -h, w, h, fill, { rx: 1 }), rect(x + w / 2 - 4, -h, 8, h * 0.45, '#d9c6a6', { opacity: 0.8 }), line(x, -h + 1, x + w, -h + 1, shade(card, 0.2), 0.8));
    if (rng.chance(0.5)) {
      const w2 = w * rng.range(0.6, 0.85);
      const h2 = rng.range(20, 30);
      const x2 = x + rng.range(0, w - w2);
      parts.push(rect(x2, -h - h2, w2, h2, ctx.cv.vgrad(tint(card, 0.12), shade(card, 0.08)), { rx: 1 }), rect(x2 + w2 / 2 - 3, -h - h2, 6, h2 * 0.5, '#d9c6a6', { opacity: 0.8 }));
      if (rng.chance(0.5)) parts.push(path(`M${f(x2)},${f(-h - h2)} L${f(x2 - 8)},${f(-h - h2 - 10)} L${f(x2 + w2 * 0.4)},${f(-h - h2 - 6)} L${f(x2 + w2 * 0.45)},${f(-h - h2)}Z`, tint(card, 0.15)));
    }
    x += w + rng.range(2, 10);
  }
  return { svg: group(parts.join(''), { transform: `translate(${f(-(x - count * 22) / 2 + count * 0)} 0)` }), w: x + count * 22, h: 80 };
}

export function rolledRug(ctx: DrawCtx, color: string): Drawn {
  return {
    svg: floorShadow(ctx, 30, 0.2) + group(rect(-9, -120, 18, 120, ctx.cv.linear([{ offset: 0, color: shade(color, 0.15) }, { offset: 0.5, color: tint(color, 0.1) }, { offset: 1, color: shade(color, 0.2) }], 0, 0, 1, 0), { rx: 8 }) + ellipse(0, -116, 9, 4, shade(color, 0.3)), { transform: 'rotate(8)' }),
    w: 40,
    h: 120,
  };
}
