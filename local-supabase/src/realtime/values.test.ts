import { describe, expect, it } from 'vitest';
import { JsonbObject, RawJson, writeJson } from './json.ts';
import {
  numericJson,
  parseArrayLiteral,
  parseRecordLiteral,
  typeValue,
  xsdTimestamp,
  type TypeInfo,
} from './values.ts';

const t = (category: TypeInfo['category'], extra: Partial<TypeInfo> = {}): TypeInfo => ({
  oid: 0,
  typname: category,
  regtype: category,
  category,
  delimiter: ',',
  ...extra,
});

// Expected values are what `select to_jsonb('<text>'::<type>)::text` prints on PostgreSQL 17.
describe('numericJson (to_jsonb of the numeric types)', () => {
  it.each([
    ['1', '1'],
    ['-42', '-42'],
    ['1.50', '1.50'],
    ['0.001', '0.001'],
    ['1e+20', '100000000000000000000'],
    ['1.5e-07', '0.00000015'],
    ['-1.25e+2', '-125'],
    ['12.5e1', '125'],
    ['-0', '0'],
    ['9007199254740993', '9007199254740993'],
  ])('%s → %s', (text, json) => {
    const v = numericJson(text);
    expect(v).toBeInstanceOf(RawJson);
    expect((v as RawJson).text).toBe(json);
  });

  it('keeps NaN and the infinities as strings', () => {
    expect(numericJson('NaN')).toBe('NaN');
    expect(numericJson('Infinity')).toBe('Infinity');
    expect(numericJson('-Infinity')).toBe('-Infinity');
  });
});

describe('timestamps (XSD format, as to_jsonb writes them)', () => {
  it('puts a T between date and time and writes offsets as ±hh:mm', () => {
    expect(xsdTimestamp('2026-01-02 03:04:05.678901+00', true)).toBe('2026-01-02T03:04:05.678901+00:00');
    expect(xsdTimestamp('2026-01-02 03:04:05+05:30', true)).toBe('2026-01-02T03:04:05+05:30');
    expect(xsdTimestamp('2026-01-02 03:04:05-08', true)).toBe('2026-01-02T03:04:05-08:00');
    expect(xsdTimestamp('2026-01-02 03:04:05', false)).toBe('2026-01-02T03:04:05');
    expect(xsdTimestamp('infinity', true)).toBe('infinity');
    expect(xsdTimestamp('0044-03-15 12:00:00+00 BC', true)).toBe('0044-03-15T12:00:00+00:00 BC');
  });
});

describe('array literals', () => {
  it('parses quoting, escapes, NULL, nesting and dimension decoration', () => {
    expect(parseArrayLiteral('{}')).toEqual([]);
    expect(parseArrayLiteral('{a,"b c",NULL,"NULL","x\\"y"}')).toEqual(['a', 'b c', null, 'NULL', 'x"y']);
    expect(parseArrayLiteral('{{1,2},{3,4}}')).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(parseArrayLiteral('[0:1]={7,8}')).toEqual(['7', '8']);
    expect(parseArrayLiteral('{(1,2),(3,4);(5,6),(7,8)}', ';')).toEqual(['(1,2),(3,4)', '(5,6),(7,8)']);
  });
});

describe('record literals', () => {
  it('splits fields, unquotes and treats an empty unquoted field as NULL', () => {
    expect(parseRecordLiteral('(1,"a b",,"",x""y)')).toEqual(['1', 'a b', null, '', 'xy']);
    expect(parseRecordLiteral('(1,"say ""hi""")')).toEqual(['1', 'say "hi"']);
  });
});

describe('typeValue', () => {
  it('types each category as hosted does', () => {
    expect(typeValue(null, t('number'))).toBeNull();
    expect(typeValue('t', t('bool'))).toBe(true);
    expect(typeValue('f', t('bool'))).toBe(false);
    expect(writeJson(typeValue('12.50', t('number')))).toBe('12.50');
    expect(typeValue('2026-01-02', t('date'))).toBe('2026-01-02');
    expect(typeValue('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', t('other'))).toBe('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11');
    expect(typeValue('1 day 02:00:00', t('other'))).toBe('1 day 02:00:00');
    expect(writeJson(typeValue('{"b": 1, "a": [1, 2]}', t('jsonb')))).toBe('{"b": 1, "a": [1, 2]}');
    expect(writeJson(typeValue('{"bb": 1, "a": 2, "c": {"y": 1, "x": 2}}', t('json')))).toBe(
      '{"a":2,"c":{"x":2,"y":1},"bb":1}',
    );
    const intArray = t('array', { element: t('number') });
    expect(writeJson(typeValue('{{1,2},{NULL,4}}', intArray))).toBe('[[1,2],[null,4]]');
    const tsArray = t('array', { element: t('timestamptz') });
    expect(typeValue('{"2026-01-02 03:04:05+00"}', tsArray)).toEqual(['2026-01-02T03:04:05+00:00']);
    const composite = t('composite', {
      fields: [
        { name: 'n', type: t('number') },
        { name: 'label', type: t('other') },
      ],
    });
    expect(writeJson(typeValue('(3,"x y")', composite))).toBe('{"n":3,"label":"x y"}');
  });

  it('falls back to the text when a literal cannot be taken apart', () => {
    expect(typeValue('{unterminated', t('array', { element: t('other') }))).toBe('{unterminated');
    expect(typeValue('not json', t('json'))).toBe('not json');
  });
});

describe('writeJson', () => {
  it('orders jsonb objects by key length, then bytes', () => {
    const o = new JsonbObject(
      new Map<string, never>([
        ['label', 'x' as never],
        ['id', 1 as never],
        ['ab', null as never],
      ]),
    );
    expect(writeJson(o)).toBe('{"ab":null,"id":1,"label":"x"}');
  });

  it('writes raw JSON verbatim and plain objects in insertion order', () => {
    expect(writeJson({ b: new RawJson('1.50'), a: [true, null, 'x'] })).toBe('{"b":1.50,"a":[true,null,"x"]}');
  });
});
