const STEPS = [
  ['Browse', 'Look through our hostels, their photos and every room with its yearly rent and fees.'],
  ['Book an inspection', 'Pick a date and a time slot, then pay the agent fee online to confirm it.'],
  ['Inspect the room', 'Meet our agent at the hostel and see the room for yourself before you commit.'],
  ['Pay rent and move in', 'Pay your yearly rent online, download your receipt and collect your key.'],
] as const;

export function RentalProcess() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="process-heading"
      className="scroll-mt-20 bg-brand-800 text-white"
    >
      <div className="section-page">
        <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">Online rental</p>
        <h2 id="process-heading" className="mt-2 text-2xl sm:text-3xl">
          Rent your room online, from start to finish
        </h2>
        <p className="mt-4 max-w-3xl text-lg text-white/90">
          No queues and no cash in envelopes. Every step happens on StudyNest, every payment goes through a
          secure card or bank-transfer checkout, and every payment gives you a receipt you can download as
          proof.
        </p>
        <ol className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(([title, text], i) => (
            <li key={title} className="rounded-[var(--radius-card)] bg-white/10 p-5">
              <span
                aria-hidden="true"
                className="inline-flex size-9 items-center justify-center rounded-full bg-accent-500 font-bold text-ink"
              >
                {i + 1}
              </span>
              <h3 className="mt-3 text-lg">
                <span className="sr-only">Step {i + 1}: </span>
                {title}
              </h3>
              <p className="mt-1 text-white/90">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
