/**
 * Composes whole rooms: wall, window with daylight, floor in gentle one-point perspective, a rug
 * and furniture from `pieces.ts`, all driven by a style palette and a seed.
 *
 * Coordinates: the viewBox is always 1000 units tall (width follows the aspect ratio), the back
 * wall meets the floor at `floorY`, and pieces are drawn in centimetres and scaled by `scaleAt(y)`
 * so things nearer the viewer are a little larger.
 */

import { desaturate, mix, shade, tint } from './color.ts';
import {
  armchair,
  bed,
  boxes,
  coffeeTable,
  desk,
  diningChair,
  diningTable,
  type DrawCtx,
  type Drawn,
  floorLamp,
  framedArt,
  macrame,
  mirror,
  nightstand,
  pendant,
  plant,
  type PotKind,
  pouf,
  rolledRug,
  sideTable,
  sofa,
  storage,
  tableLamp,
  type TableKind,
  wallShelf,
} from './pieces.ts';
import { createRng, type Rng } from './random.ts';
import { type DesignStyle, paletteFor, type StylePalette } from './styles.ts';
import { Canvas, circle, ellipse, f, group, line, path, place, poly, rect } from './svg.ts';

export type RoomKind = 'living' | 'bedroom' | 'dining' | 'office';
export const ROOM_KINDS: readonly RoomKind[] = ['living', 'bedroom', 'dining', 'office'];

export interface RoomSceneOptions {
  seed: string | number;
  style: DesignStyle;
  /** Output size in pixels (the SVG's width/height attributes); the drawing adapts to the aspect ratio. */
  width: number;
  height: number;
  /** 'before' = bare, dull, half-empty room with moving boxes; 'after' (default) = furnished and styled. */
  variant?: 'before' | 'after';
  /** Which room to draw; picked from the seed when omitted. */
  room?: RoomKind;
}

interface Scene {
  ctx: DrawCtx;
  cv: Canvas;
  rng: Rng;
  p: StylePalette;
  W: number;
  H: number;
  floorY: number;
  /** Units per centimetre on the back wall. */
  s0: number;
  vpx: number;
  vpy: number;
  before: boolean;
}

function scaleAt(sc: Scene, y: number): number {
  return (sc.s0 * (y - sc.vpy)) / (sc.floorY - sc.vpy);
}

/** Screen x of a floor point that lies on the line through back-wall position u, at screen row y. */
function floorX(sc: Scene, u: number, y: number): number {
  return sc.vpx + ((u - sc.vpx) * (y - sc.vpy)) / (sc.floorY - sc.vpy);
}

/** Places a piece standing on the floor at screen (x, y). */
function put(sc: Scene, d: Drawn, x: number, y: number, flip = false): string {
  return place(x, y, scaleAt(sc, y), d.svg, flip);
}

/** Places a wall-hung drawing whose bottom edge is `cm` above the floor. */
function hang(sc: Scene, svg: string, x: number, cm: number): string {
  return place(x, sc.floorY - cm * sc.s0, sc.s0, svg);
}

/** The "before" rooms reuse the after-palette, drained of colour. */
function dullPalette(p: StylePalette): StylePalette {
  const d = (c: string): string => desaturate(mix(c, '#cfc9bf', 0.35), 0.6);
  return {
    ...p,
    wall: [d(p.wall[0]), d(p.wall[1])],
    wallAlt: d(p.wallAlt),
    wallFeature: p.wallFeature === 'brick' ? 'brick' : 'plain',
    floorColor: d(p.floorColor),
    trim: d(p.trim),
    sky: [desaturate(p.sky[0], 0.5), desaturate(p.sky[1], 0.5)],
  };
}

// ---------------------------------------------------------------- wall

