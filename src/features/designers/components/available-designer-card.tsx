import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import type { DirectoryDesigner } from '@/features/designers/api/get-designers';
import { CardRating, DesignerCardTitle, Specialties } from '@/features/designers/components/designer-card-parts';
import { PortfolioPreview } from '@/features/designers/components/portfolio-preview';
import { designerName } from '@/features/designers/utils/designer-format';
import { formatMoney } from '@/lib/format';

type Props = {
  designer: DirectoryDesigner;
  worksHref: string;
  /** Beside the name: the viewer's Save heart (another feature's, passed in by the route). */
  saveSlot?: ReactNode;
};

/** An Available Designers card (docs/product.md, Designers and nudges). */
export function AvailableDesignerCard({ designer, worksHref, saveSlot }: Props) {
  const name = designerName(designer);
  return (
    <Card className="gap-4" data-testid="designer-card">
      <CardContent className="pt-0">
        <PortfolioPreview designerId={designer.user_id} designerName={name} />
      </CardContent>
      <CardHeader className="gap-2">
        <DesignerCardTitle
          name={name}
          miles={designer.distance_miles}
          verified={designer.verified}
          saveSlot={saveSlot}
        />
        <p className="text-sm text-muted-foreground">
          {designer.experience_years === 1
            ? '1 year of experience'
            : `${designer.experience_years} years of experience`}
          {designer.location ? ` · ${designer.location}` : ''}
        </p>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
        {designer.bio ? <p className="line-clamp-4 text-sm">{designer.bio}</p> : null}
        <CardRating rating={designer.rating} count={designer.review_count} />
        <Specialties specialties={designer.specialties} />
        <dl className="mt-auto space-y-1 text-sm">
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Base rate</dt>
            <dd className="font-medium">{formatMoney(designer.base_rate)} per project</dd>
          </div>
          {designer.rate_per_item > 0 ? (
            <div className="flex justify-between gap-2">
              <dt className="text-muted-foreground">Per item</dt>
              <dd className="font-medium">{formatMoney(designer.rate_per_item)} per item</dd>
            </div>
          ) : null}
          {designer.rate_per_sqft > 0 ? (
            <div className="flex justify-between gap-2">
              <dt className="text-muted-foreground">Per sq ft</dt>
              <dd className="font-medium">{formatMoney(designer.rate_per_sqft)} per sq ft</dd>
            </div>
          ) : null}
        </dl>
      </CardContent>
      <CardFooter>
        <Button asChild variant="outline" className="w-full">
          <Link to={worksHref} aria-label={`View Works of ${name}`}>
            View Works
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
