/**
 * Demo images for the seeded data (supabase/seed.sql, its rows only: found by their ids), made here and uploaded
 * through Storage with the service key. `npm start` runs it once the stack is up; it is idempotent (files already there are skipped), so running
 * it again only fills what is missing. `--force` re-uploads everything.
 *
 *   designer-portfolio/{designerId}/portfolio-{1..3}.webp   finished rooms in the designer's styles
 *   project-photos/{projectId}/before-N.webp, after-N.webp   active: before-1, before-2, after-1;
 *                                                            completed: before-1, after-1, after-2
 *   project-photos/{projectId}/{createdAtMs}_0.webp          the photo a pending project was posted with
 *   catalog-images/{designerId}/{itemId}.webp                a piece without photos (image_url is set); its orders and
 *                                                            selection-board proposals keep it
 *
 * Everything is drawn from code (seed-art/, @good-space/seed-art) and rasterised with sharp; nothing is downloaded.
 * Target: SUPABASE_URL + SUPABASE_SECRET_KEY (an sb_secret_ key; a legacy SUPABASE_SERVICE_ROLE_KEY is still read)
 * when set, else the local stack's defaults.
 */
import { availableParallelism } from 'node:os';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import ws from 'ws';
import { loadConfig } from '@good-space/local-supabase';
import {
  createRng,
  DESIGN_STYLES,
  isDesignStyle,
  paletteFor,
  roomScene,
  type DesignStyle,
  type RoomKind,
} from '@good-space/seed-art';
import { Canvas, place, rect, ellipse } from '@good-space/seed-art/svg';
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
  mirror,
  plant,
  pouf,
  sofa,
  storage,
} from '@good-space/seed-art/pieces';

const FORCE = process.argv.includes('--force');
const config = loadConfig();
const url = process.env.SUPABASE_URL ?? config.apiUrl;
const key = process.env.SUPABASE_SECRET_KEY ?? process.env.SUPABASE_SERVICE_ROLE_KEY ?? config.secretKey;
const supabase: SupabaseClient = createClient(url, key, {
  auth: { persistSession: false, autoRefreshToken: false },
  // Node 20 has no global WebSocket; supabase-js needs one even though this script never subscribes.
  realtime: {
    transport: ws as unknown as NonNullable<Parameters<typeof createClient>[2]>['realtime'] extends infer R
      ? R extends { transport?: infer T }
        ? T
        : never
      : never,
  },
});

const log = (msg: string) => console.log(`seed-storage: ${msg}`);

function styleOf(name: string | null | undefined, fallbackSeed: string): DesignStyle {
  if (name && isDesignStyle(name)) return name;
  return createRng(fallbackSeed).pick(DESIGN_STYLES);
}

function roomOf(title: string): RoomKind {
  const t = title.toLowerCase();
  if (/bed|guest|sleep/.test(t)) return 'bedroom';
  if (/dining|kitchen|breakfast|nook/.test(t)) return 'dining';
  if (/office|desk|study|bookshel/.test(t)) return 'office';
  return 'living';
}

async function webp(svg: string, quality = 78): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality }).toBuffer();
}

/** Names already stored in one folder of a bucket. */
async function existing(bucket: string, folder: string): Promise<Set<string>> {
  if (FORCE) return new Set();
  const { data, error } = await supabase.storage.from(bucket).list(folder, { limit: 1000 });
  if (error) throw new Error(`list ${bucket}/${folder}: ${error.message}`);
  return new Set((data ?? []).map((f) => f.name));
}

let uploaded = 0;
let skipped = 0;
const queue: (() => Promise<void>)[] = [];
/** Queues one image; `drain()` renders and uploads them, a few at a time (rasterising is the slow part). */
function put(bucket: string, path: string, have: Set<string>, make: () => Promise<Buffer>): void {
  const name = path.split('/').pop()!;
  if (have.has(name)) {
    skipped++;
    return;
  }
  queue.push(async () => {
    const body = await make();
    const { error } = await supabase.storage
      .from(bucket)
      .upload(path, body, { contentType: 'image/webp', upsert: true });
    if (error) throw new Error(`upload ${bucket}/${path}: ${error.message}`);
    uploaded++;
  });
}
async function drain(): Promise<void> {
  const workers = Math.max(2, Math.min(6, availableParallelism()));
  sharp.concurrency(1);
  const total = queue.length;
  if (total > 0) log(`drawing and uploading ${total} demo images (first start only)…`);
  const progress = setInterval(() => log(`${uploaded}/${total} images`), 10_000);
  progress.unref();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await job();
    }),
  ).finally(() => clearInterval(progress));
}