function drawWall(sc: Scene): string {
  const { cv, p, W, floorY, s0, rng } = sc;
  let s = rect(0, 0, W, floorY, cv.vgrad(p.wall[0], p.wall[1]));
  const alt = p.wallAlt;
  switch (p.wallFeature) {
    case 'brick': {
      const bw = 24 * s0;
      const bh = 7.5 * s0;
      const mortar = tint(p.wall[1], 0.35);
      const tile =
        rect(0, 0, bw * 2, bh * 2, 'none') +
        line(0, 0.5, bw * 2, 0.5, mortar, 1.2) +
        line(0, bh + 0.5, bw * 2, bh + 0.5, mortar, 1.2) +
        line(0.5, 0, 0.5, bh, mortar, 1.2) +
        line(bw + 0.5, 0, bw + 0.5, bh, mortar, 1.2) +
        line(bw / 2, bh, bw / 2, bh * 2, mortar, 1.2) +
        line(bw * 1.5, bh, bw * 1.5, bh * 2, mortar, 1.2);
      const pat = cv.pattern(bw * 2, bh * 2, tile, { y: floorY % (bh * 2) });
      // A few bricks in varied tones so the wall does not look like a pattern fill.
      let extra = '';
      for (let i = 0; i < 90; i++) {
        const row = rng.int(0, Math.floor(floorY / bh));
        const col = rng.int(0, Math.ceil(W / bw));
        const x = col * bw + (row % 2 ? bw / 2 : 0);
        const y = floorY - (row + 1) * bh + (floorY % (bh * 2) === 0 ? 0 : 0);
        extra += rect(x + 1.5, y + 1.5, bw - 2.5, bh - 2.5, rng.chance(0.5) ? shade(p.wall[1], 0.12) : tint(p.wall[0], 0.12), { opacity: 0.55 });
      }
      s += rect(0, 0, W, floorY, alt, { opacity: 0.0 }) + group(extra, { opacity: 0.9 }) + rect(0, 0, W, floorY, pat);
      break;
    }
    case 'shiplap':
      for (let y = floorY - 16 * s0; y > 0; y -= 16 * s0) s += line(0, y, W, y, shade(p.wall[1], 0.1), 1.2, { 'stroke-linecap': 'butt' }) + line(0, y + 1.5, W, y + 1.5, '#ffffff', 1, { opacity: 0.5, 'stroke-linecap': 'butt' });
      break;
    case 'wainscot': {
      const top = floorY - 95 * s0;
      s += rect(0, top, W, floorY - top, cv.vgrad(alt, shade(alt, 0.04))) + rect(0, top - 4, W, 7, tint(p.trim, 0.1));
      const pw = 70 * s0;
      for (let x = 18; x + pw < W; x += pw + 22) s += rect(x, top + 22, pw, floorY - top - 52, 'none', { stroke: shade(alt, 0.12), 'stroke-width': 2.2 }) + rect(x + 2, top + 24, pw, floorY - top - 52, 'none', { stroke: '#ffffff', 'stroke-width': 1.2, opacity: 0.6 });
      break;
    }
    case 'stripes': {
      const sw = 18 * s0;
      s += rect(0, 0, W, floorY, cv.pattern(sw * 2, 10, rect(0, 0, sw, 10, alt, { opacity: 0.18 }) + rect(sw * 0.45, 0, 1.4, 10, alt, { opacity: 0.5 })));
      break;
    }
    case 'floral': {
      const t = 40;
      const flower = (x: number, y: number, c: string): string =>
        [0, 72, 144, 216, 288].map((a) => circle(x + Math.cos((a * Math.PI) / 180) * 3.2, y + Math.sin((a * Math.PI) / 180) * 3.2, 2.6, c)).join('') + circle(x, y, 1.8, '#f1d27a');
      const tile = flower(10, 10, alt) + flower(30, 30, mix(alt, p.plantGreens[1], 0.6)) + line(18, 14, 24, 22, p.plantGreens[1], 1, { opacity: 0.7 }) + line(2, 26, 8, 34, p.plantGreens[1], 1, { opacity: 0.7 });
      s += group(rect(0, 0, W, floorY, cv.pattern(t, t, tile)), { opacity: 0.55 });
      break;
    }
    case 'leaves': {
      const t = 180;
      const leafD = (x: number, y: number, a: number, c: string): string =>
        group(path('M0,0 C30,-20 34,-70 0,-110 C-34,-70 -30,-20 0,0Z', c) + line(0, -4, 0, -100, tint(c, 0.3), 1.2), { transform: `translate(${x} ${y}) rotate(${a})` });
      const tile = leafD(40, 120, -25, alt) + leafD(130, 60, 35, mix(alt, p.wall[0], 0.35)) + leafD(110, 190, 10, mix(alt, p.wall[0], 0.2)) + leafD(-20, 40, 60, mix(alt, p.wall[0], 0.35));
      s += group(rect(0, 0, W, floorY, cv.pattern(t, t, tile)), { opacity: 0.6 });
      break;
    }
    case 'deco': {
      const t = 60;
      const tile =
        path(`M0,${t} A${t / 2},${t / 2} 0 0 1 ${t},${t}`, 'none', { stroke: alt, 'stroke-width': 1 }) +
        path(`M${t * 0.2},${t} A${t * 0.3},${t * 0.3} 0 0 1 ${t * 0.8},${t}`, 'none', { stroke: alt, 'stroke-width': 1 }) +
        path(`M${-t / 2},${t / 2} A${t / 2},${t / 2} 0 0 1 ${t / 2},${t / 2} A${t / 2},${t / 2} 0 0 1 ${t * 1.5},${t / 2}`, 'none', { stroke: alt, 'stroke-width': 1 });
      s += group(rect(0, 0, W, floorY, cv.pattern(t, t, tile)), { opacity: 0.35 });
      break;
    }
    case 'limewash':
      for (let i = 0; i < 7; i++)
        s += ellipse(rng.range(0, W), rng.range(0, floorY), rng.range(200, 420), rng.range(120, 260), cv.radial([{ offset: 0, color: i % 2 ? alt : tint(p.wall[0], 0.4), opacity: 0.45 }, { offset: 1, color: alt, opacity: 0 }]));
      break;
    default:
      break;
  }
  // Ceiling shadow and a crown line give the wall a top edge without drawing a ceiling.
  s += rect(0, 0, W, floorY * 0.3, cv.linear([{ offset: 0, color: '#2a1d17', opacity: sc.before ? 0.16 : 0.12 }, { offset: 1, color: '#2a1d17', opacity: 0 }]));
  s += rect(0, 0, W, 10, tint(p.trim, 0.05), { opacity: 0.9 }) + rect(0, 10, W, 2, shade(p.trim, 0.12), { opacity: 0.6 });
  return s;
}

// ---------------------------------------------------------------- window

interface WindowBox {
  x: number;
  w: number;
  top: number;
  bottom: number;
}

function windowBox(sc: Scene, cx: number, maxW: number): WindowBox {
  const { p, s0, floorY } = sc;
  const dims: Record<StylePalette['windowShape'], [number, number, number]> = {
    tall: [105, 195, 45],
    wide: [175, 135, 85],
    arch: [115, 200, 40],
    grid: [150, 140, 80],
  };
  const [wcm, hcm, sill] = dims[p.windowShape];
  const w = Math.min(wcm * s0, maxW);
  return { x: cx - w / 2, w, top: floorY - (sill + hcm) * s0, bottom: floorY - sill * s0 };
}

