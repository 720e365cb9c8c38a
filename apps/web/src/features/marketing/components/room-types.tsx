const ROOM_TYPES = [
  {
    name: 'Studio',
    image: 'room-studio',
    alt: 'A studio room with a bed, a study desk with a lamp, a wardrobe and a large window',
    text: 'A self-contained room with your own bathroom and kitchenette. Ideal if you want privacy and quiet for late-night study.',
  },
  {
    name: 'Shared room',
    image: 'room-shared',
    alt: 'A bright shared room with two beds and a bedside cabinet between them',
    text: 'A spacious furnished room for two students who split the rent. A friendly, budget-wise way to live close to campus.',
  },
  {
    name: 'Non-en-suite room',
    image: 'room-non-ensuite',
    alt: 'A private bedroom with a desk and a door marked shared bath',
    text: 'Your own private bedroom, with a clean shared bathroom and kitchen on the floor. Your own space at a lower price.',
  },
] as const;

export function RoomTypes() {
  return (
    <section aria-labelledby="room-types-heading" className="bg-subtle">
      <div className="section-page">
        <p className="eyebrow">Room types</p>
        <h2 id="room-types-heading" className="mt-2 text-2xl sm:text-3xl">
          A room for every budget
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {ROOM_TYPES.map((r) => (
            <li key={r.name} className="card flex flex-col gap-3 overflow-hidden p-0">
              <img
                src={`/images/${r.image}-480.webp`}
                srcSet={`/images/${r.image}-480.webp 480w, /images/${r.image}-960.webp 960w`}
                sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
                width={480}
                height={320}
                loading="lazy"
                decoding="async"
                alt={r.alt}
                className="aspect-[3/2] h-auto w-full"
              />
              <div className="flex flex-col gap-2 px-5 pb-5">
                <h3 className="text-lg">{r.name}</h3>
                <p className="text-muted">{r.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
