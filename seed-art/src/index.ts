/**
 * Good Space art library: original, seeded illustrations of rooms and furniture as SVG strings,
 * plus a sharp-based rasteriser. See README.md in this folder.
 */

export { roomScene, ROOM_KINDS, type RoomKind, type RoomSceneOptions } from './room-scene.ts';
export { furniturePiece, CATALOG_CATEGORIES, type CatalogCategory, type FurniturePieceOptions } from './furniture-piece.ts';
export { renderSvg, renderSvgFormats, type RasterFormat, type RenderOptions } from './render.ts';
export { DESIGN_STYLES, STYLE_PALETTES, paletteFor, isDesignStyle, type DesignStyle, type StylePalette } from './styles.ts';
export { createRng, hashSeed, type Rng } from './random.ts';
