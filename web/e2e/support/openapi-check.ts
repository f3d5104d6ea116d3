// The e2e run's last step: every /api answer the product gave during the run (recorded by
// api/src/openapi/record-responses.ts into RECORD_API_RESPONSES_DIR) is checked against the OpenAPI
// document the api wrote beside them, by route and status (ajv, JSON Schema 2020-12). A mismatch fails
// the run; the counts and any mismatch are written to .reports/openapi-check.json.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RecordedResponse } from '../../../api/src/openapi/record-responses';
import { responseValidator } from '../../../api/src/openapi/response-validator';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The same mismatch on many answers is listed once, with how many times it happened. */
const MAX_LISTED = 30;

export interface OpenApiCheck {
  responses: number;
  routes: number;
  documentedRoutes: number;
  mismatches: { method: string; path: string; status: number; problem: string; times: number }[];
}

/** Checks the answers recorded in `dir`; null when nothing was recorded there. */
export function checkRecordedResponses(dir: string): OpenApiCheck | null {
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir).filter((file) => file.startsWith('responses-') && file.endsWith('.jsonl'));
  const documentFile = path.join(dir, 'openapi.json');
  if (!existsSync(documentFile)) return null;
  const validator = responseValidator(JSON.parse(readFileSync(documentFile, 'utf8')) as object);
  const routes = new Set<string>();
  const mismatches = new Map<string, OpenApiCheck['mismatches'][number]>();
  let responses = 0;
  for (const file of files) {
    for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const answer = JSON.parse(line) as RecordedResponse;
      responses++;
      const result = validator.check(answer.method, answer.path, answer.status, answer.body, answer.contentType);
      if (result.route) routes.add(`${answer.method} ${result.route}`);
      if (result.ok) continue;
      const key = `${answer.method} ${result.route ?? answer.path} ${answer.status} ${result.problem}`;
      const seen = mismatches.get(key);
      if (seen) seen.times++;
      else {
        mismatches.set(key, {
          method: answer.method,
          path: answer.path,
          status: answer.status,
          problem: result.problem ?? '',
          times: 1,
        });
      }
    }
  }
  return { responses, routes: routes.size, documentedRoutes: validator.routes, mismatches: [...mismatches.values()] };
}

export default function openApiCheck(): void {
  const dir = process.env.RECORD_API_RESPONSES_DIR;
  if (!dir) return;
  const result = checkRecordedResponses(dir);
  if (!result) {
    console.log('[openapi] no answers were recorded (the product was not started by this run): nothing to check');
    return;
  }
  writeFileSync(path.join(repoRoot, '.reports/openapi-check.json'), JSON.stringify(result, null, 2));
  rmSync(dir, { recursive: true, force: true });
  console.log(
    `[openapi] ${result.responses} answers on ${result.routes} of the document's ${result.documentedRoutes} routes ` +
      `checked against /api/openapi.json: ${result.mismatches.length} mismatch(es)`,
  );
  if (result.mismatches.length > 0) {
    const listed = result.mismatches
      .slice(0, MAX_LISTED)
      .map((m) => `  ${m.method} ${m.path} ${m.status} (${m.times}x): ${m.problem}`)
      .join('\n');
    throw new Error(
      `Answers of the e2e run do not match the OpenAPI document (api/src/openapi/api-routes.ts):\n${listed}`,
    );
  }
}
