import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { SiteValue, StaticPage } from '../../features/marketing/components/static-page.tsx';

export function Component() {
  return (
    <StaticPage
      eyebrow="Legal"
      title="Privacy Policy"
      lead="Your privacy matters to us. This policy explains what personal information StudyNest collects, why we collect it, how we protect it and the choices you have."
    >
      <h2>1. Information we collect</h2>
      <p>To create your account, arrange your tenancy and keep you safe, we collect:</p>
      <ul>
        <li>your name and gender;</li>
        <li>your e-mail address and phone number;</li>
        <li>
          copies of your documents (student ID or admission letter, and an identity card: passport, national
          ID card, NIN slip or voter's card), when you apply for a room;
        </li>
        <li>the tenancy agreement you accept, with the name you typed, the time and the device you used;</li>
        <li>the report of your room's condition when you move in, with its photos;</li>
        <li>the details of an emergency contact person;</li>
        <li>
          payment information — the amounts, dates and references of your payments. Card details are handled
          by our payment provider and never stored by us;
        </li>
        <li>photos you attach to a maintenance request.</li>
      </ul>

      <h2>2. How we use it</h2>
      <p>
        We use your information to manage your account, bookings and lease, to process payments and issue
        receipts, to contact you about your room, rent and repairs, and to reach your emergency contact if
        something happens to you. We send you news and offers only if you said yes.
      </p>

      <h2>3. We do not sell your data</h2>
      <p>
        We <strong>never sell or rent your personal information</strong> to anyone. We share it only with
        service providers who help us run StudyNest (such as our payment provider and e-mail service), and
        only as far as they need it, or when the law requires us to.
      </p>

      <h2>4. Cookies and local storage</h2>
      <p>
        We use <strong>cookies and your browser's local storage</strong> to keep you signed in and to make the
        site work. We do not use them for advertising. If you block them, signing in will not work.
      </p>

      <h2>5. Your rights</h2>
      <p>
        At any time, from your profile and its “Messages, data saver, password, devices and your data” page,
        you can:
      </p>
      <ul>
        <li>
          <strong>see your data</strong> — “Download my data” prepares a ZIP file of everything we hold about
          you (account, sign-ins, bookings, payments, refunds, tenancy, maintenance, reviews, saved hostels
          and searches, messages we sent you and your consents), the photos you sent us, your documents, your
          signed tenancy agreements as PDF files, and your room's condition reports with their photos. We
          e-mail you a link within a few minutes; it opens only your file and works for{' '}
          <SiteValue field="dataExportHours" /> hours, then the file is deleted;
        </li>
        <li>
          <strong>correct it</strong> — change your name and phone number under “Your details” (the number
          must be a Nigerian mobile) and your emergency contact;
        </li>
        <li>
          <strong>delete your account</strong> — “Delete my account” asks for your password again. It must
          wait while you rent a room (until you have moved out), have a confirmed inspection, or we owe you
          money. Then your name, e-mail, phone, your documents and the photos you sent with repair requests
          are removed, and you are signed out everywhere; the records the law requires us to keep (payments,
          receipts, refunds and tenancies) stay, showing “Deleted user” instead of your name, and reviews you
          wrote stay without your name. Your signed tenancy agreements stay too, unchanged, since they are the
          record of the contract (our staff's list of agreements shortens your name, such as “Ada O.”), and so
          does your room's condition report with its photos, which any deduction from your deposit rests on;
        </li>
        <li>
          <strong>choose your messages (opt in or opt out)</strong> — news and offers from us (new rooms, open
          days, discounts) reach you only if you ticked the box when you signed up or switched them on there;
          nobody has them until they say yes. Stop them with one tap on the unsubscribe link in any such
          e-mail, or with the switches on that page. We keep when you said yes or no and the words you were
          shown. Messages about your own room, rent, repairs and the searches you saved are not advertising:
          they come unless you turn them off there or with the unsubscribe link in one of them. Messages about
          your account, its security and your payments always go to you.
        </li>
      </ul>
      <p>
        For anything else, e-mail <SiteValue field="supportEmail" /> or use any of the ways on our{' '}
        <Link to={paths.help.getHref('contact')}>contact section</Link>.
      </p>

      <h2>6. How long we keep it</h2>
      <p>
        We keep your account while you use it. Records of payments, receipts, refunds and tenancies are kept
        for <strong>six years</strong> after the payment or the end of the tenancy, as Nigerian tax law
        expects of financial records, even if you delete your account (then without your name). Your signed
        tenancy agreements and your room's condition reports, with their photos, are kept with these records
        for the same six years. Everything else is removed or made anonymous when you delete your account.
      </p>
      <p>
        Files about you are deleted on a schedule, and each deletion is recorded: your documents are deleted{' '}
        <SiteValue field="documentRetentionDays" /> days after your last tenancy ends, or, if you do not rent,
        that many days after your last upload, booking or payment (never while you rent, have an inspection
        booked or a payment waiting); the photos you sent with repair requests are deleted{' '}
        <SiteValue field="documentRetentionDays" /> days after your tenancy ends (the repair request itself
        stays, as the hostel's record of the work); and a “Download my data” file is deleted{' '}
        <SiteValue field="dataExportHours" /> hours after we e-mail you its link.
      </p>

      <h2>7. Security</h2>
      <p>
        Passwords are stored only as strong one-way hashes, connections to our site are encrypted, and only
        staff who need your information can see it.
      </p>

      <h2>8. Changes to this policy</h2>
      <p>
        If we change this policy we will update this page and, for important changes, let you know by e-mail.
        Read it together with our <Link to={paths.terms.getHref()}>Terms &amp; Conditions</Link>.
      </p>
    </StaticPage>
  );
}
