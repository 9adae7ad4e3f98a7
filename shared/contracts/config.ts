import { z } from 'zod';

/** What the client needs to draw the shell: the provider's name and every external link (spec §1). */
export const publicConfig = z.object({
  providerName: z.string(),
  links: z.object({
    tools: z.array(z.object({ label: z.string(), href: z.string() })),
    about: z.array(z.object({ label: z.string(), href: z.string() })),
    catalog: z.string(),
    documentation: z.string(),
    privacyPolicy: z.string(),
    terms: z.string(),
    buyNow: z.string(),
    repFinder: z.string(),
    social: z.array(z.object({ label: z.string(), href: z.string() })),
  }),
  contact: z.object({ address: z.string(), phone: z.string(), email: z.string() }),
  outboxEnabled: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfig>;
