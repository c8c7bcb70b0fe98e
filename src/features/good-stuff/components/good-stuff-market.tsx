import type { ReactNode } from 'react';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { LoadMore } from '@/components/load-more';
import type { PieceCard as PieceCardRow } from '@/features/good-stuff/api/search-pieces';
import { CategoryTabs } from '@/features/good-stuff/components/category-tabs';
import { GoodStuffFilters } from '@/features/good-stuff/components/good-stuff-filters';
import { PieceCard } from '@/features/good-stuff/components/piece-card';
import { useGoodStuffMarket, type MarketOptions } from '@/features/good-stuff/hooks/use-good-stuff-market';
import { isFiltered } from '@/features/good-stuff/utils/search-params';

type GoodStuffMarketProps = MarketOptions & {
  /** A control for each card's corner (the Save heart, another feature's). */
  cardCorner?: (item: PieceCardRow) => ReactNode;
  /** Beside the count and Clear filters (Save this search, another feature's). */
  resultActions?: ReactNode;
};

/**
 * Good Stuff's search and filters and the pieces they find (docs/product.md, Good Stuff): words, category, price
 * range, condition, distance and sort, all held by the caller (the URL), through search_catalog_items a page at a
 * time. The number shown is said politely to screen readers; 'No pieces match' offers Clear filters. The behaviour
 * is useGoodStuffMarket's; GoodStuffFilters draws the controls.
 */
export function GoodStuffMarket({ cardCorner, resultActions, ...options }: GoodStuffMarketProps) {
  const market = useGoodStuffMarket(options);
  const { filters, origin, enabled } = options;
  const { applied, priceError, priceErrorId, items, search, clear } = market;

  return (
    <div className="space-y-6">
      <GoodStuffFilters filters={filters} origin={origin} market={market} />

      <CategoryTabs value={filters.category} onChange={(category) => market.set({ category })}>
        {priceError ? (
          <p id={priceErrorId} role="alert" className="text-sm font-medium text-destructive">
            {priceError}
          </p>
        ) : enabled ? (
          <QueryState query={items} loading="Loading items…" failed="Failed to load items">
            {(data) => {
              const rows = data.pages.flat();
              return (
                <>
                  <div className="flex flex-wrap items-center gap-3">
                    <p
                      role="status"
                      className={rows.length === 0 ? 'pt-4 text-lg font-medium' : 'text-sm text-muted-foreground'}
                    >
                      {rows.length === 0
                        ? isFiltered(applied)
                          ? 'No pieces match'
                          : 'No items listed yet'
                        : `${rows.length} ${rows.length === 1 ? 'piece' : 'pieces'}${items.hasNextPage ? ' shown, more to load' : ''}`}
                    </p>
                    {isFiltered(filters) ? (
                      <Button type="button" variant="outline" size="sm" onClick={clear}>
                        Clear filters
                      </Button>
                    ) : null}
                    {resultActions}
                  </div>
                  {rows.length === 0 ? null : (
                    <ul
                      className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
                      aria-label="Pieces"
                      aria-busy={items.isFetching && !items.isFetchingNextPage}
                    >
                      {rows.map((item) => (
                        <li key={item.id} className="flex">
                          <PieceCard item={item} search={search} corner={cardCorner?.(item)} />
                        </li>
                      ))}
                    </ul>
                  )}
                  <LoadMore
                    hasNextPage={items.hasNextPage}
                    isFetchingNextPage={items.isFetchingNextPage}
                    onLoadMore={() => void items.fetchNextPage()}
                  />
                </>
              );
            }}
          </QueryState>
        ) : null}
      </CategoryTabs>
    </div>
  );
}