function drawWindow(sc: Scene, b: WindowBox): string {
  const { cv, p, rng, s0, floorY } = sc;
  const arch = p.windowShape === 'arch';
  const r = b.w / 2;
  const outline = (inset: number): string =>
    arch
      ? `M${f(b.x + inset)},${f(b.bottom - inset)} L${f(b.x + inset)},${f(b.top + r)} A${f(r - inset)},${f(r - inset)} 0 0 1 ${f(b.x + b.w - inset)},${f(b.top + r)} L${f(b.x + b.w - inset)},${f(b.bottom - inset)}Z`
      : `M${f(b.x + inset)},${f(b.top + inset)} L${f(b.x + b.w - inset)},${f(b.top + inset)} L${f(b.x + b.w - inset)},${f(b.bottom - inset)} L${f(b.x + inset)},${f(b.bottom - inset)}Z`;
  const frameW = 6 * s0;
  const frameCol = p.name === 'Industrial' ? '#2f2f31' : p.trim;
  let s = path(outline(-frameW * 0.6), shade(p.wall[1], 0.08), { opacity: 0.35 });
  s += path(outline(0), frameCol);
  // The view: sky, a horizon and soft tree shapes. Coastal/Mediterranean rooms get the sea.
  const inner = outline(frameW);
  const clip = cv.clip(path(inner, '#000'));
  let view = rect(b.x, b.top, b.w, b.bottom - b.top, cv.vgrad(p.sky[0], p.sky[1]));
  const horizon = b.top + (b.bottom - b.top) * 0.62;
  const sea = p.name === 'Coastal' || p.name === 'Mediterranean';
  if (sea) {
    view += rect(b.x, horizon, b.w, b.bottom - horizon, cv.vgrad(mix(p.sky[0], '#3f7fa8', 0.5), mix(p.sky[0], '#2f6f98', 0.7)));
    for (let i = 0; i < 4; i++) view += line(b.x + rng.range(0, b.w * 0.6), horizon + 8 + i * 10, b.x + rng.range(b.w * 0.4, b.w), horizon + 8 + i * 10, '#ffffff', 1, { opacity: 0.35 });
  } else if (p.name === 'Industrial') {
    for (let i = 0; i < 5; i++) {
      const bx = b.x + (b.w * i) / 5 + rng.range(-10, 10);
      const bh = rng.range(0.25, 0.55) * (b.bottom - b.top);
      view += rect(bx, b.bottom - bh, b.w / 5 + 8, bh, mix(p.sky[0], '#7d8a93', 0.5 + i * 0.05));
      for (let k = 0; k < 6; k++) view += rect(bx + 6 + (k % 3) * 14, b.bottom - bh + 10 + Math.floor(k / 3) * 18, 6, 9, mix(p.sky[1], '#ffffff', 0.5), { opacity: 0.6 });
    }
  } else {
    view += path(`M${f(b.x)},${f(horizon + 20)} Q${f(b.x + b.w * 0.3)},${f(horizon - 20)} ${f(b.x + b.w * 0.6)},${f(horizon + 5)} T${f(b.x + b.w)},${f(horizon)} L${f(b.x + b.w)},${f(b.bottom)} L${f(b.x)},${f(b.bottom)}Z`, mix(p.plantGreens[1], p.sky[0], 0.45));
  }
  // Foliage just outside the window, softened by the sky colour.
  const fol = mix(p.plantGreens[0], p.sky[0], sea ? 0.25 : 0.35);
  for (let i = 0; i < (sea ? 5 : 9); i++) {
    const side = i % 2 ? b.x + rng.range(-10, b.w * 0.25) : b.x + b.w - rng.range(-10, b.w * 0.25);
    view += circle(side, b.bottom - rng.range(0, (b.bottom - b.top) * 0.55), rng.range(25, 55), i % 3 ? fol : mix(fol, p.plantGreens[1], 0.4), { opacity: 0.9 });
  }
  s += group(view, { 'clip-path': clip });
  // Glass sheen and mullions.
  s += path(inner, cv.linear([{ offset: 0, color: '#ffffff', opacity: 0.28 }, { offset: 0.45, color: '#ffffff', opacity: 0 }, { offset: 1, color: '#ffffff', opacity: 0.12 }], 0, 0, 1, 1));
  const mull = 2.2 * s0;
  const midX = b.x + b.w / 2;
  if (p.windowShape === 'grid' || p.name === 'Industrial') {
    const cols = p.name === 'Industrial' ? 4 : 3;
    for (let i = 1; i < cols; i++) s += rect(b.x + (b.w * i) / cols - mull / 2, b.top, mull, b.bottom - b.top, frameCol);
    for (let i = 1; i < 3; i++) s += rect(b.x, b.top + ((b.bottom - b.top) * i) / 3 - mull / 2, b.w, mull, frameCol);
  } else {
    s += rect(midX - mull / 2, arch ? b.top + r * 0.2 : b.top, mull, b.bottom - b.top - (arch ? r * 0.2 : 0), frameCol);
    s += rect(b.x, b.top + (arch ? r : (b.bottom - b.top) * 0.38), b.w, mull, frameCol);
  }
  // Sill.
  s += rect(b.x - 5 * s0, b.bottom - 1, b.w + 10 * s0, 4 * s0, tint(frameCol, 0.05)) + rect(b.x - 5 * s0, b.bottom - 1 + 4 * s0, b.w + 10 * s0, 2, '#2a1d17', { opacity: 0.12 });
  if (p.curtains && !sc.before) {
    const cw = 34 * s0;
    const rodY = b.top - 14 * s0;
    const cc = mix(p.fabric[0], '#f4efe6', 0.45);
    s += rect(b.x - cw - 12, rodY - 2, b.w + cw * 2 + 24, 4, p.metal, { rx: 2 });
    for (const side of [-1, 1]) {
      const x0 = side < 0 ? b.x - cw * 0.9 : b.x + b.w - cw * 0.1;
      const folds = cv.linear(
        Array.from({ length: 9 }, (_, i) => ({ offset: i / 8, color: i % 2 ? shade(cc, 0.1) : tint(cc, 0.15) })),
        0,
        0,
        1,
        0,
      );
      s += path(`M${f(x0)},${f(rodY)} L${f(x0 + cw)},${f(rodY)} Q${f(x0 + cw * (side < 0 ? 0.85 : 0.3))},${f(floorY * 0.7)} ${f(x0 + cw * (side < 0 ? 1.05 : -0.05))},${f(floorY)} L${f(x0 + (side < 0 ? 0 : cw))},${f(floorY)}Z`.replace(/L([\d.]+),([\d.]+)Z$/, (m) => m), folds);
    }
  }
  return s;
}

/** Sunlight falling through the window onto the floor. */
function daylight(sc: Scene, b: WindowBox, dir: number): string {
  const { cv, floorY, H } = sc;
  const depth = (b.bottom - b.top) * 0.55;
  const skew = dir * depth * 0.9;
  const y2 = Math.min(H, floorY + depth);
  const fill = cv.linear([{ offset: 0, color: '#fff6dc', opacity: sc.before ? 0.16 : 0.32 }, { offset: 1, color: '#fff6dc', opacity: 0 }]);
  const patch = poly([[b.x + 10, floorY + 4], [b.x + b.w - 10, floorY + 4], [b.x + b.w + skew, y2], [b.x + skew, y2]], fill);
  const glowWall = ellipse(b.x + b.w / 2, (b.top + b.bottom) / 2, b.w * 1.1, (b.bottom - b.top) * 0.8, cv.radial([{ offset: 0, color: '#fff8e6', opacity: 0.35 }, { offset: 1, color: '#fff8e6', opacity: 0 }]));
  return glowWall + patch;
}

