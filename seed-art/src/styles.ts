/**
 * One palette and a handful of furniture preferences per design style of the product (src/config/design-styles.ts; docs/product.md). The scene
 * composer reads these, so a "Coastal" room and an "Industrial" room differ in more than colour.
 */

export const DESIGN_STYLES = [
  'Mid-Century Modern',
  'Bohemian',
  'Industrial',
  'Scandinavian',
  'Vintage Eclectic',
  'Coastal',
  'Farmhouse',
  'Art Deco',
  'Contemporary',
  'Transitional',
  'Mediterranean',
  'Tropical',
  'Minimalist',
  'Maximalist',
  'Cottage Core',
] as const;

export type DesignStyle = (typeof DESIGN_STYLES)[number];

export type FloorKind = 'wood' | 'herringbone' | 'concrete' | 'terracotta' | 'checker' | 'whitewash';
export type WallFeature = 'plain' | 'brick' | 'shiplap' | 'wainscot' | 'stripes' | 'floral' | 'leaves' | 'deco' | 'limewash' | 'arch-niche';
export type SofaKind = 'midcentury' | 'chesterfield' | 'boxy' | 'curved' | 'slipcover' | 'daybed';
export type ChairKind = 'lounge' | 'rattan' | 'club' | 'wingback' | 'shell' | 'slipper';
export type LampKind = 'arc' | 'tripod' | 'globe' | 'pleated' | 'mushroom' | 'paper';
export type PendantKind = 'dome' | 'globe' | 'rattan' | 'paper' | 'fan' | 'cage';
export type PlantKind = 'fig' | 'monstera' | 'snake' | 'palm' | 'olive' | 'trailing' | 'pampas' | 'bird';
export type ArtKind = 'shapes' | 'arches' | 'landscape' | 'botanical' | 'sun' | 'fan' | 'lines' | 'portrait' | 'still-life';
export type RugKind = 'stripes' | 'border' | 'kilim' | 'jute' | 'persian' | 'plain' | 'checker' | 'none';
export type StorageKind = 'credenza' | 'dresser' | 'hutch' | 'metal' | 'bookcase' | 'deco';

export interface StylePalette {
  name: DesignStyle;
  /** Wall gradient, top → bottom. */
  wall: [string, string];
  /** Secondary wall colour for panelling, stripes or patterns. */
  wallAlt: string;
  wallFeature: WallFeature;
  trim: string;
  floor: FloorKind;
  floorColor: string;
  rug: RugKind;
  rugColors: [string, string, string];
  wood: string;
  metal: string;
  /** Upholstery colours, first is the hero sofa. */
  fabric: [string, string, string];
  /** Accent colours for cushions, ceramics, books and art. */
  accents: string[];
  plantGreens: [string, string];
  sky: [string, string];
  sofa: SofaKind;
  chair: ChairKind;
  lamp: LampKind;
  pendant: PendantKind;
  plants: PlantKind[];
  art: ArtKind[];
  storage: StorageKind;
  /** 0…1: how much stuff goes into the room (minimalist ≈ 0.2, maximalist ≈ 1). */
  density: number;
  windowShape: 'tall' | 'arch' | 'wide' | 'grid';
  curtains: boolean;
}

const P = (p: StylePalette): StylePalette => p;

