import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../shared/contracts/common';
import { reportQuery, reportResponse } from '../../../shared/contracts/reports';
import type { ReportsService } from './reports.service';

export async function reportsRoutes(app: FastifyInstance, deps: { reports: ReportsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/reports',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['Admin'],
        summary:
          'The usage report (admins only): unique active users per month, day or hour, and recipes and ovens created per oven model',
        description:
          "filter: yearToDate (default; January 1 to today, by month), lastMonth (the last 30 days, by day), lastWeek (the last 7 days, by day), today (by hour), range (start_date to end_date, by day, or by month past 62 days). Days are counted in the server's TIME_ZONE, given back in period.time_zone.",
        querystring: reportQuery,
        response: { 200: reportResponse, 401: errorResponse, 403: errorResponse, 422: errorResponse },
      },
    },
    async (request) => deps.reports.report(request.query),
  );
}
