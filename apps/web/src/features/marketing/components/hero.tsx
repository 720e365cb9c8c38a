/** The landing page's first screen: what StudyNest is, and the way in (the hostel list below). */
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
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <a href="#hostels" className="btn-primary px-6 text-base">
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
