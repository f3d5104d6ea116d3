import { createRequire } from 'node:module';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { API_ROUTES } from './api-routes.js';
import { openApiDocument, PUBLIC_API_ROUTES } from './openapi-document.js';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** swagger-ui-dist ships the reference page's script and styles: served from node_modules, never a CDN. */
function swaggerUiDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/** The reference's own files: its script and styles, nothing else of the package. */
const ASSETS = new Set(['swagger-ui-bundle.js', 'swagger-ui.css', 'favicon-32x32.png']);

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>API reference · Payola</title>
<link rel="icon" type="image/png" href="${DOCS_PATH}/assets/favicon-32x32.png">
<link rel="stylesheet" href="${DOCS_PATH}/assets/swagger-ui.css">
<link rel="stylesheet" href="${DOCS_PATH}/page.css">
</head>
<body>
<header class="payola-docs-header"><p><a href="/">Payola</a> · API reference · <a href="${OPENAPI_PATH}">OpenAPI 3.1 document (JSON)</a></p></header>
<main id="docs"><noscript>The reference needs JavaScript; the document itself is at <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</noscript></main>
<script src="${DOCS_PATH}/assets/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/start.js"></script>
</body>
</html>
`;

/** Started by a file of ours, so the page runs under the product's script policy (no inline script). */
const START = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: '#docs',
  // Deep links put a link inside each operation's toggle button (nested controls); the toggles suffice.
  deepLinking: false,
  validatorUrl: null,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  tryItOutEnabled: false,
});
`;

/**
 * A plain header, and swagger-ui's light colours darkened where text sits on them, so every text meets
 * WCAG AA contrast (4.5:1; checked by axe in web/e2e/api-docs.e2e.spec.ts).
 */
const PAGE_CSS = `body{margin:0;background:#fff}
.payola-docs-header{background:#0b0b12;color:#f4f4f7;font:15px/1.5 system-ui,sans-serif;padding:10px 20px}
.payola-docs-header p{margin:0 auto;max-width:1460px}
.payola-docs-header a{color:#ffb3d1}
.swagger-ui .info .title small{background:#4b5563}
.swagger-ui .info .title small.version-stamp{background:#3f6212}
.swagger-ui .info .title small pre{color:#fff}
.swagger-ui .info a.link,.swagger-ui .info .url,.swagger-ui .info a{color:#1d4ed8}
.swagger-ui .btn.authorize{color:#166534;border-color:#166534}
.swagger-ui .btn.authorize span{color:#166534}
.swagger-ui .btn.authorize svg{fill:#166534}
.swagger-ui .parameter__in{color:#4b5563}
.swagger-ui .opblock .opblock-summary-method{color:#fff;text-shadow:none}
.swagger-ui .opblock.opblock-get .opblock-summary-method{background:#1d4ed8}
.swagger-ui .opblock.opblock-post .opblock-summary-method{background:#166534}
.swagger-ui .opblock.opblock-put .opblock-summary-method{background:#9a3412}
.swagger-ui .opblock.opblock-patch .opblock-summary-method{background:#0f766e}
.swagger-ui .opblock.opblock-delete .opblock-summary-method{background:#b91c1c}
.swagger-ui .opblock .opblock-summary-description{color:#1f2937}
.swagger-ui .highlight-code .microlight,.swagger-ui .highlight-code .microlight span{color:#f8f8f2 !important}
`;

/**
 * GET /api/openapi.json (the OpenAPI 3.1 document made from the zod contracts, api-routes.ts) and
 * GET /api/docs (a reference page: swagger-ui from node_modules, so it works offline). Both are public:
 * they describe the API the web app uses, which anyone can watch in a browser; the operators' console
 * routes are listed only for an operator past the second factor (docs/decisions.md).
 */
export function apiReference(isOperator: (request: Request) => Promise<boolean>): Router {
  const router = express.Router();
  const assets = express.static(swaggerUiDir(), { index: false, maxAge: '1d' });
  router.get(OPENAPI_PATH, (req: Request, res: Response, next) => {
    isOperator(req).then((operator) => {
      // Per session (an operator's is the whole document): never shared by a cache.
      res.setHeader('Cache-Control', 'private, no-cache');
      res.json(openApiDocument(operator ? API_ROUTES : PUBLIC_API_ROUTES));
    }, next);
  });
  router.get(DOCS_PATH, (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(PAGE);
  });
  router.get(`${DOCS_PATH}/start.js`, (_req: Request, res: Response) => {
    res.type('text/javascript').send(START);
  });
  router.get(`${DOCS_PATH}/page.css`, (_req: Request, res: Response) => {
    res.type('text/css').send(PAGE_CSS);
  });
  router.get(`${DOCS_PATH}/assets/:file`, (req: Request, res: Response, next) => {
    const file = String(req.params.file);
    if (!ASSETS.has(file)) return next();
    const url = req.url;
    req.url = `/${file}`;
    assets(req, res, (error?: unknown) => {
      req.url = url;
      next(error);
    });
  });
  return router;
}