/** One Good Stuff piece on a soft studio backdrop. */
function pieceImage(itemId: string, category: string, style: DesignStyle): string {
  const rng = createRng(`catalog/${itemId}`);
  const p = paletteFor(style);
  const cv = new Canvas();
  const ctx: DrawCtx = { cv, rng, p };
  const W = 1000;
  const H = 1000;
  const floorY = 790;
  const fabric = rng.pick(p.fabric);
  let drawn: Drawn;
  let onWall: string | null = null;
  switch (category) {
    case 'couch':
      drawn = sofa(ctx, p.sofa, 210, fabric);
      break;
    case 'chair':
      drawn = rng.chance(0.5)
        ? armchair(ctx, p.chair, fabric)
        : diningChair(ctx, rng.pick(['spindle', 'cane', 'bentwood', 'metal', 'upholstered'] as const), fabric);
      break;
    case 'table':
      drawn = rng.chance(0.5)
        ? coffeeTable(ctx, rng.pick(['oval', 'round', 'trunk', 'glass', 'rattan', 'block'] as const), 120)
        : diningTable(ctx, 170, false);
      break;
    case 'desk':
      drawn = desk(ctx, 130);
      break;
    case 'bed':
      drawn = bed(ctx, 170, rng.pick(['upholstered', 'arch', 'wood', 'rattan', 'iron'] as const));
      break;
    case 'dresser':
      drawn = storage(ctx, 'dresser', 120);
      break;
    case 'cabinet':
      drawn = storage(ctx, rng.pick(['credenza', 'hutch', 'metal', 'bookcase', 'deco'] as const), 140);
      break;
    case 'lighting':
      drawn = floorLamp(ctx, p.lamp, true);
      break;
    case 'decor':
      if (rng.chance(0.5)) {
        drawn = plant(ctx, rng.pick(p.plants), 150, 'terracotta', rng.pick(p.accents));
      } else {
        drawn = { svg: '', w: 100, h: 120 };
        onWall = rng.chance(0.5)
          ? framedArt(ctx, rng.pick(p.art), 90, 110, p.wood)
          : mirror(ctx, 80, 120, rng.chance(0.5), p.metal);
      }
      break;
    default:
      drawn = rng.chance(0.5) ? pouf(ctx, fabric) : boxes(ctx, 3);
  }
  const scale = Math.min(620 / Math.max(drawn.w, 1), 560 / Math.max(drawn.h, 1));
  let body = rect(0, 0, W, floorY, cv.vgrad(p.wall[0], p.wall[1]));
  body += rect(0, floorY, W, H - floorY, cv.vgrad(p.floorColor, p.floorColor));
  body += ellipse(W / 2, floorY + 6, 340, 26, cv.shadow(0.22));
  if (drawn.svg) body += place(W / 2, floorY, scale, drawn.svg);
  if (onWall) body += place(W / 2, floorY - 470, 3.2, onWall);
  body += rect(
    0,
    0,
    W,
    H,
    cv.radial([
      { offset: 0.6, color: '#2a1d17', opacity: 0 },
      { offset: 1, color: '#2a1d17', opacity: 0.18 },
    ]),
  );
  return cv.document(W, H, 900, 900, body);
}

/**
 * The ids supabase/seed.sql gives one kind of row ('d' designers, 'b' projects, 'f' Good Stuff pieces), as an
 * inclusive range: only the seed's own rows get drawn pictures, never what people made on the stack since.
 */
function seedIds(kind: 'b' | 'd' | 'f'): [string, string] {
  return [`${kind}0000000-0000-4000-8000-000000000000`, `${kind}0000000-0000-4000-8000-ffffffffffff`];
}

