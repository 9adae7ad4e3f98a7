import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, Spinner } from '../../components/form';
import { formatLocale, MarkedText, useUiLanguage } from '../../lib/i18n';
import { downloadAttachment, type OutboxMail, outboxQuery } from './system-api';

function delivery(m: OutboxMail, t: TFunction, locale: string): string {
  if (m.transport === 'outbox') return t('outbox.keptHere');
  if (m.sent_at) return m.attempts > 1 ? t('outbox.sentAttempt', { n: m.attempts }) : t('outbox.sent');
  if (m.next_attempt_at) {
    const time = new Date(m.next_attempt_at).toLocaleTimeString(locale);
    return m.error ? t('outbox.retryAfterError', { error: m.error, time }) : t('outbox.retry', { time });
  }
  return t('outbox.failed', { count: m.attempts, error: m.error ?? t('outbox.unknownError') });
}

const size = (bytes: number, t: TFunction, locale: string) =>
  bytes >= 1048576
    ? t('outbox.mb', {
        n: (bytes / 1048576).toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      })
    : t('outbox.kb', { n: Math.max(1, Math.round(bytes / 1024)).toLocaleString(locale) });

/** The embedded outbox: mail this installation would have sent, with its links clickable. */
export function OutboxPage() {
  const { t } = useTranslation();
  const locale = formatLocale(useUiLanguage());
  const query = useQuery(outboxQuery);
  const scope = query.data?.scope;
  return (
    <section className="page narrow-page">
      <header className="page-header">
        <h1>{t('outbox.title')}</h1>
        <p className="muted">
          <MarkedText i18nKey="outbox.intro" components={{ code: <code /> }} />
        </p>
      </header>
      {query.isPending ? <Spinner label={t('outbox.loading')} /> : null}
      {query.isError ? <Alert tone="error">{t('outbox.unavailable')}</Alert> : null}
      {scope === 'none' ? (
        <Alert tone="info">
          <MarkedText i18nKey="outbox.signIn" components={{ login: <Link to="/" /> }} />
        </Alert>
      ) : null}
      {scope === 'own' ? <p className="muted">{t('outbox.own')}</p> : null}
      {scope !== 'none' && query.data?.data.length === 0 ? <p>{t('outbox.none')}</p> : null}
      <ul className="outbox">
        {query.data?.data.map((m) => (
          <li key={m.id} className="card outbox-mail">
            <p className="outbox-meta">
              <strong>{m.subject}</strong>
              <span>
                {t('outbox.meta', {
                  to: m.to,
                  when: new Date(m.created_at).toLocaleString(locale, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  }),
                  delivery: delivery(m, t, locale),
                })}
              </span>
            </p>
            <pre className="outbox-text">
              {m.text.split(/(https?:\/\/\S+)/).map((part, i) =>
                /^https?:\/\//.test(part) ? (
                  <a key={i} href={part}>
                    {part}
                  </a>
                ) : (
                  part
                ),
              )}
            </pre>
            {m.attachments.length > 0 ? (
              <ul className="outbox-attachments" aria-label={t('outbox.attachments')}>
                {m.attachments.map((a) => (
                  <li key={a.position}>
                    <button
                      type="button"
                      className="btn btn-link"
                      onClick={() => void downloadAttachment(m, a)}
                    >
                      {a.file_name}
                    </button>{' '}
                    <span className="muted small">({size(a.size, t, locale)})</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
