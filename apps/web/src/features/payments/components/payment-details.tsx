import type { Profile } from '@studynest/contracts';
import { formatNaira } from '../../../lib/format.ts';

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
 * payment. Agent Fee: Paid or waiting; Caution Fee: N/A; Rent Fee: paid or Waiting....
 */
export function PaymentDetails({ profile }: { profile: Profile }) {
  const agent = profile.agentFeePayment;
  if (!agent) return null;
  const agentPaid = agent.status === 'success';
  const rentPaid = profile.roomPricePayment?.status === 'success';
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
                <span className="text-muted">N/A</span>
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
    </section>
  );
}