async function main(): Promise<void> {
  const started = Date.now();
  const [designersFrom, designersTo] = seedIds('d');
  const { data: designers, error: dErr } = await supabase
    .from('designer_profiles')
    .select('user_id, specialties')
    .gte('user_id', designersFrom)
    .lte('user_id', designersTo)
    .not('bio', 'is', null);
  if (dErr) throw new Error(`designers: ${dErr.message}`);
  for (const d of designers ?? []) {
    const folder = d.user_id as string;
    const have = await existing('designer-portfolio', folder);
    const styles: string[] = (d.specialties as string[] | null)?.length
      ? (d.specialties as string[])
      : ['Vintage Eclectic'];
    for (let i = 1; i <= 3; i++) {
      const style = styleOf(styles[(i - 1) % styles.length], `${folder}/${i}`);
      put('designer-portfolio', `${folder}/portfolio-${i}.webp`, have, () =>
        webp(roomScene({ seed: `portfolio/${folder}/${i}`, style, width: 800, height: 600 })),
      );
    }
  }

  const [projectsFrom, projectsTo] = seedIds('b');
  const { data: projects, error: pErr } = await supabase
    .from('projects')
    .select('id, title, status, preferred_style, created_at')
    .gte('id', projectsFrom)
    .lte('id', projectsTo);
  if (pErr) throw new Error(`projects: ${pErr.message}`);
  for (const p of projects ?? []) {
    const id = p.id as string;
    const have = await existing('project-photos', id);
    const style = styleOf(p.preferred_style as string | null, id);
    const room = roomOf(p.title as string);
    const scene = (variant: 'before' | 'after', n: number) => () =>
      webp(roomScene({ seed: `project/${id}/${n}`, style, room, variant, width: 800, height: 600 }));
    if (p.status === 'pending') {
      put('project-photos', `${id}/${new Date(p.created_at as string).getTime()}_0.webp`, have, scene('before', 1));
    } else if (p.status === 'active') {
      put('project-photos', `${id}/before-1.webp`, have, scene('before', 1));
      put('project-photos', `${id}/before-2.webp`, have, scene('before', 2));
      put('project-photos', `${id}/after-1.webp`, have, scene('after', 1));
    } else {
      put('project-photos', `${id}/before-1.webp`, have, scene('before', 1));
      put('project-photos', `${id}/after-1.webp`, have, scene('after', 1));
      put('project-photos', `${id}/after-2.webp`, have, scene('after', 2));
    }
  }

  const [itemsFrom, itemsTo] = seedIds('f');
  const { data: items, error: iErr } = await supabase
    .from('catalog_items')
    .select('id, designer_id, category, image_url')
    .gte('id', itemsFrom)
    .lte('id', itemsTo);
  if (iErr) throw new Error(`catalog: ${iErr.message}`);
  const specialtiesOf = new Map((designers ?? []).map((d) => [d.user_id as string, (d.specialties as string[]) ?? []]));
  const haveByFolder = new Map<string, Set<string>>();
  const urlUpdates: { id: string; publicUrl: string }[] = [];
  for (const it of items ?? []) {
    const folder = it.designer_id as string;
    const path = `${folder}/${it.id as string}.webp`;
    const publicUrl = supabase.storage.from('catalog-images').getPublicUrl(path).data.publicUrl;
    // A piece someone listed with their own photos on this stack keeps them: only pieces without a photo, or with
    // the drawn one, are drawn.
    if (it.image_url !== null && it.image_url !== publicUrl) continue;
    if (!haveByFolder.has(folder)) haveByFolder.set(folder, await existing('catalog-images', folder));
    const style = styleOf(specialtiesOf.get(folder)?.[0], it.id as string);
    put('catalog-images', path, haveByFolder.get(folder)!, () =>
      webp(pieceImage(it.id as string, it.category as string, style), 80),
    );
    if (it.image_url !== publicUrl) urlUpdates.push({ id: it.id as string, publicUrl });
  }
  await drain();
  // Only once the pictures are stored, so an item never points at a missing file.
  for (const u of urlUpdates) {
    const { error } = await supabase.from('catalog_items').update({ image_url: u.publicUrl }).eq('id', u.id);
    if (error) throw new Error(`catalog image_url ${u.id}: ${error.message}`);
    // The demo's orders were written before their piece had a photo: they keep a copy of it, as a real order does.
    const { error: orderError } = await supabase
      .from('orders')
      .update({ item_photo_url: u.publicUrl })
      .eq('catalog_item_id', u.id)
      .is('item_photo_url', null);
    if (orderError) throw new Error(`order photo of ${u.id}: ${orderError.message}`);
    // So were the selection board's proposals of it: a proposed piece shows the piece's photo.
    const { error: boardError } = await supabase
      .from('board_proposals')
      .update({ photo: u.publicUrl })
      .eq('catalog_item_id', u.id)
      .is('photo', null);
    if (boardError) throw new Error(`proposal photo of ${u.id}: ${boardError.message}`);
  }
  log(`${uploaded} uploaded, ${skipped} already there (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

main().catch((err: unknown) => {
  console.error(`seed-storage: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
