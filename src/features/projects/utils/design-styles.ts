/** SPEC §3: the 15 design styles; the project form stores the display name. */
export const DESIGN_STYLES = [
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