// ---------------------------------------------------------------- floor and rug

function drawFloor(sc: Scene): string {
  const { cv, p, rng, W, H, floorY, s0 } = sc;
  const base = p.floorColor;
  let s = rect(0, floorY, W, H - floorY, cv.vgrad(shade(base, 0.12), tint(base, 0.06)));
  const kind = p.floor;
  if (kind === 'wood' || kind === 'whitewash') {
    const pw = (kind === 'whitewash' ? 20 : 15) * s0;
    const u0 = -W * 0.6;
    const n = Math.ceil((W * 2.2) / pw);
    for (let i = 0; i < n; i++) {
      const u1 = u0 + i * pw;
      const u2 = u1 + pw;
      const x1 = floorX(sc, u1, H);
      const x2 = floorX(sc, u2, H);
      if (x2 < -50 || u1 > W + 50) continue;
      s += poly([[u1, floorY], [u2, floorY], [x2, H], [x1, H]], rng.chance(0.5) ? tint(base, rng.range(0, 0.08)) : shade(base, rng.range(0, 0.08)), { opacity: 0.85 });
      s += line(u1, floorY, x1, H, shade(base, 0.22), 1, { opacity: 0.55, 'stroke-linecap': 'butt' });
      // Staggered butt joints; rows get taller towards the viewer.
      let y = floorY + rng.range(4, 40);
      while (y < H) {
        s += line(floorX(sc, u1, y), y, floorX(sc, u2, y), y, shade(base, 0.25), 1, { opacity: 0.5 });
        y += rng.range(60, 130) * (scaleAt(sc, y) / s0) * 0.5;
      }
    }
  } else if (kind === 'herringbone') {
    const t = 40;
    const a = shade(base, 0.05);
    const b = tint(base, 0.08);
    const tile =
      poly([[0, 0], [t / 2, t / 2], [t / 2, t], [0, t / 2]], a) +
      poly([[t / 2, t / 2], [t, 0], [t, t / 2], [t / 2, t]], b) +
      path(`M0,0 L${t / 2},${t / 2} L${t},0 M0,${t / 2} L${t / 2},${t} L${t},${t / 2}`, 'none', { stroke: shade(base, 0.3), 'stroke-width': 0.8, opacity: 0.6 });
    s += rect(0, floorY, W, H - floorY, cv.pattern(t, t, tile, { patternTransform: `translate(0 ${f(floorY)}) scale(1.3 0.55)` }));
  } else if (kind === 'concrete') {
    for (let i = 0; i < 8; i++) s += ellipse(rng.range(0, W), rng.range(floorY, H), rng.range(120, 300), rng.range(20, 60), cv.radial([{ offset: 0, color: i % 2 ? shade(base, 0.1) : tint(base, 0.12), opacity: 0.5 }, { offset: 1, color: base, opacity: 0 }]));
    for (let u = -W; u < W * 2; u += 150 * s0) s += line(u, floorY, floorX(sc, u, H), H, shade(base, 0.2), 1, { opacity: 0.5 });
    s += line(0, floorY + (H - floorY) * 0.45, W, floorY + (H - floorY) * 0.45, shade(base, 0.2), 1, { opacity: 0.5 });
  } else {
    // Tiles: terracotta (varied warm tones) or a two-colour checkerboard.
    const tw = (kind === 'terracotta' ? 30 : 40) * s0;
    const rows: number[] = [floorY];
    while ((rows[rows.length - 1] ?? H) < H) {
      const y = rows[rows.length - 1] ?? H;
      rows.push(y + tw * 0.42 * (scaleAt(sc, y) / s0));
    }
    const cols = Math.ceil((W * 2.2) / tw);
    const grout = kind === 'terracotta' ? tint(base, 0.45) : shade(base, 0.4);
    const light = kind === 'checker' ? '#efe4cf' : base;
    for (let r = 0; r < rows.length - 1; r++) {
      const ya = rows[r] ?? 0;
      const yb = rows[r + 1] ?? 0;
      for (let c = 0; c < cols; c++) {
        const u1 = -W * 0.6 + c * tw;
        const u2 = u1 + tw;
        if (floorX(sc, u2, H) < -20 || u1 > W + 20) continue;
        const fill = kind === 'checker' ? ((r + c) % 2 ? base : light) : rng.pick([base, shade(base, 0.08), tint(base, 0.1), mix(base, '#d08a5a', 0.4)]);
        s += poly([[floorX(sc, u1, ya), ya], [floorX(sc, u2, ya), ya], [floorX(sc, u2, yb), yb], [floorX(sc, u1, yb), yb]], fill, { stroke: grout, 'stroke-width': 1.2 });
      }
    }
  }
  // Shade the far floor where it meets the wall.
  s += rect(0, floorY, W, 40, cv.linear([{ offset: 0, color: '#2a1d17', opacity: 0.22 }, { offset: 1, color: '#2a1d17', opacity: 0 }]));
  s += rect(0, floorY - 12 * s0, W, 12 * s0, tint(p.trim, 0.05)) + rect(0, floorY - 12 * s0, W, 2, '#ffffff', { opacity: 0.5 }) + rect(0, floorY - 1, W, 2, '#2a1d17', { opacity: 0.15 });
  return s;
}

