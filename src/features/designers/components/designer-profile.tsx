import type { ReactNode } from 'react';
import { NameInitial } from '@/components/name-initial';
import { Card, CardContent } from '@/components/ui/card';
import { Photo } from '@/components/ui/photo';
import { MaybeVerifiedBadge } from '@/components/verified-badge';
import { QueryState } from '@/components/query-state';
import type { DesignerCardRow } from '@/features/designers/api/get-designers';
import { useDesignerPortfolioPhotos } from '@/features/designers/api/get-portfolio-photos';
import { Specialties } from '@/features/designers/components/designer-card-parts';
import { designerName } from '@/features/designers/utils/designer-format';
import { formatMoney } from '@/lib/format';

type Props = { designer: DesignerCardRow; rating: ReactNode; actions?: ReactNode };

/** A designer's public profile: avatar initial, name, rating, bio, location, base rate, specialties, portfolio. */
export function DesignerProfile({ designer, rating, actions }: Props) {
  const name = designerName(designer);
  const photos = useDesignerPortfolioPhotos(designer.user_id);
  return (
    <div className="space-y-8">
      <Card>
        <CardContent className="flex flex-col gap-6 sm:flex-row sm:items-start">
          <NameInitial name={name} className="size-20 bg-primary text-3xl text-primary-foreground" />
          <div className="flex-1 space-y-3">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-2xl font-semibold">{name}</h2>
              <MaybeVerifiedBadge value={designer.verified} />
            </div>
            <div>{rating}</div>
            {designer.bio ? <p>{designer.bio}</p> : null}
            <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              {designer.location ? (
                <>
                  <dt className="text-muted-foreground">Location</dt>
                  <dd>{designer.location}</dd>
                </>
              ) : null}
              <dt className="text-muted-foreground">Base rate</dt>
              <dd>{formatMoney(designer.base_rate)} per project</dd>
              <dt className="text-muted-foreground">Experience</dt>
              <dd>{designer.experience_years === 1 ? '1 year' : `${designer.experience_years} years`}</dd>
            </dl>
            <Specialties specialties={designer.specialties} />
            {actions ? <div className="flex flex-wrap gap-2 pt-2">{actions}</div> : null}
          </div>
        </CardContent>
      </Card>
      <section aria-labelledby="profile-portfolio-heading">
        <h2 id="profile-portfolio-heading" className="mb-4 text-xl font-semibold">
          Portfolio
        </h2>
        <QueryState query={photos} loading="Loading portfolio…" failed="Failed to load the portfolio" toast={false}>
          {(list) =>
            list.length === 0 ? (
              <p className="text-muted-foreground">No portfolio yet</p>
            ) : (
              <ul className="grid grid-cols-2 gap-3 md:grid-cols-3">
                {list.map((photo, index) => (
                  <li key={photo.name}>
                    <Photo src={photo.url} alt={`${name}'s work ${index + 1}`} />
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </section>
    </div>
  );
}
