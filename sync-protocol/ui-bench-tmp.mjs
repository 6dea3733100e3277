import { performance } from 'node:perf_hooks';
import { pushRequestSchema, safeParseUnchanged, MUTATION_ARGS, newId, PROTOCOL_VERSION } from './dist/index.js';
const areaId = newId();
const muts = Array.from({ length: 200 }, (_, i) => ({ id: newId(), seq: i + 1, name: 'report.create', args: { id: newId(), area_id: areaId, work_type: 'cleaning', description: `Laporan uji ${i}: lantai koridor perlu dipel ulang`, reported_at: new Date().toISOString() }, at: new Date().toISOString() }));
const body = JSON.parse(JSON.stringify({ protocol_version: PROTOCOL_VERSION, client_id: newId(), mutations: muts }));
const schema = MUTATION_ARGS['report.create'];
function bench(name, fn, n = 3000) {
  for (let i = 0; i < 300; i++) fn();
  const t = performance.now(); for (let i = 0; i < n; i++) fn();
  console.log(name.padEnd(30), ((performance.now() - t) / n * 1000).toFixed(1), 'us per 200');
}
bench('envelope', () => { if (!safeParseUnchanged(pushRequestSchema, body).success) throw 1; });
bench('args x200', () => { for (const m of body.mutations) if (!safeParseUnchanged(schema, m.args).success) throw 1; });
