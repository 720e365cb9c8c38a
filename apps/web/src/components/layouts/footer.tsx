import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { site } from '../../config/site.ts';
import { ProfileLink } from './profile-link.tsx';

const LOGOS = [
  { src: '/images/logos/verified.svg', alt: 'Verified rooms' },
  { src: '/images/logos/secure-pay.svg', alt: 'Secure online payment' },
  { src: '/images/logos/support.svg', alt: '24/7 student support' },
];

const FOOTER_LINK = 'inline-block py-2 text-white/90 underline-offset-4 hover:underline';

export function Footer() {
  // Profile (null): the person's own, decided when pressed (ProfileLink).
  const links = [
    { to: paths.home.getHref(), label: 'Home' },
    { to: paths.about.getHref(), label: 'About' },
    { to: null, label: 'Profile' },
    { to: paths.careers.getHref(), label: 'Vacancy' },
    { to: paths.terms.getHref(), label: 'Terms & Conditions' },
    { to: paths.privacy.getHref(), label: 'Policy & Privacy' },
    { to: paths.help.getHref(), label: 'Help & Support' },
    { to: paths.help.getHref('contact'), label: 'Contact Us' },
  ];
  return (
    <footer className="mt-16 border-t border-line bg-brand-800 text-white">
      <div className="container-page flex flex-col gap-6 py-10">
        <nav aria-label="Footer">
          <ul className="grid max-w-3xl grid-cols-2 gap-x-6 gap-y-1 sm:grid-cols-4">
            {links.map((l) => (
              <li key={l.label}>
                {l.to === null ? (
                  <ProfileLink className={FOOTER_LINK}>{l.label}</ProfileLink>
                ) : (
                  <Link to={l.to} className={FOOTER_LINK}>
                    {l.label}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-wrap items-center gap-3">
          {LOGOS.map((l) => (
            <img
              key={l.src}
              src={l.src}
              alt={l.alt}
              width={140}
              height={40}
              loading="lazy"
              className="h-10 w-[140px]"
            />
          ))}
        </div>
      </div>
      <div className="border-t border-white/15">
        <div className="container-page flex flex-col gap-1 py-4 text-sm text-white/85 sm:flex-row sm:flex-wrap sm:gap-x-3">
          {/* The landing page's HTML is made at build time: a build from last year must still hydrate. */}
          <p suppressHydrationWarning>
            © {new Date().getFullYear()} {site.company}
          </p>
          <address className="not-italic">{site.postalAddress}</address>
        </div>
      </div>
    </footer>
  );
}
