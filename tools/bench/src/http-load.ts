import { readFileSync } from 'node:fs';
import { Pool } from 'undici';
import { percentile } from './bench-util.js';

/**
 * The catalogue bench's HTTP load generator, in a process of its own so that its timings do not include
 * the pauses of the bench process (which holds the seeding's data and the baseline's pool):
 *   node http-load.js <baseUrl> <concurrency> <warm-up s> <seconds> <cookies file> <paths file>
 * Each of `concurrency` keep-alive connections GETs a random path of the file, with a random line of the
 * cookies file as its cookies, in a closed loop, first for
 * the warm-up (not counted), then for `seconds`; prints the LatencyFigures as JSON on stdout.
 */
async function main(): Promise<void> {
  const [baseUrl, concurrencyArg, warmUpArg, secondsArg, cookiesFile, pathsFile] = process.argv.slice(2);
  const concurrency = Number(concurrencyArg);
  const paths = readFileSync(pathsFile!, 'utf8').split('\n').filter(Boolean);
  const cookies = readFileSync(cookiesFile!, 'utf8').split('\n').filter(Boolean);
  const http = new Pool(baseUrl!, { connections: concurrency });
  const run = async (seconds: number) => {
    const latencies: number[] = [];
    let errors = 0;
    /** What the failed requests got: a status code, or 'no answer'. */
    const failures: Record<string, number> = {};
    const fail = (what: string) => {
      errors++;
      failures[what] = (failures[what] ?? 0) + 1;
    };
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline) {
          const path = paths[Math.floor(Math.random() * paths.length)]!;
          const cookie = cookies[Math.floor(Math.random() * cookies.length)]!;
          const t0 = performance.now();
          const status = await http.request({ method: 'GET', path, headers: { cookie } }).then(
            async (response) => {
              await response.body.arrayBuffer();
              return String(response.statusCode);
            },
            () => 'no answer',
          );
          latencies.push(performance.now() - t0);
          if (status !== '200') fail(status);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      requests: latencies.length,
      perSecond: latencies.length / elapsed,
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
      errors,
      failures,
    };
  };
  await run(Number(warmUpArg));
  const figures = await run(Number(secondsArg));
  await http.close();
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

await main();
