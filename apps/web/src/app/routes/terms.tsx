import { BUSINESS } from '@studynest/contracts/constants';
import { LATE_PART_TERMS, RENT_PLAN_LABEL } from '@studynest/contracts/rent-plan-terms';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { SiteValue, StaticPage } from '../../features/marketing/components/static-page.tsx';
import { formatNaira } from '../../lib/format.ts';

export function Component() {
  return (
    <StaticPage
      eyebrow="Legal"
      title="Terms & Conditions"
      lead="These terms apply when you use the StudyNest website and when you rent a room in one of our hostels. Please read them carefully: by creating an account or making a booking you agree to them."
    >
      <h2>1. Eligibility and accounts</h2>
      <ul>
        <li>
          You must be <strong>18 years of age or older</strong> to create an account or rent a room, or have
          the permission of a parent or legal guardian.
        </li>
        <li>
          You agree to give accurate information and to keep your password private. You are responsible for
          what happens in your account.
        </li>
        <li>
          We may <strong>suspend or close accounts</strong> that breach these terms, give false information or
          misuse the website.
        </li>
      </ul>

      <h2>2. Listings</h2>
      <p>
        All hostels and rooms listed on StudyNest are{' '}
        <strong>owned and managed by StudyNest Hostels Ltd.</strong> We do not list properties for third
        parties, and no outside agent may take payment on our behalf. Photos and descriptions show the rooms
        as accurately as we can.
      </p>

      <h2>3. Bookings and payments</h2>
      <ul>
        <li>
          A booking is <strong>confirmed only when its payment is successful</strong>. You receive a receipt
          for every successful payment.
        </li>
        <li>
          You may <strong>cancel an inspection</strong> from your profile up to{' '}
          <SiteValue field="inspectionCancelHours" /> hours before its time. The agent fee you paid for it is
          then refunded to you in full.
        </li>
        <li>
          Leases are fixed-term, for a minimum of <strong>{BUSINESS.leaseMonths} months</strong>, starting
          from the day you move in.
        </li>
        <li>
          Rent is charged <strong>yearly and paid in advance</strong>. Where a hostel or room offers a rent
          plan, you may instead pay the year in parts, each by its due date ({RENT_PLAN_LABEL.two_parts};{' '}
          {RENT_PLAN_LABEL.three_parts}). {LATE_PART_TERMS}
        </li>
        <li>
          A refundable <strong>caution deposit of {formatNaira(BUSINESS.cautionDepositNaira)}</strong> may be
          required. It is returned when you move out, less deductions for unpaid charges or damage beyond
          normal wear and tear.
        </li>
      </ul>

      <h2>4. Living in our hostels</h2>
      <ul>
        <li>
          <strong>Subletting</strong> your room, or any part of it, is not allowed without our written
          consent.
        </li>
        <li>
          <strong>Quiet hours</strong> are from <strong>10 PM to 6 AM</strong> every day.
        </li>
        <li>Treat rooms, shared areas and neighbours with care and respect, and follow the house rules.</li>
      </ul>

      <h2>5. Ending a lease</h2>
      <ul>
        <li>
          To end your lease, give us <strong>written notice</strong> at least{' '}
          <SiteValue field="tenantNoticeDays" /> days in advance.
        </li>
        <li>
          We may <strong>end a lease for a breach</strong> of these terms — for example unpaid rent,
          subletting without consent or behaviour that endangers others — after giving you written notice.
        </li>
      </ul>

      <h2>6. Changes to these terms</h2>
      <p>
        We may amend these terms from time to time. We will give you at least{' '}
        <SiteValue field="amendmentNoticeDays" /> days' advance notice of any change, by e-mail or on this
        page, before it takes effect.
      </p>

      <h2>7. Governing law</h2>
      <p>
        These terms are governed by the <strong>laws of the Federal Republic of Nigeria</strong>, and any
        dispute will be settled by the courts of Nigeria.
      </p>

      <h2>8. Questions</h2>
      <p>
        If anything here is unclear, please{' '}
        <Link to={paths.help.getHref('contact')}>contact our support team</Link> before you book. See also our{' '}
        <Link to={paths.privacy.getHref()}>Privacy Policy</Link>.
      </p>
    </StaticPage>
  );
}
