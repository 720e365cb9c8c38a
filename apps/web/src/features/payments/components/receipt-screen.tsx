import type { PaymentDetail } from '@studynest/contracts';
import { PAYMENT_KIND_OF, type PaymentKind } from '@studynest/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert, QueryError } from '../../../components/ui/alert.tsx';
import { InstallOffer } from '../../../components/ui/install-offer.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/auth-storage.ts';
import { flash } from '../../../lib/flash.ts';
import { invalidate, profileQuery } from '../../../lib/query-client.ts';
import { paymentQueries, useReceiptDownload } from '../api/payment-queries.ts';
import { returnedReference } from '../api/verify-query.ts';
import { buildReceipt, paymentLabel } from './receipt-content.ts';
import { ReceiptView } from './receipt-view.tsx';

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <section className="container-page flex flex-col gap-4 py-8 sm:py-12">
      {children}
      <InstallOffer />
    </section>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-10">
      <Spinner label={label} />
    </div>
  );
}

function Message({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="card mx-auto flex w-full max-w-xl flex-col gap-4 p-5 sm:p-8">
      <h1 className="text-2xl">{title}</h1>
      {children}
    </div>
  );
}

/** A query the screen waits on, not answered yet: the spinner while it loads, or what failed and a retry. */
function Unsettled({
  query,
  loading,
  failed,
  children,
}: {
  query: { isPending: boolean; error: Error | null; refetch: () => unknown };
  loading: string;
  failed: string;
  children?: React.ReactNode;
}) {
  if (query.isPending || !query.error) return <Loading label={loading} />;
  return (
    <Message title={failed}>
      <QueryError error={query.error} retry={() => query.refetch()} />
      {children}
    </Message>
  );
}

/** The way on from a payment with no receipt to show: the screen's own step first, then home. */
function NextSteps({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      {children}
      <Link to={paths.home.getHref()} className="btn-secondary">
        Back to the home page
      </Link>
    </div>
  );
}

/**
 * The payment return pages (/receipt-page, /rent-receipt; docs/domain.md, "Receipts"): the provider sends the browser
 * back with ?reference=…. A caution deposit comes back to /receipt-page: the verified payment's own type
 * picks the receipt. 'Generating Receipt....' shows while the server verifies the payment, and no
 * longer: the receipt the moment it is confirmed, or a clear explanation when it did not go through.
 */
export function ReceiptScreen({ kind }: { kind: PaymentKind }) {
  const [params] = useSearchParams();
  const reference = returnedReference(params);
  const session = useSession();
  const location = useLocation();

  if (!reference)
    return <Shell>{session ? <LatestReceipt kind={kind} userId={session.userId} /> : <NoReference />}</Shell>;
  if (!session) {
    return (
      <Shell>
        <Message title="Log in to see your receipt">
          <p className="text-muted">Your receipt is private. Log in with the account you paid with.</p>
          <Link
            to={paths.login.getHref()}
            state={{ from: location.pathname + location.search }}
            className="btn-primary self-start"
          >
            Log in
          </Link>
        </Message>
      </Shell>
    );
  }
  return (
    <Shell>
      <VerifiedReceipt reference={reference} />
    </Shell>
  );
}

function NoReference({ userId }: { userId?: string }) {
  return (
    <Message title="No payment to show">
      <p className="text-muted">
        This page shows your receipt when you come back from paying, and there is no payment to show yet. Your
        payments and rent details are in your profile.
      </p>
      <NextSteps>
        {userId && (
          <Link to={paths.profile.getHref(userId)} className="btn-primary">
            Go to my profile
          </Link>
        )}
      </NextSteps>
    </Message>
  );
}

/** Opened without ?reference= (the 'Receipt Page' button): show the latest payment of this kind. */
function LatestReceipt({ kind, userId }: { kind: PaymentKind; userId: string }) {
  const profile = useQuery(profileQuery(userId));
  if (!profile.isSuccess) {
    return (
      <Unsettled
        query={profile}
        loading="Looking for your latest payment…"
        failed="We could not load your payments"
      />
    );
  }
  const latest = kind === 'agent_fee' ? profile.data.agentFeePayment : profile.data.roomPricePayment;
  if (!latest) return <NoReference userId={userId} />;
  return <VerifiedReceipt reference={latest.reference} />;
}

/**
 * How long a payment the provider has not confirmed yet is asked about again (each second) before
 * the page says it is not confirmed: a card payment's confirmation can trail the redirect back.
 */
const CONFIRM_WAIT_MS = 20_000;
const CONFIRM_POLL_MS = 1000;