export const STYLE_PALETTES: Record<DesignStyle, StylePalette> = {
  'Mid-Century Modern': P({
    name: 'Mid-Century Modern',
    wall: ['#efe3cf', '#e4d2b8'], wallAlt: '#c96f3b', wallFeature: 'plain', trim: '#f6eee2',
    floor: 'wood', floorColor: '#b07a4a', rug: 'border', rugColors: ['#e9dcc4', '#c96f3b', '#3f5d56'],
    wood: '#8a5530', metal: '#c9a45c', fabric: ['#c9803c', '#3f6b62', '#e7c873'],
    accents: ['#c96f3b', '#e7b43c', '#3f6b62', '#2f3e46', '#e9dcc4', '#b5553a'],
    plantGreens: ['#3d6b4a', '#6d9b5e'], sky: ['#bcd9e8', '#f3e9d6'],
    sofa: 'midcentury', chair: 'lounge', lamp: 'arc', pendant: 'dome', plants: ['fig', 'snake', 'monstera'],
    art: ['shapes', 'sun', 'arches'], storage: 'credenza', density: 0.6, windowShape: 'wide', curtains: false,
  }),
  Bohemian: P({
    name: 'Bohemian',
    wall: ['#f0dcc6', '#e6c9aa'], wallAlt: '#d79a73', wallFeature: 'plain', trim: '#f5e9dc',
    floor: 'wood', floorColor: '#a8744b', rug: 'kilim', rugColors: ['#b84d33', '#e9c46a', '#2a5d67'],
    wood: '#7a4e2d', metal: '#b8893c', fabric: ['#d8c3a5', '#b84d33', '#2a5d67'],
    accents: ['#b84d33', '#e9c46a', '#2a5d67', '#d98c5f', '#7b3f4e', '#f1e3c8'],
    plantGreens: ['#3f6e3a', '#7aa05a'], sky: ['#cde3e6', '#f7e7cf'],
    sofa: 'daybed', chair: 'rattan', lamp: 'paper', pendant: 'rattan', plants: ['monstera', 'trailing', 'palm', 'pampas'],
    art: ['arches', 'sun', 'botanical'], storage: 'dresser', density: 0.9, windowShape: 'arch', curtains: true,
  }),
  Industrial: P({
    name: 'Industrial',
    wall: ['#b8654a', '#9f543c'], wallAlt: '#8e4a35', wallFeature: 'brick', trim: '#3b3b3b',
    floor: 'concrete', floorColor: '#8f8a84', rug: 'persian', rugColors: ['#7a2e2a', '#d9b48a', '#2e3a4a'],
    wood: '#6b4a32', metal: '#2f2f31', fabric: ['#7b4a2e', '#4b5563', '#c2a27a'],
    accents: ['#c2783c', '#d9b48a', '#4b5563', '#7a2e2a', '#e5dccf', '#2f2f31'],
    plantGreens: ['#3b5e3b', '#6b8f54'], sky: ['#c8d6de', '#eef0ea'],
    sofa: 'chesterfield', chair: 'club', lamp: 'tripod', pendant: 'cage', plants: ['fig', 'snake'],
    art: ['lines', 'landscape', 'shapes'], storage: 'metal', density: 0.55, windowShape: 'grid', curtains: false,
  }),
  Scandinavian: P({
    name: 'Scandinavian',
    wall: ['#f4f1ec', '#e9e4dc'], wallAlt: '#dfe6e1', wallFeature: 'plain', trim: '#ffffff',
    floor: 'whitewash', floorColor: '#d9c4a4', rug: 'stripes', rugColors: ['#f2ede4', '#b9b2a6', '#6f7f86'],
    wood: '#c9a77c', metal: '#2f3437', fabric: ['#d8d3cb', '#8aa0a6', '#e8c9a0'],
    accents: ['#8aa0a6', '#e8c9a0', '#2f3437', '#c9a77c', '#d4a59a', '#f2ede4'],
    plantGreens: ['#3f6b4f', '#7ea36e'], sky: ['#cfe3ee', '#f6f4ee'],
    sofa: 'boxy', chair: 'lounge', lamp: 'tripod', pendant: 'paper', plants: ['fig', 'olive'],
    art: ['lines', 'landscape', 'shapes'], storage: 'credenza', density: 0.45, windowShape: 'tall', curtains: true,
  }),
  'Vintage Eclectic': P({
    name: 'Vintage Eclectic',
    wall: ['#3f5a4c', '#344c40'], wallAlt: '#c9a15b', wallFeature: 'plain', trim: '#efe4cf',
    floor: 'herringbone', floorColor: '#9c6a40', rug: 'persian', rugColors: ['#8e2f2b', '#e3c38d', '#2b3a55'],
    wood: '#6e3f22', metal: '#c9a15b', fabric: ['#b4553a', '#e3c38d', '#6b7b4a'],
    accents: ['#c9a15b', '#b4553a', '#e3c38d', '#2b3a55', '#d98f8f', '#f2e6d0'],
    plantGreens: ['#486e3e', '#8fb06a'], sky: ['#d4e4e6', '#f6ecd8'],
    sofa: 'chesterfield', chair: 'wingback', lamp: 'pleated', pendant: 'globe', plants: ['palm', 'trailing', 'fig'],
    art: ['portrait', 'landscape', 'still-life', 'botanical'], storage: 'dresser', density: 0.85, windowShape: 'tall', curtains: true,
  }),
  Coastal: P({
    name: 'Coastal',
    wall: ['#eef3f3', '#e0e9ea'], wallAlt: '#d2e0e3', wallFeature: 'shiplap', trim: '#ffffff',
    floor: 'whitewash', floorColor: '#cdb594', rug: 'stripes', rugColors: ['#f3efe6', '#4f7ea1', '#c9b38e'],
    wood: '#c2a47c', metal: '#c9b38e', fabric: ['#f1eee6', '#4f7ea1', '#9ec3cf'],
    accents: ['#4f7ea1', '#9ec3cf', '#e6d3b0', '#2e4f6b', '#f1eee6', '#d98e73'],
    plantGreens: ['#4f7d5a', '#93b883'], sky: ['#a9d3ea', '#f2f6f3'],
    sofa: 'slipcover', chair: 'rattan', lamp: 'globe', pendant: 'rattan', plants: ['palm', 'olive'],
    art: ['landscape', 'lines', 'sun'], storage: 'credenza', density: 0.55, windowShape: 'wide', curtains: true,
  }),
  Farmhouse: P({
    name: 'Farmhouse',
    wall: ['#f3eee4', '#e8e0d1'], wallAlt: '#ffffff', wallFeature: 'shiplap', trim: '#fbfaf6',
    floor: 'wood', floorColor: '#9a7552', rug: 'checker', rugColors: ['#efe7d8', '#5b6b5a', '#a88b6b'],
    wood: '#8a6848', metal: '#2e2e2e', fabric: ['#ece5d6', '#5b6b5a', '#b9a07c'],
    accents: ['#5b6b5a', '#b9a07c', '#2e2e2e', '#c98f6a', '#ece5d6', '#8a6848'],
    plantGreens: ['#4b6e45', '#8caf73'], sky: ['#c9dde8', '#f5f0e4'],
    sofa: 'slipcover', chair: 'wingback', lamp: 'pleated', pendant: 'dome', plants: ['olive', 'fig'],
    art: ['landscape', 'botanical', 'still-life'], storage: 'hutch', density: 0.65, windowShape: 'grid', curtains: true,
  }),
  'Art Deco': P({
    name: 'Art Deco',
    wall: ['#1f3b3a', '#183130'], wallAlt: '#c9a24a', wallFeature: 'deco', trim: '#c9a24a',
    floor: 'herringbone', floorColor: '#6e4529', rug: 'border', rugColors: ['#e8dcc6', '#1f3b3a', '#c9a24a'],
    wood: '#5a3320', metal: '#d1aa4e', fabric: ['#d9a3a0', '#1f5c4e', '#e8dcc6'],
    accents: ['#d1aa4e', '#d9a3a0', '#e8dcc6', '#1f5c4e', '#2a2a2a', '#8e3b46'],
    plantGreens: ['#2f5d47', '#6f9a6b'], sky: ['#d6dde3', '#efe6d4'],
    sofa: 'curved', chair: 'slipper', lamp: 'globe', pendant: 'fan', plants: ['palm', 'bird'],
    art: ['fan', 'arches', 'portrait'], storage: 'deco', density: 0.6, windowShape: 'arch', curtains: true,
  }),
  Contemporary: P({
    name: 'Contemporary',
    wall: ['#ebe8e3', '#dedad3'], wallAlt: '#cfc9c0', wallFeature: 'plain', trim: '#f7f6f3',
    floor: 'wood', floorColor: '#a98a6b', rug: 'plain', rugColors: ['#d6d0c6', '#8d8579', '#33363b'],
    wood: '#7d5f45', metal: '#33363b', fabric: ['#9c9488', '#33363b', '#c9774f'],
    accents: ['#c9774f', '#33363b', '#b8b0a3', '#6f7b7f', '#e6dfd3', '#a04d3b'],
    plantGreens: ['#3e6248', '#7c9b6c'], sky: ['#c4dbe8', '#f0eeea'],
    sofa: 'boxy', chair: 'shell', lamp: 'arc', pendant: 'globe', plants: ['bird', 'snake'],
    art: ['shapes', 'lines'], storage: 'credenza', density: 0.45, windowShape: 'wide', curtains: false,
  }),
  Transitional: P({
    name: 'Transitional',
    wall: ['#e7e2da', '#dcd5ca'], wallAlt: '#f1ede6', wallFeature: 'wainscot', trim: '#f7f4ef',
    floor: 'wood', floorColor: '#8f6c4e', rug: 'border', rugColors: ['#e9e3d8', '#7b8794', '#b59a7a'],
    wood: '#6e4f37', metal: '#b59a6a', fabric: ['#cfc6b8', '#596776', '#b59a7a'],
    accents: ['#596776', '#b59a7a', '#e9e3d8', '#8c6f56', '#a7b4b9', '#3a3f45'],
    plantGreens: ['#41664b', '#86a673'], sky: ['#c7dbe6', '#f3efe8'],
    sofa: 'boxy', chair: 'club', lamp: 'pleated', pendant: 'globe', plants: ['fig', 'olive'],
    art: ['landscape', 'botanical', 'lines'], storage: 'dresser', density: 0.6, windowShape: 'tall', curtains: true,
  }),
  Mediterranean: P({
    name: 'Mediterranean',
    wall: ['#f2e6d3', '#e8d5bb'], wallAlt: '#dcc3a0', wallFeature: 'limewash', trim: '#f6eee0',
    floor: 'terracotta', floorColor: '#c0704a', rug: 'jute', rugColors: ['#d7bd8e', '#a98a5a', '#2f5f8a'],
    wood: '#7a5433', metal: '#3b3026', fabric: ['#efe6d6', '#2f5f8a', '#c8863e'],
    accents: ['#2f5f8a', '#c8863e', '#5b7a3a', '#efe6d6', '#b4583a', '#e8c873'],
    plantGreens: ['#5b7a3a', '#9cb27a'], sky: ['#8ec3e6', '#f3ecdc'],
    sofa: 'slipcover', chair: 'rattan', lamp: 'mushroom', pendant: 'rattan', plants: ['olive', 'palm'],
    art: ['arches', 'still-life', 'sun'], storage: 'hutch', density: 0.6, windowShape: 'arch', curtains: false,
  }),
  Tropical: P({
    name: 'Tropical',
    wall: ['#eaf0e2', '#dde7d3'], wallAlt: '#b9d0a6', wallFeature: 'leaves', trim: '#fbfaf4',
    floor: 'wood', floorColor: '#b58a5c', rug: 'jute', rugColors: ['#d8c091', '#b29461', '#2f6b55'],
    wood: '#8a6238', metal: '#c1a060', fabric: ['#f0ebde', '#2f6b55', '#e08a5f'],
    accents: ['#2f6b55', '#e08a5f', '#f2c14e', '#d95d5d', '#f0ebde', '#5aa17f'],
    plantGreens: ['#2f6b45', '#6fae5d'], sky: ['#9fd3e6', '#f4f1de'],
    sofa: 'daybed', chair: 'rattan', lamp: 'mushroom', pendant: 'rattan', plants: ['monstera', 'palm', 'bird'],
    art: ['botanical', 'sun'], storage: 'credenza', density: 0.8, windowShape: 'wide', curtains: false,
  }),
  Minimalist: P({
    name: 'Minimalist',
    wall: ['#f3f1ed', '#e9e6e0'], wallAlt: '#e2ded6', wallFeature: 'plain', trim: '#fbfaf8',
    floor: 'whitewash', floorColor: '#d2bfa3', rug: 'plain', rugColors: ['#e4ded3', '#cfc7ba', '#9e968a'],
    wood: '#b9976f', metal: '#262626', fabric: ['#e2ddd3', '#262626', '#b9976f'],
    accents: ['#262626', '#b9976f', '#d7cfc3', '#8f8a82', '#ece8e1', '#6f6a63'],
    plantGreens: ['#3f5f46', '#7b9a6c'], sky: ['#d3e3ec', '#f6f5f1'],
    sofa: 'boxy', chair: 'shell', lamp: 'globe', pendant: 'globe', plants: ['olive', 'snake'],
    art: ['lines', 'sun'], storage: 'credenza', density: 0.2, windowShape: 'tall', curtains: false,
  }),
  Maximalist: P({
    name: 'Maximalist',
    wall: ['#6a2c3c', '#5a2433'], wallAlt: '#e0a85c', wallFeature: 'stripes', trim: '#f1d9a8',
    floor: 'checker', floorColor: '#2b2b33', rug: 'persian', rugColors: ['#2f4f7a', '#e0a85c', '#b8333b'],
    wood: '#5e3520', metal: '#d9a94a', fabric: ['#2d6a5a', '#e0a85c', '#d46a8a'],
    accents: ['#e0a85c', '#d46a8a', '#2d6a5a', '#2f4f7a', '#f3e2c0', '#b8333b', '#8d5fb0'],
    plantGreens: ['#2f6b45', '#7fbf5e'], sky: ['#c8dde6', '#f7e8d2'],
    sofa: 'curved', chair: 'wingback', lamp: 'pleated', pendant: 'fan', plants: ['palm', 'monstera', 'trailing'],
    art: ['portrait', 'botanical', 'shapes', 'still-life', 'fan'], storage: 'bookcase', density: 1, windowShape: 'tall', curtains: true,
  }),
  'Cottage Core': P({
    name: 'Cottage Core',
    wall: ['#f4ead9', '#ecdcc4'], wallAlt: '#e7b9a6', wallFeature: 'floral', trim: '#fbf5ea',
    floor: 'wood', floorColor: '#a47a54', rug: 'checker', rugColors: ['#f3e9d6', '#c98c8c', '#7f9a6b'],
    wood: '#8b6240', metal: '#b08d57', fabric: ['#f0e2cc', '#c98c8c', '#7f9a6b'],
    accents: ['#c98c8c', '#7f9a6b', '#e8c77a', '#9db3c9', '#f3e9d6', '#b46a55'],
    plantGreens: ['#557a45', '#9bbd7a'], sky: ['#cfe3ea', '#faf0de'],
    sofa: 'slipcover', chair: 'wingback', lamp: 'pleated', pendant: 'paper', plants: ['trailing', 'olive', 'fig'],
    art: ['botanical', 'still-life', 'landscape'], storage: 'hutch', density: 0.8, windowShape: 'grid', curtains: true,
  }),
};

export function paletteFor(style: DesignStyle): StylePalette {
  return STYLE_PALETTES[style];
}

export function isDesignStyle(value: string): value is DesignStyle {
  return (DESIGN_STYLES as readonly string[]).includes(value);
}
