import type { Hostel } from '@studynest/contracts';
import { AMENITY_LABELS, GENDER_POLICY_LABELS, type GenderPolicy } from '@studynest/contracts/places';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { FeatureChips } from './feature-chips.tsx';

/** The house rule that goes with a hostel's gender policy, as the help page and the terms put it. */
const HOUSE_RULE: Record<GenderPolicy, string> = {
  female_only:
    'Female students only. Men — relatives, friends and delivery riders too — may not come in; meet male visitors at the gate.',
  male_only: 'Male students only. Women may not come in; meet female visitors at the gate.',
  mixed: 'Takes female and male students.',
};

const osm = 'https://www.openstreetmap.org';
/** The hostel on OpenStreetMap, pinned. */
const mapHref = (lat: number, lon: number) => `${osm}/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
/** Walking directions to it; OpenStreetMap asks where from (the phone's location or a typed place). */
const directionsHref = (lat: number, lon: number) =>
  `${osm}/directions?engine=fossgis_osrm_foot&route=%3B${lat}%2C${lon}`;

const whatsAppHref = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

/**
 * What decides a booking besides the rooms: the walk to campus, who the hostel takes and the rule
 * that goes with it, what it has, where it is on a map, and a link to send to a friend or a parent.
 * All plain links, so they work on the server-rendered page before (or without) JavaScript.
 */
export function HostelFacts({ hostel }: { hostel: Hostel }) {
  const path = paths.hostel.getHref(hostel.id);
  const shareText = (url: string) => `${hostel.hostel_name} on StudyNest: ${url}`;
  const located = hostel.latitude !== null && hostel.longitude !== null;
  return (
    <section aria-labelledby="facts-heading" className="card flex flex-col gap-3">
      <h2 id="facts-heading" className="text-lg">
        At a glance
      </h2>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {hostel.university && (
          <>
            <dt className="font-semibold">Campus</dt>
            <dd>
              {hostel.walking_minutes !== null
                ? `${hostel.walking_minutes} min walk to ${hostel.university}`
                : hostel.university}
              {hostel.university_name ? ` (${hostel.university_name})` : ''}
            </dd>
          </>
        )}
        <dt className="font-semibold">Who it takes</dt>
        <dd>
          <strong>{GENDER_POLICY_LABELS[hostel.gender_policy]}.</strong> {HOUSE_RULE[hostel.gender_policy]}
        </dd>
        <dt className="font-semibold">House rules</dt>
        <dd>
          Quiet hours 10:00 pm to 6:00 am; no subletting without our written consent (
          <Link to={paths.terms.getHref()} className="underline">
            terms
          </Link>
          ).
        </dd>
        {hostel.amenities.length > 0 && (
          <>
            <dt className="font-semibold">Has</dt>
            <dd>
              <FeatureChips label="Amenities" items={hostel.amenities.map((a) => AMENITY_LABELS[a])} />
            </dd>
          </>
        )}
      </dl>
      <div className="flex flex-wrap gap-2">
        {located && (
          <>
            <a
              href={mapHref(hostel.latitude!, hostel.longitude!)}
              className="btn-secondary"
              target="_blank"
              rel="noopener noreferrer"
            >
              See on the map
            </a>
            <a
              href={directionsHref(hostel.latitude!, hostel.longitude!)}
              className="btn-secondary"
              target="_blank"
              rel="noopener noreferrer"
            >
              Directions
            </a>
          </>
        )}
        <a
          href={whatsAppHref(shareText(path))}
          className="btn-secondary"
          target="_blank"
          rel="noopener noreferrer"
          // The server does not know the address the page was reached by; the browser does, so the
          // message carries the whole link once the app runs.
          onClick={(event) => {
            event.currentTarget.href = whatsAppHref(shareText(window.location.origin + path));
          }}
        >
          Share on WhatsApp
        </a>
      </div>
    </section>
  );
}

/**
 * schema.org data for search engines, in the server's HTML: the hostel as a LodgingBusiness with its
 * address, map point, photos, the range of its yearly rents and, once a tenant's review is visible,
 * its average rating.
 */
export function HostelStructuredData({ hostel, rents }: { hostel: Hostel; rents: number[] }) {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'LodgingBusiness',
    name: hostel.hostel_name,
    description: hostel.hostel_details || undefined,
    address: {
      '@type': 'PostalAddress',
      streetAddress: hostel.address,
      addressLocality: hostel.city ?? undefined,
      addressRegion: hostel.state ?? undefined,
      addressCountry: 'NG',
    },
    geo:
      hostel.latitude !== null && hostel.longitude !== null
        ? { '@type': 'GeoCoordinates', latitude: hostel.latitude, longitude: hostel.longitude }
        : undefined,
    image: hostel.photos.map((p) => p.src),
    priceRange: rents.length ? `NGN ${Math.min(...rents)}–${Math.max(...rents)} per year` : undefined,
    aggregateRating: hostel.rating
      ? {
          '@type': 'AggregateRating',
          ratingValue: hostel.rating.average,
          reviewCount: hostel.rating.count,
          bestRating: 5,
          worstRating: 1,
        }
      : undefined,
    amenityFeature: hostel.amenities.map((a) => ({
      '@type': 'LocationFeatureSpecification',
      name: AMENITY_LABELS[a],
      value: true,
    })),
  };
  return (
    <script
      type="application/ld+json"
      // Data, never run: `<` escaped so no text in it can close the element.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON built here from the API's answer, with < escaped
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}
