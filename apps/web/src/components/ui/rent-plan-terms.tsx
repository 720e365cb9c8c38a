import { LATE_PART_TERMS, RENT_PLAN_LABEL, type RentPlanName } from '@studynest/contracts/rent-plan-terms';

/** What happens to a late part, folded away: a student opens it where she decides how to pay. */
export function LatePartTerms() {
  return (
    <details className="text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-700">
        If a part is paid late
      </summary>
      <p className="text-muted">{LATE_PART_TERMS}</p>
    </details>
  );
}

/**
 * How a room's rent may be paid, in words, before anyone pays (docs/domain.md, "Rent plans"): the
 * full year is always allowed, so a room on a plan offers both.
 */
export function RentPlanTerms({ plan }: { plan: RentPlanName }) {
  return (
    <div className="flex flex-col text-sm" data-testid="rent-plan">
      <p>
        <span className="text-muted">Rent: </span>
        <span className="font-medium">
          {plan === 'full' ? RENT_PLAN_LABEL.full : `full year, or ${RENT_PLAN_LABEL[plan]}`}
        </span>
      </p>
      {plan !== 'full' && <LatePartTerms />}
    </div>
  );
}