/** A rug on the floor spanning back-wall positions u1…u2 and screen rows y1…y2. */
function drawRug(sc: Scene, u1: number, u2: number, y1: number, y2: number): string {
  const { cv, p, rng } = sc;
  const kind = p.rug;
  if (kind === 'none') return '';
  const [c1, c2, c3] = p.rugColors;
  const pt = (fu: number, fv: number): [number, number] => {
    const y = y1 + (y2 - y1) * fv;
    return [floorX(sc, u1 + (u2 - u1) * fu, y), y];
  };
  const quad = (a: number, b: number, c: number, d: number, fill: string, extra = {}): string => poly([pt(a, c), pt(b, c), pt(b, d), pt(a, d)], fill, extra);
  let s = poly([pt(0.01, 0.04), pt(1.01, 0.04), pt(1.03, 1.06), pt(0.03, 1.06)], '#2a1d17', { opacity: 0.12 });
  if (kind === 'jute') {
    const [cx, cy] = pt(0.5, 0.5);
    const rx = (pt(1, 0.5)[0] - pt(0, 0.5)[0]) / 2;
    const ry = (y2 - y1) / 2;
    s = ellipse(cx + 3, cy + 5, rx, ry, '#2a1d17', { opacity: 0.12 }) + ellipse(cx, cy, rx, ry, c1);
    for (let i = 1; i < 9; i++) s += ellipse(cx, cy, rx * (i / 9), ry * (i / 9), 'none', { stroke: shade(c1, 0.15), 'stroke-width': 1.2 });
    s += ellipse(cx, cy, rx, ry, 'none', { stroke: c2, 'stroke-width': 3 });
    return s;
  }
  s += quad(0, 1, 0, 1, c1);
  switch (kind) {
    case 'stripes':
      for (let i = 0; i < 6; i++) s += quad(0, 1, 0.1 + i * 0.15, 0.1 + i * 0.15 + 0.05, i % 2 ? c2 : c3, { opacity: 0.85 });
      break;
    case 'border':
      s += quad(0.04, 0.96, 0.08, 0.92, c2) + quad(0.07, 0.93, 0.16, 0.84, c1) + quad(0.3, 0.7, 0.35, 0.65, c3, { opacity: 0.85 });
      break;
    case 'kilim':
      s += quad(0, 1, 0, 0.14, c2) + quad(0, 1, 0.86, 1, c2);
      for (let i = 0; i < 6; i++) {
        const fu = 0.1 + i * 0.16;
        s += poly([pt(fu, 0.5), pt(fu + 0.07, 0.24), pt(fu + 0.14, 0.5), pt(fu + 0.07, 0.76)], i % 2 ? c3 : c2);
        s += poly([pt(fu + 0.04, 0.5), pt(fu + 0.07, 0.4), pt(fu + 0.1, 0.5), pt(fu + 0.07, 0.6)], c1);
      }
      break;
    case 'persian':
      s += quad(0, 1, 0, 1, c1) + quad(0.03, 0.97, 0.06, 0.94, c2) + quad(0.06, 0.94, 0.13, 0.87, c1);
      s += quad(0.09, 0.91, 0.19, 0.81, c3);
      s += poly([pt(0.5, 0.24), pt(0.68, 0.5), pt(0.5, 0.76), pt(0.32, 0.5)], c1) + poly([pt(0.5, 0.34), pt(0.6, 0.5), pt(0.5, 0.66), pt(0.4, 0.5)], c2);
      for (let i = 0; i < 14; i++) {
        const [x, y] = pt(rng.range(0.12, 0.88), rng.range(0.25, 0.75));
        if (Math.abs(x - pt(0.5, 0.5)[0]) > (pt(0.72, 0.5)[0] - pt(0.5, 0.5)[0])) s += circle(x, y, 2.5, c2, { opacity: 0.8 });
      }
      break;
    case 'checker':
      for (let i = 0; i < 8; i++) for (let j = 0; j < 4; j++) if ((i + j) % 2) s += quad(i / 8, (i + 1) / 8, j / 4, (j + 1) / 4, c2, { opacity: 0.8 });
      s += quad(0, 1, 0, 1, 'none', { stroke: c3, 'stroke-width': 3 });
      break;
    case 'plain':
      s += quad(0.03, 0.97, 0.06, 0.94, 'none', { stroke: c2, 'stroke-width': 1.5, opacity: 0.6 });
      break;
  }
  // Fringe on the near and far edges.
  if (kind !== 'plain') {
    for (let i = 0; i <= 30; i++) {
      const [x, y] = pt(i / 30, 1);
      s += line(x, y, x + (x - sc.vpx) * 0.01, y + 6, tint(c1, 0.2), 1);
    }
  }
  s += quad(0, 1, 0, 1, cv.linear([{ offset: 0, color: '#2a1d17', opacity: 0.1 }, { offset: 0.4, color: '#2a1d17', opacity: 0 }]));
  return s;
}

// ---------------------------------------------------------------- compositions

interface Side {
  /** -1 = left of centre, 1 = right. */
  dir: number;
  /** Inner edge (towards the centre) and outer edge (towards the image border) of free wall space. */
  inner: number;
  outer: number;
}

function sides(sc: Scene, halfCentre: number, windowSide: number): { win: Side; other: Side } {
  const cx = sc.W / 2;
  const mk = (dir: number): Side => ({ dir, inner: cx + dir * halfCentre, outer: dir < 0 ? 0 : sc.W });
  return { win: mk(windowSide), other: mk(-windowSide) };
}

const mid = (s: Side, t = 0.5): number => s.inner + (s.outer - s.inner) * t;
const span = (s: Side): number => Math.abs(s.outer - s.inner);

function potKind(rng: Rng, p: StylePalette): PotKind {
  if (p.name === 'Bohemian' || p.name === 'Tropical' || p.name === 'Coastal') return rng.pick(['basket', 'terracotta'] as const);
  if (p.name === 'Mid-Century Modern' || p.name === 'Scandinavian') return rng.pick(['stand', 'ceramic'] as const);
  if (p.name === 'Mediterranean' || p.name === 'Cottage Core' || p.name === 'Farmhouse') return 'terracotta';
  return 'ceramic';
}

function potColor(rng: Rng, p: StylePalette, kind: PotKind): string {
  if (kind === 'terracotta') return '#c47a55';
  if (kind === 'basket') return '#c9a26a';
  return rng.pick([p.accents[0] ?? '#ddd', '#efe9df', p.accents[2] ?? '#333', '#3a3a3a']);
}

function anyPlant(sc: Scene, height: number): Drawn {
  const { rng, p } = sc;
  const kind = rng.pick(p.plants);
  const pk = potKind(rng, p);
  return plant(sc.ctx, kind === 'trailing' ? 'fig' : kind, height, pk, potColor(rng, p, pk));
}

