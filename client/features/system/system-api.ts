import { queryOptions } from '@tanstack/react-query';
import type { OutboxMail, OutboxReply } from '../../../shared/contracts/system';
import { api, apiDownload } from '../../lib/api';

export type { OutboxMail };

/** What the outbox shows this visitor: all mail (this machine, admins), their own, or none. */
export const outboxQuery = queryOptions({
  queryKey: ['outbox'],
  queryFn: () => api<OutboxReply>('GET', '/api/outbox'),
  refetchInterval: 5000,
});

/** Saves an attachment of a kept message (a shared settings file or menu PDF). */
export const downloadAttachment = (mail: OutboxMail, a: OutboxMail['attachments'][number]) =>
  apiDownload(`/api/outbox/${mail.id}/attachments/${a.position}`, a.file_name);
