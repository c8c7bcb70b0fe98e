/**
 * Photos leave the browser sized for the page and in a modern format (docs/architecture.md, Performance rules):
 * at most `maxSide` pixels on the long side, re-encoded as WebP. A phone's 4,000-pixel JPEG of a lamp becomes a
 * few hundred kilobytes that every viewer of the piece downloads instead of several megabytes.
 *
 * The original is kept when the browser cannot decode or encode the image here (no OffscreenCanvas, no WebP
 * encoder, a file it cannot read), for GIFs (re-encoding would drop their animation), and when re-encoding a photo
 * that needs no resizing would not make it smaller.
 */
export async function preparePhoto(file: File, { maxSide = 1600, quality = 0.85 } = {}): Promise<File> {
  if (file.type === 'image/gif') return file;
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas === 'undefined') return file;
  try {
    // Decoding honours the photo's EXIF orientation (imageOrientation 'from-image' is the default).
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) {
      bitmap.close();
      return file;
    }
    context.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const blob = await canvas.convertToBlob({ type: 'image/webp', quality });
    // A browser without a WebP encoder answers PNG.
    if (blob.type !== 'image/webp') return file;
    if (scale === 1 && blob.size >= file.size) return file;
    const base = file.name.replace(/\.[^.]*$/, '') || 'photo';
    return new File([blob], `${base}.webp`, { type: 'image/webp', lastModified: file.lastModified });
  } catch {
    return file;
  }
}
