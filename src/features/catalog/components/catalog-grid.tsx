import { Armchair } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadMore } from '@/components/load-more';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import {
  CATALOG_CATEGORIES,
  useCatalogItems,
  type CatalogCategory,
  type CatalogItem,
} from '@/features/catalog/api/get-catalog-items';
import { formatMoney } from '@/lib/format';

const label = (c: string) => c.charAt(0).toUpperCase() + c.slice(1);

/** The Good Stuff grid with category tabs: all and the 10 categories (docs/product.md, Good Stuff). */
export function CatalogGrid({ enabled }: { enabled: boolean }) {
  return (
    <Tabs defaultValue="all">
      <TabsList aria-label="Categories">
        <TabsTrigger value="all">All</TabsTrigger>
        {CATALOG_CATEGORIES.map((c) => (
          <TabsTrigger key={c} value={c}>
            {label(c)}
          </TabsTrigger>
        ))}
      </TabsList>
      {(['all', ...CATALOG_CATEGORIES] as const).map((c) => (
        <TabsContent key={c} value={c}>
          <CategoryItems category={c} enabled={enabled} />
        </TabsContent>
      ))}
    </Tabs>
  );
}

function CategoryItems({ category, enabled }: { category: CatalogCategory | 'all'; enabled: boolean }) {
  const items = useCatalogItems(category, { enabled });
  if (!enabled) return null;
  return (
    <QueryState query={items} loading="Loading items…" failed="Failed to load items">
      {(data) => {
        const rows = data.pages.flat();
        if (rows.length === 0) return <p className="py-8 text-muted-foreground">No items listed yet</p>;
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
          {item.dimensions} · Listed by {item.lister}
        </p>
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
