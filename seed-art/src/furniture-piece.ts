/**
 * Single catalogue pieces on a soft studio backdrop (a pale sweep with a contact shadow), one
 * drawer per catalogue category. Used for product photos in the vintage marketplace.
 */

import { mix, shade, tint } from './color.ts';
import {
  armchair,
  bed,
  bookStack,
  coffeeTable,
  desk,
  diningChair,
  diningTable,
  type DrawCtx,
  type Drawn,
  floorLamp,
  floorShadow as floorShadowFor,
  framedArt,
  mirror,
  plant,
  pouf,
  sideTable,
  sofa,
  storage,
  tableLamp,
  vase,
} from './pieces.ts';
import { createRng } from './random.ts';
import { DESIGN_STYLES, type DesignStyle, paletteFor } from './styles.ts';
import { Canvas, group, rect } from './svg.ts';

export const CATALOG_CATEGORIES = ['couch', 'chair', 'table', 'desk', 'bed', 'dresser', 'cabinet', 'lighting', 'decor', 'other'] as const;
export type CatalogCategory = (typeof CATALOG_CATEGORIES)[number];

export interface FurniturePieceOptions {
  seed: string | number;
  category: CatalogCategory;
  width: number;
  height: number;
  /** Palette to draw from; picked from the seed when omitted. */
  style?: DesignStyle;
}

interface Piece extends Drawn {
  /** Horizontal centre of the drawing's bounding box in local units (0 for symmetric pieces). */
  cx?: number;
}

function drawPiece(ctx: DrawCtx, category: CatalogCategory): Piece {
  const { rng, p } = ctx;
  switch (category) {
    case 'couch':
      return sofa(ctx, rng.chance(0.6) ? p.sofa : rng.pick(['midcentury', 'chesterfield', 'boxy', 'curved', 'slipcover'] as const), rng.range(170, 215), rng.pick(p.fabric));
    case 'chair':
      return rng.chance(0.75)
        ? armchair(ctx, rng.chance(0.5) ? p.chair : rng.pick(['lounge', 'rattan', 'club', 'wingback', 'shell', 'slipper'] as const), rng.pick(p.fabric))
        : diningChair(ctx, rng.pick(['spindle', 'cane', 'bentwood', 'metal', 'upholstered'] as const), rng.pick(p.fabric));
    case 'table': {
      const roll = rng.next();
      if (roll < 0.5) return coffeeTable(ctx, rng.pick(['oval', 'round', 'trunk', 'glass', 'rattan', 'block'] as const), rng.range(95, 120));
      if (roll < 0.8) return diningTable(ctx, rng.range(150, 190), false);
      return sideTable(ctx, rng.chance(0.5));
    }
    case 'desk':
      return desk(ctx, rng.range(120, 150));
    case 'bed':
      return bed(ctx, rng.range(150, 180), rng.pick(['upholstered', 'arch', 'wood', 'rattan', 'iron'] as const));
    case 'dresser':
      return storage(ctx, 'dresser', rng.range(100, 130));
    case 'cabinet': {
      const kind = rng.pick(['credenza', 'hutch', 'deco', 'metal', 'bookcase'] as const);
      return storage(ctx, kind, kind === 'credenza' || kind === 'deco' ? rng.range(140, 170) : rng.range(90, 120));
    }
    case 'lighting': {
      if (rng.chance(0.7)) {
        const kind = rng.pick(['arc', 'tripod', 'globe', 'pleated', 'paper', 'mushroom'] as const);
        return { ...floorLamp(ctx, kind), cx: kind === 'arc' ? 21 : 0 };
      }
      const kind = rng.pick(['mushroom', 'globe', 'pleated', 'ginger'] as const);
      return { svg: floorShadowFor(ctx, 30) + tableLamp(ctx, 0, kind), w: 44, h: 60 };
    }
    case 'decor': {
      const roll = rng.next();
      if (roll < 0.35) return { svg: mirror(ctx, 60, 110, rng.chance(0.6), p.metal), w: 60, h: 110 };
      if (roll < 0.65) return { svg: framedArt(ctx, rng.pick(p.art), 60, 78, rng.pick([p.wood, '#2a2623', p.metal])), w: 60, h: 78 };
      // A still life of ceramics and books.
      const svg = bookStack(ctx, -14, 0, 3) + vase(ctx, -16, -10, 22, rng.pick(p.accents), true) + vase(ctx, 12, 0, 30, rng.pick(p.accents), false) + vase(ctx, 30, 0, 16, rng.pick(p.accents), false);
      return { svg, w: 80, h: 60 };
    }
    case 'other': {
      const roll = rng.next();
      if (roll < 0.5) return plant(ctx, rng.pick(p.plants), rng.range(120, 170), rng.pick(['terracotta', 'ceramic', 'basket'] as const), rng.pick(['#c47a55', '#efe9df', p.accents[0] ?? '#ddd']));
      if (roll < 0.75) return pouf(ctx, rng.pick(p.accents));
      return coffeeTable(ctx, 'trunk', 90);
    }
  }
}

export function furniturePiece(opts: FurniturePieceOptions): string {
  const { seed, category, width: W, height: H } = opts;
  const rng = createRng(`${String(seed)}|${category}`);
  const style = opts.style ?? rng.pick(DESIGN_STYLES);
  const p = paletteFor(style);
  const cv = new Canvas();
  const ctx: DrawCtx = { cv, rng: rng.fork('piece'), p };
  // Backdrop colour: a pale wash of one of the style's accents, so listings feel of a piece with their style.
  const wash = mix(rng.pick(p.accents), '#f6f1e9', 0.82);
  const floorTop = H * 0.7;
  let body = rect(0, 0, W, H, cv.vgrad(tint(wash, 0.25), wash));
  body += rect(0, floorTop, W, H - floorTop, cv.linear([{ offset: 0, color: wash, opacity: 0 }, { offset: 0.35, color: shade(wash, 0.05) }, { offset: 1, color: tint(wash, 0.1) }]));
  body += rect(0, 0, W, H, cv.radial([{ offset: 0, color: '#ffffff', opacity: 0.55 }, { offset: 1, color: '#ffffff', opacity: 0 }], 0.5, 0.42, 0.55));
  const piece = drawPiece(ctx, category);
  // Small pieces (a pouf, a lamp) keep a believable size instead of filling the frame.
  const scale = Math.min((W * 0.74) / Math.max(piece.w, 120), (H * 0.68) / Math.max(piece.h, 110));
  const baseY = H * 0.86;
  body += group(piece.svg, { transform: `translate(${(W / 2 - (piece.cx ?? 0) * scale).toFixed(2)} ${baseY.toFixed(2)}) scale(${scale.toFixed(4)})` });
  return cv.document(W, H, W, H, body);
}
