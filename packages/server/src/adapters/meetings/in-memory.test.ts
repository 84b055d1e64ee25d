import { runMeetingProviderConformance } from '../../testing';
import { createInMemoryMeetingProvider } from './in-memory';

runMeetingProviderConformance({
  name: 'in-memory',
  create: async () => {
    const provider = createInMemoryMeetingProvider();
    return {
      provider,
      hostUserId: 'host@example.com',
      inspect: async (id) => provider.meetings.get(id) ?? null,
      dispose: async () => undefined,
    };
  },
});
