import { expect, it } from 'vitest';
import { sampleFromSchema } from '../src/routes/schema-sample.ts';
import { chooser } from './helpers/play.ts';

it('samples values inside inclusive and exclusive bounds', () => {
  const schemas = [
    { type: 'number', minimum: 14.95, exclusiveMaximum: 165.05 },
    { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
    { type: 'integer', minimum: 0, maximum: 4 },
    { type: 'integer', exclusiveMinimum: 2, exclusiveMaximum: 5 },
  ];
  for (const schema of schemas) {
    const rand = chooser(1);
    for (let i = 0; i < 2000; i++) {
      const v = sampleFromSchema(
        schema,
        i === 0 ? { pick: () => 0, fraction: () => 0 } : i === 1 ? { pick: () => 0, fraction: () => 0.99999999 } : rand,
      ) as number;
      if ('minimum' in schema) expect(v).toBeGreaterThanOrEqual(schema.minimum as number);
      if ('maximum' in schema) expect(v).toBeLessThanOrEqual(schema.maximum as number);
      if ('exclusiveMinimum' in schema) expect(v).toBeGreaterThan(schema.exclusiveMinimum as number);
      if ('exclusiveMaximum' in schema) expect(v).toBeLessThan(schema.exclusiveMaximum as number);
      if (schema.type === 'integer') expect(Number.isInteger(v)).toBe(true);
    }
  }
});

it('follows const, enum, oneOf with inherited keywords, and required properties', () => {
  const schema = {
    type: 'object',
    oneOf: [
      { properties: { type: { const: 'A' }, n: { type: 'integer', minimum: 1, maximum: 3 } }, required: ['type', 'n'] },
      { properties: { type: { const: 'B' }, note: { type: 'string' } }, required: ['type'] },
      { properties: { type: { enum: ['C', 'D'] } }, required: ['type'] },
    ],
  };
  expect(sampleFromSchema(schema)).toEqual({ type: 'A', n: 2 });
  expect(sampleFromSchema(schema, { pick: (n) => (n === 3 ? 1 : 0), fraction: () => 0.5 })).toEqual({ type: 'B' });
  expect(sampleFromSchema(schema, { pick: (n) => (n === 3 ? 2 : 1), fraction: () => 0.5 })).toEqual({ type: 'D' });
});
