import { benchBookingCreation } from './bookings.bench';
await benchBookingCreation();
