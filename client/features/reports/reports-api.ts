import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ReportQuery, ReportResponse } from '../../../shared/contracts/reports';
import { api } from '../../lib/api';

/** GET /api/reports: one query per filter and dates; the last answer stays on screen while the next loads. */
export const reportQuery = (q: ReportQuery) =>
  queryOptions({
    queryKey: ['reports', q] as const,
    queryFn: () => {
      const params = new URLSearchParams({ filter: q.filter ?? 'yearToDate' });
      if (q.filter === 'range') {
        if (q.start_date) params.set('start_date', q.start_date);
        if (q.end_date) params.set('end_date', q.end_date);
      }
      return api<ReportResponse>('GET', `/api/reports?${params.toString()}`);
    },
    placeholderData: keepPreviousData,
  });
