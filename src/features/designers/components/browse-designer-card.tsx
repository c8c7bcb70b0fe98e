import type { ReactNode } from 'react';
import { Send } from 'lucide-react';
import { Link } from 'react-router-dom';
import { BusyButton } from '@/components/gated-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import type { DirectoryDesigner } from '@/features/designers/api/get-designers';
import { CardRating, DesignerCardTitle, Specialties } from '@/features/designers/components/designer-card-parts';
import { designerName } from '@/features/designers/utils/designer-format';
import { formatMoney } from '@/lib/format';

type Props = {
  designer: DirectoryDesigner;
  profileHref: string;
  onNudge: (designer: { id: string; name: string }) => void;
  /** While set, Nudge is busy (its answer is on the way: e.g. the membership check) and this is announced. */
  nudgeBusyLabel?: string | null;
  /** Beside the name: the viewer's Save heart (another feature's, passed in by the route). */
  saveSlot?: ReactNode;
};

/** A Browse Designers card: name, distance, bio, first 3 specialties, starting rate, View Profile, Nudge. */
export function BrowseDesignerCard({ designer, profileHref, onNudge, nudgeBusyLabel = null, saveSlot }: Props) {
  const name = designerName(designer);
  return (
    <Card className="gap-4" data-testid="designer-card">
      <CardHeader className="gap-2">
        <DesignerCardTitle
          name={name}
          miles={designer.distance_miles}
          verified={designer.verified}
          saveSlot={saveSlot}
        />
        {designer.location ? <p className="text-sm text-muted-foreground">{designer.location}</p> : null}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
        {designer.bio ? <p className="line-clamp-3 text-sm">{designer.bio}</p> : null}
        <CardRating rating={designer.rating} count={designer.review_count} />
        <Specialties specialties={designer.specialties} max={3} />
        <p className="mt-auto text-sm">
          <span className="text-muted-foreground">Starting at </span>
          <span className="font-medium">{formatMoney(designer.base_rate)}</span>
        </p>
      </CardContent>
      <CardFooter className="gap-2">
        <Button asChild variant="outline" className="flex-1">
          <Link to={profileHref} aria-label={`View Profile of ${name}`}>
            View Profile
          </Link>
        </Button>
        <BusyButton
          className="flex-1"
          busy={nudgeBusyLabel !== null}
          busyLabel={nudgeBusyLabel ?? ''}
          onClick={() => onNudge({ id: designer.user_id, name })}
          aria-label={`Nudge ${name}`}
        >
          {nudgeBusyLabel === null ? <Send aria-hidden="true" className="size-4" /> : null}
          Nudge
        </BusyButton>
      </CardFooter>
    </Card>
  );
}