/** Art over the focal piece: one big piece, a pair, a gallery wall, a mirror or a macramé. */
function focalWallArt(sc: Scene, x: number, bottomCm: number, maxWcm: number): string {
  const { rng, p, ctx } = sc;
  const frame = rng.pick([p.wood, '#2a2623', p.metal, '#f4efe6']);
  const dense = p.density > 0.8;
  const mode = p.name === 'Bohemian' && rng.chance(0.5) ? 'macrame' : dense ? 'gallery' : rng.pick(['one', 'one', 'pair', 'mirror'] as const);
  if (mode === 'macrame') return hang(sc, macrame(ctx, 60, 95), x, bottomCm);
  if (mode === 'mirror') return hang(sc, mirror(ctx, 72, 112, true, p.metal), x, bottomCm);
  if (mode === 'pair') {
    const w = Math.min(52, maxWcm / 2.3);
    return [-1, 1].map((d) => hang(sc, framedArt(ctx, rng.pick(p.art), w, w * 1.3, frame), x + d * (w * 0.58) * sc.s0, bottomCm)).join('');
  }
  if (mode === 'gallery') {
    const cells: Array<[number, number, number, number]> = [
      [-70, 0, 44, 56], [-20, 0, 40, 30], [-20, 36, 40, 44], [26, 0, 36, 48], [68, 0, 30, 30], [68, 38, 30, 36], [-58, 64, 28, 28],
    ];
    return cells.map(([dx, dy, w, h]) => hang(sc, framedArt(ctx, rng.pick(p.art), w, h, rng.pick([frame, p.metal, '#2a2623'])), x + (dx + (w > 40 ? 0 : 0)) * sc.s0, bottomCm + dy)).join('');
  }
  const w = Math.min(110, maxWcm);
  return hang(sc, framedArt(ctx, rng.pick(p.art), w, w * rng.pick([0.7, 0.75, 1]), frame), x, bottomCm);
}

function livingRoom(sc: Scene, winDir: number): { back: string[]; front: string[]; wall: string[]; rug: string } {
  const { rng, p, ctx, W, floorY, s0 } = sc;
  const cx = W / 2 + rng.range(-0.02, 0.02) * W;
  const sofaW = rng.range(200, 225);
  const back: string[] = [];
  const front: string[] = [];
  const wall: string[] = [];
  const sofaY = floorY + 24;
  const sofaD = sofa(ctx, p.sofa, sofaW, p.fabric[0]);
  const halfSofa = (sofaW / 2) * scaleAt(sc, sofaY);
  const { win, other } = sides(sc, halfSofa + 62 * s0, winDir);
  wall.push(focalWallArt(sc, cx, 118, sofaW * 0.6));
  // Side table or floor lamp right beside the sofa.
  const besideX = cx + other.dir * (halfSofa + 32 * s0);
  back.push(rng.chance(0.5) ? put(sc, sideTable(ctx, true), besideX, sofaY - 4) : put(sc, floorLamp(ctx, p.lamp), besideX, sofaY - 6, other.dir < 0 && p.lamp === 'arc' ? false : other.dir > 0 && p.lamp === 'arc'));
  back.push(put(sc, sofaD, cx, sofaY));
  // Storage on the far side with styling, art or a shelf above.
  if (span(other) > 320) {
    const stW = Math.min(160, (span(other) - 140) / s0);
    const st = storage(ctx, p.storage === 'bookcase' || p.storage === 'metal' ? p.storage : p.storage === 'hutch' ? 'dresser' : p.storage, stW);
    const stX = mid(other, 0.48);
    back.push(put(sc, st, stX, floorY + 6));
    if (st.h < 100) {
      const topY = floorY + 6 - st.h * scaleAt(sc, floorY + 6);
      back.push(place(stX - stW * 0.28 * s0, topY, s0, lampAt(sc, p.lamp === 'pleated' ? 'pleated' : rng.pick(['mushroom', 'globe', 'ginger'] as const))));
      back.push(place(stX + stW * 0.25 * s0, topY, s0, rng.chance(0.5) ? plant(ctx, 'trailing', 50, 'ceramic', potColor(rng, p, 'ceramic')).svg : ''));
      wall.push(rng.chance(0.5) ? hang(sc, wallShelf(ctx, 70), stX, st.h + 75) : hang(sc, framedArt(ctx, rng.pick(p.art), 50, 65, rng.pick([p.wood, '#2a2623'])), stX + stW * 0.1 * s0, st.h + 40));
    }
    back.push(put(sc, anyPlant(sc, rng.range(150, 185)), mid(other, 0.88), floorY + 18));
  }
  // Window side: armchair + lamp or plant, plus a tall plant.
  const chairX = mid(win, 0.42);
  front.push(put(sc, armchair(ctx, p.chair, p.fabric[1]), chairX, floorY + 120, win.dir < 0));
  const cornerPlant = p.density > 0.55;
  back.push(put(sc, cornerPlant || rng.chance(0.5) ? floorLamp(ctx, p.lamp === 'arc' ? 'tripod' : p.lamp) : anyPlant(sc, 140), chairX + win.dir * 70 * s0, floorY + 40));
  if (cornerPlant) back.push(put(sc, anyPlant(sc, rng.range(120, 175)), mid(win, 0.95), floorY + 60));
  // Coffee table, pouf.
  const tables: TableKind[] = p.name === 'Bohemian' || p.name === 'Tropical' || p.name === 'Coastal' ? ['rattan', 'round'] : p.name === 'Industrial' || p.name === 'Vintage Eclectic' ? ['trunk', 'oval'] : p.name === 'Art Deco' || p.name === 'Contemporary' ? ['round', 'glass'] : ['oval', 'block', 'round'];
  front.push(put(sc, coffeeTable(ctx, rng.pick(tables), rng.range(95, 120)), cx, floorY + 128));
  if (p.density > 0.6) front.push(put(sc, pouf(ctx, rng.pick(p.accents)), cx + other.dir * (halfSofa * 0.95), floorY + 205));
  const rugHalf = sofaW * 0.62 * s0;
  return { back, front, wall, rug: drawRug(sc, cx - rugHalf, cx + rugHalf, floorY + 40, floorY + 250) };
}

/** A table lamp standing on a surface at local y = 0 (for tops of dressers and sideboards). */
function lampAt(sc: Scene, kind: 'mushroom' | 'globe' | 'pleated' | 'ginger'): string {
  return tableLamp(sc.ctx, 0, kind);
}

