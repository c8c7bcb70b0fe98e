import { Armchair, MapPin } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { LoadMore } from '@/components/load-more';
import { NativeSelect } from '@/components/ui/native-select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import {
  CATALOG_CATEGORIES,
  useCatalogItems,
  type CatalogCategory,
  type CatalogItem,
} from '@/features/catalog/api/get-catalog-items';
import {
  CATALOG_DISTANCES,
  useNearbyCatalogItems,
  type CatalogDistance,
} from '@/features/catalog/api/get-nearby-catalog-items';
import { formatMilesAway, formatMoney } from '@/lib/format';
import type { Coordinates } from '@/lib/geo';

const label = (c: string) => c.charAt(0).toUpperCase() + c.slice(1);

export const NO_ORIGIN_HINT = 'Add your location in your profile to see distances';

type CatalogGridProps = {
  enabled: boolean;
  /** The viewer's place (their profile's coordinates); null: none, so no distances and no distance filter. */
  origin: Coordinates | null;
};

/**
 * The Good Stuff grid with category tabs (all and the 10 categories) and a distance filter (docs/product.md, Good
 * Stuff). With the viewer's place the database lists the pieces nearest first with their distance
 * (nearby_catalog_items), within 25, 50 or 100 miles when chosen; without one, newest first.
 */
export function CatalogGrid({ enabled, origin }: CatalogGridProps) {
  const id = useId();
  const [within, setWithin] = useState<CatalogDistance | null>(null);
  const hintId = `${id}-distance-hint`;
  return (
    <Tabs defaultValue="all">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <TabsList aria-label="Categories">
          <TabsTrigger value="all">All</TabsTrigger>
          {CATALOG_CATEGORIES.map((c) => (
            <TabsTrigger key={c} value={c}>
              {label(c)}
            </TabsTrigger>
          ))}
        </TabsList>
        <div className="grid w-56 gap-1.5">
          <Label htmlFor={`${id}-distance`}>Distance</Label>
          <NativeSelect
            id={`${id}-distance`}
            value={origin ? String(within ?? '') : ''}
            disabled={!origin}
            aria-describedby={origin ? undefined : hintId}
            onChange={(event) =>
              setWithin(event.target.value === '' ? null : (Number(event.target.value) as CatalogDistance))
            }
          >
            <option value="">Any distance</option>
            {CATALOG_DISTANCES.map((miles) => (
              <option key={miles} value={miles}>
                Within {miles} miles
              </option>
            ))}
          </NativeSelect>
          {origin ? null : (
            <p id={hintId} className="text-sm text-muted-foreground">
              {NO_ORIGIN_HINT}
            </p>
          )}
        </div>
      </div>
      {(['all', ...CATALOG_CATEGORIES] as const).map((c) => (
        <TabsContent key={c} value={c}>
          <CategoryItems category={c} enabled={enabled} origin={origin} within={origin ? within : null} />
        </TabsContent>
      ))}
    </Tabs>
  );
}

function CategoryItems({
  category,
  enabled,
  origin,
  within,
}: {
  category: CatalogCategory | 'all';
  enabled: boolean;
  origin: Coordinates | null;
  within: CatalogDistance | null;
}) {
  // One of the two reads runs: nearest first from the viewer's place, else the market newest first.
  const near = useNearbyCatalogItems({ origin, withinMiles: within, category }, { enabled });
  const newest = useCatalogItems(category, { enabled: enabled && origin === null });
  const items = origin ? near : newest;
  if (!enabled) return null;
  return (
    <QueryState query={items} loading="Loading items…" failed="Failed to load items">
      {(data) => {
        const rows = data.pages.flat();
        if (rows.length === 0)
          return (
            <p className="py-8 text-muted-foreground">
              {within ? `No items within ${within} miles of you` : 'No items listed yet'}
            </p>
          );
        return (
          <>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {rows.map((item) => (
                <li key={item.id} className="flex">
                  <ItemCard item={item} />
                </li>
              ))}
            </ul>
            <LoadMore
              hasNextPage={items.hasNextPage}
              isFetchingNextPage={items.isFetchingNextPage}
              onLoadMore={() => void items.fetchNextPage()}
            />
          </>
        );
      }}
    </QueryState>
  );
}

function ItemCard({ item }: { item: CatalogItem }) {
  return (
    <Card className="w-full gap-4 pt-0" data-testid="catalog-item">
      {item.image_url ? (
        <img
          src={item.image_url}
          alt={item.title}
          width={600}
          height={450}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full rounded-t-lg object-cover"
        />
      ) : (
        <div className="flex aspect-[4/3] w-full items-center justify-center rounded-t-lg bg-muted" aria-hidden="true">
          <Armchair className="size-10 text-muted-foreground" />
        </div>
      )}
      <CardHeader className="gap-1">
        <div className="flex items-start justify-between gap-2">
          <CardTitle>{item.title}</CardTitle>
          <span className="font-semibold">{formatMoney(item.price)}</span>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge variant="outline">{label(item.category)}</Badge>
          <Badge variant="secondary">{item.condition}</Badge>
        </div>
      </CardHeader>
      <CardContent className="flex-1 space-y-1 text-sm">
        <p className="line-clamp-3">{item.description}</p>
        <p className="text-muted-foreground">
          {item.location ?? item.dimensions} · Listed by {item.lister}
        </p>
        {typeof item.distance_miles === 'number' ? (
          <p className="flex items-center gap-1 text-muted-foreground">
            <MapPin aria-hidden="true" className="size-3.5" />
            {formatMilesAway(item.distance_miles)}
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="gap-2">
        <Button className="flex-1" onClick={() => toast.info('Payment processing coming soon!')}>
          Buy Now
        </Button>
        <Button variant="outline" className="flex-1" onClick={() => toast.info('Bidding feature coming soon!')}>
          Make Offer
        </Button>
      </CardFooter>
    </Card>
  );
}
