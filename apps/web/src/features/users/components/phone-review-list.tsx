import type { PhoneReview } from '@studynest/contracts';
import { CardSection } from '../../../components/ui/card-section.tsx';

const WHICH: Record<PhoneReview['field'], string> = {
  phone_number: 'Own number',
  emergency_phone: 'Emergency contact',
};

/**
 * Numbers stored before numbers were checked that cannot be Nigerian mobiles (GET
 * /admin/phone-reviews): kept as they were, and no text goes to them. Each leaves the list when
 * its owner gives a mobile on their profile. Nothing shows while there are none.
 */
export function PhoneReviewList({ reviews }: { reviews: PhoneReview[] }) {
  if (reviews.length === 0) return null;
  return (
    <CardSection
      title={`Phone numbers to fix (${reviews.length})`}
      intro="Stored before numbers were checked, these cannot be Nigerian mobiles, so no texts go to them. Ask each person to give their mobile number on their profile."
    >
      <ul className="flex flex-col divide-y divide-line text-sm">
        {reviews.map((r) => (
          <li key={`${r.user._id}:${r.field}`} className="flex flex-wrap items-baseline gap-x-3 py-2">
            <span className="font-medium capitalize">
              {r.user.first_name} {r.user.last_name}
            </span>
            <a href={`mailto:${r.user.email}`} className="break-all text-brand-700 underline">
              {r.user.email}
            </a>
            <span className="text-muted">
              {WHICH[r.field]}: <span className="font-mono">{r.value}</span>
            </span>
          </li>
        ))}
      </ul>
    </CardSection>
  );
}
