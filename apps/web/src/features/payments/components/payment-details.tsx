import type { Profile } from '@studynest/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { formatNaira } from '../../../lib/format.ts';
import { usePayAndCheckout } from '../api/payment-queries.ts';

function Status({ paid, children }: { paid: boolean; children: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ${
        paid ? 'bg-ok-50 text-ok-700 ring-ok-700/25' : 'bg-warn-50 text-warn-700 ring-accent-600/30'
      }`}
    >
      {children}
    </span>
  );
}

/**
 * Profile → Payment Details (docs/domain.md, "Payments"): shown once the student has started an agent-fee
 * payment. Agent Fee: Paid or waiting; Caution Fee (docs/domain.md, "Caution deposit"): N/A until the
 * agent fee is paid, then Waiting with a Pay button (the student's own profile), then Paid; Rent Fee:
 * paid or Waiting....
 */
export function PaymentDetails({ profile, canPay = false }: { profile: Profile; canPay?: boolean }) {
  const pay = usePayAndCheckout('caution_fee');
  const agent = profile.agentFeePayment;
  if (!agent) return null;
  const agentPaid = agent.status === 'success';
  const rentPaid = profile.roomPricePayment?.status === 'success';
  const cautionPaid = profile.cautionFeePayment?.status === 'success';
  const cautionDue =
    agentPaid && agent.booking_status === 'confirmed' && !cautionPaid && agent.room.caution_fee > 0;
  return (
    <section aria-labelledby="payment-details-heading" className="card flex flex-col gap-3">
      <h2 id="payment-details-heading" className="text-xl">
        Payment Details
      </h2>
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
            <tr>
              <th scope="row" className="bg-transparent! font-medium!">
                Agent Fee
              </th>
              <td>{formatNaira(agent.amount)}</td>
              <td>
                <Status paid={agentPaid}>{agentPaid ? 'Paid' : 'waiting'}</Status>
              </td>
            </tr>
            <tr>
              <th scope="row" className="bg-transparent! font-medium!">
                Caution Fee
              </th>
              <td>{formatNaira(agent.room.caution_fee)}</td>
              <td>
                <Status paid={cautionPaid}>{cautionPaid ? 'Paid' : cautionDue ? 'Waiting...' : 'N/A'}</Status>
                {cautionDue && canPay && (
                  <button
                    type="button"
                    className="btn-primary ml-2"
                    disabled={pay.isPending || pay.isSuccess}
                    onClick={() => pay.mutate({ booking_id: agent.booking._id })}
                  >
                    Pay
                  </button>
                )}
              </td>
            </tr>
            <tr>
              <th scope="row" className="bg-transparent! font-medium!">
                Rent Fee
              </th>
              <td>{formatNaira(profile.roomPricePayment?.amount ?? agent.room.price)}</td>
              <td>
                <Status paid={rentPaid}>{rentPaid ? 'paid' : 'Waiting...'}</Status>
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      {pay.error && <Alert tone="error">{pay.error.message}</Alert>}
    </section>
  );
}