function bedroom(sc: Scene, winDir: number): { back: string[]; front: string[]; wall: string[]; rug: string } {
  const { rng, p, ctx, W, floorY, s0 } = sc;
  const cx = W / 2;
  const bedW = rng.range(160, 180);
  const bedY = floorY + 40;
  const headboards = { Bohemian: 'rattan', Tropical: 'rattan', Coastal: 'rattan', 'Art Deco': 'arch', Farmhouse: 'wood', 'Cottage Core': 'iron', Industrial: 'iron', 'Mid-Century Modern': 'wood', Scandinavian: 'wood', Mediterranean: 'arch' } as const;
  const hb = (headboards as Partial<Record<string, 'upholstered' | 'arch' | 'wood' | 'rattan' | 'iron'>>)[p.name] ?? 'upholstered';
  const bedD = bed(ctx, bedW, hb);
  const half = (bedW / 2 + 8) * scaleAt(sc, bedY);
  const back: string[] = [];
  const front: string[] = [];
  const wall: string[] = [];
  const lampKind = p.lamp === 'pleated' ? 'pleated' : p.lamp === 'globe' ? 'globe' : rng.pick(['mushroom', 'ginger'] as const);
  for (const d of [-1, 1]) back.push(put(sc, nightstand(ctx, lampKind), cx + d * (half + 30 * s0), floorY + 16));
  back.push(put(sc, bedD, cx, bedY));
  wall.push(focalWallArt(sc, cx, hb === 'arch' ? 150 : 132, bedW * 0.8));
  const { win, other } = sides(sc, half + 60 * s0, winDir);
  if (span(other) > 300) {
    const stW = Math.min(130, (span(other) - 120) / s0);
    const st = storage(ctx, p.storage === 'credenza' || p.storage === 'deco' ? p.storage : 'dresser', stW);
    const stX = mid(other, 0.45);
    back.push(put(sc, st, stX, floorY + 6));
    const topY = floorY + 6 - st.h * scaleAt(sc, floorY + 6);
    back.push(place(stX + stW * 0.28 * s0, topY, s0, plant(ctx, rng.pick(['trailing', 'pampas'] as const), 55, 'ceramic', potColor(rng, p, 'ceramic')).svg));
    wall.push(hang(sc, mirror(ctx, 70, 95, rng.chance(0.5), p.metal), stX - stW * 0.1 * s0, st.h + 20));
  }
  back.push(put(sc, anyPlant(sc, rng.range(140, 180)), mid(win, 0.78), floorY + 30));
  front.push(put(sc, armchair(ctx, p.chair, p.fabric[1]), mid(win, 0.36), floorY + 130, win.dir < 0));
  if (p.density > 0.7) front.push(put(sc, pouf(ctx, rng.pick(p.accents)), cx + other.dir * half * 0.9, floorY + 215));
  return { back, front, wall, rug: drawRug(sc, cx - bedW * 0.75 * s0, cx + bedW * 0.75 * s0, floorY + 70, floorY + 270) };
}

function diningRoom(sc: Scene, winDir: number): { back: string[]; front: string[]; wall: string[]; rug: string } {
  const { rng, p, ctx, W, floorY, s0 } = sc;
  const cx = W / 2;
  const tableW = rng.range(200, 230);
  const tableY = floorY + 110;
  const back: string[] = [];
  const front: string[] = [];
  const wall: string[] = [];
  const chairStyle = p.name === 'Farmhouse' || p.name === 'Scandinavian' || p.name === 'Cottage Core' ? 'spindle' : p.name === 'Industrial' ? 'metal' : p.name === 'Art Deco' || p.name === 'Maximalist' || p.name === 'Transitional' ? 'upholstered' : p.name === 'Mid-Century Modern' || p.name === 'Contemporary' ? 'bentwood' : 'cane';
  const chairCol = p.fabric[1];
  const sTable = scaleAt(sc, tableY);
  const half = (tableW / 2) * sTable;
  const { win, other } = sides(sc, half + 90 * s0, winDir);
  // Sideboard and art on the back wall behind the table.
  const sb = storage(ctx, p.storage === 'hutch' || p.storage === 'bookcase' ? p.storage : p.storage === 'metal' ? 'metal' : 'credenza', p.storage === 'hutch' ? 130 : 170);
  const sbX = span(other) > 260 ? mid(other, 0.45) : cx;
  if (span(other) > 260) back.push(put(sc, sb, sbX, floorY + 4));

  for (let i = 0; i < 3; i++) back.push(put(sc, diningChair(ctx, chairStyle, chairCol), cx + (i - 1) * tableW * 0.32 * sTable, tableY - 45));
  front.push(put(sc, diningTable(ctx, tableW, p.name === 'Cottage Core' || p.name === 'Mediterranean'), cx, tableY));
  for (const d of [-1, 1]) front.push(put(sc, diningChair(ctx, chairStyle, chairCol), cx + d * (half + 18 * sTable), tableY + 12));
  const n = p.name === 'Minimalist' ? 1 : rng.chance(0.5) ? 3 : 1;
  // Art never sits behind a pendant cord: flanking frames with one pendant, art over the sideboard with three.
  const frame = rng.pick([p.wood, '#2a2623', p.metal]);
  if (n === 1) for (const d of [-1, 1]) wall.push(hang(sc, framedArt(ctx, rng.pick(p.art), 48, 62, frame), cx + d * 62 * s0, 140));
  else if (span(other) > 260 && sb.h < 100) wall.push(hang(sc, framedArt(ctx, rng.pick(p.art), 70, 52, frame), sbX, sb.h + 35));
  const dropY = tableY - 77 * sTable - 62 * s0;
  for (let i = 0; i < n; i++) wall.push(place(cx + (n === 1 ? 0 : (i - 1) * tableW * 0.33 * sTable), dropY, s0 * 1.1, pendant(ctx, p.pendant, dropY / (s0 * 1.1))));
  back.push(put(sc, anyPlant(sc, rng.range(150, 185)), mid(win, 0.7), floorY + 30));
  if (span(other) > 260 && sb.h < 100) {
    const topY = floorY + 4 - sb.h * scaleAt(sc, floorY + 4);
    back.push(place(sbX - 40 * s0, topY, s0, lampAt(sc, 'ginger')));
  }
  if (p.density > 0.5) front.push(put(sc, anyPlant(sc, rng.range(90, 120)), mid(win, 0.35), floorY + 200));
  return { back, front, wall, rug: drawRug(sc, cx - tableW * 0.8 * s0, cx + tableW * 0.8 * s0, floorY + 55, floorY + 250) };
}

