import { describe, expect, it } from 'vitest';
import {
  buildPlaceRows,
  cityLabel,
  milesBetween,
  nearestTownFinder,
  type CityRecord,
  type PlaceRow,
} from '../../scripts/places/place-rows.ts';

/** The rows `npm run places:load` builds (scripts/places/place-rows.ts, docs/decisions/0024-places.md). */
function city(
  cityId: number,
  name: string,
  country: string,
  adminCode: string,
  lat: number,
  lng: number,
  population = 1000,
  featureCode = 'PPL',
): CityRecord {
  return { cityId, name, country, adminCode, featureCode, population, loc: { coordinates: [lng, lat] } };
}

const PORTLAND_OR = city(5746545, 'Portland', 'US', 'OR', 45.52345, -122.67621, 632309, 'PPLA2');
const PORTLAND_ME = city(4975802, 'Portland', 'US', 'ME', 43.65737, -70.2589, 66881, 'PPLA2');
const MONTREAL = city(6077243, 'Montréal', 'CA', '10', 45.50884, -73.58781, 1600000, 'PPLA2');
const WINDSOR = city(6182962, 'Windsor', 'CA', '08', 42.30008, -83.01654, 278013);
const DETROIT = city(4990729, 'Detroit', 'US', 'MI', 42.33143, -83.04575, 677116);
const SAN_JUAN = city(4568127, 'San Juan', 'PR', '127', 18.46633, -66.10572, 418140, 'PPLC');
const PEARL_DISTRICT = city(9999001, 'Pearl District', 'US', 'OR', 45.5289, -122.6829, 0, 'PPLX');

describe('labels', () => {
  it('US cities carry the state postal code, others the English country name', () => {
    expect(cityLabel('Portland', 'US', 'OR')).toBe('Portland, OR');
    expect(cityLabel('Montréal', 'CA', '10')).toBe('Montréal, Canada');
    expect(cityLabel('Paris', 'FR', '11')).toBe('Paris, France');
    expect(cityLabel('Kowloon', 'HK', 'KYC')).toBe('Kowloon, Hong Kong');
  });

  it('never exceeds 100 characters', () => {
    const name = 'Poselok Turisticheskogo pansionata "Klyazminskoe vodohranilische" and more words';
    const label = cityLabel(name, 'GS', '');
    expect(label.length).toBeLessThanOrEqual(100);
    expect(label).toBe(`${name}, GS`);
  });
});

describe('buildPlaceRows', () => {
  it('makes a city row per GeoNames city and a ZIP row named after the nearest US town', () => {
    const rows = buildPlaceRows(
      [PORTLAND_OR, PORTLAND_ME, MONTREAL, WINDSOR, DETROIT, SAN_JUAN, PEARL_DISTRICT],
      [
        { zipCode: '97205', latitude: 45.52009, longitude: -122.702169 },
        // On the Detroit River: Windsor, Canada is nearer than Detroit, but a ZIP code is named by a US town.
        { zipCode: '48226', latitude: 42.32, longitude: -83.01 },
        { zipCode: '00901', latitude: 18.4655, longitude: -66.1057 },
      ],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get('gn:5746545')).toEqual({
      id: 'gn:5746545',
      kind: 'city',
      name: 'Portland',
      region: 'OR',
      country: 'US',
      label: 'Portland, OR',
      latitude: 45.52345,
      longitude: -122.67621,
      population: 632309,
    });
    expect(byId.get('gn:6077243')?.label).toBe('Montréal, Canada');
    // The Pearl District is a section of Portland: a city row of its own, never a ZIP code's name.
    expect(byId.get('gn:9999001')?.label).toBe('Pearl District, OR');
    expect(byId.get('zip:97205')).toEqual({
      id: 'zip:97205',
      kind: 'zip',
      name: '97205',
      region: 'OR',
      country: 'US',
      label: '97205 · Portland, OR',
      latitude: 45.52009,
      longitude: -122.702169,
      population: 0,
    });
    expect(byId.get('zip:48226')?.label).toBe('48226 · Detroit, MI');
    expect(byId.get('zip:00901')).toMatchObject({ label: '00901 · San Juan, PR', region: 'PR', country: 'PR' });
    expect(rows).toHaveLength(10);
  });

  it('leaves out records out of range, unnamed or with a malformed ZIP code', () => {
    const rows = buildPlaceRows(
      [city(1, 'Nowhere', 'US', 'OR', 95, 0), city(2, ' ', 'US', 'OR', 45, -122), PORTLAND_OR],
      [
        { zipCode: '9720', latitude: 45.5, longitude: -122.7 },
        { zipCode: '97209', latitude: 45.5, longitude: -190 },
      ],
    );
    expect(rows.map((r) => r.id)).toEqual(['gn:5746545']);
  });
});

describe('nearestTownFinder', () => {
  // A small deterministic generator, so a failure can be replayed.
  function random(seed: number): () => number {
    let s = seed;
    return () => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return s / 2147483648;
    };
  }

  it('finds what comparing every town finds, near the poles and across the antimeridian too', () => {
    const rnd = random(17);
    const towns: PlaceRow[] = [];
    for (let i = 0; i < 1500; i++) {
      const latitude = -85 + rnd() * 170;
      const longitude = -180 + rnd() * 360;
      towns.push({
        id: `gn:${i + 1}`,
        kind: 'city',
        name: `T${i}`,
        region: null,
        country: 'US',
        label: `T${i}`,
        latitude,
        longitude,
        population: 0,
      });
    }
    const nearest = nearestTownFinder(towns);
    const points: [number, number][] = [
      [89.5, 10],
      [-89.5, -170],
      [10, 179.9],
      [-20, -179.95],
    ];
    for (let i = 0; i < 400; i++) points.push([-90 + rnd() * 180, -180 + rnd() * 360]);
    for (const [lat, lng] of points) {
      let best = Infinity;
      for (const t of towns) best = Math.min(best, milesBetween(lat, lng, t.latitude, t.longitude));
      const found = nearest(lat, lng)!;
      expect(milesBetween(lat, lng, found.latitude, found.longitude), `${lat},${lng}`).toBeCloseTo(best, 6);
    }
  });

  it('finds nothing among no towns', () => {
    expect(nearestTownFinder([])(45, -122)).toBeNull();
  });
});
