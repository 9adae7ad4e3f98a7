import { z } from 'zod';
import {
  TOKEN_DAYS_MAX,
  TOKEN_NAME_MAX,
  TOKEN_SCOPES,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
} from '../domain/integrations';
import { idParam, readableName, saidWire } from './common';
import { pageParam } from './pagination';
import { teamParams } from './teams';
import { saying } from './zod-said';

/**
 * API tokens (a chain's systems acting in one team) and webhooks (Hearth telling them what changed), as they
 * cross the wire. Secrets are answered once, when made; lists never carry them.
 */

const scope = z.enum(TOKEN_SCOPES, {
  error: saying('ruleMessages.tokenScopeOneOf', { list: TOKEN_SCOPES.join(', ') }),
});

export const tokenRequest = z.object({
  name: z
    .string({ error: saying('ruleMessages.tokenNeedsName') })
    .transform((v) => v.normalize('NFC').trim())
    .pipe(
      z
        .string()
        .min(1, saying('ruleMessages.tokenNeedsName'))
        .max(TOKEN_NAME_MAX, saying('ruleMessages.tokenNameMax', { n: TOKEN_NAME_MAX }))
        .superRefine(readableName('token')),
    ),
  scopes: z
    .array(scope, { error: saying('ruleMessages.tokenNeedsScope') })
    .min(1, saying('ruleMessages.tokenNeedsScope'))
    .max(100, saying('ruleMessages.tokenScopesMax', { n: TOKEN_SCOPES.length }))
    .transform((list) => [...new Set(list)]),
  /** Omitted or null: the token lasts until revoked. */
  expires_in_days: z
    .number({ error: saying('ruleMessages.tokenDays', { max: TOKEN_DAYS_MAX }) })
    .int(saying('ruleMessages.tokenDays', { max: TOKEN_DAYS_MAX }))
    .min(1, saying('ruleMessages.tokenDays', { max: TOKEN_DAYS_MAX }))
    .max(TOKEN_DAYS_MAX, saying('ruleMessages.tokenDays', { max: TOKEN_DAYS_MAX }))
    .nullish(),
});
export type TokenRequest = z.input<typeof tokenRequest>;

export const apiToken = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The start of the secret, to tell tokens apart (the rest is never shown again). */
  shown: z.string(),
  scopes: z.array(scope),
  team: z.object({ id: z.number().int(), name: z.string() }),
  creator: z.object({ id: z.number().int(), username: z.string() }),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiToken>;

export const tokenCreated = z.object({ data: apiToken.extend({ token: z.string() }) });
export type TokenCreated = z.infer<typeof tokenCreated>;
export const tokenList = z.object({ data: z.array(apiToken) });
export const tokenParams = z.object({ id: idParam('The token id') });

const event = z.enum(WEBHOOK_EVENTS, {
  error: saying('ruleMessages.webhookEventOneOf', { list: WEBHOOK_EVENTS.join(', ') }),
});

export const webhookRequest = z.object({
  url: z
    .string({ error: saying('ruleMessages.webhookUrlInvalid') })
    .trim()
    .min(1, saying('ruleMessages.webhookUrlInvalid'))
    .max(WEBHOOK_URL_MAX, saying('ruleMessages.webhookUrlMax', { n: WEBHOOK_URL_MAX })),
  events: z
    .array(event, { error: saying('ruleMessages.webhookNeedsEvent') })
    .min(1, saying('ruleMessages.webhookNeedsEvent'))
    .max(100, saying('ruleMessages.webhookEventsMax', { n: WEBHOOK_EVENTS.length }))
    .transform((list) => [...new Set(list)]),
  description: z
    .string()
    .trim()
    .max(
      WEBHOOK_DESCRIPTION_MAX,
      saying('ruleMessages.webhookDescriptionMax', { n: WEBHOOK_DESCRIPTION_MAX }),
    )
    .nullish()
    .transform((v) => v ?? ''),
});
export type WebhookRequest = z.input<typeof webhookRequest>;

export const webhook = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(event),
  description: z.string(),
  created_at: z.string(),
  creator: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  /** Set when Hearth stopped delivering: it failed for a day. */
  disabled_at: z.string().nullable(),
  /** Since when every delivery failed (null: the last one succeeded). */
  failing_since: z.string().nullable(),
});
export type Webhook = z.infer<typeof webhook>;

export const webhookCreated = z.object({ data: webhook.extend({ secret: z.string() }) });
export type WebhookCreated = z.infer<typeof webhookCreated>;
export const webhookList = z.object({ data: z.array(webhook) });
export const webhookParams = teamParams.extend({ webhookId: idParam('The webhook id') });

export const DELIVERY_STATUSES = ['succeeded', 'failed'] as const;
/** One attempt to deliver one message. */
export const webhookDelivery = z.object({
  id: z.number().int(),
  /** The message's id (`webhook-id`), the same on each retry: a receiver drops what it has seen. */
  message_id: z.string(),
  event: z.string(),
  attempt: z.number().int(),
  status: z.enum(DELIVERY_STATUSES),
  response_code: z.number().int().nullable(),
  /** Why it failed (a timeout, a refused address, the receiver's status), in English; `error_said` by key. */
  error: z.string().nullable(),
  error_said: saidWire.nullable(),
  duration_ms: z.number().int(),
  at: z.string(),
  /** When it is tried again (null: it succeeded, or was given up). */
  next_attempt_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
export const deliveriesQuery = z.object({ page: pageParam });
export const DELIVERIES_PER_PAGE = 25;

export const webhookTestResult = z.object({ data: z.object({ message_id: z.string() }) });
