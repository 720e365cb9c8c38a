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
        <li>your home address;</li>
        <li>a copy of your identity card (student ID, national ID or passport);</li>
        <li>the details of an emergency contact person;</li>
        <li>
          payment information — the amounts, dates and references of your payments. Card details are handled
          by our payment provider and never stored by us.
        </li>
      </ul>

      <h2>2. How we use it</h2>
      <p>
        We use your information to manage your account, bookings and lease, to process payments and issue
        receipts, to contact you about your room, rent and repairs, and to reach your emergency contact if
        something happens to you.
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
      <p>You may ask us at any time to:</p>
      <ul>
        <li>give you access to the personal information we hold about you;</li>
        <li>correct information that is wrong or out of date;</li>
        <li>delete your information, where we are not required to keep it;</li>
        <li>stop sending you marketing messages (opt out).</li>
      </ul>
      <p>
        To make a request, e-mail <SiteValue field="supportEmail" /> or use any of the ways on our{' '}
        <Link to={paths.help.getHref('contact')}>contact section</Link>.
      </p>

      <h2>6. How long we keep it</h2>
      <p>
        We keep your information <strong>only for as long as we need it</strong> — for your account and
        tenancy, and afterwards only as long as the law requires us to keep records (for example of payments).
        Then we delete it securely.
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
