import { useId, useRef, useState } from 'react';

/**
 * Spec: the intro's Read More reveals the extended paragraph one way (no Read Less).
 * The button then disappears, so focus moves to the revealed text instead of falling to <body>.
 */
export function Intro() {
  const [open, setOpen] = useState(false);
  const moreId = useId();
  const moreRef = useRef<HTMLParagraphElement>(null);
  return (
    <section aria-labelledby="intro-heading" className="section-page">
      <div className="max-w-3xl">
        <h2 id="intro-heading" className="text-2xl sm:text-3xl">
          Welcome to StudyNest
        </h2>
        <p className="mt-4 text-lg leading-relaxed text-ink">
          StudyNest owns and manages every hostel you see on this site. We help students across Nigeria find a
          safe, affordable room near their university — without walking from street to street or paying
          strangers who claim to be agents.
        </p>
        {open ? (
          <p
            id={moreId}
            ref={(el) => {
              moreRef.current = el;
              el?.focus();
            }}
            tabIndex={-1}
            className="mt-4 text-lg leading-relaxed text-ink focus:outline-none"
          >
            Because the rooms are ours, the price you see is the price you pay: no middlemen adding their own
            fees and no surprises at the gate. Look through each hostel's photos, book an inspection at a time
            that suits you, pay the agent fee and your yearly rent securely online, and download a receipt for
            every payment. Once you move in, our on-site team and support line are there for repairs,
            questions and anything else you need to feel at home while you focus on your studies.
          </p>
        ) : (
          <button
            type="button"
            className="btn-secondary mt-4"
            aria-expanded={false}
            aria-controls={moreId}
            onClick={() => setOpen(true)}
          >
            Read More
          </button>
        )}
      </div>
    </section>
  );
}
