import { readFileSync } from 'node:fs';
import { Pool } from 'undici';
import { closedLoop } from './bench-util.js';

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
  const run = (seconds: number) =>
    closedLoop(concurrency, seconds, async () => {
      const path = paths[Math.floor(Math.random() * paths.length)]!;
      const cookie = cookies[Math.floor(Math.random() * cookies.length)]!;
      const response = await http.request({ method: 'GET', path, headers: { cookie } });
      await response.body.arrayBuffer();
      return response.statusCode === 200 || String(response.statusCode);
    });
  await run(Number(warmUpArg));
  const figures = await run(Number(secondsArg));
  await http.close();
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

await main();
