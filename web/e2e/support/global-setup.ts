// Placeholder until the lead's version lands: that one starts the whole product on a fresh database
// and sets E2E_BASE_URL. Until then, point the tests at a running server yourself.
export default function globalSetup(): void {
  if (!process.env.E2E_BASE_URL) {
    throw new Error('E2E_BASE_URL is not set: start the app (e.g. `npm run preview -w web`) and export E2E_BASE_URL.');
  }
}
