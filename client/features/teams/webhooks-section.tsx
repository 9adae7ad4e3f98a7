import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  type Webhook,
  type WebhookCreated,
  type WebhookDelivery,
  webhookRequest,
} from '../../../shared/contracts/integrations';
import { zodMessage } from '../../../shared/contracts/zod-said';
import {
  PING_EVENT,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENTS,
  type WebhookEvent,
  webhookUrlProblem,
} from '../../../shared/domain/integrations';
import { useBanners } from '../../components/banners';
import { Alert, CheckGroup, Spinner, TextField } from '../../components/form';
import { ConfirmDialog, DialogActions, Modal } from '../../components/modal';
import { Pager } from '../../components/pager';
import { SecretOnce } from '../../components/secret-once';
import { useFocusAfter } from '../../lib/focus-after';
import { say, textOf } from '../../lib/i18n';
import { formatDayTime } from '../../lib/text';
import { hasFieldErrors, useZodForm } from '../../lib/use-zod-form';
import {
  deliveriesQuery,
  useAddWebhook,
  useEnableWebhook,
  useRefreshWebhooks,
  useRemoveWebhook,
  useTestWebhook,
  webhookListQuery,
} from './webhooks-api';

/**
 * The contract, and the address's own rules checked before sending. http:// is let through here: only the server
 * knows whether it runs in production, where it refuses it (its answer lands on the same field).
 */
const webhookForm = webhookRequest.superRefine((value, ctx) => {
  const problem = webhookUrlProblem(value.url, { allowHttp: true });
  if (problem) ctx.addIssue({ code: 'custom', path: ['url'], message: zodMessage(problem) });
});

/** How long the log is asked again for a test's delivery before it is left to the person to look. */
const TEST_WAIT_MS = 30_000;
const TEST_POLL_MS = 1_500;
interface PendingTest {
  messageId: string;
  until: number;
}

/**
 * Which webhook's log is open and its page, kept in the address beside the trail's own list state (whose `page`
 * this leaves alone), so a reload or a shared link opens the same log.
 */
function useOpenLog() {
  const [params, setParams] = useSearchParams();
  const open = Number.parseInt(params.get('log') ?? '', 10) || null;
  const page = Math.max(1, Number.parseInt(params.get('logPage') ?? '1', 10) || 1);
  const show = (id: number | null, n = 1) =>
    setParams((before) => {
      const next = new URLSearchParams(before);
      if (id === null) next.delete('log');
      else next.set('log', String(id));
      if (id === null || n <= 1) next.delete('logPage');
      else next.set('logPage', String(n));
      return next;
    });
  return { open, page, show };
}

/** An event in words, with the name a receiver reads beside it. */
function EventName({ event }: { event: string }) {
  const { t } = useTranslation();
  const known = (WEBHOOK_EVENTS as readonly string[]).includes(event);
  return (
    <>
      <span>
        {event === PING_EVENT
          ? t('webhooks.pingEvent')
          : known
            ? t(`webhooks.events.${event as WebhookEvent}.label`)
            : null}
      </span>{' '}
      <code className="scope-code">{event}</code>
    </>
  );
}

