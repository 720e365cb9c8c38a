const POINTS = [
  {
    title: 'Affordable',
    text: 'Fair yearly rents with every fee — agent fee, caution fee and rent — shown up front in naira.',
  },
  {
    title: 'Trust',
    text: 'One company owns and manages every hostel. No fake agents, no room let to two people.',
  },
  {
    title: 'Safe and secure',
    text: 'Gated buildings with security staff on duty 24 hours a day, 7 days a week.',
  },
  {
    title: 'Close to campus',
    text: 'Hostels chosen for short walks and easy rides to lectures, libraries and shops.',
  },
  {
    title: 'Fully furnished',
    text: 'Bed, mattress, desk, chair and wardrobe are ready for you. Bring your bags and settle in.',
  },
  {
    title: 'Help when you need it',
    text: 'A support team you can reach by phone, e-mail or WhatsApp, and quick repairs.',
  },
] as const;

export function SellingPoints() {
  return (
    <section aria-labelledby="why-heading" className="section-page">
      <p className="eyebrow">Why StudyNest</p>
      <h2 id="why-heading" className="mt-2 text-2xl sm:text-3xl">
        Why students choose us
      </h2>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {POINTS.map((p) => (
          <li key={p.title} className="flex gap-3 rounded-[var(--radius-card)] border border-line p-5">
            <svg viewBox="0 0 24 24" aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700">
              <circle cx="12" cy="12" r="10" fill="currentColor" />
              <path d="M7.5 12.5l3 3 6-6" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
            <div>
              <h3 className="text-lg">{p.title}</h3>
              <p className="mt-1 text-muted">{p.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
