import { ProjectionWakeup, EmailQueue } from '@app/platform';
const w = new ProjectionWakeup('redis://127.0.0.1:6390', 'x');
const e = new EmailQueue('redis://127.0.0.1:6390', 'x');
await w.wake();
try { await e.send({ to: 'a@b.co', subject: 's', html: 'h', text: 't' }); } catch (err) { console.log('send failed:', err.message); }
await new Promise((r) => setTimeout(r, 3000));
console.log('still alive');
process.exit(0);
