import { describe, expect, it } from 'vitest';
import { boundingBox, coordinatesOf, distanceMiles, filterNearby, haversineMiles, parseLatLng } from '@/lib/geo';

const portland = { latitude: 45.5152, longitude: -122.6784 };
const seattle = { latitude: 47.6062, longitude: -122.3321 };
const austin = { latitude: 30.2672, longitude: -97.7431 };

describe('geo', () => {
  it('measures great-circle miles with an Earth radius of 3,959 miles', () => {
    expect(haversineMiles(portland, portland)).toBe(0);
    // Portland–Seattle is about 145 miles as the crow flies.
    expect(distanceMiles(portland, seattle)).toBe(145);
    // A quarter of a meridian: π/2 × 3959.
    expect(haversineMiles({ latitude: 0, longitude: 0 }, { latitude: 90, longitude: 0 })).toBeCloseTo(6218.8, 1);
  });

  it('parses lat,lng and refuses anything else', () => {
    expect(parseLatLng('45.5, -122.6')).toEqual({ latitude: 45.5, longitude: -122.6 });
    expect(parseLatLng('Portland, OR')).toBeNull();
    expect(parseLatLng('95,10')).toBeNull();
  });

  it('drops items beyond 100 miles, keeps ones without coordinates, and shows all when none is in range', () => {
    const items = [
      { id: 'near', at: { latitude: 45.6, longitude: -122.7 } },
      { id: 'far', at: austin },
      { id: 'unknown', at: null },
    ];
    const near = filterNearby(items, portland, (i) => i.at);
    expect(near.map((i) => [i.id, i.distance])).toEqual([
      ['near', 6],
      ['unknown', null],
    ]);
    const none = filterNearby([items[1]!], portland, (i) => i.at);
    expect(none.map((i) => i.id)).toEqual(['far']);
    expect(filterNearby(items, null, (i) => i.at)).toHaveLength(3);
  });
});

describe('geo helpers for rows', () => {
  it('reads coordinates from columns, else from a lat,lng location', () => {
    expect(coordinatesOf({ latitude: 1, longitude: 2, location: 'x' })).toEqual({ latitude: 1, longitude: 2 });
    expect(coordinatesOf({ latitude: null, longitude: null, location: '3,4' })).toEqual({ latitude: 3, longitude: 4 });
    expect(coordinatesOf({ location: 'Austin, TX' })).toBeNull();
  });

  it('builds a box that contains the 100-mile circle', () => {
    const box = boundingBox(portland);
    expect(box.minLatitude).toBeLessThan(portland.latitude - 1.4);
    expect(box.maxLatitude).toBeGreaterThan(portland.latitude + 1.4);
    const east = { latitude: portland.latitude, longitude: box.maxLongitude };
    expect(haversineMiles(portland, east)).toBeGreaterThanOrEqual(99.9);
  });
});
