import { makeStandardFixture } from './server/availability-baselines';
import { searchCandidates } from '../packages/server/src/domain/availability/index';
import { availabilityJson } from '../packages/server/src/usecases/availability-json';
const input = makeStandardFixture({ days: 90, resources: 20, seed: 42 });
const list = searchCandidates(input);
const med = (f: () => void, n = 31) => { const t: number[] = []; for (let i = 0; i < n; i++) { const s = performance.now(); f(); t.push(performance.now() - s); } t.sort((a, b) => a - b); return t[n >> 1].toFixed(2); };
for (let r = 0; r < 4; r++) console.log('chunked writer', med(() => availabilityJson(list)));
