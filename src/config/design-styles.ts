/**
 * The 15 design styles (docs/product.md, Styles): the id is what the landing form stores (pending customer profile), the name is
 * what people read and what the project form stores.
 */
export const designStyles = [
  { id: 'midcentury', name: 'Mid-Century Modern' },
  { id: 'bohemian', name: 'Bohemian' },
  { id: 'industrial', name: 'Industrial' },
  { id: 'scandinavian', name: 'Scandinavian' },
  { id: 'vintage', name: 'Vintage Eclectic' },
  { id: 'coastal', name: 'Coastal' },
  { id: 'farmhouse', name: 'Farmhouse' },
  { id: 'artdeco', name: 'Art Deco' },
  { id: 'contemporary', name: 'Contemporary' },
  { id: 'transitional', name: 'Transitional' },
  { id: 'mediterranean', name: 'Mediterranean' },
  { id: 'tropical', name: 'Tropical' },
  { id: 'minimalist', name: 'Minimalist' },
  { id: 'maximalist', name: 'Maximalist' },
  { id: 'cottage', name: 'Cottage Core' },
] as const;

export type DesignStyle = (typeof designStyles)[number];
export type DesignStyleId = DesignStyle['id'];

export const designStyleIds = designStyles.map((style) => style.id) as [DesignStyleId, ...DesignStyleId[]];

export function designStyleName(id: string): string | undefined {
  return designStyles.find((style) => style.id === id)?.name;
}