function VerifiedReceipt({ reference }: { reference: string }) {
  const [waitedLongEnough, setWaitedLongEnough] = useState(false);
  const verify = useQuery({
    ...paymentQueries.verify(reference),
    refetchInterval: (q) =>
      q.state.data?.status === 'pending' && !waitedLongEnough ? CONFIRM_POLL_MS : false,
  });
  const queryClient = useQueryClient();
  const userId = useSession()?.userId ?? '';
  const generating = verify.isPending || (verify.data?.status === 'pending' && !waitedLongEnough);

  useEffect(() => {
    const timer = setTimeout(() => setWaitedLongEnough(true), CONFIRM_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);

  // A verified payment changed the room (booked or rented), the booking, the payer's profile and
  // payments on the server: refresh those, not this verification.
  const succeeded = verify.data?.status === 'success';
  useEffect(() => {
    if (succeeded)
      invalidate(
        queryClient,
        profileQuery(userId).queryKey,
        paymentQueries.mine().queryKey,
        ['bookings'],
        ['rooms'],
        ['hostels'],
      );
  }, [succeeded, queryClient, userId]);

  if (generating) {
    return (
      <div className="card mx-auto flex w-full max-w-xl flex-col items-center gap-4 p-8 text-center">
        <span
          aria-hidden="true"
          className="size-10 animate-spin rounded-full border-4 border-brand-600 border-t-transparent"
        />
        <h1 className="text-2xl" role="status">
          Generating Receipt....
        </h1>
        <p className="text-muted">
          Please download your receipt when it appears and keep it as proof of payment.
        </p>
      </div>
    );
  }
  if (!verify.isSuccess) {
    return (
      <Unsettled query={verify} loading="Checking your payment…" failed="We could not load this receipt">
        <Link to={paths.home.getHref()} className="btn-secondary self-start">
          Back to the home page
        </Link>
      </Unsettled>
    );
  }
  const shown = PAYMENT_KIND_OF[verify.data.payment_type];
  if (verify.data.status !== 'success') {
    return (
      <NotPaid
        kind={shown}
        payment={verify.data}
        onCheckAgain={() => verify.refetch()}
        checking={verify.isFetching}
      />
    );
  }
  return <PaidReceipt kind={shown} payment={verify.data} />;
}

function PaidReceipt({ kind, payment }: { kind: PaymentKind; payment: PaymentDetail }) {
  const receipt = buildReceipt(kind, payment);
  const navigate = useNavigate();
  const saving = useReceiptDownload(payment.reference, payment.receipt_number);
  // After the download, back to the home page at once, the notice shown there (no second to sit through).
  const download = () =>
    saving.mutate(undefined, {
      onSuccess: () => {
        flash({ tone: 'success', message: 'Receipt downloaded' });
        navigate(paths.home.getHref());
      },
    });

  return (
    <>
      {payment.needs_refund && (
        <div className="mx-auto w-full max-w-2xl">
          <Alert tone="warning">
            This room went to another student before your payment arrived. Our team will refund this payment;
            contact support if you have questions.
          </Alert>
        </div>
      )}
      <ReceiptView
        receipt={receipt}
        actions={
          <>
            <button
              type="button"
              className="btn-primary sm:flex-1"
              onClick={download}
              disabled={saving.isPending || saving.isSuccess}
            >
              {saving.isPending || saving.isSuccess ? 'Preparing receipt…' : 'Download Receipt'}
            </button>
            <Link to={paths.help.getHref()} className="btn-secondary sm:flex-1">
              Contact support
            </Link>
          </>
        }
      />
      {saving.error && (
        <div className="mx-auto w-full max-w-2xl">
          <Alert tone="error">The receipt could not be downloaded: {saving.error.message}</Alert>
        </div>
      )}
    </>
  );
}

const NOT_PAID: Record<Exclude<PaymentDetail['status'], 'success'>, { title: string; text: string }> = {
  pending: {
    title: 'Payment not confirmed yet',
    text: 'We have not received confirmation of this payment from the payment provider yet. If you completed the payment, check again in a moment.',
  },
  failed: {
    title: 'Payment failed',
    text: 'This payment did not go through, so nothing has been booked. You can try again.',
  },
  abandoned: {
    title: 'Payment cancelled',
    text: 'This payment was cancelled before it was completed, so nothing has been booked. You can try again.',
  },
};

function NotPaid({
  kind,
  payment,
  onCheckAgain,
  checking,
}: {
  kind: PaymentKind;
  payment: PaymentDetail;
  onCheckAgain: () => void;
  checking: boolean;
}) {
  const session = useSession();
  const status = payment.status as keyof typeof NOT_PAID;
  const { title, text } = NOT_PAID[status];
  const retryHref =
    kind === 'agent_fee'
      ? paths.bookInspection.getHref(payment.room._id)
      : session
        ? paths.profile.getHref(session.userId)
        : paths.home.getHref();
  return (
    <Message title={title}>
      <Alert tone={status === 'pending' ? 'warning' : 'error'}>
        <p>{text}</p>
        <p className="mt-1">
          {paymentLabel(kind)} for {payment.room.room_number}, {payment.hostel.hostel_name}. Reference:{' '}
          <span className="font-mono break-all">{payment.reference}</span>
        </p>
      </Alert>
      <NextSteps>
        {status === 'pending' ? (
          <button type="button" className="btn-primary" onClick={onCheckAgain} disabled={checking}>
            {checking ? 'Checking…' : 'Check again'}
          </button>
        ) : (
          <Link to={retryHref} className="btn-primary">
            {kind === 'agent_fee' ? 'Try booking again' : 'Back to my profile'}
          </Link>
        )}
      </NextSteps>
    </Message>
  );
}
