import { makeStandardFixture } from './server/availability-baselines';
import { searchCandidates } from '../packages/server/src/domain/availability/index';
import { availabilityJson } from '../packages/server/src/usecases/availability-json';
const input = makeStandardFixture({ days: 90, resources: 20, seed: 42 });
const list = searchCandidates(input);
const ident = searchCandidates(input);
(ident as any).sorted = Int32Array.from({ length: ident.length }, (_, i) => i);
const med = (f: () => void, n = 25) => { const t: number[] = []; for (let i = 0; i < n; i++) { const s = performance.now(); f(); t.push(performance.now() - s); } t.sort((a, b) => a - b); return t[n >> 1].toFixed(2); };
for (let r = 0; r < 3; r++) {
  console.log('writer sorted', med(() => availabilityJson(list)), 'identity', med(() => availabilityJson(ident)), 'engine', med(() => searchCandidates(input)));
}
{
  const order = list.order(); const { slotIndexes, starts, peaks } = list;
  const out = Buffer.allocUnsafe(18_000_000);
  const head = Buffer.alloc(100, 97), times = Buffer.alloc(65, 98), tail = Buffer.alloc(150, 99);
  const gather = () => { let s = 0; for (let k = 0; k < order.length; k++) { const i = order[k]!; s += slotIndexes[i]! + starts[i]! + peaks[i]! + (list.available(i) ? 1 : 0); } return s; };
  const setsOnly = () => { let at = 0; for (let k = 0; k < order.length; k++) { out.set(head, at); at += 100; out.set(times, at); at += 65; out.set(tail, at); at += 150; } return at; };
  const fresh = () => { const o = Buffer.allocUnsafe(18_000_000); let at = 0; for (let k = 0; k < order.length; k++) { o.set(head, at); at += 100; o.set(times, at); at += 65; o.set(tail, at); at += 150; } return at; };
  for (let r = 0; r < 3; r++) console.log('gather', med(gather), 'sets into reused', med(setsOnly), 'sets into fresh', med(fresh));
}
