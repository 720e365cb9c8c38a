import type { MoveOutStatement as Statement } from '@studynest/contracts';
import { MOVE_OUT_REASON_LABELS } from '@studynest/contracts/constants';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { formatLagosDate, formatNaira } from '../../../lib/format.ts';

const REFUND_STATE = {
  pending: 'on its way',
  unknown: 'on its way',
  processed: 'refunded',
  failed: 'delayed: we are looking into it',
} as const;

/** Profile → Move-out statement: what happened to the caution deposit when the tenant left. */
export function MoveOutStatement({ statement: s }: { statement: Statement }) {
  return (
    <CardSection title="Move-out statement">
      <p>
        {s.hostel.hostel_name}, <span className="capitalize">{s.room.room_number}</span>: moved out on{' '}
        <strong>{formatLagosDate(s.moved_out_on)}</strong> ({MOVE_OUT_REASON_LABELS[s.reason].toLowerCase()}).
      </p>
      <div className="overflow-x-auto">
        <table className="table-base">
          <caption className="sr-only">Caution deposit statement</caption>
          <tbody>
            <tr>
              <th scope="row" className="font-medium!">
                Caution deposit held
              </th>
              <td className="text-right whitespace-nowrap">{formatNaira(s.deposit_held)}</td>
            </tr>
            {s.deductions.map((d, i) => (
              // The statement never changes: the position is the deduction's identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: deductions have no id of their own
              <tr key={i}>
                <th scope="row" className="font-medium!">
                  Less: {d.description}
                </th>
                <td className="text-right whitespace-nowrap">−{formatNaira(d.amount)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Returned to you</th>
              <td className="text-right font-bold whitespace-nowrap text-brand-800">
                {formatNaira(s.deposit_returned)}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      {s.rent_unpaid ? (
        <p className="text-sm">
          Rent of your plan due by the day you left and not paid:{' '}
          <strong>{formatNaira(s.rent_unpaid)}</strong> (before any deduction for it above).
        </p>
      ) : null}
      {s.refund && (
        <p className="text-sm">
          Refund of {formatNaira(s.refund.amount)}: <strong>{REFUND_STATE[s.refund.status]}</strong>
          {s.refund.status === 'processed' ? '. Your bank may take a few working days to show it.' : '.'}
        </p>
      )}
      {s.note && <p className="text-sm text-muted">Note from StudyNest: {s.note}</p>}
    </CardSection>
  );
}
