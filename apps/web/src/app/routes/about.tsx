import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { PageBand } from '../../features/marketing/components/static-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

const FEATURES = [
  {
    title: 'Prime locations near universities',
    text: 'Our hostels sit a short walk or a quick ride from campus gates, so you spend less time and money on transport and more time on lectures, study groups and rest.',
  },
  {
    title: 'Fully furnished rooms',
    text: 'Every room comes with a bed and mattress, a study desk and chair, a wardrobe and good lighting. Arrive with your bags and you are ready to settle in.',
  },
  {
    title: '24/7 security',
    text: 'Gated compounds, security staff on duty day and night and controlled visitor access, so you and your belongings stay safe while you sleep, study or travel home.',
  },
  {
    title: 'All-inclusive bills',
    text: 'Water, electricity, waste collection and the upkeep of shared areas are included in your rent. One yearly payment, no monthly surprises and no chasing housemates for their share.',
  },
  {
    title: 'A student community',
    text: 'Live among students who understand exam season. Quiet hours protect your sleep, and shared spaces make it easy to find study partners and friends.',
  },
  {
    title: 'A support team that answers',
    text: 'Our support team handles questions, bookings and repairs by phone, e-mail and WhatsApp, with a helpline that is open around the clock for emergencies.',
  },
] as const;

const OFFERINGS = [
  'Studios, shared rooms and non-en-suite rooms to suit different budgets',
  'Real photos, room numbers and prices for every hostel, online',
  'Room inspections booked online at a time that suits you',
  'Secure online payment of agent fees and yearly rent, with downloadable receipts',
  'Your rent details, due date and days left, always visible in your profile',
  'Maintenance requests handled by our own team',
];

const COMMITMENTS = [
  'Honest pricing: every fee is shown in naira before you pay, and nothing is added at the gate',
  'One room, one tenant: a room you have paid for is never let to someone else',
  'Emergency repairs attended to within 24 hours, general repairs within 3–5 business days',
  'Your personal data protected and never sold',
  'Clear, written terms and a fair deposit refund when you move out',
  'Respectful, reachable staff — every message gets an answer',
];

export function Component() {
  useDocumentTitle('About us');
  return (
    <>
      <PageBand
        eyebrow="About us"
        title="About StudyNest"
        lead="StudyNest provides safe, comfortable and affordable accommodation for students in Nigeria. We own and manage every hostel we list, so we can promise what we offer — and keep that promise for as long as you live with us."
        className="py-10 sm:py-14"
      />

      <section aria-labelledby="features-heading" className="section-page pt-6 sm:pt-8">
        <h2 id="features-heading" className="sr-only">
          What living with us is like
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((f) => (
            <li key={f.title} className="card p-5">
              <h3 className="text-lg text-brand-800">{f.title}</h3>
              <p className="mt-2 leading-relaxed text-ink">{f.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-subtle">
        <div className="section-page grid gap-10 md:grid-cols-2">
          <div>
            <h2 className="text-2xl">What we offer</h2>
            <ul className="mt-4 list-disc space-y-2 pl-6 leading-relaxed">
              {OFFERINGS.map((o) => (
                <li key={o}>{o}</li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="text-2xl">Our commitments to you</h2>
            <ul className="mt-4 list-disc space-y-2 pl-6 leading-relaxed">
              {COMMITMENTS.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className="section-page">
        <figure className="mx-auto max-w-3xl text-center">
          <blockquote className="text-2xl leading-snug font-semibold text-brand-800 sm:text-3xl">
            “A good room is more than four walls. It is a quiet place to study, a safe place to rest and a
            community that helps you finish strong.”
          </blockquote>
          <figcaption className="mt-4 text-muted">— The StudyNest team</figcaption>
        </figure>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to={`${paths.home.getHref()}#hostels`} className="btn-primary">
            Browse hostels
          </Link>
          <Link to={paths.help.getHref('contact')} className="btn-secondary">
            Contact us
          </Link>
        </div>
      </section>
    </>
  );
}