/** A team's webhooks (owners and managers): adding one, whose secret shows once; testing, turning on, removing. */
export function WebhooksSection({ teamId }: { teamId: number }) {
  const { t } = useTranslation();
  const list = useQuery(webhookListQuery(teamId));
  const remove = useRemoveWebhook(teamId);
  const banners = useBanners();
  const log = useOpenLog();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<WebhookCreated['data'] | null>(null);
  const [removing, setRemoving] = useState<Webhook | null>(null);
  // A secret put away or a row removed: the focus goes back to this section, not the top of the page.
  const [heading, backToSection] = useFocusAfter<HTMLHeadingElement>();
  const hooks = list.data ?? [];

  return (
    <section className="card team-section webhook-section" aria-labelledby="webhooks-title">
      <div className="section-head">
        <div>
          <h2 id="webhooks-title" ref={heading} tabIndex={-1}>
            {t('webhooks.title')}
          </h2>
          <p className="muted">{t('webhooks.intro')}</p>
        </div>
        <button
          type="button"
          className="btn btn-primary"
          // A secret not yet confirmed copied stays on screen: a new webhook waits for "I have copied it".
          disabled={added !== null}
          onClick={() => setAdding(true)}
        >
          {t('webhooks.add')}
        </button>
      </div>

      {added ? (
        <SecretOnce
          secret={added.secret}
          onDone={() => {
            setAdded(null);
            backToSection();
          }}
          words={{
            title: t('webhooks.addedTitle'),
            label: t('webhooks.secretLabel'),
            warning: t('webhooks.secretWarning'),
            copy: t('webhooks.copy'),
            copied: t('webhooks.copied'),
            copyFailed: t('webhooks.copyFailed'),
            done: t('webhooks.done'),
          }}
        >
          <p className="webhook-url small">
            <bdi>{added.url}</bdi>
          </p>
          <p className="muted small">{t('webhooks.howToVerify')}</p>
        </SecretOnce>
      ) : null}

      {list.isPending ? <Spinner label={t('webhooks.loading')} /> : null}
      {list.isError ? (
        <Alert tone="error">{t('webhooks.loadFailed', { message: textOf(list.error) })}</Alert>
      ) : null}
      {list.isSuccess && hooks.length === 0 ? <p className="muted">{t('webhooks.empty')}</p> : null}
      {hooks.length > 0 ? (
        <ul className="integration-list" aria-label={t('webhooks.list')}>
          {hooks.map((hook) => (
            <WebhookRow
              key={hook.id}
              teamId={teamId}
              hook={hook}
              logOpen={log.open === hook.id}
              logPage={log.open === hook.id ? log.page : 1}
              onLog={(page) => log.show(page === null ? null : hook.id, page ?? 1)}
              onRemove={() => setRemoving(hook)}
            />
          ))}
        </ul>
      ) : null}

      {adding ? (
        <AddWebhookModal
          teamId={teamId}
          onClose={() => setAdding(false)}
          onAdded={(made) => {
            setAdding(false);
            setAdded(made);
          }}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t('webhooks.removeTitle')}
          message={t('webhooks.removeConfirm', { url: removing.url })}
          confirmLabel={t('webhooks.removeWebhook')}
          busy={remove.isPending}
          onCancel={() => setRemoving(null)}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(removing.id);
              if (log.open === removing.id) log.show(null);
              banners.success(removing.url, t('webhooks.removed'));
              backToSection();
            } catch (e) {
              banners.failure(removing.url, t('webhooks.removeFailed'), e);
            }
            setRemoving(null);
          }}
        />
      ) : null}
    </section>
  );
}

function WebhookState({ hook }: { hook: Webhook }) {
  const { t } = useTranslation();
  if (hook.disabled_at)
    return (
      <span className="state-badge state-off">
        {t('webhooks.turnedOff', { date: formatDayTime(hook.disabled_at) })}
      </span>
    );
  if (hook.failing_since)
    return (
      <span className="state-badge state-failing">
        {t('webhooks.failingSince', { date: formatDayTime(hook.failing_since) })}
      </span>
    );
  return <span className="state-badge state-ok">{t('webhooks.active')}</span>;
}

