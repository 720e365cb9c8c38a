import type { MoveOutStatement, Profile } from '@studynest/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { formatNaira } from '../../../lib/format.ts';
import { PAYMENTS_NEED_A_CONNECTION, useOnline } from '../../../lib/use-online.ts';
import { usePayAndCheckout } from '../api/payment-queries.ts';

/** The spec's status words, as it writes them ('waiting', 'paid'), shown capitalised. */
const Status = ({ paid, children }: { paid: boolean; children: string }) => (
  <span className={paid ? 'badge-ok capitalize' : 'badge-warn capitalize'}>{children}</span>
);

/**
 * What came back of a settled deposit (docs/domain.md, "Move-out"): returned once the refund went
 * through, on its way while it is with the provider, and what the deductions kept. Null when no
 * deposit was held at the move-out.
 */
export function depositOutcome(
  s: MoveOutStatement,
): { status: string; detail: string | null; tone: string } | null {
  if (s.deposit_held === 0) return null;
  const returned = formatNaira(s.deposit_returned);
  const kept = s.deductions_total > 0 ? `${formatNaira(s.deductions_total)} kept` : null;
  if (s.deposit_returned === 0) return { status: kept ?? '', detail: null, tone: 'text-ok-700' };
  if (s.refund?.status === 'processed')
    return { status: `Returned ${returned}`, detail: kept, tone: 'text-ok-700' };
  // Not back yet: the pill says where the refund is, the line below how much is coming.
  return {
    status: s.refund?.status === 'failed' ? 'Refund delayed' : 'Refund on its way',
    detail: kept ? `${returned} back · ${kept}` : `${returned} back`,
    tone: 'text-warn-700',
  };
}

/**
 * Profile → Payment Details (docs/domain.md, "Payments"): shown once the student has started an agent-fee
 * payment. Agent Fee: Paid or waiting; Caution Fee (docs/domain.md, "Caution deposit"): N/A until the
 * agent fee is paid, then Waiting with a Pay button (the student's own profile, while the booking stands
 * or the tenancy runs), then Paid, and after the move-out what came back of it; Rent Fee: paid or
 * Waiting... while the booking stands.
 */
export function PaymentDetails({ profile, canPay = false }: { profile: Profile; canPay?: boolean }) {
  const pay = usePayAndCheckout('caution_fee');
  const online = useOnline();
  const agent = profile.agentFeePayment;
  if (!agent) return null;
  const agentPaid = agent.status === 'success';
  const rentPaid = profile.roomPricePayment?.status === 'success';
  const cautionPaid = profile.cautionFeePayment?.status === 'success';
  // A booking stands while it is confirmed, or once rented (inspected) while the tenancy runs.
  const stands =
    agentPaid &&
    (agent.booking_status === 'confirmed' || (agent.booking_status === 'inspected' && !!profile.rentDetails));
  const cautionDue = stands && !cautionPaid && agent.room.caution_fee > 0;
  const statement = profile.moveOutStatement;
  const settled = cautionPaid && statement?.room._id === agent.room._id ? depositOutcome(statement) : null;

  return (
    <CardSection title="Payment Details">
      <p className="text-sm text-muted">
        {agent.hostel.hostel_name}, <span className="capitalize">{agent.room.room_number}</span> (
        {agent.room.unit})
      </p>
      <div className="overflow-x-auto">
        <table className="table-base">
          <thead>
            <tr>
              <th scope="col">Payment</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            <Row label="Agent Fee" amount={agent.amount}>
              <Status paid={agentPaid}>{agentPaid ? 'Paid' : 'waiting'}</Status>
            </Row>
            <Row label="Caution Fee" amount={agent.room.caution_fee}>
              {settled ? (
                <>
                  {/* A sentence rather than a pill: it wraps in the narrow column of a phone. */}
                  <span className={`block text-sm font-semibold ${settled.tone}`}>{settled.status}</span>
                  {settled.detail && <span className="mt-1 block text-xs text-muted">{settled.detail}</span>}
                </>
              ) : (
                <Status paid={cautionPaid}>{cautionPaid ? 'Paid' : cautionDue ? 'Waiting...' : 'N/A'}</Status>
              )}
              {cautionDue && canPay && (
                <button
                  type="button"
                  className="btn-primary ml-2"
                  disabled={pay.isPending || pay.isSuccess || !online}
                  title={online ? undefined : PAYMENTS_NEED_A_CONNECTION}
                  onClick={() => pay.mutate({ booking_id: agent.booking._id })}
                >
                  Pay
                </button>
              )}
              {cautionDue && canPay && !online && (
                <span className="mt-1 block text-xs text-muted">{PAYMENTS_NEED_A_CONNECTION}</span>
              )}
            </Row>
            <Row label="Rent Fee" amount={profile.roomPricePayment?.amount ?? agent.room.price}>
              <Status paid={rentPaid}>{rentPaid ? 'paid' : stands ? 'Waiting...' : 'N/A'}</Status>
            </Row>
          </tbody>
        </table>
      </div>
      {pay.error && <Alert tone="error">{pay.error.message}</Alert>}
    </CardSection>
  );
}

function Row({ label, amount, children }: { label: string; amount: number; children: React.ReactNode }) {
  return (
    <tr>
      <th scope="row" className="bg-transparent! font-medium!">
        {label}
      </th>
      <td>{formatNaira(amount)}</td>
      <td>{children}</td>
    </tr>
  );
}
