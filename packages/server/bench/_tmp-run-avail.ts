import { benchAvailability } from './availability.bench';
await benchAvailability();
