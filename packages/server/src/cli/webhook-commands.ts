import { webhookDeliveryStatuses, webhookEventTypes, type WebhookDeliveryStatus, type WebhookEventType } from '@idlens/sdk/api';
import type { Config } from '../config.ts';
import type { OpenDatabase } from '../db/open-database.ts';
import { ApiError } from '../errors.ts';
import { createAddressPolicy } from '../net/ip-policy.ts';
import { defaultWebhookDispatchSettings } from '../webhooks/webhook-dispatcher.ts';
import {
  createWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpointViews,
  redeliverWebhook,
  removeWebhookEndpoint,
  updateWebhookEndpointFields,
  type WebhookAdminContext,
} from '../webhooks/webhook-endpoints.ts';
import { organizationId, withDatabase, type CommandOptions, type CommandResult } from './platform-commands.ts';

/**
 * `idlens-server webhook …`: an organization's webhook endpoints from the command line, with the
 * checks of the agent API (docs/webhooks.md). A running server's dispatcher sends what `redeliver`
 * schedules at its next poll.
 */
export const webhookUsage = `  webhook add --url URL --events T,… [--description D]   register an endpoint; prints its signing secret once
  webhook list                           the organization's endpoints
  webhook enable|disable|remove ID       switch an endpoint on or off, or delete it
  webhook deliveries ID [--status S]     its delivery log, newest first (S: ${webhookDeliveryStatuses.join(', ')})
  webhook redeliver ID EVENT_ID          send an event to the endpoint again
  (webhook commands take --organization ID, default the first organization; event types: ${webhookEventTypes.join(', ')})`;

export interface WebhookFlags {
  url?: string;
  events?: string;
  description?: string;
  status?: string;
}

const fail = (stdout: string): CommandResult => ({ stdout, exitCode: 2 });

function run(
  options: CommandOptions,
  command: (ctx: WebhookAdminContext, owner: { organizationId: string }) => Promise<CommandResult>,
): Promise<CommandResult> {
  return withDatabase(options.config, async (database) => {
    const owner = { organizationId: await organizationId(database, options.organization) };
    const ctx = adminContext(options.config, database);
    try {
      return await command(ctx, owner);
    } catch (error) {
      if (error instanceof ApiError) return fail(error.message);
      throw error;
    }
  });
}

function adminContext(config: Config, database: OpenDatabase): WebhookAdminContext {
  return {
    db: database.db,
    now: Date.now,
    webhooks: {
      policy: createAddressPolicy(config.webhooks.allowList),
      settings: { ...defaultWebhookDispatchSettings, retryForMs: config.webhooks.retryForMs },
      wake() {},
    },
  };
}

function eventTypesFrom(list: string | undefined): WebhookEventType[] | string {
  const types = (list ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const unknown = types.filter((t) => !(webhookEventTypes as readonly string[]).includes(t));
  if (!types.length || unknown.length) return `--events: one or more of ${webhookEventTypes.join(', ')}${unknown.length ? ` (not ${unknown.join(', ')})` : ''}`;
  return types as WebhookEventType[];
}

/** The webhook commands, keyed as cli.ts looks them up (`webhook <sub>`); undefined = missing arguments (usage). */
export function webhookCommands(options: CommandOptions, flags: WebhookFlags, args: string[]): Record<string, (() => Promise<CommandResult>) | undefined> {
  const [id, eventId] = args;
  const json = (value: unknown, text: string): CommandResult => ({ stdout: options.json ? JSON.stringify(value) : text, exitCode: 0 });
  const switchTo = (enabled: boolean) =>
    id
      ? () =>
          run(options, async (ctx, owner) => {
            const endpoint = await updateWebhookEndpointFields(ctx, owner, id, { enabled });
            return json(endpoint, `${endpoint.id} ${enabled ? 'enabled' : 'disabled'}`);
          })
      : undefined;
  return {
    'webhook add': flags.url
      ? () => {
          const eventTypes = eventTypesFrom(flags.events);
          if (typeof eventTypes === 'string') return Promise.resolve(fail(eventTypes));
          return run(options, async (ctx, owner) => {
            const endpoint = await createWebhookEndpoint(ctx, owner, { url: flags.url!, eventTypes, description: flags.description });
            return json(
              endpoint,
              [
                `webhook endpoint ${endpoint.id} → ${endpoint.url}`,
                `  events: ${endpoint.eventTypes.join(', ')}`,
                `  secret: ${endpoint.secret}`,
                'The secret is shown only now.',
              ].join('\n'),
            );
          });
        }
      : undefined,
    'webhook list': () =>
      run(options, async (ctx, owner) => {
        const endpoints = await listWebhookEndpointViews(ctx, owner);
        const lines = endpoints.map((e) => `${e.id}\t${e.enabled ? 'enabled' : 'disabled'}\t${e.url}\t${e.eventTypes.join(',')}`);
        return json(endpoints, lines.join('\n') || 'no webhook endpoints');
      }),
    'webhook enable': switchTo(true),
    'webhook disable': switchTo(false),
    'webhook remove': id
      ? () =>
          run(options, async (ctx, owner) => {
            await removeWebhookEndpoint(ctx, owner, id);
            return json({ removed: id }, `${id} removed`);
          })
      : undefined,
    'webhook deliveries': id
      ? () => {
          const status = flags.status as WebhookDeliveryStatus | undefined;
          if (status !== undefined && !webhookDeliveryStatuses.includes(status))
            return Promise.resolve(fail(`--status: one of ${webhookDeliveryStatuses.join(', ')}`));
          return run(options, async (ctx, owner) => {
            const { items } = await listWebhookDeliveries(ctx, owner, id, { status, limit: 200 });
            const lines = items.map((d) =>
              `${d.createdOn}\t${d.eventId}\t${d.type}\t${d.status}\tattempts: ${d.attempts}\t${d.lastStatusCode ?? '-'}\t${d.lastError ?? ''}`.trimEnd(),
            );
            return json(items, lines.join('\n') || 'no deliveries');
          });
        }
      : undefined,
    'webhook redeliver':
      id && eventId
        ? () =>
            run(options, async (ctx, owner) => {
              const delivery = await redeliverWebhook(ctx, owner, id, eventId);
              return json(delivery, `${delivery.eventId} scheduled again`);
            })
        : undefined,
  };
}
