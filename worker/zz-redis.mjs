import { ProjectionWakeup, EmailQueue } from '@app/platform';
const w = new ProjectionWakeup('redis://127.0.0.1:6390', 'x');
const e = new EmailQueue('redis://127.0.0.1:6390', 'x');
const t0 = Date.now();
setInterval(() => process.stderr.write(`tick ${Date.now()-t0}\n`), 2000);
await w.wake();
process.stderr.write('wake took ' + (Date.now() - t0) + '\n');
try { await e.send({ to: 'a@b.co', subject: 's', html: 'h', text: 't' }); } catch (err) { process.stderr.write('send failed: ' + err.message + ' ' + (Date.now() - t0) + '\n'); }
process.stderr.write('still alive\n');
process.exit(0);
