import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import {
  CATALOG_CATEGORIES,
  categoryLabel,
  isPieceCategory,
  type PieceCategory,
} from '@/features/good-stuff/utils/piece-fields';

const ALL = 'all';

type CategoryTabsProps = {
  /** The category in force (the Category filter's, the URL's `?category=`); null: All. */
  value: PieceCategory | null;
  onChange: (category: PieceCategory | null) => void;
  /** The results: the active tab's panel. */
  children: ReactNode;
};

/**
 * Category tabs above Good Stuff's results (docs/good-stuff.md): All and each category, one more way to set the
 * Category filter (the same state, so the select and the tabs always agree). Arrow keys move between tabs and
 * Enter or Space picks one (manual activation): each pick is a new search, so passing over a tab does not start one.
 */
export function CategoryTabs({ value, onChange, children }: CategoryTabsProps) {
  const current = value ?? ALL;
  return (
    <Tabs
      value={current}
      activationMode="manual"
      onValueChange={(next) => onChange(isPieceCategory(next) ? next : null)}
    >
      <TabsList aria-label="Categories" className="w-full justify-start sm:w-fit">
        <TabsTrigger value={ALL}>All</TabsTrigger>
        {CATALOG_CATEGORIES.map((c) => (
          <TabsTrigger key={c} value={c}>
            {categoryLabel(c)}
          </TabsTrigger>
        ))}
      </TabsList>
      {/* One panel, the chosen tab's: the others would hold the same results under another filter. */}
      <TabsContent value={current} className="space-y-6">
        {children}
      </TabsContent>
    </Tabs>
  );
}
