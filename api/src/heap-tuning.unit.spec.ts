import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const HEAP_TUNING = path.join(import.meta.dirname, 'heap-tuning.ts');

/**
 * What V8 does with a site whose objects first all survived (a big read's rows) and then die at once (every
 * later request's rows), in a fresh process: how many MB of them went to the old generation. The module is
 * loaded as main.ts loads it, first (Node strips its types).
 */
async function oldGenerationGrowthMb(withHeapTuning: boolean): Promise<number> {
  const script = `
    ${withHeapTuning ? `await import(${JSON.stringify(HEAP_TUNING)});` : ''}
    const v8 = await import('node:v8');
    const oldSpace = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space').space_used_size;
    const row = (i) => ({ id: i, name: 'entry ' + i, count: i * 2, hidden: null });
    const kept = [];
    for (let i = 0; i < 300000; i++) kept.push(row(i));
    gc({ type: 'minor' });
    gc({ type: 'minor' });
    const before = oldSpace();
    let page = [];
    for (let i = 0; i < 3000000; i++) {
      page.push(row(i));
      if (page.length === 100) page = [];
    }
    console.log((oldSpace() - before) / 1e6, kept.length);
  `;
  const { stdout } = await run(process.execPath, ['--expose-gc', '--input-type=module', '-e', script]);
  return Number(stdout.split(' ')[0]);
}

describe('heap tuning (heap-tuning.ts)', () => {
  it("keeps short-lived objects young after their allocation site's objects all survived once", async () => {
    // Without it V8 pretenures the site: the 3,000,000 short-lived rows go straight to the old generation.
    expect(await oldGenerationGrowthMb(false)).toBeGreaterThan(5);
    expect(await oldGenerationGrowthMb(true)).toBeLessThan(1);
  }, 30_000);
});
