import type { HostelSearchItem } from '@studynest/contracts';
import { AMENITY_LABELS, GENDER_POLICY_LABELS } from '@studynest/contracts/places';
import { Link } from 'react-router';
import { PinIcon } from '../../../components/ui/icons.tsx';
import { RatingBadge } from '../../../components/ui/rating-badge.tsx';
import { StoredPhoto } from '../../../components/ui/stored-photo.tsx';
import { paths } from '../../../config/paths.ts';
import { formatNaira } from '../../../lib/format.ts';
import { FeatureChips } from './feature-chips.tsx';

/**
 * A search result: what decides whether to open it — photo, the cheapest rent free now, how many
 * rooms are free, the walk to campus, who it takes, its amenities, its tenants' rating. `first`: the top result's photo is
 * the page's largest paint on a phone, so it is not lazy. `budget` (the search's rent ceiling) goes
 * with the link, so the hostel page shows the rooms within it first.
 */
export function HostelCard({
  hostel,
  first,
  budget,
}: {
  hostel: HostelSearchItem;
  first: boolean;
  budget?: string | null;
}) {
  const rooms = hostel.available_rooms;
  return (
    <Link
      to={paths.hostel.getHref(hostel.id, budget)}
      className="card flex h-full flex-col gap-2 overflow-hidden p-0 transition-colors hover:border-brand-600"
    >
      {hostel.cover ? (
        <StoredPhoto
          photo={hostel.cover}
          alt=""
          // One column on a phone, two from sm, three from lg (the search page's grid).
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          priority={first}
          className="aspect-[4/3] h-auto w-full object-cover"
        />
      ) : (
        <div className="aspect-[4/3] w-full bg-brand-50" aria-hidden="true" />
      )}
      <div className="flex flex-col gap-1 p-4">
        <span className="text-lg font-semibold text-brand-800">{hostel.hostel_name}</span>
        {hostel.rating && <RatingBadge rating={hostel.rating} className="text-sm" />}
        <span className="flex items-start gap-1 text-sm text-muted">
          <PinIcon className="mt-0.5 size-4 shrink-0" />
          {hostel.city ?? hostel.address}
        </span>
        {hostel.min_available_price !== null ? (
          <span>
            from <strong>{formatNaira(hostel.min_available_price)}</strong> / year
          </span>
        ) : (
          <span className="text-muted">No room free right now</span>
        )}
        <span className="text-sm">
          {rooms} room{rooms === 1 ? '' : 's'} free
          {hostel.walking_minutes !== null && hostel.university
            ? ` · ${hostel.walking_minutes} min walk to ${hostel.university}`
            : ''}
        </span>
        <FeatureChips
          label="Features"
          className="mt-1"
          items={[
            ...(hostel.gender_policy === 'mixed' ? [] : [GENDER_POLICY_LABELS[hostel.gender_policy]]),
            ...hostel.amenities.map((a) => AMENITY_LABELS[a]),
          ]}
        />
      </div>
    </Link>
  );
}
