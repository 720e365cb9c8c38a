import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { SiteValue, StaticPage, useSiteInfo } from '../../features/marketing/components/static-page.tsx';

const MAINTENANCE_TEMPLATE = [
  'Hostel:',
  'Room number:',
  'Your name and phone number:',
  'What is wrong (and since when):',
  'Best time for our team to come in:',
].join('\n');

/** A mail to support, opened with the maintenance template filled in. */
const maintenanceMail = (email: string) =>
  `mailto:${email}?subject=${encodeURIComponent('Maintenance request')}&body=${encodeURIComponent(MAINTENANCE_TEMPLATE)}`;

/** wa.me wants the number as digits only, with the country code. */
const whatsappLink = (n: string) => `https://wa.me/${n.replace(/\D/g, '')}`;
const telLink = (n: string) => `tel:${n.replace(/[^\d+]/g, '')}`;

export function Component() {
  const info = useSiteInfo().data;
  return (
    <StaticPage
      eyebrow="Help centre"
      title="Help & Support"
      lead="Answers to the questions students ask us most — about booking, payments, rent, house rules and repairs — and how to reach us when you need a person."
    >
      <h2>How do I book a room?</h2>
      <ol>
        <li>
          <strong>Browse</strong> our <Link to={`${paths.home.getHref()}#hostels`}>hostels</Link> and their
          rooms.
        </li>
        <li>
          <strong>Choose a room type</strong> that suits your budget — studio, shared room or non-en-suite
          room.
        </li>
        <li>
          <strong>Apply with your documents</strong>: book an inspection, meet our agent and hand in the
          documents listed below.
        </li>
        <li>
          <strong>Pay</strong> your rent and deposit online.
        </li>
        <li>
          <strong>Get your confirmation by e-mail</strong>, download your receipt and collect your key.
        </li>
      </ol>

      <h2>Which documents do I need?</h2>
      <ul>
        <li>your student ID card or university admission letter;</li>
        <li>a valid international passport or national ID card;</li>
        <li>proof of your deposit payment (your StudyNest receipt).</li>
      </ul>

      <h2>How can I pay?</h2>
      <p>
        You can pay by <strong>debit or credit card</strong> or by <strong>bank transfer</strong> through our
        secure Paystack checkout. PayPal is not available — we use Paystack for all payments. Every successful
        payment gives you a receipt you can download.
      </p>

      <h2>How often do I pay rent?</h2>
      <p>
        Rent is paid <strong>yearly</strong>, in advance. We send you a reminder{' '}
        <strong>one month before</strong> your rent is due, and your profile always shows your due date and
        the days left.
      </p>

      <h2>House rules: girls-only accommodation</h2>
      <p>
        Some of our hostels are <strong>girls-only</strong>. Men — including relatives, friends and delivery
        riders — are not allowed to enter these hostels at any time. Please meet male visitors at the gate.
      </p>

      <h2>How do I report a repair?</h2>
      <p>Tell us as soon as something needs fixing, in whichever way suits you:</p>
      <ul>
        <li>
          <strong>Online form</strong>:{' '}
          {info ? (
            <a href={maintenanceMail(info.supportEmail)}>send a maintenance request</a>
          ) : (
            'send a maintenance request'
          )}{' '}
          (opens your e-mail app with a short form to fill in);
        </li>
        <li>
          <strong>E-mail</strong>: write to <SiteValue field="supportEmail" />
          {';'}
        </li>
        <li>
          <strong>24/7 helpline</strong>: call <SiteValue field="supportPhone" /> at any hour.
        </li>
      </ul>
      <p>
        We attend to <strong>emergency repairs within 24 hours</strong> (for example no water, an electrical
        fault or a broken lock) and to <strong>general repairs within 3–5 business days</strong>.
      </p>

      <h2>Moving out and your deposit</h2>
      <p>
        Please give us at least <SiteValue field="tenantNoticeDays" /> days' notice before you move out. After
        your room has been checked, your caution deposit is refunded within{' '}
        <SiteValue field="depositRefundDays" /> days, less any deductions described in our{' '}
        <Link to={paths.terms.getHref()}>Terms &amp; Conditions</Link>.
      </p>

      <section
        id="contact"
        aria-labelledby="contact-heading"
        className="mt-10 scroll-mt-24 rounded-[var(--radius-card)] border border-brand-100 bg-brand-50 p-5 sm:p-6"
      >
        <h2 id="contact-heading" className="mt-0!">
          Contact us
        </h2>
        <p>Our support team is happy to help. Reach us by:</p>
        <ul className="mb-0!">
          <li>
            <strong>Phone</strong>:{' '}
            {info ? (
              <a href={telLink(info.supportPhone)}>{info.supportPhone}</a>
            ) : (
              <SiteValue field="supportPhone" />
            )}
          </li>
          <li>
            <strong>E-mail</strong>:{' '}
            {info ? (
              <a href={`mailto:${info.supportEmail}`}>{info.supportEmail}</a>
            ) : (
              <SiteValue field="supportEmail" />
            )}
          </li>
          <li>
            <strong>WhatsApp</strong>:{' '}
            {info ? (
              <a href={whatsappLink(info.whatsappNumber)} rel="noopener noreferrer" target="_blank">
                {info.whatsappNumber}
                <span className="sr-only"> (opens WhatsApp in a new tab)</span>
              </a>
            ) : (
              <SiteValue field="whatsappNumber" />
            )}
          </li>
        </ul>
      </section>
    </StaticPage>
  );
}
