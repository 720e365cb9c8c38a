import { type FormEvent, useId } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';

/**
 * The way in: where she studies and what she can pay. A plain GET form to the search, so it works
 * before (or without) JavaScript; with it, the search opens without reloading the page.
 */
function HeroSearch() {
  const id = useId();
  const navigate = useNavigate();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const search = new URLSearchParams();
    for (const name of ['q', 'max_price']) {
      const value = String(form.get(name) ?? '').trim();
      // A budget typed as people write it ("₦300,000") goes as typed: the search reads it (and the
      // money parser stays out of the landing page's download).
      if (value) search.set(name, value);
    }
    navigate(paths.hostels.getHref(search));
  }
  return (
    <search className="w-full">
      <form
        method="get"
        action={paths.hostels.path}
        onSubmit={submit}
        className="card flex w-full flex-col gap-3"
        aria-label="Find a room"
      >
        <label htmlFor={`${id}-q`} className="font-semibold">
          Where do you study?
        </label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          className="input"
          placeholder="University, area or hostel name"
          maxLength={100}
          autoComplete="off"
        />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <label className="flex flex-1 flex-col gap-1 text-sm">
            Budget (₦ per year)
            <input name="max_price" inputMode="numeric" className="input" placeholder="e.g. ₦300,000" />
          </label>
          <button type="submit" className="btn-primary px-6 text-base">
            Find a room
          </button>
        </div>
      </form>
    </search>
  );
}

/** The landing page's first screen: what StudyNest is, and the way in (a search, and the hostel list below). */
export function Hero() {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="container-page grid items-center gap-8 py-10 sm:py-14 md:grid-cols-2 md:gap-12 lg:py-20">
        <div className="flex flex-col items-start gap-5">
          <p className="eyebrow">Student hostels in Nigeria</p>
          <h1 className="text-3xl text-ink sm:text-4xl lg:text-5xl">
            Your home away from home, close to campus
          </h1>
          <p className="max-w-prose text-lg text-muted">
            Safe, furnished rooms near your university. See real photos and prices, book an inspection and pay
            your rent online — all in one place.
          </p>
          <HeroSearch />
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <a href="#hostels" className="btn-secondary px-6 text-base">
              Browse hostels
            </a>
            <a href="#how-it-works" className="btn-secondary px-6 text-base">
              How renting works
            </a>
          </div>
        </div>
        <img
          src="/images/hero-960.webp"
          srcSet="/images/hero-480.webp 480w, /images/hero-960.webp 960w"
          sizes="(min-width: 1152px) 540px, (min-width: 768px) 46vw, calc(100vw - 2rem)"
          width={960}
          height={720}
          fetchPriority="high"
          alt="Students with their bags walking up to a StudyNest hostel building"
          className="aspect-[4/3] h-auto w-full rounded-[var(--radius-card)] shadow-md"
        />
      </div>
    </section>
  );
}