function office(sc: Scene, winDir: number): { back: string[]; front: string[]; wall: string[]; rug: string } {
  const { rng, p, ctx, W, floorY, s0 } = sc;
  const cx = W / 2;
  const deskW = rng.range(130, 150);
  const back: string[] = [];
  const front: string[] = [];
  const wall: string[] = [];
  const halfDesk = (deskW / 2) * s0;
  back.push(put(sc, desk(ctx, deskW), cx, floorY + 16));
  wall.push(hang(sc, wallShelf(ctx, deskW * 0.7), cx, 165), hang(sc, wallShelf(ctx, deskW * 0.5), cx - deskW * 0.1 * s0, 125));
  wall.push(hang(sc, framedArt(ctx, rng.pick(p.art), 42, 54, p.wood), cx + deskW * 0.3 * s0, 190));
  front.push(put(sc, diningChair(ctx, 'upholstered', p.fabric[1]), cx - 10 * s0, floorY + 80));
  const { win, other } = sides(sc, halfDesk + 70 * s0, winDir);
  if (span(other) > 260) {
    back.push(put(sc, storage(ctx, 'bookcase', Math.min(110, (span(other) - 120) / s0)), mid(other, 0.5), floorY + 8));
  }
  front.push(put(sc, armchair(ctx, p.chair, p.fabric[0]), mid(win, 0.4), floorY + 120, win.dir < 0));
  back.push(put(sc, floorLamp(ctx, p.lamp === 'arc' ? 'tripod' : p.lamp), mid(win, 0.4) + win.dir * 70 * s0, floorY + 40));
  back.push(put(sc, anyPlant(sc, rng.range(140, 180)), mid(win, 0.9), floorY + 40));
  front.push(put(sc, anyPlant(sc, 110), mid(other, 0.1), floorY + 160));
  return { back, front, wall, rug: drawRug(sc, cx - deskW * 0.9 * s0, cx + deskW * 0.9 * s0, floorY + 50, floorY + 240) };
}

/** The bare "before" room: same window, dull paint, boxes, a bare bulb and one tired chair. */
function beforeRoom(sc: Scene, winDir: number): { back: string[]; front: string[]; wall: string[]; rug: string } {
  const { rng, ctx, W, floorY, s0 } = sc;
  const cx = W / 2;
  const back: string[] = [];
  const front: string[] = [];
  back.push(put(sc, boxes(ctx, 3), cx - winDir * W * 0.2, floorY + 50));
  back.push(put(sc, rolledRug(ctx, '#9c8f7e'), cx - winDir * W * 0.36, floorY + 20));
  front.push(put(sc, boxes(ctx, 2), cx + winDir * W * 0.05, floorY + 170));
  if (rng.chance(0.7)) back.push(put(sc, diningChair(ctx, 'metal', '#8a8580'), cx + winDir * W * 0.18, floorY + 70));
  const wall = [place(cx, floorY - 190 * s0, s0, pendant(ctx, 'bulb', (floorY - 190 * s0) / s0, false))];
  return { back, front, wall, rug: '' };
}

export function roomScene(opts: RoomSceneOptions): string {
  const { seed, style, width, height } = opts;
  const before = opts.variant === 'before';
  const rng = createRng(`${String(seed)}|${style}`);
  const room = opts.room ?? rng.pick(ROOM_KINDS);
  const base = paletteFor(style);
  const p = before ? dullPalette(base) : base;
  const cv = new Canvas();
  const H = 1000;
  // Narrow formats (4:3, square, portrait) are laid out at least 1600 wide and centre-cropped,
  // like a photo framed tighter, instead of squeezing the furniture together.
  const viewW = Math.round((1000 * width) / height);
  const W = Math.max(viewW, 1600);
  const floorY = 700;
  const s0 = floorY / 275;
  // The layout and window share one stream, so 'before' and 'after' of the same seed line up.
  const layoutRng = rng.fork('layout');
  const sc: Scene = { ctx: { cv, rng: rng.fork('art'), p }, cv, rng: rng.fork('art'), p, W, H, floorY, s0, vpx: W / 2, vpy: -300, before };
  sc.ctx.rng = sc.rng;
  const winDir = layoutRng.chance(0.5) ? -1 : 1;
  const centreHalf = room === 'bedroom' ? 170 * s0 : room === 'dining' ? 190 * s0 : room === 'office' ? 140 * s0 : 150 * s0;
  const winSide = sides(sc, centreHalf, winDir).win;
  const winCx = mid(winSide, 0.5);
  const wb = windowBox(sc, winCx, span(winSide) - 40 * s0);

  const content = before ? beforeRoom(sc, winDir) : room === 'bedroom' ? bedroom(sc, winDir) : room === 'dining' ? diningRoom(sc, winDir) : room === 'office' ? office(sc, winDir) : livingRoom(sc, winDir);
  let body = drawWall(sc);
  body += drawWindow(sc, wb);
  body += content.wall.join('');
  body += drawFloor(sc);
  body += content.rug;
  body += daylight(sc, wb, -winDir);
  body += content.back.join('');
  body += content.front.join('');
  // Warm light wash from the window side and a soft vignette keep the eye in the middle.
  body += rect(0, 0, W, H, cv.linear([{ offset: 0, color: '#fff4dc', opacity: winDir < 0 ? 0.16 : 0 }, { offset: 1, color: '#fff4dc', opacity: winDir < 0 ? 0 : 0.16 }], 0, 0, 1, 0));
  body += rect(0, 0, W, H, cv.radial([{ offset: 0.55, color: '#2a1d17', opacity: 0 }, { offset: 1, color: '#2a1d17', opacity: before ? 0.3 : 0.22 }], 0.5, 0.5, 0.75));
  if (before) body += rect(0, 0, W, H, '#8f8a84', { opacity: 0.12 });
  return cv.document(viewW, H, width, height, body, (W - viewW) / 2);
}

