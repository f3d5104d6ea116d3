import { z } from 'zod';
import { defineEvent, EventRegistry, InvalidEventError, UnknownEventTypeError } from './define-event.js';

const Renamed = defineEvent('Renamed', z.object({ name: z.string().min(1) }), 2);

describe('EventRegistry', () => {
  const registry = new EventRegistry([Renamed]);

  it('returns the parsed payload and the schema version', () => {
    expect(registry.validate('Renamed', { name: 'Ada', extra: true })).toEqual({
      data: { name: 'Ada' },
      schemaVersion: 2,
    });
  });

  it('rejects a payload that does not match, naming the field', () => {
    expect(() => registry.validate('Renamed', { name: '' })).toThrow(InvalidEventError);
    expect(() => registry.validate('Renamed', {})).toThrow(/name/);
  });

  it('rejects unknown types and duplicate definitions', () => {
    expect(() => registry.validate('Nope', {})).toThrow(UnknownEventTypeError);
    expect(() => new EventRegistry([Renamed, Renamed])).toThrow(/defined twice/);
  });
});
