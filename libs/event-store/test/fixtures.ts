import { z } from 'zod';
import { createLogger } from '@app/platform';
import { defineEvent, EventRegistry } from '@app/contracts';

export const TestAppended = defineEvent('test.Appended', z.object({ n: z.number().int(), writer: z.string() }));
export const TestRenamed = defineEvent('test.Renamed', z.object({ name: z.string().min(1) }));

export function testRegistry(): EventRegistry {
  return new EventRegistry([TestAppended, TestRenamed]);
}

export const silentLogger = createLogger('test', 'silent');
