import type { Profile } from '@studynest/contracts';
import { Link } from 'react-router';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { paths } from '../../../config/paths.ts';
import { formatLagosDate, todayInLagos } from '../../../lib/format.ts';

type Condition = NonNullable<Profile['rentDetails']>['condition'];

/** Where her report stands, in a few words. */
function standing(condition: Condition) {
  if (condition.status === 'confirmed' && condition.confirmed_at) {
    return `confirmed on ${formatLagosDate(todayInLagos(new Date(condition.confirmed_at)))}`;
  }
  return condition.status === 'awaiting_confirmation' ? 'waiting for an admin to confirm' : 'not recorded';
}

const LINK: Record<Condition['status'], string> = {
  not_recorded: "Record your room's condition",
  awaiting_confirmation: 'See or change what you recorded',
  confirmed: "See your room's condition report",
};

/**
 * Profile → Rent: one line on the room's move-in condition report and a link to its own page, so the
 * form, its photos and its checks stay out of the profile's download.
 */
export function RoomConditionLine({ condition }: { condition: Condition }) {
  return (
    <CardSection title="Room condition">
      <p className="text-sm">
        Room condition: <span className="font-semibold">{standing(condition)}</span>
      </p>
      {condition.status === 'not_recorded' && (
        <p className="text-sm text-muted">
          List what is in your room and how it is, with photos, so your deposit is measured against it when
          you move out.
        </p>
      )}
      <Link to={paths.roomCondition.getHref()} className="self-start font-semibold text-brand-800 underline">
        {LINK[condition.status]}
      </Link>
    </CardSection>
  );
}
