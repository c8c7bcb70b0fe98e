/** A photo upload (docs/product.md, Projects): at most 5 MB, JPEG/PNG/GIF/WebP, and leading bytes that match the format. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const ALLOWED_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

/** True when the first bytes are a JPEG, PNG, GIF or WebP signature. */
export function hasImageSignature(bytes: Uint8Array): boolean {
  return (
    startsWith(bytes, [0xff, 0xd8, 0xff]) || // JPEG
    startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) || // PNG
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) || // GIF87a
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]) || // GIF89a
    (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) // RIFF….WEBP
  );
}

async function leadingBytes(file: Blob, count: number): Promise<Uint8Array> {
  const slice = file.slice(0, count);
  // jsdom's Blob lacks arrayBuffer(); FileReader works everywhere.
  if (typeof slice.arrayBuffer === 'function') return new Uint8Array(await slice.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(slice);
  });
}

/** The first problem with a file, in the product's words (docs/product.md, Messages the user sees), or null when it may be uploaded. */
export async function validateImageFile(file: File): Promise<string | null> {
  if (file.size > MAX_PHOTO_BYTES) return `${file.name}: File size must be less than 5MB`;
  if (!(ALLOWED_PHOTO_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name}: Only JPEG, PNG, GIF, and WebP images are allowed`;
  }
  try {
    const bytes = await leadingBytes(file, 12);
    if (!hasImageSignature(bytes)) return `${file.name}: Invalid image file format`;
  } catch {
    return `${file.name}: Failed to validate file`;
  }
  return null;
}
