/** Rasterises SVG strings with sharp (libvips + librsvg, shipped as npm binaries). */

import sharp from 'sharp';

export type RasterFormat = 'webp' | 'avif' | 'png' | 'jpeg';

export interface RenderOptions {
  format: RasterFormat;
  /** Output width in pixels; height follows the SVG's aspect ratio. */
  width: number;
  /** Encoder quality 1–100 (ignored for PNG). Defaults suit flat illustrations. */
  quality?: number;
}

const DEFAULT_QUALITY: Record<RasterFormat, number> = { avif: 50, webp: 78, jpeg: 82, png: 100 };

function svgWidth(svg: string): number {
  const m = /<svg[^>]*\swidth="([\d.]+)"/.exec(svg);
  if (!m?.[1]) throw new Error('renderSvg: the root <svg> needs a numeric width attribute');
  return Number(m[1]);
}

/**
 * Renders at the target size directly (via density) rather than rasterising small and
 * upscaling, so edges stay crisp at every width. Encoder settings are fixed, so the same SVG
 * gives the same bytes with the same sharp version.
 */
export async function renderSvg(svg: string, opts: RenderOptions): Promise<Buffer> {
  const quality = opts.quality ?? DEFAULT_QUALITY[opts.format];
  const density = (72 * opts.width) / svgWidth(svg);
  const img = sharp(Buffer.from(svg), { density }).resize({ width: opts.width });
  switch (opts.format) {
    case 'avif':
      return img.avif({ quality, effort: 2, chromaSubsampling: '4:2:0' }).toBuffer();
    case 'webp':
      return img.webp({ quality, effort: 4, smartSubsample: true }).toBuffer();
    case 'jpeg':
      return img.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true, progressive: true }).toBuffer();
    case 'png':
      return img.png({ compressionLevel: 9 }).toBuffer();
  }
}

/**
 * Rasterises once and encodes several formats from the same pixels: SVG rasterisation is the
 * expensive half of a render, so the hero generator uses this for its AVIF + WebP pairs.
 */
export async function renderSvgFormats(svg: string, width: number, outputs: ReadonlyArray<{ format: RasterFormat; quality?: number }>): Promise<Buffer[]> {
  const density = (72 * width) / svgWidth(svg);
  const { data, info } = await sharp(Buffer.from(svg), { density }).resize({ width }).raw().toBuffer({ resolveWithObject: true });
  return Promise.all(
    outputs.map(({ format, quality }) => {
      const img = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
      const q = quality ?? DEFAULT_QUALITY[format];
      switch (format) {
        case 'avif':
          return img.avif({ quality: q, effort: 2, chromaSubsampling: '4:2:0' }).toBuffer();
        case 'webp':
          return img.webp({ quality: q, effort: 4, smartSubsample: true }).toBuffer();
        case 'jpeg':
          return img.flatten({ background: '#ffffff' }).jpeg({ quality: q, mozjpeg: true, progressive: true }).toBuffer();
        case 'png':
          return img.png({ compressionLevel: 9 }).toBuffer();
      }
    }),
  );
}
