import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert, Spinner } from '../../components/form';
import { downloadAttachment, type OutboxMail, outboxQuery } from './system-api';

function delivery(m: OutboxMail): string {
  if (m.transport === 'outbox') return 'kept here, not sent';
  if (m.sent_at) return m.attempts > 1 ? `sent (attempt ${m.attempts})` : 'sent';
  if (m.next_attempt_at)
    return `${m.error ? `sending failed (${m.error}); ` : ''}trying again at ${new Date(m.next_attempt_at).toLocaleTimeString()}`;
  return `not sent after ${m.attempts} attempts: ${m.error ?? 'unknown error'}`;
}

const size = (bytes: number) =>
  bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The embedded outbox: mail this installation would have sent, with its links clickable. */
export function OutboxPage() {
  const query = useQuery(outboxQuery);
  const scope = query.data?.scope;
  return (
    <section className="page narrow-page">
      <header className="page-header">
        <h1>Outbox</h1>
        <p className="muted">
          Every e-mail Hearth sends is kept here. Without a mail server (<code>SMTP_URL</code>) this is the
          only place it goes; the page is on only then, or when <code>OUTBOX_PAGE</code> is set.
        </p>
      </header>
      {query.isPending ? <Spinner /> : null}
      {query.isError ? <Alert tone="error">The outbox is not available on this installation.</Alert> : null}
      {scope === 'none' ? (
        <Alert tone="info">
          Mail holds sign-in links, so this page shows it only on the computer Hearth runs on, to admins, and
          to each user their own. <Link to="/">Log in</Link> to see yours.
        </Alert>
      ) : null}
      {scope === 'own' ? <p className="muted">Showing the mail sent to you.</p> : null}
      {scope !== 'none' && query.data?.data.length === 0 ? <p>No mail yet.</p> : null}
      <ul className="outbox">
        {query.data?.data.map((m) => (
          <li key={m.id} className="card outbox-mail">
            <p className="outbox-meta">
              <strong>{m.subject}</strong>
              <span>
                to {m.to} · {new Date(m.created_at).toLocaleString()} · {delivery(m)}
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
              <ul className="outbox-attachments" aria-label="Attachments">
                {m.attachments.map((a) => (
                  <li key={a.position}>
                    <button
                      type="button"
                      className="btn btn-link"
                      onClick={() => void downloadAttachment(m, a)}
                    >
                      {a.file_name}
                    </button>{' '}
                    <span className="muted small">({size(a.size)})</span>
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
