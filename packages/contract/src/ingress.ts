/**
 * The ingress webhook body.
 *
 * @module
 */
import { z } from 'zod';
import { JsonObjectSchema } from './primitives';

/**
 * One value of ingress `data`: a string, an array of strings, a number, a boolean or null. Numbers and
 * booleans are accepted because schema inference types them; nested objects are not.
 */
export const IngressValueSchema = z.union([
  z.string(),
  z.array(z.string()),
  z.number(),
  z.boolean(),
  z.null(),
]);

/** The body of `POST /public/ingress_webhooks/:id`. */
export const IngressBodySchema = z
  .object({
    data: z.record(z.string(), IngressValueSchema),
    customFieldData: JsonObjectSchema.optional().describe('Values keyed by custom-field id'),
  })
  .strict();
