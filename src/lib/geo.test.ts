import { describe, expect, it } from 'vitest';
import { parseLatLng, toCoordinates } from '@/lib/geo';

describe('geo', () => {
  it('parses lat,lng and refuses anything else', () => {
    expect(parseLatLng('45.5, -122.6')).toEqual({ latitude: 45.5, longitude: -122.6 });
    expect(parseLatLng('Portland, OR')).toBeNull();
    expect(parseLatLng('95,10')).toBeNull();
  });

  it('reads coordinates from latitude/longitude columns, none when either is missing', () => {
    expect(toCoordinates(45.5, -122.6)).toEqual({ latitude: 45.5, longitude: -122.6 });
    expect(toCoordinates(0, 0)).toEqual({ latitude: 0, longitude: 0 });
    expect(toCoordinates(45.5, null)).toBeNull();
    expect(toCoordinates(undefined, undefined)).toBeNull();
  });
});