function WebhookRow({
  teamId,
  hook,
  logOpen,
  logPage,
  onLog,
  onRemove,
}: {
  teamId: number;
  hook: Webhook;
  logOpen: boolean;
  logPage: number;
  /** Opens the log at a page, or closes it (null). */
  onLog(page: number | null): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  const test = useTestWebhook(teamId);
  const enable = useEnableWebhook(teamId);
  const banners = useBanners();
  const logId = useId();
  // The test's message, looked for in the log until its delivery shows.
  const [tested, setTested] = useState<PendingTest | null>(null);

  const sendTest = async () => {
    try {
      const { message_id } = await test.mutateAsync(hook.id);
      setTested({ messageId: message_id, until: Date.now() + TEST_WAIT_MS });
      onLog(1);
    } catch (e) {
      banners.failure(hook.url, t('webhooks.testFailed'), e);
    }
  };

  return (
    <li className="integration-row" aria-label={hook.url}>
      <div className="integration-head">
        <strong className="integration-name webhook-url">
          <bdi>{hook.url}</bdi>
        </strong>
        <WebhookState hook={hook} />
      </div>
      {hook.description ? <p dir="auto">{hook.description}</p> : null}
      <ul className="scope-chips" aria-label={t('webhooks.eventsOf')}>
        {hook.events.map((e) => (
          <li key={e} className="scope-chip">
            <EventName event={e} />
          </li>
        ))}
      </ul>
      <p className="muted small">
        {hook.creator
          ? t('webhooks.addedBy', { user: hook.creator.username, date: formatDayTime(hook.created_at) })
          : t('webhooks.addedOn', { date: formatDayTime(hook.created_at) })}
      </p>
      {hook.disabled_at ? <p className="alert alert-error small">{t('webhooks.offExplained')}</p> : null}
      <div className="integration-actions">
        <button type="button" className="btn btn-secondary" disabled={test.isPending} onClick={sendTest}>
          {test.isPending ? t('webhooks.testing') : t('webhooks.sendTest')}
        </button>
        {hook.disabled_at ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={enable.isPending}
            onClick={async () => {
              try {
                await enable.mutateAsync(hook.id);
                banners.success(hook.url, t('webhooks.turnedOn'));
              } catch (e) {
                banners.failure(hook.url, t('webhooks.turnOnFailed'), e);
              }
            }}
          >
            {t('webhooks.turnOn')}
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-secondary"
          aria-expanded={logOpen}
          aria-controls={logOpen ? logId : undefined}
          onClick={() => onLog(logOpen ? null : 1)}
        >
          {logOpen ? t('webhooks.hideLog') : t('webhooks.showLog')}
        </button>
        <button type="button" className="btn btn-link-danger" onClick={onRemove}>
          {t('webhooks.remove')}
        </button>
      </div>
      <p className="test-sent" role="status">
        {tested ? t('webhooks.testSent') : ''}
      </p>
      {logOpen ? (
        <DeliveryLog
          id={logId}
          teamId={teamId}
          hook={hook}
          page={logPage}
          onPage={(n) => onLog(n)}
          waitingFor={tested}
        />
      ) : null}
    </li>
  );
}

function DeliveryLog({
  id,
  teamId,
  hook,
  page,
  onPage,
  waitingFor,
}: {
  id: string;
  teamId: number;
  hook: Webhook;
  page: number;
  onPage(page: number): void;
  /** A test's message, looked for until its delivery shows. */
  waitingFor: PendingTest | null;
}) {
  const { t } = useTranslation();
  const refresh = useRefreshWebhooks(teamId);
  const has = (list: WebhookDelivery[] | undefined) =>
    waitingFor !== null && (list?.some((d) => d.message_id === waitingFor.messageId) ?? false);
  const log = useQuery({
    ...deliveriesQuery(teamId, hook.id, page),
    refetchInterval: (q) =>
      waitingFor && page === 1 && Date.now() < waitingFor.until && !has(q.state.data?.data)
        ? TEST_POLL_MS
        : false,
  });
  const data = log.data;
  const arrived = has(data?.data);
  useEffect(() => {
    // The attempt may have changed the webhook's state (failing since, or well again).
    if (arrived) void refresh();
  }, [arrived, refresh]);

  // The pager takes the window to the top; a log sits further down the page, so it is brought back into view.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    heading.current?.scrollIntoView({ block: 'start' });
  }, [page]);

  return (
    <section id={id} className="delivery-log" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={heading}>
        {t('webhooks.logTitle')}
      </h3>
      {log.isPending ? <Spinner label={t('webhooks.logLoading')} /> : null}
      {log.isError ? <Alert tone="error">{textOf(log.error)}</Alert> : null}
      {data && data.total === 0 ? <p className="muted">{t('webhooks.logEmpty')}</p> : null}
      {data && data.data.length > 0 ? (
        <>
          <p className="muted small">
            {t('webhooks.logShowing', { from: data.from, to: data.to, total: data.total })}
          </p>
          <div className="table-scroll">
            <table className="users-table delivery-table">
              <thead>
                <tr>
                  <th scope="col">{t('webhooks.colTime')}</th>
                  <th scope="col">{t('webhooks.colEvent')}</th>
                  <th scope="col">{t('webhooks.colMessage')}</th>
                  <th scope="col">{t('webhooks.colAttempt')}</th>
                  <th scope="col">{t('webhooks.colStatus')}</th>
                  <th scope="col">{t('webhooks.colResponse')}</th>
                  <th scope="col">{t('webhooks.colError')}</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((d) => (
                  <tr key={d.id}>
                    <td data-label={t('webhooks.colTime')}>
                      <time dateTime={d.at}>{formatDayTime(d.at)}</time>
                    </td>
                    <td data-label={t('webhooks.colEvent')}>
                      <EventName event={d.event} />
                    </td>
                    <td data-label={t('webhooks.colMessage')}>
                      <code className="message-id">{d.message_id}</code>
                    </td>
                    <td data-label={t('webhooks.colAttempt')} className="num">
                      {d.attempt}
                    </td>
                    <td data-label={t('webhooks.colStatus')}>
                      <span className={`state-badge ${d.status === 'succeeded' ? 'state-ok' : 'state-off'}`}>
                        {d.status === 'succeeded' ? t('webhooks.succeeded') : t('webhooks.failed')}
                      </span>
                      {d.next_attempt_at ? (
                        <span className="muted small delivery-retry">
                          {t('webhooks.retryAt', { date: formatDayTime(d.next_attempt_at) })}
                        </span>
                      ) : null}
                    </td>
                    <td data-label={t('webhooks.colResponse')} className="num">
                      {d.response_code ?? t('webhooks.noResponse')}{' '}
                      <span className="muted small delivery-duration">
                        {t('webhooks.duration', { ms: d.duration_ms })}
                      </span>
                    </td>
                    <td data-label={t('webhooks.colError')} className="delivery-error">
                      {d.error_said ? say(d.error_said, 'F', d.error ?? undefined) : (d.error ?? '')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={data.current_page}
            lastPage={data.last_page}
            total={data.total}
            perPage={data.per_page}
            onPage={onPage}
          />
        </>
      ) : null}
    </section>
  );
}

function AddWebhookModal({
  teamId,
  onClose,
  onAdded,
}: {
  teamId: number;
  onClose(): void;
  onAdded(made: WebhookCreated['data']): void;
}) {
  const { t } = useTranslation();
  const add = useAddWebhook(teamId);
  const form = useZodForm(webhookForm, { url: '', description: '', events: [] as WebhookEvent[] });
  const { values } = form;
  const dirty = values.url !== '' || values.description !== '' || values.events.length > 0;
  const submit = form.onSubmit(async (body) => {
    onAdded(await add.mutateAsync(body));
  });
  return (
    <Modal
      title={t('webhooks.addTitle')}
      onClose={onClose}
      busy={form.busy}
      dirty={dirty}
      footer={
        <DialogActions
          onCancel={onClose}
          label={t('webhooks.add')}
          busy={form.busy}
          busyLabel={t('webhooks.adding')}
          form="webhook-form"
        />
      }
    >
      <form id="webhook-form" className="integration-form" onSubmit={submit} noValidate>
        <TextField
          label={t('webhooks.url')}
          type="url"
          inputMode="url"
          required
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('webhooks.urlPlaceholder')}
          hint={t('webhooks.urlHint')}
          {...form.field('url')}
          data-autofocus
        />
        <TextField
          label={t('webhooks.description')}
          max={WEBHOOK_DESCRIPTION_MAX}
          hint={t('webhooks.descriptionHint')}
          autoComplete="off"
          {...form.field('description')}
        />
        <CheckGroup
          id="webhook-events"
          legend={t('webhooks.eventsLegend')}
          name="events"
          options={WEBHOOK_EVENTS}
          value={values.events}
          onChange={(next) => form.set('events', next)}
          error={form.errors.events}
        >
          {(event) => (
            <>
              <span className="check-title">{t(`webhooks.events.${event}.label`)}</span>{' '}
              <code className="scope-code">{event}</code>
              <span className="check-hint">{t(`webhooks.events.${event}.hint`)}</span>
            </>
          )}
        </CheckGroup>
        {form.failure && !hasFieldErrors(form.failure) ? (
          <Alert tone="error">
            {t('webhooks.addFailed')} {textOf(form.failure)}
          </Alert>
        ) : null}
      </form>
    </Modal>
  );
}
